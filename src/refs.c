/* refs.c — the registry of host reference functions and the helpers they use. */
#include "refs.h"
#include "par.h"
#include "refs_impl.h"
#include "util.h"
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Every host reference, by the name a spec's verify.reference uses. To add one: write the
 * function in src/ref_<experiment>.c, declare it in refs_impl.h, add a row here; split is 1 when
 * it computes each output element from the inputs alone (no shared state, no other element), so
 * that threads may compute ranges of the elements. */
static const struct ref_entry table[] = {
    {"vecsum", ref_vecsum, "c[i] = a[i] + b[i]", 1},
    {"fma_chain", ref_fma_chain,
     "out[i] = sum over k < ILP of the chain acc = fma(acc, MUL, ADD) run STEPS times from in[i] + k", 1},
    {"shortcutting", ref_shortcutting, "dead-code pruning kernels (seed 001)", 0},
    {"inline", ref_inline, "the same helper as function, static inline and #define (seed 001)", 1},
    {"maths", ref_maths, "chains of float/int add, sub, mul, div (seed 001)", 1},
    {"occupancy", ref_occupancy, "fma chains under local-memory occupancy control (seed 001)", 1},
    {"memcopy", ref_memcopy, "out = in, any vector width and ILP (seed 001)", 1},
    {"taylor", ref_taylor, "y = e^x by an N-term Taylor series (seed 000)", 1},
    {"histogram", ref_histogram, "exact histogram of integer samples (seed 002)", 0},
    {"expint", ref_expint, "exponential integral E_n(x), float and double, all host cores (seed 003)", 0},
    {"peaks", ref_peaks, "out = in (COPY=1) or the 8-chain fma_chain (COPY=0)", 1},
    {NULL, NULL, NULL, 0},
};

const struct ref_entry *ref_table(void) { return table; }

const struct ref_entry *ref_find(const char *name)
{
    for (const struct ref_entry *r = table; r->name; r++)
        if (!strcmp(r->name, name)) return r;
    return NULL;
}

int ref_fail(struct ref_ctx *c, const char *fmt, ...)
{
    if (!c->err) {
        va_list ap;
        va_start(ap, fmt);
        c->err = xvasprintf(fmt, ap);
        va_end(ap);
    }
    return -1;
}

static struct ref_buf *find_buf(struct ref_ctx *c, const char *name, enum cltype type)
{
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, name)) {
            if (c->bufs[i].type != type) {
                ref_fail(c, "buffer %s is %s; the reference needs %s", name, cltype_info(c->bufs[i].type)->name,
                         cltype_info(type)->name);
                return NULL;
            }
            return &c->bufs[i];
        }
    ref_fail(c, "the reference needs a buffer named %s", name);
    return NULL;
}

const void *ref_in(struct ref_ctx *c, const char *name, enum cltype type, size_t *count)
{
    struct ref_buf *b = find_buf(c, name, type);
    if (!b) return NULL;
    if (!b->input) { ref_fail(c, "buffer %s must be an input (init random, zero or iota)", name); return NULL; }
    if (count) *count = b->count;
    return b->input;
}

void *ref_out(struct ref_ctx *c, const char *name, enum cltype type, size_t *count)
{
    struct ref_buf *b = find_buf(c, name, type);
    if (!b) return NULL;
    if (!b->expected) { ref_fail(c, "buffer %s must be an output (init = \"output\")", name); return NULL; }
    if (count) *count = b->count;
    return b->expected;
}

double ref_var(struct ref_ctx *c, const char *name)
{
    double x;
    if (vars_get(c->vars, name, &x)) return x;
    ref_fail(c, "the reference needs the variable %s (a template parameter, launch axis or derived value)", name);
    return NAN;
}

size_t ref_count(const struct ref_ctx *c, size_t count)
{
    if (c->hi) return c->hi - c->lo;
    return c->sample ? c->nsample : count;
}

size_t ref_index(const struct ref_ctx *c, size_t i)
{
    i += c->lo;
    return c->sample ? c->sample[i] : i;
}

/* One thread's part of a split reference: its own context (range and error). */
struct ref_split { const struct ref_entry *e; struct ref_ctx *parts; };

static int ref_part(void *arg, int k, size_t lo, size_t hi)
{
    struct ref_split *sp = arg;
    sp->parts[k].lo = lo;
    sp->parts[k].hi = hi;
    return sp->e->fn(&sp->parts[k]);
}

int ref_run(const struct ref_entry *e, struct ref_ctx *c)
{
    /* The elements a split reference computes: the sample, or the first output's count. */
    size_t total = c->sample ? c->nsample : 0;
    for (int i = 0; i < c->nbufs && !c->sample && !total; i++)
        if (c->bufs[i].expected) total = c->bufs[i].count;
    int n = par_threads(total, 1);
    if (!e->split || n < 2) return e->fn(c);
    struct ref_ctx *parts = xcalloc((size_t)n, sizeof *parts);
    for (int k = 0; k < n; k++) { parts[k] = *c; parts[k].err = NULL; }
    struct ref_split sp = { e, parts };
    int rc = par_for(total, 1, ref_part, &sp);
    for (int k = 0; k < n; k++) {
        if (parts[k].err && !c->err) { c->err = parts[k].err; parts[k].err = NULL; }
        free(parts[k].err);
    }
    free(parts);
    return rc;
}
