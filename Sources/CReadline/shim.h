#ifndef VERBATIM_CREADLINE_SHIM_H
#define VERBATIM_CREADLINE_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

/* The text a prefilled line starts with, read by the startup hook (one line at a time). */
static const char *verbatim_prefill_text = NULL;

static int verbatim_prefill_hook(void) {
    if (verbatim_prefill_text != NULL) {
        rl_insert_text(verbatim_prefill_text);
    }
    return 0;
}

/* readline() with the line already holding `text` for editing; returns a malloc'ed line, or NULL at
   end of input. The caller frees it. */
static inline char *verbatim_readline_prefilled(const char *prompt, const char *text) {
    verbatim_prefill_text = text;
    rl_startup_hook = verbatim_prefill_hook;
    /* The program handles SIGINT, SIGTERM and SIGHUP itself; readline must not replace them. */
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    char *line = readline(prompt);
    rl_startup_hook = NULL;
    verbatim_prefill_text = NULL;
    return line;
}

#endif
