#ifndef VERBATIM_CWHISPER_SHIM_H
#define VERBATIM_CWHISPER_SHIM_H
// whisper.cpp is never linked into a Swift target: its ggml would clash with llama.cpp's (same
// symbols, different ABI). These helpers dlopen libwhisper with RTLD_LOCAL | RTLD_DEEPBIND so it
// binds to its own ggml copy, and call it through function pointers.
#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <verbatim-whisper/whisper.h>

/// Entry points of one dlopen'ed libwhisper.
typedef struct VerbatimWhisper {
    void *handle;
    struct whisper_context_params (*context_default_params)(void);
    struct whisper_context *(*init_from_file)(const char *, struct whisper_context_params);
    struct whisper_full_params (*full_default_params)(enum whisper_sampling_strategy);
    int (*full)(struct whisper_context *, struct whisper_full_params, const float *, int);
    int (*n_segments)(struct whisper_context *);
    const char *(*segment_text)(struct whisper_context *, int);
    void (*free_context)(struct whisper_context *);
    void (*log_set)(ggml_log_callback, void *);
} VerbatimWhisper;

/// Loads libwhisper from `path`; returns NULL on success or a static error message.
static inline const char *verbatim_whisper_open(VerbatimWhisper *w, const char *path) {
    memset(w, 0, sizeof *w);
    w->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!w->handle) return dlerror();
#define VERBATIM_SYM(field, name)                                   \
    *(void **)(&w->field) = dlsym(w->handle, name);                 \
    if (!w->field) { return "libwhisper lacks " name; }
    VERBATIM_SYM(context_default_params, "whisper_context_default_params")
    VERBATIM_SYM(init_from_file, "whisper_init_from_file_with_params")
    VERBATIM_SYM(full_default_params, "whisper_full_default_params")
    VERBATIM_SYM(full, "whisper_full")
    VERBATIM_SYM(n_segments, "whisper_full_n_segments")
    VERBATIM_SYM(segment_text, "whisper_full_get_segment_text")
    VERBATIM_SYM(free_context, "whisper_free")
    VERBATIM_SYM(log_set, "whisper_log_set")
#undef VERBATIM_SYM
    return NULL;
}

static inline void verbatim_whisper_discard_log(enum ggml_log_level level, const char *text, void *user) {
    (void)level; (void)text; (void)user;
}

/// Loads a model on the CPU, with whisper.cpp's log silenced unless `verbose`.
static inline struct whisper_context *verbatim_whisper_init(const VerbatimWhisper *w, const char *model, bool verbose) {
    if (!verbose) w->log_set(verbatim_whisper_discard_log, NULL);
    struct whisper_context_params p = w->context_default_params();
    p.use_gpu = false;
    return w->init_from_file(model, p);
}

/// What to decode and how.
typedef struct VerbatimWhisperRequest {
    const char *language;
    int threads;
    int audio_ctx;
    int max_tokens;
    void (*on_segment)(const char *text, void *user);
    void *user;
} VerbatimWhisperRequest;

typedef struct VerbatimWhisperForward {
    const VerbatimWhisper *w;
    const VerbatimWhisperRequest *r;
} VerbatimWhisperForward;

static inline void verbatim_whisper_forward(struct whisper_context *ctx, struct whisper_state *state, int n_new, void *user) {
    (void)state;
    const VerbatimWhisperForward *f = (const VerbatimWhisperForward *)user;
    int n = f->w->n_segments(ctx);
    for (int i = n - n_new; i < n; i++) f->r->on_segment(f->w->segment_text(ctx, i), f->r->user);
}

/// Runs greedy decoding over 16 kHz mono samples; returns whisper_full's status (0 = success).
static inline int verbatim_whisper_run(const VerbatimWhisper *w, struct whisper_context *ctx,
                                       const VerbatimWhisperRequest *r, const float *samples, int count) {
    struct whisper_full_params p = w->full_default_params(WHISPER_SAMPLING_GREEDY);
    p.n_threads = r->threads;
    p.audio_ctx = r->audio_ctx;
    p.max_tokens = r->max_tokens;
    p.language = r->language;
    p.detect_language = false;
    p.translate = false;
    p.no_context = true;
    p.no_timestamps = true;
    p.print_special = false;
    p.print_progress = false;
    p.print_realtime = false;
    p.print_timestamps = false;
    p.suppress_blank = true;
    VerbatimWhisperForward forward = { w, r };
    if (r->on_segment) {
        p.new_segment_callback = verbatim_whisper_forward;
        p.new_segment_callback_user_data = &forward;
    }
    return w->full(ctx, p, samples, count);
}
#endif
