#ifndef VERBATIM_CMECAB_SHIM_H
#define VERBATIM_CMECAB_SHIM_H
#include <mecab.h>
#endif
