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
        double bytes = -1;
        const char *name = NULL;
        CHECK(bufbytes_point(&s, &p, 0, pt, &bytes, &name) == 0);
        CHECK(name && !strcmp(name, "a"));        /* a, b and c alike: the first of the largest */
        const char *n = plan_point_value(&p, pt, 0);           /* N, as numbers: 200M is 200000000 */
        if (!strcmp(n, "4099")) {
            CHECK(bytes == 4099.0 * 4);
            seen |= 1;
        } else if (!strcmp(n, "200000000")) {
            CHECK(bytes == 200e6 * 4);            /* 762.9 MiB, as the skipped run said */
            seen |= 2;
        }
    }
    CHECK(seen == 3);
    plan_free(&p);
    spec_free(&s);
}

int main(void)
{
    RUN(test_vecsum_sizes);
    CHECK_EXIT();
}
