/* clx/ref.h — the whole API of a clx host reference: a C function that computes what a kernel's outputs must be. */
#ifndef CLX_REF_H
#define CLX_REF_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A reference compiled against another layout of these structs must not be called: clx refuses a
 * definition whose abi differs. Raise it on any change to a struct or a signature below. */
#define CLX_REF_ABI 1

/* The element types of buffers, as a spec's buffers[].type names them. */
enum cltype { CT_CHAR, CT_UCHAR, CT_SHORT, CT_USHORT, CT_INT, CT_UINT, CT_LONG, CT_ULONG,
              CT_FLOAT, CT_DOUBLE, CT_COUNT };

/* The run's variables (template parameters, launch axes, device values, global sizes): read them
 * with ref_var and ref_var_opt. */
struct vars;

/* One buffer as a reference sees it: input holds the initial contents (NULL for pure outputs);
 * expected (outputs only) is where the reference writes the answer, count elements of type. */
struct ref_buf {
    const char *name;
    enum cltype type;
    size_t count;
    const void *input;
    void *expected;
};

struct ref_ctx {
    struct ref_buf *bufs;
    int nbufs;
    const struct vars *vars;
    const size_t *sample;         /* when not NULL, only these output indices are compared: a */
    size_t nsample;               /* costly reference may compute just them */
    char *err;                    /* set by ref_fail */
    size_t lo, hi;                /* with hi > 0: this call computes elements lo..hi-1 of those */
};

/* A reference returns 0, or -1 after ref_fail(c, ...) says why (missing buffer, bad type). */
typedef int (*ref_fn)(struct ref_ctx *c);

/* What CLX_REF leaves in the object for clx to find (as the symbol clx_ref_def_NAME). */
struct ref_def {
    int abi;                      /* CLX_REF_ABI when it was compiled */
    const char *name;             /* what a spec's verify.reference names */
    const char *what;             /* one line for `clx list --refs` */
    int split;                    /* each output element on its own: ranges may run on separate threads */
    ref_fn fn;
};

/* CLX_REF(name, "what") { ... }: defines the host reference `name`, described by one line; the
 * body that follows is the function, and sees its context as `c`. Write it at the start of a line:
 * clx and the build find references by that line. CLX_REF_SPLIT is the same for a reference that
 * computes each output element from the inputs alone (through ref_count and ref_index): clx then
 * runs it on every host core, each thread a range of the elements. name may be a C keyword. */
#define CLX_REF_DEFINE_(name, what, split)                                                   \
    static int clx_ref_fn_##name(struct ref_ctx *c);                                          \
    extern const struct ref_def clx_ref_def_##name;                                           \
    const struct ref_def clx_ref_def_##name = { CLX_REF_ABI, #name, what, split, clx_ref_fn_##name }; \
    static int clx_ref_fn_##name(struct ref_ctx *c)
#define CLX_REF(name, what) CLX_REF_DEFINE_(name, what, 0)
#define CLX_REF_SPLIT(name, what) CLX_REF_DEFINE_(name, what, 1)

/* ref_in / ref_out: the named buffer's input (initial contents) or expected array (where the
 * answer goes) after checking its type; *count (when not NULL) its elements. NULL after ref_fail
 * when there is no such buffer, it has another type, or it is not an input / an output. */
const void *ref_in(struct ref_ctx *c, const char *name, enum cltype type, size_t *count);
void *ref_out(struct ref_ctx *c, const char *name, enum cltype type, size_t *count);
/* ref_buffer: the named buffer whatever its type (a reference that follows a template's type
 * parameter looks it up first), or NULL; records no failure. */
struct ref_buf *ref_buffer(struct ref_ctx *c, const char *name);
/* ref_var: a variable's value, or NAN after ref_fail when it is not set, which names the nearest
 * variable there is and all of them. The macro passes the reference's file and line to ref_var_at,
 * so that the failure names the line that reads it; (ref_var)(c, name) is the function, which
 * names none. */
double ref_var(struct ref_ctx *c, const char *name);
double ref_var_at(struct ref_ctx *c, const char *name, const char *file, int line);
#define ref_var(c, name) ref_var_at((c), (name), __FILE__, __LINE__)
/* ref_var_opt: 1 and *value when the variable is set, else 0 (no failure: for optional parameters). */
int ref_var_opt(const struct ref_ctx *c, const char *name, double *value);
/* ref_count / ref_index: the elements to compute are ref_index(c, i) for i < ref_count(c, count),
 * count being the output's length: 0..count-1, or the sample, or this thread's range of either. */
size_t ref_count(const struct ref_ctx *c, size_t count);
size_t ref_index(const struct ref_ctx *c, size_t i);
/* ref_type_name / ref_type_size: "float", 4, ... */
const char *ref_type_name(enum cltype t);
size_t ref_type_size(enum cltype t);
/* ref_call: runs the registered reference `name` on this same context (a reference that is
 * another one in some variants). From a split reference only a split one may be called. */
int ref_call(struct ref_ctx *c, const char *name);
/* ref_fail: records why the reference failed (the first reason is kept); returns -1. */
int ref_fail(struct ref_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
