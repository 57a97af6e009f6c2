/* expected.c — expected outputs for verification: computed by the spec's host reference (timed:
 * it is the CPU baseline) or taken from the baseline variant, kept while the variants of a launch
 * point run, and compared with each variant's outputs: on the device when it can (the expected
 * values uploaded once, only counts coming back), else on the host after reading the outputs. */
#include "expected.h"
#include "lib/hostlock.h"
#include "memneed.h"
#include "verify_device.h"
#include "lib/phase.h"
#include "spec/refs.h"
#include "spec/reffault.h"
#include "lib/rng.h"
#include "lib/util.h"
#include "expected_probe.h"
#include "vacuous.h"
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
    size_t *room;                /* per buffer: data's bytes from answer_room (0: malloc's, a read-back) */
    size_t *count;
    int *all_nan;                /* per buffer: every checked expected value is NaN (a host copy's) */
    double ms;                   /* host wall time of the reference (the CPU baseline); 0 if not timed */
    size_t bytes;
    int pinned;                  /* a baseline variant's output: the others at this point need it */
    cl_mem *dev;                 /* per buffer: the expected values on the device (NULL: host only) */
    int *dev_at_i;               /* per buffer: dev holds every element (1) or the sampled ones in order (0) */
    cl_mem idx;                  /* the sampled indices on the device (NULL: every element) */
    size_t dev_bytes;
};

/* expect_key: identifies an expected output. A host reference's answer depends on the template
 * parameters too; a baseline's (with_params = 0) must be the same for every variant. */
static char *expect_key(const struct plan *p, int v, const struct bufset *bs, const struct vars *vv, int with_params,
                        int with_geometry)
{
    const struct variant *var = &p->variants[v];
    /* Every variant computes the same answer, so the expected output depends on the point's
     * non-geometry values, the template parameters and the buffer sizes, not on local/global;
     * unless the reference reads them (partial sums per work-group): then they are part of it. */
    struct sbuf b = {0};
    for (int i = 0; i < vv->n; i++) {
        int sk = !with_geometry && refs_is_geometry(vv->names[i]);
        if (!with_params) sk |= plan_is_param(p, vv->names[i]);
        if (!sk) sb_printf(&b, "%s=%.17g;", vv->names[i], vv->values[i]);
    }
    /* Words (KIND=prag, T=int) and buffer types change the answer as much as numbers do. */
    for (int k = 0; with_params && k < var->keys.n; k++) sb_printf(&b, "%s=%s;", var->keys.v[k], var->values.v[k]);
    for (int i = 0; bs && i < bs->n; i++) sb_printf(&b, "#%zu:%d", bs->b[i].count, (int)bs->b[i].type);
    return b.s;
}

/* is_param: refs_watch's predicate: a template parameter of the plan arg. */
static int is_param(const void *arg, const char *name) { return plan_is_param(arg, name); }

static struct expect *expect_find(struct expected *x, const char *key)
{
    for (int i = 0; i < x->n; i++)
        if (!strcmp(x->e[i].key, key)) return &x->e[i];
    return NULL;
}

/* expect_release_dev: forgets an entry's device copies (the host ones, if any, stay). */
static void expect_release_dev(struct expected *x, struct expect *e)
{
    for (int k = 0; k < e->nbufs && e->dev; k++)
        if (e->dev[k]) { clReleaseMemObject(e->dev[k]); e->dev[k] = NULL; }
    if (e->idx) { clReleaseMemObject(e->idx); e->idx = NULL; }
    x->dev_held -= e->dev_bytes;
    e->dev_bytes = 0;
}

static void expect_drop(struct expected *x, int i)
{
    struct expect *e = &x->e[i];
    expect_release_dev(x, e);
    for (int k = 0; k < e->nbufs; k++) answer_free(e->data[k], e->room[k]);
    free(e->data);
    free(e->room);
    free(e->count);
    free(e->all_nan);
    free(e->dev);
    free(e->dev_at_i);
    free(e->key);
    memmove(e, e + 1, sizeof *e * (size_t)(x->n - i - 1));
    x->n--;
}

void expected_clear(struct expected *x)
{
    basefail_clear(&x->lost);
    while (x->n > 0) expect_drop(x, x->n - 1);
    free(x->e);
    x->e = NULL;
    x->n = 0;
}

void expected_free(struct expected *x)
{
    expected_clear(x);
    free(x->sample);
    x->sample = NULL;
    free(x->ref_reads_output);
    free(x->ref_reads_before);
    x->ref_reads_output = x->ref_reads_before = NULL;
    free(x->ref_probe_fault);
    x->ref_probe_fault = NULL;
}

static struct expect *expect_add(struct expected *x, const struct bufset *bs, const char *key)
{
    size_t need = 0, held = 0;
    for (int i = 0; i < bs->n; i++) need += bs->b[i].result ? bs->b[i].bytes : 0;
    for (int i = 0; i < x->n; i++) held += x->e[i].bytes;
    /* Older entries go first when a big sweep would hoard memory (EXPECT_CACHE_BYTES, memneed.h). */
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
    e->room = xcalloc((size_t)e->nbufs, sizeof *e->room);
    e->count = xcalloc((size_t)e->nbufs, sizeof *e->count);
    e->all_nan = xcalloc((size_t)e->nbufs, sizeof *e->all_nan);
    e->dev = xcalloc((size_t)e->nbufs, sizeof *e->dev);
    e->dev_at_i = xcalloc((size_t)e->nbufs, sizeof *e->dev_at_i);
    e->idx = NULL;
    e->dev_bytes = 0;
    return e;
}

void expected_init(struct expected *x, cl_context ctx, cl_command_queue q, struct verify_device *dc,
                   const struct devprops *dp)
{
    memset(x, 0, sizeof *x);
    x->ctx = ctx;
    x->q = q;
    x->dc = dc;
    x->global_mem = dp->global_mem;
}

/* dev_room: makes room for need more bytes of expected values on the device, beside the run's
 * buffers, by forgetting other entries' device copies; 0 when there is room. */
static int dev_room(struct expected *x, const struct bufset *bs, const struct expect *keep, size_t need)
{
    double cap = memneed_expect_room(x->global_mem, (double)bs->total_bytes);
    for (int i = 0; i < x->n && (double)(x->dev_held + need) > cap; i++)
        if (&x->e[i] != keep && !x->e[i].pinned) expect_release_dev(x, &x->e[i]);
    return (double)(x->dev_held + need) <= cap ? 0 : -1;
}

/* dev_buffer: a device buffer of bytes, from host data or a copy of src; NULL when it cannot be. */
static cl_mem dev_buffer(struct expected *x, size_t bytes, const void *data, cl_mem src)
{
    cl_int e;
    cl_mem m = clCreateBuffer(x->ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e != CL_SUCCESS) return NULL;
    double t0 = now_seconds();
    e = src ? clEnqueueCopyBuffer(x->q, src, m, 0, 0, bytes, 0, NULL, NULL)
            : clEnqueueWriteBuffer(x->q, m, CL_TRUE, 0, bytes, data, 0, NULL, NULL);
    if (e == CL_SUCCESS && src) e = ocl_finish(x->q);
    phase_add(PH_UPLOAD, now_seconds() - t0);
    if (e != CL_SUCCESS) { clReleaseMemObject(m); return NULL; }
    return m;
}

/* expect_to_device: puts an entry's expected values on the device, once: a host reference's
 * (only the sampled elements, in sample order, when it computed a sample) or, from_device, the
 * baseline's outputs copied on the device. Leaves e host-only when the memory is not there. */
static void expect_to_device(struct expected *x, struct expect *e, const struct bufset *bs, const size_t *sample,
                             size_t nsample, int from_device)
{
    if (!x->dc || x->dc->off || e->dev_bytes) return;
    size_t need = sample ? nsample * sizeof(cl_ulong) : 0;
    for (int i = 0; i < bs->n; i++)
        if (bs->b[i].result) need += sample && !from_device ? nsample * cltype_info(bs->b[i].type)->size : bs->b[i].bytes;
    if (dev_room(x, bs, e, need)) return;
    int ok = 1;
    if (sample) {
        cl_ulong *ix = xmalloc(nsample * sizeof *ix);
        for (size_t k = 0; k < nsample; k++) ix[k] = sample[k];
        ok = (e->idx = dev_buffer(x, nsample * sizeof *ix, ix, NULL)) != NULL;
        free(ix);
    }
    for (int i = 0; i < bs->n && ok; i++) {
        const struct dbuf *d = &bs->b[i];
        if (!d->result) continue;
        if (from_device || !sample) {
            e->dev_at_i[i] = 1;
            ok = (e->dev[i] = dev_buffer(x, d->bytes, e->data[i], from_device ? d->mem : NULL)) != NULL;
            continue;
        }
        /* Only the sampled elements were computed: upload those, in sample order. */
        size_t es = cltype_info(d->type)->size;
        unsigned char *g = xcalloc(nsample, es);
        for (size_t k = 0; k < nsample; k++)
            if (sample[k] < d->count) memcpy(g + k * es, (const unsigned char *)e->data[i] + sample[k] * es, es);
        ok = (e->dev[i] = dev_buffer(x, nsample * es, g, NULL)) != NULL;
        free(g);
    }
    e->dev_bytes = need;
    x->dev_held += need;
    if (!ok) expect_release_dev(x, e);
}

/* sample_indices: which output elements a sampled verification checks: the first and last
 * SAMPLE_EDGE and random ones between (seeded, so a rerun checks the same ones). Kept in x for the
 * next configuration of the same size (NULL, *n = 0: every element). */
static const size_t *sample_indices(struct expected *x, long sample, uint64_t seed, size_t count, size_t *n)
{
    size_t want = (size_t)sample;
    if (!want || want >= count) { *n = 0; return NULL; }
    *n = want;
    if (x->sample && x->sample_n == want && x->sample_count == count && x->sample_seed == seed) return x->sample;
    free(x->sample);
    size_t *idx = x->sample = xmalloc(sizeof *idx * want);
    x->sample_n = want;
    x->sample_count = count;
    x->sample_seed = seed;
    struct rng g;
    rng_seed(&g, seed ^ 0x5eed5a3b1eull);
    for (size_t i = 0; i < want; i++) {
        if (i < SAMPLE_EDGE) idx[i] = i;
        else if (i < 2 * SAMPLE_EDGE) idx[i] = count - 1 - (i - SAMPLE_EDGE);
        else idx[i] = rng_next(&g) % count;
    }
    return idx;
}

/* reference: computes (or finds) the expected outputs for these variables. NULL with *err. */
static struct expect *reference(struct expected *x, const struct spec *s, const struct bufset *bs,
                                const struct vars *vv, const char *key, const size_t *sample, size_t nsample,
                                char **err)
{
    struct expect *e = expect_find(x, key);
    if (e) return e;
    struct ref_buf *rb = xcalloc((size_t)bs->n, sizeof *rb);
    e = expect_add(x, bs, key);
    for (int i = 0; i < bs->n; i++) {
        const struct dbuf *d = &bs->b[i];
        rb[i] = (struct ref_buf){ .name = d->sb->name, .type = d->type, .count = d->count, .input = d->init };
        if (d->result) {
            rb[i].expected = e->data[i] = answer_room(d, sample, nsample, verify_poison, &e->room[i]);
            e->count[i] = d->count;
        }
    }
    struct ref_ctx c = { .bufs = rb, .nbufs = bs->n, .vars = vv, .sample = sample, .nsample = nsample };
    int turn = hostlock_take();
    double t0 = now_seconds();
    refs_take_geometry_read();
    refs_take_watched_read();
    char *where = expected_ref_where(s);
    int rc = ref_run(ref_find(s->reference), &c, where);
    /* A write just before an output's start faults in no guard (answer_room's start is not a page's):
     * the canary there says it, an error row as a write past the end is. */
    char *before = rc ? NULL : reffault_written_before(&c, s->reference, where);
    free(where);
    x->ref_reads_geometry |= refs_take_geometry_read();
    x->ref_reads_params |= refs_take_watched_read();
    double t = now_seconds() - t0;
    hostlock_give(turn);
    phase_add(PH_REFERENCE, t);
    /* A reference that computed every element is a CPU implementation worth timing. */
    e->ms = sample ? 0 : t * 1e3;
    free(rb);
    if (rc || before) {
        /* A fault's message is whole (at the spec's line, naming the reference), and so is before's. */
        *err = before ? before : rc == REF_FAULTED ? xstrdup(c.err)
             : refrows_note(s->reference, c.err ? c.err : "failed");
        free(c.err);
        expect_drop(x, x->n - 1);   /* the half-made entry */
        return NULL;
    }
    for (int i = 0; i < bs->n; i++)
        if (e->data[i]) e->all_nan[i] = vacuous_all_nan(bs->b[i].type, e->data[i], e->count[i], sample, nsample);
    return e;
}

/* One output's check: output i of the set (d) against e's expected values, at the sampled indices
 * (sample NULL: every element), within rtol and atol. */
struct output_check {
    struct expect *e;
    int i;
    const struct dbuf *d;
    const size_t *sample;
    size_t nsample;
    double rtol, atol;
};

/* check_on_device: compares c's output with e's device copy; 0 with vr, or -1 when the host must
 * (no device copy, or the device check is unavailable: said once per run). */
static int check_on_device(struct expected *x, const struct output_check *c, struct verify_result *vr)
{
    const struct expect *e = c->e;
    const struct dbuf *d = c->d;
    int i = c->i;
    if (!x->dc || !e->dev[i]) { x->host_checks++; return -1; }
    struct verify_device_job j = { .type = d->type, .got = d->mem, .want = e->dev[i], .idx = e->idx, .count = d->count,
                                   .n = c->sample ? c->nsample : d->count, .want_at_i = e->dev_at_i[i],
                                   .rtol = c->rtol, .atol = c->atol };
    char *why = NULL;
    double t0 = now_seconds();
    int rc = verify_device_run(x->dc, &j, vr, &why);
    phase_add(PH_VERIFY, now_seconds() - t0);
    if (rc) {
        if (!x->warned) warn("outputs are checked on the host instead of the device: %s", why);
        x->warned = 1;
        free(why);
        x->host_checks++;
        return -1;
    }
    x->device_checks++;
    return 0;
}

/* check_on_host: compares c's read-back output with e's expected values (read back from the
 * device first when only the device has them). 0, or -1 and *err. */
static int check_on_host(struct expected *x, const struct output_check *c, struct verify_result *vr, char **err)
{
    struct expect *e = c->e;
    const struct dbuf *d = c->d;
    int i = c->i;
    if (!e->data[i]) {
        double t0 = now_seconds();
        e->data[i] = xmalloc(d->bytes);
        cl_int rc = clEnqueueReadBuffer(x->q, e->dev[i], CL_TRUE, 0, d->bytes, e->data[i], 0, NULL, NULL);
        phase_add(PH_READBACK, now_seconds() - t0);
        if (rc != CL_SUCCESS) {
            free(e->data[i]);
            e->data[i] = NULL;
            *err = xasprintf("reading the expected %s back: %s", d->sb->name, ocl_err_name(rc));
            return -1;
        }
    }
    double t0 = now_seconds();
    /* Sampled indices beyond a shorter buffer are dropped by verify_compare's index check. */
    struct verify_job j = { .name = d->sb->name, .type = d->type, .got = d->result, .want = e->data[i], .count = d->count,
                            .idx = c->sample, .nidx = c->nsample, .rtol = c->rtol, .atol = c->atol };
    verify_compare(&j, vr);
    phase_add(PH_VERIFY, now_seconds() - t0);
    return 0;
}

void expected_baseline_failed(struct expected *x, const struct spec *s, const struct plan *p, int v,
                              const struct vars *vv, enum row_status st, const char *why)
{
    if (s->reference || !s->baseline || !p->variants[v].name || strcmp(p->variants[v].name, s->baseline)) return;
    char *key = expect_key(p, v, NULL, vv, 0, x->ref_reads_geometry);
    basefail_note(&x->lost, key, s->baseline, row_status_word(st), why);
    free(key);
}

void expected_check(struct expected *x, const struct spec *s, const struct plan *p, int v, struct bufset *bs,
                    const struct vars *vv, uint64_t seed, struct outcome *o)
{
    /* A reference's answer is kept once for every variant until it reads a template parameter:
     * then per variant. vecsum's, for one, reads none, and six variants had each made, poisoned
     * and uploaded their own 800 MB copy (4 s of a 10 s sweep on an H200). */
    char *key = expect_key(p, v, bs, vv, s->reference != NULL && x->ref_reads_params, x->ref_reads_geometry), *err = NULL;
    struct expect *e = NULL;
    int is_base = s->baseline && p->variants[v].name && !strcmp(p->variants[v].name, s->baseline);
    size_t nsample = 0;
    const size_t *sample = NULL;
    const char *probe_note = NULL;   /* the probe's fault, said on this row alone (expected_probe.h) */
    memset(o, 0, sizeof *o);
    o->status = RS_OK;
    o->max_rel_err = NAN;
    for (int i = 0; i < bs->n && !sample; i++)
        if (bs->b[i].result) sample = sample_indices(x, s->sample, seed, bs->b[i].count, &nsample);
    if (s->reference) {
        refs_watch(is_param, p);
        e = reference(x, s, bs, vv, key, sample, nsample, &err);
        if (e && !x->ref_probed) probe_note = probe_reads_output(x, s, bs, vv, e->data, sample, nsample);
        refs_watch(NULL, NULL);
        /* Its answers are no check of any row: said on each, an error as an answer missing is. */
        if (x->ref_reads_output || x->ref_reads_before) {
            o->status = RS_ERROR;
            o->note = xstrdup(x->ref_reads_output ? x->ref_reads_output : x->ref_reads_before);
            free(err);
            goto out;
        }
    } else if (is_base && !expect_find(x, key)) {
        /* The baseline's own output is what the others are checked against: kept on the device
         * when it fits there, else read back and kept on the host. */
        e = expect_add(x, bs, key);
        e->pinned = 1;
        for (int i = 0; i < bs->n; i++) e->count[i] = bs->b[i].count;
        expect_to_device(x, e, bs, sample, nsample, 1);
        if (!e->dev_bytes && bench_read_outputs(x->q, bs, &err)) {
            expect_drop(x, x->n - 1);
            o->status = RS_ERROR;
            o->note = err;
            goto out;
        }
        for (int i = 0; i < bs->n && !e->dev_bytes; i++)
            if (bs->b[i].result) {
                e->data[i] = xmalloc(bs->b[i].bytes);
                memcpy(e->data[i], bs->b[i].result, bs->b[i].bytes);
                e->all_nan[i] = vacuous_all_nan(bs->b[i].type, e->data[i], e->count[i], sample, nsample);
            }
        /* Nothing checked it: it is the answer, not a verified result, and its note says why. */
        o->status = RS_UNVERIFIED;
        o->note = xasprintf("the baseline: the other variants are checked against it");
        goto out;
    } else {
        e = expect_find(x, key);
        /* Keyed without the buffers: a baseline that failed before its own were made is found too. */
        char *k = e ? NULL : expect_key(p, v, NULL, vv, 0, x->ref_reads_geometry);
        const char *lost = k ? basefail_find(&x->lost, k) : NULL;
        if (!e) err = lost ? xstrdup(lost) : xasprintf("baseline variant %s has no output for this point (its row "
                                                       "here says why: it did not pass, or did not run)", s->baseline);
        free(k);
    }
    if (!e) { o->note = err; o->status = RS_ERROR; goto out; }
    if (s->reference) expect_to_device(x, e, bs, sample, nsample, 0);
    struct sbuf rep = {0};
    o->max_rel_err = 0;
    int have_outputs = 0;
    size_t compared = 0;
    for (int i = 0; i < bs->n; i++) {
        const struct dbuf *d = &bs->b[i];
        if (!d->result) continue;
        struct output_check c = { .e = e, .i = i, .d = d, .sample = sample, .nsample = nsample,
                                  .rtol = s->rtol_set ? s->rtol : verify_default_tol(d->type), .atol = s->atol };
        struct verify_result vr;
        if (check_on_device(x, &c, &vr) || vr.mismatches) {
            /* On the host: where the device cannot, and to name the elements that differ. */
            if (!have_outputs && !x->outputs_on_host && bench_read_outputs(x->q, bs, &err)) {
                sb_clause(&rep, err);
                free(err);
                err = NULL;
                o->status = RS_ERROR;
                break;
            }
            have_outputs = 1;
            if (check_on_host(x, &c, &vr, &err)) {
                sb_clause(&rep, err);
                free(err);
                err = NULL;
                o->status = RS_ERROR;
                continue;
            }
        }
        compared += vr.checked;
        if (vr.max_rel_err > o->max_rel_err) o->max_rel_err = vr.max_rel_err;
        if (vr.mismatches) {
            if (o->status != RS_ERROR) o->status = RS_FAIL;
            sb_printf(&rep, "%s%zu of %zu elements of %s differ%s%s%s: %s", rep.len ? "; " : "", vr.mismatches, vr.checked,
                      d->sb->name, s->reference ? "" : " from baseline ", s->reference ? "" : s->baseline,
                      s->reference ? "" : "'s", vr.report ? vr.report : "");
            /* Floating point within a few roundings of the reference (a device that contracts
             * a * b + c into one fma, results near zero): say the tolerance and where it is set. */
            if (verify_default_tol(d->type) > 0 && isfinite(vr.max_rel_err) && vr.max_rel_err > 0)
                sb_printf(&rep, " (largest relative error %.3g against the tolerance %.3g relative + %.3g absolute: the "
                          "spec's verify { tolerance; abs_tolerance; } sets them)", vr.max_rel_err, c.rtol, c.atol);
        }
        verify_result_free(&vr);
        /* NaN matches NaN, and an output the kernel never wrote holds the NaN poison: an answer
         * that is NaN wherever checked passes a kernel that writes nothing, unless the spec says
         * NaN is the answer. */
        if (e->all_nan[i] && !s->nan_answer && o->status == RS_OK) {
            o->status = RS_ERROR;
            sb_printf(&rep, "%severy checked element of %s is expected to be NaN, which an output the kernel never "
                      "wrote holds too (the poison): the row verified nothing (%s); verify = { nan_answer = true; } "
                      "says NaN is the answer", rep.len ? "; " : "", d->sb->name,
                      s->reference ? "a reference that reads the output before writing it, or NaN inputs?"
                                   : "the baseline variant's output is NaN there: NaN inputs, or a baseline that writes NaN?");
        }
    }
    /* Never ok with nothing compared (the spec's load refuses a verify without an output the kernel
     * is given: spec_check_verify; this holds whatever reaches here). */
    if (!compared) o->max_rel_err = NAN;
    if (!compared && o->status == RS_OK) {
        o->status = RS_ERROR;
        sb_printf(&rep, "no element of an output was compared at this point: the row verified nothing");
    }
    o->cpu_ms = e->ms;
    /* An ok against the baseline is agreement with another kernel, not a checked answer: said, so
     * that a variant broken the way the baseline is does not read as verified. */
    if (!s->reference && o->status == RS_OK && !rep.len)
        sb_printf(&rep, "agrees with baseline %s%s", s->baseline, is_base ? " (its first row at this point)" : "");
    /* The row's verdict stands (its answer is the first run's, which finished); the fault is said with it. */
    if (probe_note) sb_printf(&rep, "%s%s", rep.len ? "; " : "", probe_note);
    o->note = rep.s;
out:
    free(key);
}
