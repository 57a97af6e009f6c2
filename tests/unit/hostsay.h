/* hostsay.h — the host-load runs the unit tests make and compare's host-load line said of them as a
 * string (compare_hostload.h): shared by test_hostload.c and test_hostload_lean.c. */
#ifndef HOSTSAY_H
#define HOSTSAY_H
#include "report/compare_hostload.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* rundir_of: a run as compare reads it, with only run.json's host_load (others' share x; NAN: no
 * host_load, a GPU's run). runjson_free(&r->rj) frees it. */
static inline void rundir_of(struct rundir *r, double x)
{
    memset(r, 0, sizeof *r);
    runjson_init(&r->rj);
    if (!isnan(x)) r->rj.host_load = (struct rj_host_load){ .has = 1, .cpus = 2, .others_share = x, .clx_share = 0.5 };
}

/* say_apart: what clx compare says of B's host load against A's, B's shift m (Markdown where md); *rc
 * cmp_hostload_say's answer. A new string. */
static inline char *say_apart(const struct rundir *a, const struct rundir *b, const struct run_shift *m, int md, int *rc)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    *rc = cmp_hostload_say(f, "compare", a, "A", b, "B", m, md);
    fclose(f);
    return buf;
}
#endif
