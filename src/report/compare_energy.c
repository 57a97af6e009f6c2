/* compare_energy.c — energy beside time in `clx compare`: per configuration the energy per unit of
 * work of each side against A (by GFLOP/J, else GB/J, else J per launch: the same configuration
 * does the same work on both sides, but along --by variant it may not). */
#include "compare_energy.h"
#include "compare_declwork.h"
#include "lib/stats.h"
#include <math.h>
#include <stdlib.h>

static double cell(const struct cmp_join *j, int c, int s, const char *col)
{
    const struct rundir *r = j->side[s].r;
    int row = j->where[c * j->n + s], k = table_col(&r->t, col);
    return row >= 0 && k >= 0 ? table_num(&r->t, row, k) : NAN;
}

double cmp_energy_ratio(const struct cmp_join *j, int c, int s)
{
    /* The same kernels, their work declared otherwise: a launch's energy, as its time (compare_declwork.h). */
    int timed = cmp_timed(j, 0, s);
    double a = cell(j, c, 0, "gflop_per_j"), b = cell(j, c, s, "gflop_per_j");
    if (!timed && a > 0 && b > 0) return a / b;
    a = cell(j, c, 0, "gb_per_j");
    b = cell(j, c, s, "gb_per_j");
    if (!timed && a > 0 && b > 0) return a / b;
    a = cell(j, c, 0, "energy_j");
    b = cell(j, c, s, "energy_j");
    return a > 0 && b > 0 ? b / a : NAN;
}

void cmp_energy_head(const struct cmp_join *j, struct strlist *head)
{
    for (int s = 0; s < j->n; s++) sl_push_own(head, xasprintf("energy_j_%c", 'A' + s));
    for (int s = 1; s < j->n; s++) sl_push_own(head, xasprintf("energy_ratio_%c", 'A' + s));
}

void cmp_energy_cells(const struct cmp_join *j, int c, struct strlist *v)
{
    for (int s = 0; s < j->n; s++) {
        double x = cell(j, c, s, "energy_j");
        sl_push_own(v, isfinite(x) ? xasprintf("%.6g", x) : xstrdup(""));
    }
    for (int s = 1; s < j->n; s++) {
        double x = cmp_energy_ratio(j, c, s);
        sl_push_own(v, isfinite(x) ? xasprintf("%.6g", x) : xstrdup(""));
    }
}

void cmp_energy_line(FILE *out, const struct cmp_join *j, const int *common, int n, int s)
{
    double logsum = 0;
    int m = 0;
    for (int k = 0; k < n; k++) {
        double x = cmp_energy_ratio(j, common[k], s);
        if (x > 0 && isfinite(x)) { logsum += log(x); m++; }
    }
    if (!m) {
        fprintf(out, "\nEnergy: no configuration has an energy on both sides (clx run --energy; run.json's energy says why "
                     "not).\n");
        return;
    }
    /* A launch's energy where the two specs declare other work for the same kernels (cmp_energy_ratio). */
    fprintf(out, "\nEnergy %s against A: %.4gx (geometric mean over the %d configuration%s with an energy on "
                 "both sides; below 1 this side spends less; compare.tsv's energy_ratio_%c has each).\n",
            cmp_timed(j, 0, s) ? "per launch" : "per unit of work", exp(logsum / m), m, m > 1 ? "s" : "", 'A' + s);
    double dt = cmp_energy_temp_diff(j, common, n, s);
    if (fabs(dt) >= ENERGY_TEMP_SAY_C)
        fprintf(out, "%c's rows ran %.0f C %s than A's (their energy windows' temperature, energy_temp_c, else temp_c; "
                     "the median configuration with an energy on both sides): a card draws more power warm than cold for the same work (an H100's first run after a "
                     "start, 2-6 C cooler, drew up to 2%% less: docs/energy.md), so part of this ratio is temperature.\n",
                'A' + s, fabs(dt), dt > 0 ? "warmer" : "cooler");
}

double cmp_energy_temp_diff(const struct cmp_join *j, const int *common, int n, int s)
{
    double *d = xmalloc(sizeof *d * (size_t)(n ? n : 1));
    int m = 0;
    for (int k = 0; k < n; k++) {
        /* The window's own temperature where both rows have it; temp_c (after the trials) else. */
        double ta = cell(j, common[k], 0, "energy_temp_c"), tb = cell(j, common[k], s, "energy_temp_c");
        if (!(ta > 0 && tb > 0)) {
            ta = cell(j, common[k], 0, "temp_c");
            tb = cell(j, common[k], s, "temp_c");
        }
        if (ta > 0 && tb > 0 && cmp_energy_ratio(j, common[k], s) > 0) d[m++] = tb - ta;
    }
    double med = m ? stats_median(d, m) : 0;
    free(d);
    return med;
}
