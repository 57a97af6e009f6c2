/* expected_probe.c — where a reference writes its answer, and the run's check that the reference
 * does not read that room before writing it (expected_probe.h). */
#include "expected_probe.h"
#include "lib/hostguard.h"
#include "lib/hostlock.h"
#include "lib/phase.h"
#include "lib/util.h"
#include "spec/refs.h"
#include "vacuous.h"
#include "verify.h"
#include <stdlib.h>
#include <string.h>

/* The host's page, as the sampled poison counts them (a guess where it is larger: a heuristic). */
#define SAMPLE_PAGE_BYTES 4096

void *answer_room(const struct dbuf *d, const size_t *sample, size_t nsample,
                         void (*fill)(enum cltype, void *, size_t), size_t *bytes)
{
    size_t es = cltype_info(d->type)->size;
    /* d->bytes is its count of elements (bench.c): the guard page follows the last. Fresh anonymous
     * pages, as a large malloc's or calloc's are. */
    *bytes = d->bytes ? d->bytes : 1;
    unsigned char *p = hostguard_alloc(*bytes);
    if (!sample) {
        fill(d->type, p, d->count);
        return p;
    }
    /* Only the sampled elements are computed and read: the rest of the array is never
     * touched (fresh pages stay unmapped). Poisoning a stream's whole 1 GiB for a
     * sample of 4096 was 80% of a tuning pass of peaks on an H200 (0.3 s a configuration). */
    /* A sample of as many elements as its array has pages or more (taylor's 1Mi of 16Mi)
     * lands on most of them, faulting them in one at a time, in random order, on one core:
     * the whole array poisoned on every core is quicker (0.1 s an entry on PoCL's host before). */
    if (nsample >= d->count * es / SAMPLE_PAGE_BYTES) fill(d->type, p, d->count);
    else {
        /* Each element as the whole array's fill has it: a pattern of four elements (0xDEADBEEF over a
         * char array is DE at 0, AD at 1, ...), so an element filled alone takes its place's part, as
         * the device's poisoned output and the second fill's compare (vacuous.c) have it. */
        unsigned char four[4 * 8];
        fill(d->type, four, 4);
        for (size_t k = 0; k < nsample; k++)
            if (sample[k] < d->count) memcpy(p + sample[k] * es, four + (sample[k] % 4) * es, es);
    }
    return p;
}

void answer_free(void *p, size_t bytes)
{
    if (bytes) hostguard_free(p, bytes);
    else free(p);
}

char *expected_ref_where(const struct spec *s)
{
    if (!s->path) return NULL;
    return s->reference_line > 0 ? xasprintf("%s:%d", s->path, s->reference_line) : xstrdup(s->path);
}

const char *probe_reads_output(struct expected *x, const struct spec *s, const struct bufset *bs, const struct vars *vv,
                              void *const *first, const size_t *sample, size_t nsample)
{
    x->ref_probed = 1;
    struct ref_buf *rb = xcalloc((size_t)bs->n, sizeof *rb);
    size_t *room = xcalloc((size_t)bs->n, sizeof *room);
    for (int i = 0; i < bs->n; i++) {
        const struct dbuf *d = &bs->b[i];
        rb[i] = (struct ref_buf){ .name = d->sb->name, .type = d->type, .count = d->count, .input = d->init };
        if (d->result && first[i]) rb[i].expected = answer_room(d, sample, nsample, vacuous_fill, &room[i]);
    }
    struct ref_ctx c = { .bufs = rb, .nbufs = bs->n, .vars = vv, .sample = sample, .nsample = nsample };
    int turn = hostlock_take();
    double t0 = now_seconds();
    /* No place given: the fault's message goes inside the note below, which names the spec's line once. */
    int rc = ref_run(ref_find(s->reference), &c, NULL);
    phase_add(PH_REFERENCE, now_seconds() - t0);
    hostlock_give(turn);
    /* The flags the first run set are the same; read here, they are not left for the next answer. */
    x->ref_reads_geometry |= refs_take_geometry_read();
    x->ref_reads_params |= refs_take_watched_read();
    for (int i = 0; i < bs->n && !rc && !x->ref_reads_output; i++) {
        const struct dbuf *d = &bs->b[i];
        if (!rb[i].expected) continue;
        struct vacuous_pair vp = { .ref = s->reference, .name = d->sb->name, .type = d->type, .first = first[i],
                                   .second = rb[i].expected, .count = d->count, .idx = sample, .nidx = nsample,
                                   .rtol = s->rtol_set ? s->rtol : verify_default_tol(d->type), .atol = s->atol };
        x->ref_reads_output = vacuous_read(&vp);
    }
    if (rc == REF_FAULTED) {
        char *at = expected_ref_where(s);
        /* "reference NAME read past ...": the note has named it already; "it read past ..." follows. */
        size_t named = strlen("reference ") + strlen(s->reference);
        const char *what = c.err ? c.err : "it made a memory fault";
        int it = c.err && !strncmp(c.err, "reference ", 10) && !strncmp(c.err + 10, s->reference, strlen(s->reference))
                 && c.err[named] == ' ';
        x->ref_probe_fault = xasprintf("%s%sreference %s faulted when run a second time (the probe of whether it "
                                       "reads its output), which is not known; the rows are checked against its "
                                       "first run's answers, and it is not probed again in this run: %s%s",
                                       at ? at : "", at ? ": " : "", s->reference, it ? "it" : "", it ? what + named : what);
        free(at);
    }
    free(c.err);
    for (int i = 0; i < bs->n; i++) answer_free(rb[i].expected, room[i]);
    free(room);
    free(rb);
    return x->ref_probe_fault;
}

