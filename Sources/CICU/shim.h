#ifndef VERBATIM_CICU_SHIM_H
#define VERBATIM_CICU_SHIM_H

// The few ICU calls Verbatim needs, wrapped in `static inline` C functions.
//
// ICU renames every exported function with a version suffix (`ubrk_open` becomes `ubrk_open_72`)
// through macros; Swift does not see those macros, but C code in this header does.
//
// This header deliberately does not include ICU's API headers (<unicode/ubrk.h> and friends).
// Their types (`UErrorCode`, `UProperty`, …) would become part of this module, and any Swift
// module that also loads Foundation (whose private `_FoundationICU` declares the same C types
// from a newer ICU) fails to compile with "has different definitions in different modules" —
// even through an `internal import`, because clients of ICUBreaks still load its dependencies.
// So the functions are declared here with plain C types, under ICU's versioned names taken from
// <unicode/uvernum.h>, which defines only macros. The C enums ICU uses (`UBreakIteratorType`,
// `UErrorCode`) are int-sized, so `int` is ABI compatible.

#include <stddef.h>
#include <stdint.h>
#include <unicode/uvernum.h>

#define VERBATIM_ICU(name) U_ICU_ENTRY_POINT_RENAME(name)

/// ICU's opaque break iterator.
typedef struct VerbatimICUBreakIterator VerbatimICUBreakIterator;

VerbatimICUBreakIterator *VERBATIM_ICU(ubrk_open)(
    int type, const char *locale, const uint16_t *text, int32_t textLength, int *status);
int32_t VERBATIM_ICU(ubrk_next)(VerbatimICUBreakIterator *iterator);
void VERBATIM_ICU(ubrk_close)(VerbatimICUBreakIterator *iterator);

/// `UBRK_SENTENCE` from <unicode/ubrk.h>.
#define VERBATIM_UBRK_SENTENCE 3
/// `UBRK_DONE` from <unicode/ubrk.h>.
#define VERBATIM_UBRK_DONE ((int32_t)-1)

/// Finds the sentence boundaries of UTF-16 text with ICU's rule-based sentence break iterator
/// (UAX #29). Writes every boundary offset after the start (the last one is `length`) into `out`,
/// which must hold `length + 1` values. Returns how many were written, or -1 when ICU fails.
static inline int32_t verbatim_sentence_breaks(
    const uint16_t *text, int32_t length, const char *locale, int32_t *out, int32_t capacity)
{
    int status = 0; // U_ZERO_ERROR; failures are > 0 (U_FAILURE), warnings < 0.
    VerbatimICUBreakIterator *iterator =
        VERBATIM_ICU(ubrk_open)(VERBATIM_UBRK_SENTENCE, locale, text, length, &status);
    if (status > 0 || iterator == NULL) {
        return -1;
    }
    int32_t count = 0;
    for (int32_t boundary = VERBATIM_ICU(ubrk_next)(iterator); boundary != VERBATIM_UBRK_DONE;
         boundary = VERBATIM_ICU(ubrk_next)(iterator)) {
        if (count >= capacity) {
            break;
        }
        out[count++] = boundary;
    }
    VERBATIM_ICU(ubrk_close)(iterator);
    return count;
}

#endif
