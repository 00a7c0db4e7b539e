#ifndef VERBATIM_CLLAMA_SHIM_H
#define VERBATIM_CLLAMA_SHIM_H
#include <llama.h>
#endif
