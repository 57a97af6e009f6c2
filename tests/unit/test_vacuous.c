/* test_vacuous.c — answers a kernel that writes nothing would match: a reference's two runs (over
 * the poison, over the second fill) compared element by element, and answers NaN wherever checked. */
#include "check.h"
#include "measure/expected_probe.h"
#include "measure/vacuous.h"
#include "measure/verify.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* pair: the comparison of a and b, n floats, every element or the idx given. */
static struct vacuous_pair pair(enum cltype t, const void *a, const void *b, size_t n, const size_t *idx, size_t nidx)
{
    return (struct vacuous_pair){ .ref = "saxpy", .name = "y", .type = t, .first = a, .second = b, .count = n,
                                  .idx = idx, .nidx = nidx, .rtol = 1e-5, .atol = 0 };
}

static void test_reads_output(void)
{
    /* y = 2.5 * x + y over each fill: NaN over the poison, a number over the other (x = 0 would
     * leave each fill as it was: no telling it from an element left alone). */
    float p[8], f[8], x[8];
    verify_poison(CT_FLOAT, p, 8);
    vacuous_fill(CT_FLOAT, f, 8);
    for (int i = 0; i < 8; i++) {
        x[i] = (float)(i + 1);
        CHECK(isnan(p[i]) && isfinite(f[i]));
        p[i] = 2.5f * x[i] + p[i];
        f[i] = 2.5f * x[i] + f[i];
    }
    struct vacuous_pair vp = pair(CT_FLOAT, p, f, 8, NULL, 0);
    char *m = vacuous_read(&vp);
    CHECK_CONTAINS(m, "reference saxpy reads its output buffer y before writing it: y[0] is expected to be nan");
    CHECK_CONTAINS(m, "give the kernel a separate output (z = a*x + y");
    free(m);
    /* Only the sampled elements count: one the reference left (each fill) passes. */
    float q[4], g[4];
    verify_poison(CT_FLOAT, q, 4);
    vacuous_fill(CT_FLOAT, g, 4);
    q[2] = 2.5f * 1 + q[2];
    g[2] = 2.5f * 1 + g[2];
    size_t idx[] = {0, 1, 3};
    vp = pair(CT_FLOAT, q, g, 4, idx, 3);
    CHECK(vacuous_read(&vp) == NULL);
    size_t idx2[] = {3, 2};
    vp = pair(CT_FLOAT, q, g, 4, idx2, 2);
    m = vacuous_read(&vp);
    CHECK_CONTAINS(m, "y[2] is expected to be nan over the poison");
    free(m);
}

static void test_writes_alone(void)
{
    /* Written from the inputs alone, or left alone: the same answer both times, or each fill. */
    double p[6], f[6];
    verify_poison(CT_DOUBLE, p, 6);
    vacuous_fill(CT_DOUBLE, f, 6);
    for (int i = 0; i < 4; i++) p[i] = f[i] = 1.0 / (i + 1);
    p[4] = f[4] = NAN;                     /* a NaN the inputs make is the same NaN both times */
    struct vacuous_pair vp = pair(CT_DOUBLE, p, f, 6, NULL, 0);
    CHECK(vacuous_read(&vp) == NULL);
    /* Integers: the byte patterns repeat every 4 bytes, a char's element by element. */
    unsigned char a[7], b[7];
    verify_poison(CT_UCHAR, a, 7);
    vacuous_fill(CT_UCHAR, b, 7);
    a[5] = b[5] = 9;
    vp = pair(CT_UCHAR, a, b, 7, NULL, 0);
    CHECK(vacuous_read(&vp) == NULL);
    a[6] = (unsigned char)(a[6] + 1);      /* hist[6]++ over each fill */
    b[6] = (unsigned char)(b[6] + 1);
    char *m = vacuous_read(&vp);
    CHECK_CONTAINS(m, "y[6] is expected to be");
    free(m);
}

static void test_all_nan(void)
{
    float v[5] = { NAN, NAN, NAN, NAN, 1.0f };
    CHECK(!vacuous_all_nan(CT_FLOAT, v, 5, NULL, 0));
    CHECK(vacuous_all_nan(CT_FLOAT, v, 4, NULL, 0));
    size_t idx[] = {0, 3, 9};              /* 9: beyond the buffer, not checked */
    CHECK(vacuous_all_nan(CT_FLOAT, v, 5, idx, 3));
    size_t last[] = {4};
    CHECK(!vacuous_all_nan(CT_FLOAT, v, 5, last, 1));
    CHECK(!vacuous_all_nan(CT_FLOAT, v, 0, NULL, 0));   /* nothing checked: nothing said */
    uint32_t u[2];
    verify_poison(CT_UINT, u, 2);
    CHECK(!vacuous_all_nan(CT_UINT, u, 2, NULL, 0));    /* integers have no NaN */
}

/* An element filled alone (a sparse sample of a large output) takes its place's part of the fill's
 * four-element pattern, as the whole array's fill has it: a uchar output's y[5] left alone by the
 * reference read DE where the device's poison and the second-fill compare had AD there, and every
 * row of the run was said to come from a reference that reads its output. */
static void test_sparse_fill_in_place(void)
{
    static const enum cltype types[] = { CT_UCHAR, CT_SHORT, CT_INT, CT_FLOAT, CT_DOUBLE };
    for (size_t t = 0; t < sizeof types / sizeof *types; t++) {
        size_t es = cltype_info(types[t])->size, n = 1 << 20;   /* far more pages than the sample */
        struct dbuf d = { .type = types[t], .count = n, .bytes = n * es };
        size_t idx[] = { 0, 1, 2, 3, 5, 6, 7, 4099, n - 1 };
        size_t ni = sizeof idx / sizeof *idx;
        size_t room;
        unsigned char *whole = malloc(n * es), *sparse = answer_room(&d, idx, ni, verify_poison, &room);
        verify_poison(types[t], whole, n);
        int same = 1;
        for (size_t k = 0; k < ni; k++) same &= !memcmp(whole + idx[k] * es, sparse + idx[k] * es, es);
        CHECK(same);
        answer_free(sparse, room);
        sparse = answer_room(&d, idx, ni, vacuous_fill, &room);
        vacuous_fill(types[t], whole, n);
        same = 1;
        for (size_t k = 0; k < ni; k++) same &= !memcmp(whole + idx[k] * es, sparse + idx[k] * es, es);
        CHECK(same);
        answer_free(sparse, room);
        free(whole);
    }
}

int main(void)
{
    RUN(test_reads_output);
    RUN(test_writes_alone);
    RUN(test_all_nan);
    RUN(test_sparse_fill_in_place);
    CHECK_EXIT();
}
