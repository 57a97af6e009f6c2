/* expected.c — expected outputs for verification: computed by the spec's host reference (timed:
 * it is the CPU baseline) or taken from the baseline variant, kept while the variants of a launch
 * point run, and compared with each variant's outputs. */
#include "expected.h"
#include "phase.h"
#include "refs.h"
#include "rng.h"
#include "util.h"
#include "verify.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLE_EDGE 16   /* sampled verification always checks this many first and last elements */

/* Expected outputs of one launch point, kept while the variants of that point run. */
struct expect {
    char *key;
    int nbufs;
    void **data;
    size_t *count;
    double ms;                   /* host wall time of the reference (the CPU baseline); 0 if not timed */
    size_t bytes;
    int pinned;                  /* a baseline variant's output: the others at this point need it */
};

/* Expected outputs kept at once, at most: variants run one after another at each point, so the
 * newest entry is what is reused; older ones go first when a big sweep would hoard memory. */
#define EXPECT_CACHE_BYTES ((size_t)2 << 30)

/* expect_key: identifies an expected output. A host reference's answer depends on the template
 * parameters too; a baseline's (with_params = 0) must be the same for every variant. */
static char *expect_key(const struct plan *p, int v, const struct bufset *bs, const struct vars *vv, int with_params)
{
    const struct variant *var = &p->variants[v];
    /* Every variant computes the same answer, so the expected output depends on the point's
     * non-geometry values, the template parameters and the buffer sizes, not on local/global. */
    static const char *const skip[] = {"local", "LOCAL0", "LOCAL1", "LOCAL2", "GLOBAL", "GLOBAL0", "GLOBAL1",
                                       "GLOBAL2", "GROUPS", "KMAX_WG", "KPREF", "KLOCAL_MEM", "NOOPT", NULL};
    struct sbuf b = {0};
    for (int i = 0; i < vv->n; i++) {
        int sk = 0;
        for (int k = 0; skip[k]; k++) sk |= !strcmp(skip[k], vv->names[i]);
        if (!with_params) sk |= plan_is_param(p, vv->names[i]);
        if (!sk) sb_printf(&b, "%s=%.17g;", vv->names[i], vv->values[i]);
    }
    /* Words (KIND=prag, T=int) and buffer types change the answer as much as numbers do. */
    for (int k = 0; with_params && k < var->keys.n; k++) sb_printf(&b, "%s=%s;", var->keys.v[k], var->values.v[k]);
    for (int i = 0; i < bs->n; i++) sb_printf(&b, "#%zu:%d", bs->b[i].count, (int)bs->b[i].type);
    return b.s;
}


static struct expect *expect_find(struct expected *x, const char *key)
{
    for (int i = 0; i < x->n; i++)
        if (!strcmp(x->e[i].key, key)) return &x->e[i];
    return NULL;
}

static void expect_drop(struct expected *x, int i)
{
    struct expect *e = &x->e[i];
    for (int k = 0; k < e->nbufs; k++) free(e->data[k]);
    free(e->data);
    free(e->count);
    free(e->key);
    memmove(e, e + 1, sizeof *e * (size_t)(x->n - i - 1));
    x->n--;
}

void expected_clear(struct expected *x)
{
    while (x->n > 0) expect_drop(x, x->n - 1);
    free(x->e);
    x->e = NULL;
    x->n = 0;
}

static struct expect *expect_add(struct expected *x, const struct bufset *bs, const char *key)
{
    size_t need = 0, held = 0;
    for (int i = 0; i < bs->n; i++) need += bs->b[i].result ? bs->b[i].bytes : 0;
    for (int i = 0; i < x->n; i++) held += x->e[i].bytes;
    for (int i = 0; i < x->n && held + need > EXPECT_CACHE_BYTES;)
        if (x->e[i].pinned) i++;
        else { held -= x->e[i].bytes; expect_drop(x, i); }
    x->e = xrealloc(x->e, sizeof *x->e * (size_t)(x->n + 1));
    struct expect *e = &x->e[x->n++];
    e->key = xstrdup(key);
    e->ms = 0;
    e->bytes = need;
    e->pinned = 0;
    e->nbufs = bs->n;
    e->data = xcalloc((size_t)e->nbufs, sizeof *e->data);
    e->count = xcalloc((size_t)e->nbufs, sizeof *e->count);
    return e;
}

/* sample_indices: which output elements a sampled verification checks: the first and last
 * SAMPLE_EDGE and random ones between (seeded, so a rerun checks the same ones). */
static size_t *sample_indices(long sample, uint64_t seed, size_t count, size_t *n)
{
    size_t want = (size_t)sample;
    if (!want || want >= count) { *n = 0; return NULL; }
    size_t *idx = xmalloc(sizeof *idx * want);
    struct rng g;
    rng_seed(&g, seed ^ 0x5eed5a3b1eull);
    for (size_t i = 0; i < want; i++) {
        if (i < SAMPLE_EDGE) idx[i] = i;
        else if (i < 2 * SAMPLE_EDGE) idx[i] = count - 1 - (i - SAMPLE_EDGE);
        else idx[i] = rng_next(&g) % count;
    }
    *n = want;
    return idx;
}

/* reference: computes (or finds) the expected outputs for these variables. NULL with *err. */
static struct expect *reference(struct expected *x, const char *refname, const struct bufset *bs,
                                const struct vars *vv, const char *key, const size_t *sample, size_t nsample,
                                char **err)
{
    struct expect *e = expect_find(x, key);
    if (e) return e;
    struct ref_buf *rb = xcalloc((size_t)bs->n, sizeof *rb);
    e = expect_add(x, bs, key);
    for (int i = 0; i < bs->n; i++) {
        const struct dbuf *d = &bs->b[i];
        rb[i] = (struct ref_buf){ d->sb->name, d->type, d->count, d->init, NULL };
        if (d->result) {
            e->data[i] = xmalloc(d->bytes);
            verify_poison(d->type, e->data[i], d->count);
            rb[i].expected = e->data[i];
            e->count[i] = d->count;
        }
    }
    struct ref_ctx c = { .bufs = rb, .nbufs = bs->n, .vars = vv, .sample = sample, .nsample = nsample };
    double t0 = now_seconds();
    int rc = ref_run(ref_find(refname), &c);
    double t = now_seconds() - t0;
    phase_add(PH_REFERENCE, t);
    /* A reference that computed every element is a CPU implementation worth timing. */
    e->ms = sample ? 0 : t * 1e3;
    free(rb);
    if (rc) {
        *err = xasprintf("reference %s: %s", refname, c.err ? c.err : "failed");
        free(c.err);
        expect_drop(x, x->n - 1);   /* the half-made entry */
        return NULL;
    }
    return e;
}

void expected_check(struct expected *x, const struct spec *s, const struct plan *p, int v, const struct bufset *bs,
                    const struct vars *vv, uint64_t seed, struct outcome *o)
{
    char *key = expect_key(p, v, bs, vv, s->reference != NULL), *err = NULL;
    struct expect *e = NULL;
    int is_base = s->baseline && p->variants[v].name && !strcmp(p->variants[v].name, s->baseline);
    size_t nsample = 0, *sample = NULL;
    memset(o, 0, sizeof *o);
    o->status = "ok";
    o->max_rel_err = NAN;
    for (int i = 0; i < bs->n && !sample; i++)
        if (bs->b[i].result) sample = sample_indices(s->sample, seed, bs->b[i].count, &nsample);
    if (s->reference) {
        e = reference(x, s->reference, bs, vv, key, sample, nsample, &err);
    } else if (is_base && !expect_find(x, key)) {
        e = expect_add(x, bs, key);
        e->pinned = 1;
        for (int i = 0; i < bs->n; i++)
            if (bs->b[i].result) {
                e->data[i] = xmalloc(bs->b[i].bytes);
                memcpy(e->data[i], bs->b[i].result, bs->b[i].bytes);
                e->count[i] = bs->b[i].count;
            }
        o->note = xasprintf("baseline for verification");
        goto out;    /* the baseline's own output is what the others are checked against */
    } else {
        e = expect_find(x, key);
        if (!e) err = xasprintf("baseline variant %s has no output for this point (was it run?)", s->baseline);
    }
    if (!e) { o->note = err; o->status = "error"; goto out; }
    struct sbuf rep = {0};
    o->max_rel_err = 0;
    double t0 = now_seconds();
    for (int i = 0; i < bs->n; i++) {
        const struct dbuf *d = &bs->b[i];
        if (!d->result) continue;
        double rtol = s->rtol_set ? s->rtol : verify_default_tol(d->type);
        struct verify_result vr;
        /* Sampled indices beyond a shorter buffer are dropped by verify_compare's index check. */
        verify_compare(d->sb->name, d->type, d->result, e->data[i], d->count, sample, nsample, rtol, s->atol, &vr);
        if (vr.max_rel_err > o->max_rel_err) o->max_rel_err = vr.max_rel_err;
        if (vr.mismatches) {
            o->status = "FAIL";
            sb_printf(&rep, "%s%zu of %zu elements of %s differ: %s", rep.len ? "; " : "", vr.mismatches, vr.checked, d->sb->name, vr.report);
        }
    }
    phase_add(PH_VERIFY, now_seconds() - t0);
    o->cpu_ms = e->ms;
    o->note = rep.s;
out:
    free(sample);
    free(key);
}
