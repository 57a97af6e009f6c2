/* refs.c — the registry of host reference functions and the helpers they use. */
#include "refs.h"
#include "refs_impl.h"
#include "util.h"
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Every host reference, by the name a spec's verify.reference uses. To add one: write the
 * function in src/ref_<experiment>.c, declare it in refs_impl.h, add a row here. */
static const struct ref_entry table[] = {
    {"vecsum", ref_vecsum, "c[i] = a[i] + b[i]"},
    {"fma_chain", ref_fma_chain,
     "out[i] = sum over k < ILP of the chain acc = fma(acc, MUL, ADD) run STEPS times from in[i] + k"},
    {"shortcutting", ref_shortcutting, "dead-code pruning kernels (seed 001)"},
    {"inline", ref_inline, "the same helper as function, static inline and #define (seed 001)"},
    {"maths", ref_maths, "chains of float/int add, sub, mul, div (seed 001)"},
    {"occupancy", ref_occupancy, "fma chains under local-memory occupancy control (seed 001)"},
    {"memcopy", ref_memcopy, "out = in, any vector width and ILP (seed 001)"},
    {"taylor", ref_taylor, "y = e^x by an N-term Taylor series (seed 000)"},
    {"histogram", ref_histogram, "exact histogram of integer samples (seed 002)"},
    {"expint", ref_expint, "exponential integral E_n(x), float and double, all host cores (seed 003)"},
    {"peaks", ref_peaks, "out = in (COPY=1) or the 8-chain fma_chain (COPY=0)"},
    {NULL, NULL, NULL},
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

size_t ref_count(const struct ref_ctx *c, size_t count) { return c->sample ? c->nsample : count; }

size_t ref_index(const struct ref_ctx *c, size_t i) { return c->sample ? c->sample[i] : i; }
