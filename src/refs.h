/* refs.h — host reference implementations: a registry of C functions that compute what a kernel's
 * outputs must be, from the same inputs and the run's variables. */
#ifndef REFS_H
#define REFS_H
#include "expr.h"
#include "types.h"
#include <stddef.h>

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
    const struct vars *vars;      /* template parameters, launch axes, device values, global sizes */
    const size_t *sample;         /* when not NULL, only these output indices are compared: a */
    size_t nsample;               /* costly reference may compute just them */
    char *err;                    /* set by ref_fail */
    size_t lo, hi;                /* with hi > 0: this call computes elements lo..hi-1 of those */
};

/* A reference returns 0, or -1 after ref_fail(ctx, ...) says why (missing buffer, bad type). */
typedef int (*ref_fn)(struct ref_ctx *c);

struct ref_entry {
    const char *name;
    ref_fn fn;
    const char *what;             /* one line for `clx list --refs` */
    int split;                    /* each output element on its own: ranges may run on separate threads */
};

const struct ref_entry *ref_find(const char *name);
/* ref_run: runs reference e on c, over every host core when e->split (each thread a range of the
 * elements, through ref_count/ref_index). Returns what the reference returns; c->err on failure. */
int ref_run(const struct ref_entry *e, struct ref_ctx *c);
/* ref_table: the whole registry, ending with a NULL name. */
const struct ref_entry *ref_table(void);

/* Helpers for reference functions. ref_in/ref_out return the named buffer's input or expected
 * array after checking its type (NULL after ref_fail otherwise); ref_var returns a variable, or
 * fails (NAN). ref_index(c, i) walks the indices to compute, i < ref_count(c, count): 0..count-1,
 * or the sample, or this thread's range of either. */
const void *ref_in(struct ref_ctx *c, const char *name, enum cltype type, size_t *count);
void *ref_out(struct ref_ctx *c, const char *name, enum cltype type, size_t *count);
double ref_var(struct ref_ctx *c, const char *name);
size_t ref_count(const struct ref_ctx *c, size_t count);
size_t ref_index(const struct ref_ctx *c, size_t i);
int ref_fail(struct ref_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif
