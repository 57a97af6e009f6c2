/* run_console.c — what a run says on the console as it goes: each row's line, the reason a row is
 * not ok (once per distinct reason), and where the time went. */
#include "run_impl.h"
#include "phase.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *run_point_label(const struct runner *r, const struct row *w, size_t pt)
{
    struct sbuf b = {0};
    for (int a = 0; a < r->plan.naxes; a++) {
        int is_local = !strcmp(r->plan.axis_names[a], "local");
        if (is_local) sb_printf(&b, " local=%s", w && *row_get(w, "local") ? row_get(w, "local") : plan_point_value(&r->plan, pt, a));
        else if (r->plan.axis_values[a].n > 1) sb_printf(&b, " %s=%s", r->plan.axis_names[a], plan_point_value(&r->plan, pt, a));
    }
    return b.s ? b.s : xstrdup("");
}

void run_say_reason(struct runner *r, const struct row *w, int v, int b, size_t pt, const char *status,
                       const char *why)
{
    int fail = !strcmp(status, "FAIL");
    if (row_status_measured(status)) return;
    if (!reasons_add(&r->reasons, status, why) && !(fail && !r->o->quiet)) return;
    char *where = run_point_label(r, w, pt);
    progress_clear(&r->progress);
    warn("%s %s %s%s: %s", status, r->plan.variants[v].id, plan_build_label(r->plan.builds.v[b]), where,
         why && *why ? why : "(no reason given)");
    free(where);
}

void run_print_row(struct runner *r, const struct row *w, int v, int b, size_t pt, const struct measured *m,
                      const char *status)
{
    if (r->o->quiet) return;
    progress_clear(&r->progress);
    char *where = run_point_label(r, w, pt);
    printf("  %-22s %-16.16s%s", r->plan.variants[v].id, plan_build_label(r->plan.builds.v[b]), where);
    free(where);
    if (m->median_ms > 0) {
        printf("  %9.4f ms", m->median_ms);
        if (!isnan(m->gbs)) printf("  %8.1f GB/s", m->gbs);
        if (!isnan(m->gflops)) printf("  %9.1f GFLOP/s", m->gflops);
    }
    printf("  %s", status);
    if (*row_get(w, "flag")) printf(" [%s]", row_get(w, "flag"));
    printf("\n");
    fflush(stdout);
}

void run_print_times(const struct runner *r)
{
    double k = phase_get(PH_KERNELS), rest = r->wall_s;
    printf("clx: time: wall %.1f s; kernels %.2f s (warm-ups and trials, by the device's events)", r->wall_s, k);
    for (int p = 0; p < PH_N; p++) {
        rest -= phase_get(p);
        if (p != PH_KERNELS) printf("%s %s %.2f s", p == 0 ? ";" : ",", phase_name(p), phase_get(p));
    }
    printf(", the rest %.2f s (buffers, bookkeeping)", rest > 0 ? rest : 0);
    if (k > 0) printf("; wall / kernel time %.1fx", r->wall_s / k);
    printf("\n");
}

