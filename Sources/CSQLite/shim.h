#ifndef VERBATIM_CSQLITE_SHIM_H
#define VERBATIM_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
