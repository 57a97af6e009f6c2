/* test_expected.c — the verification's word on a row where nothing could be compared: never ok
 * (no output buffer, a host reference or a baseline alike), and the baseline's failure at a point
 * said on the rows checked against it; the reference's probe postponed where its buffers left it no
 * room. On the host alone: no output buffer means no OpenCL call. */
#include "check.h"
#include "measure/expected.h"
#include "measure/expected_probe.h"
#include "spec/refs.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

/* A reference that writes no output: it cannot, the spec having none. */
static int writes_nothing(struct ref_ctx *c) { (void)c; return 0; }

struct fixture {
    struct spec s;
    struct plan p;
    struct variant v[2];
    struct spec_buffer sb[2];
    struct dbuf d[2];
    struct bufset bs;
    struct vars vv;
    struct devprops dp;
    struct expected x;
};

/* setup: variants naive and tiled, buffers in (an input) and, with_output, out (an output). */
static void setup(struct fixture *f, int with_output)
{
    static float in[16], out[16];
    memset(f, 0, sizeof *f);
    f->v[0].name = "naive";
    f->v[1].name = "tiled";
    f->p.variants = f->v;
    f->p.nvariants = 2;
    f->sb[0] = (struct spec_buffer){ .name = "in", .type = CT_FLOAT, .init = INIT_ZERO };
    f->sb[1] = (struct spec_buffer){ .name = "out", .type = CT_FLOAT, .init = INIT_OUTPUT };
    for (int i = 0; i < 2; i++)
        f->d[i] = (struct dbuf){ .sb = &f->sb[i], .type = CT_FLOAT, .count = 16, .bytes = sizeof in };
    f->d[0].init = in;
    f->d[1].result = out;
    f->bs = (struct bufset){ .b = f->d, .n = with_output ? 2 : 1 };
    vars_set(&f->vv, "N", 16);
    f->dp.global_mem = 1ull << 30;
    expected_init(&f->x, NULL, NULL, NULL, &f->dp);
}

static void teardown(struct fixture *f)
{
    expected_free(&f->x);
    vars_free(&f->vv);
}

/* A baseline's other variants with no output compared: error, never "ok (agrees with baseline)". */
static void test_baseline_compared_nothing(void)
{
    struct fixture f;
    setup(&f, 0);
    f.s.baseline = "naive";
    struct outcome o;
    expected_check(&f.x, &f.s, &f.p, 0, &f.bs, &f.vv, 1, &o);
    CHECK(o.status == RS_UNVERIFIED);
    free(o.note);
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    CHECK(o.status == RS_ERROR);
    CHECK_CONTAINS(o.note, "no element of an output was compared");
    CHECK(!o.note || !strstr(o.note, "agrees"));
    CHECK(isnan(o.max_rel_err));
    free(o.note);
    teardown(&f);
}

/* The same with a host reference that has nothing to write. */
static void test_reference_compared_nothing(void)
{
    static const struct ref_def def = { CLX_REF_ABI, "unit_writes_nothing", "", 0, writes_nothing };
    char *err = NULL;
    CHECK(ref_register(&def, "test_expected", &err) == 0);
    free(err);
    struct fixture f;
    setup(&f, 0);
    f.s.reference = "unit_writes_nothing";
    struct outcome o;
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    CHECK(o.status == RS_ERROR);
    CHECK_CONTAINS(o.note, "no element of an output was compared");
    free(o.note);
    teardown(&f);
}

/* Buffers made without room for the reference's probe (bufset.probe_no_room): the answer is not
 * probed and the probe stays due, the least bytes kept for the run's end to say; the first answer
 * with room probes it, and nothing is left to say. The reference: test_reference_compared_nothing's. */
static void test_probe_postponed(void)
{
    struct fixture f;
    setup(&f, 0);
    f.s.reference = "unit_writes_nothing";
    struct outcome o;
    f.bs.probe_no_room = 1000;
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    free(o.note);
    CHECK(!f.x.ref_probed && f.x.probe_postponed == 1000);
    f.bs.probe_no_room = 500;
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    free(o.note);
    CHECK(!f.x.ref_probed && f.x.probe_postponed == 500);
    char *said = expected_probe_unmade(&f.x);
    CHECK_CONTAINS(said, "the reference's probe (its second run, once a worker: does it read its output?) never ran: "
                         "no configuration left the host room for its copies (500.0 B at the least");
    CHECK_CONTAINS(said, "its rows are verified, but whether the reference reads an output before writing it, or an "
                         "input before its start, was not checked");
    free(said);
    f.bs.probe_no_room = 0;
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    free(o.note);
    CHECK(f.x.ref_probed);
    said = expected_probe_unmade(&f.x);
    CHECK(!said);
    free(said);
    teardown(&f);
}

/* The baseline FAILed at this point: the others say so and why, not "was it run?". */
static void test_baseline_failed_said(void)
{
    struct fixture f;
    setup(&f, 1);
    f.s.baseline = "naive";
    expected_baseline_failed(&f.x, &f.s, &f.p, 1, &f.vv, RS_FAIL, "not the baseline");   /* ignored */
    expected_baseline_failed(&f.x, &f.s, &f.p, 0, &f.vv, RS_FAIL, "wrote past the end of out");
    struct outcome o;
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    CHECK(o.status == RS_ERROR);
    CHECK_STR(o.note, "not checked: the baseline naive FAILed at this point (wrote past the end of out): mend the "
                      "baseline, which the other variants are checked against");
    free(o.note);
    /* Skipped there: said by its word. */
    expected_clear(&f.x);
    expected_baseline_failed(&f.x, &f.s, &f.p, 0, &f.vv, RS_SKIPPED, "CL_INVALID_WORK_GROUP_SIZE");
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    CHECK(o.status == RS_ERROR);
    CHECK_CONTAINS(o.note, "not checked: the baseline naive has no answer at this point: its row is skipped "
                           "(CL_INVALID_WORK_GROUP_SIZE)");
    free(o.note);
    /* A new point forgets it: no failure known, the plain words. */
    expected_clear(&f.x);
    expected_check(&f.x, &f.s, &f.p, 1, &f.bs, &f.vv, 1, &o);
    CHECK(o.status == RS_ERROR);
    CHECK_CONTAINS(o.note, "baseline variant naive has no output for this point");
    free(o.note);
    teardown(&f);
}

int main(void)
{
    RUN(test_baseline_compared_nothing);
    RUN(test_reference_compared_nothing);
    RUN(test_probe_postponed);
    RUN(test_baseline_failed_said);
    CHECK_EXIT();
}
