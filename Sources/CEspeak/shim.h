#ifndef VERBATIM_CESPEAK_SHIM_H
#define VERBATIM_CESPEAK_SHIM_H
#include <espeak-ng/speak_lib.h>
#endif
