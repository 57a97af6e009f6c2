/* test_bufbytes.c — a planned configuration's largest buffer from the spec alone, which the sweeps a
 * report suggests are checked against the device's largest allocation: vecsum --size 4099,200M's
 * 200M floats are 800 MB a buffer, which Oclgrind's 128 MiB cannot hold (the suggested run skipped
 * them: "nothing ran"). Its global reads CU, a device's: the counts do not, and still count. */
#include "check.h"
#include "spec/bufbytes.h"
#include "spec/plan.h"
#include "spec/spec.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* bufbytes_count and bufbytes_bytes: the one home of a buffer's size, which the run's skip rule
 * (measure/bench.c: a buffer above CL_DEVICE_MAX_MEM_ALLOC_SIZE) and bufbytes_point both read. */
static void test_count(void)
{
    struct spec s;
    char *err = NULL;
    if (spec_load("templates/vecsum.spec", &s, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    struct vars vv = {0};
    size_t c = 0;
    vars_set(&vv, "N", 4099.5);                  /* rounded up: a part of an element is one */
    CHECK(bufbytes_count(&s, 0, &vv, &c, &err) == 0 && c == 4100);
    CHECK(bufbytes_bytes(c, CT_FLOAT) == 4100.0 * 4);
    CHECK(bufbytes_bytes(c, CT_DOUBLE) == 4100.0 * 8);
    vars_set(&vv, "N", 0);                       /* no sensible size: the run's error, said */
    CHECK(bufbytes_count(&s, 0, &vv, &c, &err) == -1 && err && strstr(err, "buffer a: count 0 is not a sensible size"));
    free(err);
    err = NULL;
    vars_set(&vv, "N", 2e15);
    CHECK(bufbytes_count(&s, 0, &vv, &c, &err) == -1 && err && strstr(err, "not a sensible size"));
    free(err);
    err = NULL;
    struct vars none = {0};                      /* N unknown: the expression's error, naming the buffer */
    CHECK(bufbytes_count(&s, 0, &none, &c, &err) == -1 && err && !strncmp(err, "buffer a: ", 10));
    free(err);
    vars_free(&vv);
    spec_free(&s);
}

static void test_vecsum_sizes(void)
{
    struct spec s;
    char *err = NULL;
    if (spec_load("templates/vecsum.spec", &s, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    struct override ov[] = { { "N", "4099,200M", "--size" } };
    struct plan p;
    if (plan_make(&s, ov, 1, 1, 1024, &p, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); spec_free(&s); return; }
    int seen = 0;
    for (size_t pt = 0; pt < p.npoints; pt++) {
        double bytes = -1, total = -1;
        const char *name = NULL;
        CHECK(bufbytes_point(&s, &p, 0, pt, &bytes, &name, &total) == 0);
        CHECK(name && !strcmp(name, "a"));        /* a, b and c alike: the first of the largest */
        const char *n = plan_point_value(&p, pt, 0);           /* N, as numbers: 200M is 200000000 */
        if (!strcmp(n, "4099")) {
            CHECK(bytes == 4099.0 * 4);
            CHECK(total == 3 * 4099.0 * 4);       /* a + b = c: three alike, together */
            seen |= 1;
        } else if (!strcmp(n, "200000000")) {
            CHECK(bytes == 200e6 * 4);            /* 762.9 MiB, as the skipped run said */
            CHECK(total == 3 * 200e6 * 4);        /* 2.2 GiB: more than rusticl's 90% of 2 GiB */
            seen |= 2;
        }
    }
    CHECK(seen == 3);
    plan_free(&p);
    spec_free(&s);
}

int main(void)
{
    RUN(test_count);
    RUN(test_vecsum_sizes);
    CHECK_EXIT();
}
