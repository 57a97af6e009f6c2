/* expected_probe.c — where a reference writes its answer, and the run's check that the reference
 * does not read that room before writing it (expected_probe.h). */
#include "expected_probe.h"
#include "lib/hostguard.h"
#include "lib/hostlock.h"
#include "lib/phase.h"
#include "lib/util.h"
#include "lib/worker.h"
#include "spec/reffault.h"
#include "spec/refs.h"
#include "vacuous.h"
#include "verify.h"
#include <stdlib.h>
#include <string.h>

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

/* probe_fault_said: x->ref_probe_fault for a second run that did what (a fault's "faulted", or a
 * write in an output's canary) and said why: the note names the spec's line once, and why follows as
 * "it read past ..." where it names the reference again. */
static void probe_fault_said(struct expected *x, const struct spec *s, const char *did, const char *why)
{
    char *at = expected_ref_where(s);
    size_t named = strlen("reference ") + strlen(s->reference);
    int it = !strncmp(why, "reference ", 10) && !strncmp(why + 10, s->reference, strlen(s->reference)) && why[named] == ' ';
    x->ref_probe_fault = xasprintf("%s%sreference %s %s when run a second time (the probe of whether it reads its "
                                   "output), which is not known; the rows are checked against its first run's "
                                   "answers, and it is not probed again in this run: %s%s",
                                   at ? at : "", at ? ": " : "", s->reference, did, it ? "it" : "", it ? why + named : why);
    free(at);
}

/* read_before_said: x->ref_reads_before for a second run that faulted before an input's start (c->err
 * says which, as a fault of the first run would): the first read the bytes there that share the
 * input's first page, which no guard covers (lib/hostguard.h), and its answers are none. */
static void read_before_said(struct expected *x, const struct spec *s, const char *why)
{
    char *at = expected_ref_where(s);
    x->ref_reads_before = xasprintf("%s%s%s (caught when run a second time, over copies of its inputs that start at "
                                    "a page: in its first run, whose inputs end at one, that read fell in bytes no "
                                    "guard covers, and its answers check no row)", at ? at : "", at ? ": " : "", why);
    free(at);
}

int expected_probe_due(const struct expected *x, const struct spec *s)
{
    return s->reference && !x->ref_probed;
}

char *expected_probe_unmade(const struct expected *x)
{
    if (x->ref_probed || x->probe_made_before || !x->probe_postponed) return NULL;
    char *b = human_bytes(x->probe_postponed);
    char *t = xasprintf("the reference's probe (its second run, once a worker: does it read its output?) never ran: no "
                        "configuration left the host room for its copies (%s at the least, more than the host had "
                        "available beside the configuration's own buffers and copies); its rows are verified, but "
                        "whether the reference reads an output before writing it, or an input before its start, was "
                        "not checked", b);
    free(b);
    return t;
}

const char *probe_reads_output(struct expected *x, const struct spec *s, const struct bufset *bs, const struct vars *vv,
                              void *const *first, const size_t *sample, size_t nsample)
{
    if (bs->probe_no_room) {
        /* The configuration ran without room for the copies beside it: the next answer is probed. */
        if (!x->probe_postponed || bs->probe_no_room < x->probe_postponed) x->probe_postponed = bs->probe_no_room;
        return NULL;
    }
    x->ref_probed = 1;
    struct ref_buf *rb = xcalloc((size_t)bs->n, sizeof *rb);
    size_t *room = xcalloc((size_t)bs->n, sizeof *room);
    void **in = xcalloc((size_t)bs->n, sizeof *in);
    for (int i = 0; i < bs->n; i++) {
        const struct dbuf *d = &bs->b[i];
        /* The inputs turned round: the first run's end at a guard, this one's start (one byte before
         * it, which the first's canary hid: an i - 1 at i = 0). Copied once a run, as the answer is. */
        if (d->init) in[i] = memcpy(hostguard_alloc_start(d->bytes), d->init, d->bytes);
        rb[i] = (struct ref_buf){ .name = d->sb->name, .type = d->type, .count = d->count, .input = in[i] };
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
    /* A write before an output's start is caught by its canary, in this run as in the first. */
    char *before = rc ? NULL : reffault_written_before(&c, s->reference, NULL);
    for (int i = 0; i < bs->n && !rc && !before && !x->ref_reads_output; i++) {
        const struct dbuf *d = &bs->b[i];
        if (!rb[i].expected) continue;
        struct vacuous_pair vp = { .ref = s->reference, .name = d->sb->name, .type = d->type, .first = first[i],
                                   .second = rb[i].expected, .count = d->count, .idx = sample, .nidx = nsample,
                                   .rtol = s->rtol_set ? s->rtol : verify_default_tol(d->type), .atol = s->atol };
        x->ref_reads_output = vacuous_read(&vp);
    }
    const struct hostguard_fault *f = rc == REF_FAULTED ? refs_first_fault() : NULL;
    if (f && c.err && reffault_before_input(&c, f->addr)) read_before_said(x, s, c.err);
    else if (rc == REF_FAULTED) probe_fault_said(x, s, "faulted", c.err ? c.err : "it made a memory fault");
    else if (before) probe_fault_said(x, s, "wrote outside its output", before);
    free(before);
    free(c.err);
    for (int i = 0; i < bs->n; i++) {
        answer_free(rb[i].expected, room[i]);
        hostguard_free(in[i], bs->b[i].bytes);
    }
    free(in);
    free(room);
    free(rb);
    /* Made: a worker after this one (a timeout's, a crash's) must not say that it never ran. */
    worker_probed();
    return x->ref_probe_fault;
}
