/* report_atlas.c — report.md's atlas for a run with probes (peaks): each line measured at its best,
 * the theoretical figure it counts against and the share of it, and where it was reached. */
#include "report.h"
#include "sol/measuredpeaks.h"
#include "lib/calledas.h"
#include "measured.h"
#include "quickrun.h"
#include "lib/texttab.h"
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>

void report_atlas(FILE *out, const struct rundir *r)
{
    char *pp = path_join(r->dir, "probes.tsv");
    struct stat st;
    int has = stat(pp, &st) == 0;
    free(pp);
    if (!has) return;
    struct atlas_line *a;
    char *curve;
    int n = measured_atlas(r, r->dir, &a, &curve);
    fprintf(out, "\n## The atlas\n\n");
    /* What the run is (sol_peaks_what), as `clx devices --peaks` and a run reading it say it. */
    struct sol_peaks_what w;
    sol_peaks_what_of(r, &w);
    if (w.quick) {
        char *q = quick_run_said(1, 1);
        fprintf(out, "%s, so these are not the device's limits (`%s run %s` measures them).\n\n", q, clx_doc_cmd(), r->experiment);
        free(q);
    } else if (w.narrowed)
        fprintf(out, "A run narrowed by `%s`: not the whole sweep at its sizes, so these are not the device's limits, "
                     "and a run reads none of them unless `--peaks` names it (`%s run %s` measures them).\n\n",
                w.narrowed, clx_doc_cmd(), r->experiment);
    sol_peaks_what_free(&w);
    fprintf(out, "Each variant at its best verified configuration, then the probes (median of their trials): the "
                 "theoretical figure is the peak the line counts against (run.json `peak`, with its source), blank "
                 "where none is known. A variant's row above its peak is flagged IMPOSSIBLE and left out here (the "
                 "work was probably optimised away); a probe above its figure says so in its note (probes.tsv).\n\n");
    fprintf(out, "| line | measured | unit | theoretical | %% of it | where |\n|---|---:|---|---:|---:|---|\n");
    for (int k = 0; k < n; k++) {
        char *what = tt_md_escape(a[k].what), *where = tt_md_escape(a[k].where ? a[k].where : "");
        char *v = atlas_number(a[k].value), *p = isnan(a[k].peak) ? xstrdup("") : atlas_number(a[k].peak);
        fprintf(out, "| %s | %s | %s | %s | ", what, v, a[k].unit, p);
        if (isnan(a[k].peak)) fprintf(out, " | ");
        else fprintf(out, "%.1f%% | ", 100 * a[k].value / a[k].peak);
        free(v);
        free(p);
        fprintf(out, "%s |\n", where);
        free(what);
        free(where);
    }
    if (!n) fprintf(out, "| (no row ran and verified) | | | | | |\n");
    if (curve) fprintf(out, "\nThe memory levels stand for %s.\n", curve);
    measured_atlas_free(a, n);
    free(curve);
}
