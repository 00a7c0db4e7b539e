#ifndef VERBATIM_CALSA_SHIM_H
#define VERBATIM_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
