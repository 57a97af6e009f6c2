/* summary_warn.c — the summary's WARNING lines: what each flag (or an unconverged row) means for
 * the numbers, said once per kind under the tables. */
#include "summary.h"
#include "summary_warn.h"
#include "peakcause.h"
#include "lib/calledas.h"
#include "lib/stats.h"
#include "store/rowstatus.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What a flag (or an unconverged row) means for the numbers, said once per kind under the tables:
 * says of several rows, one of one ("1 row(s) have" read as a slip); where a column measures how far
 * (range), the flagged rows' values of it are said at @RANGE@, and what clx run --resume does to them (a
 * sweep's and a search's differ: rundir_cut_resume), the command whole (clx_doc_cmd's words first), at @RESUME@; why
 * rows are above the peak, the likelier cause first (their sol_note tells: peakcause.h), at @CAUSE@. To add a
 * kind: a row, both forms. */
static const struct { const char *col, *text, *says, *one, *range; } warning_kinds[] = {
    {"flag", "IMPOSSIBLE", "are above the device's theoretical peak: @CAUSE@", "is above the device's theoretical peak: @CAUSE@", NULL},
    {"flag", "pruned:", "hold fewer instructions than the spec's expect: the compiler removed work (flag pruned:)",
     "holds fewer instructions than the spec's expect: the compiler removed work (flag pruned:)", NULL},
    {"flag", "event>host", "have event times longer than the host's wait around them: the device's timer is not to be trusted (flag event>host)",
     "has event times longer than the host's wait around them: the device's timer is not to be trusted (flag event>host)", NULL},
    {"flag", "event<<host", "have event times under 1% of the host's: the events do not time the kernel (flag event<<host)",
     "has event times under 1% of the host's: the events do not time the kernel (flag event<<host)", NULL},
    {"flag", "throttled", "ran with the SM clock below 90% of its maximum (flag throttled; pct_fp32_at_clock)",
     "ran with the SM clock below 90% of its maximum (flag throttled; pct_fp32_at_clock)", NULL},
    {"flag", "cache-resident", "moved data that fits the device's last-level cache (flag cache-resident): their GB/s are the cache's, not the memory's",
     "moved data that fits the device's last-level cache (flag cache-resident): its GB/s are the cache's, not the memory's", NULL},
    {"flag", "launch-bound", "took under twice the device's time for an empty launch (flag launch-bound): their time is mostly the launch's cost, which moves by a few % from one process to the next (docs/timing.md)",
     "took under twice the device's time for an empty launch (flag launch-bound): its time is mostly the launch's cost, which moves by a few % from one process to the next (docs/timing.md)", NULL},
    {"flag", "shared", "were timed while another clx ran on the same device at the same time (flag shared; --share-device is what lets two run at once): their times are not the device's alone",
     "was timed while another clx ran on the same device at the same time (flag shared; --share-device is what lets two run at once): its times are not the device's alone", NULL},
    {"flag", "noisy", "have a standard error above 1% of their time@RANGE@ (their rounds' scatter): another run may put them about that far elsewhere, and a difference of that size says nothing (flag noisy; columns time_se, spread)",
     "has a standard error above 1% of its time@RANGE@ (its rounds' scatter): another run may put it about that far elsewhere, and a difference of that size says nothing (flag noisy; columns time_se, spread)", "time_se"},
    {"flag", ROUNDS_CUT_FLAG, "were kept at a stop with only some of their rounds (flag " ROUNDS_CUT_FLAG "; timing_note says how many): @RESUME@",
     "was kept at a stop with only some of its rounds (flag " ROUNDS_CUT_FLAG "; timing_note says how many): @RESUME@", NULL},
    {"converged", "no", "did not reach --target-cv within --max-time (converged no: their times are less certain)",
     "did not reach --target-cv within --max-time (converged no: its times are less certain)", NULL},
};

const char *summary_flag_says(const char *flag)
{
    for (size_t k = 0; k < sizeof warning_kinds / sizeof *warning_kinds; k++)
        if (!strcmp(warning_kinds[k].col, "flag") && !strcmp(warning_kinds[k].text, flag) && !warning_kinds[k].range &&
            !strchr(warning_kinds[k].says, '@'))
            return warning_kinds[k].says;
    return NULL;
}

/* range_said: ": time_se 1.2-43%, 3.1% in the median" over the values of column rc (a fraction) of
 * the n rows in rows[]; one value as one (": time_se 24%"), and rows that all read the same as it
 * (": time_se 24% each"), not as a range of one ("24-24%"); "" where none has one (a new string). */
static char *range_said(const struct rundir *r, int rc, const char *name, const int *rows, int n)
{
    double *v = xmalloc(sizeof *v * (size_t)(n + 1));
    int m = 0;
    for (int k = 0; k < n && rc >= 0; k++) {
        double x = table_num(&r->t, rows[k], rc);
        if (isfinite(x)) v[m++] = x;
    }
    char *s = xstrdup("");
    if (m) {
        double lo = v[0], hi = v[0];
        for (int k = 1; k < m; k++) { lo = fmin(lo, v[k]); hi = fmax(hi, v[k]); }
        free(s);
        char a[24], b[24], c[24];
        fmt_pct(a, sizeof a, 100 * lo);
        fmt_pct(b, sizeof b, 100 * hi);
        if (!strcmp(a, b)) s = xasprintf(": %s %s%s", name, a, m > 1 ? " each" : "");
        else {
            a[strlen(a) - 1] = '\0';           /* "2-30%": the range's one sign, after its end */
            s = xasprintf(": %s %s-%s, %s in the median", name, a, b, fmt_pct(c, sizeof c, 100 * stats_median(v, m)));
        }
    }
    free(v);
    return s;
}

void summary_warnings(const struct rundir *r, FILE *out, int markdown)
{
    int *rows = xmalloc(sizeof *rows * (size_t)(r->t.nrows + 1));
    for (size_t k = 0; k < sizeof warning_kinds / sizeof *warning_kinds; k++) {
        int col = table_col(&r->t, warning_kinds[k].col), n = 0;
        if (col < 0) continue;
        for (int i = 0; i < r->t.nrows; i++) {
            /* Of the rows that are results: a FAIL row keeps its time and its flags, but what its
             * time is worth does not matter (its answer was wrong). */
            if (!row_status_measured(table_cell(&r->t, i, r->c_status))) continue;
            const char *cell = table_cell(&r->t, i, col);
            if (!strcmp(warning_kinds[k].col, "flag") ? strstr(cell, warning_kinds[k].text) != NULL
                                                      : !strcmp(cell, warning_kinds[k].text))
                rows[n++] = i;
        }
        if (!n) continue;
        const char *rn = warning_kinds[k].range, *says = n == 1 ? warning_kinds[k].one : warning_kinds[k].says;
        const char *mark = NULL, *at = NULL;
        static const char *const marks[] = { "@RANGE@", "@RESUME@", "@CAUSE@" };
        for (int m = 0; m < 3 && !at; m++) at = strstr(says, mark = marks[m]);
        char *fill = !at ? xstrdup("") : rn ? range_said(r, table_col(&r->t, rn), rn, rows, n)
                   : !strcmp(mark, "@CAUSE@") ? xstrdup(peak_cause_said(r, rows, n))
                   : rundir_is_tune_pass(r) ? xstrdup(RUNDIR_PASS_NO_RESUME)
                   : xasprintf("%s run --resume %s", markdown ? clx_doc_cmd() : clx_cmd(), rundir_cut_resume(r, n));
        fprintf(out, "\n%s %d row%s %.*s%s%s.\n", markdown ? "**Warning:**" : "WARNING:", n, n == 1 ? "" : "s",
                at ? (int)(at - says) : (int)strlen(says), says, fill, at ? at + strlen(mark) : "");
        free(fill);
    }
    free(rows);
}
