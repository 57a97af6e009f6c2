/* run_console.c — what a run says on the console as it goes: each row's line, the reason a row is
 * not ok (once per distinct reason), and where the time went. */
#include "run_impl.h"
#include "lib/decround.h"
#include "lib/phase.h"
#include "report/ratecol.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *run_point_label(const struct plan *p, const struct row *w, size_t pt)
{
    struct sbuf b = {0};
    for (int a = 0; a < p->naxes; a++) {
        int is_local = !strcmp(p->axis_names[a], "local");
        if (is_local) sb_printf(&b, " local=%s", w && *row_get(w, COL_local) ? row_get(w, COL_local) : plan_point_value(p, pt, a));
        else if (p->axis_values[a].n > 1) sb_printf(&b, " %s=%s", p->axis_names[a], plan_point_value(p, pt, a));
    }
    return b.s ? b.s : xstrdup("");
}

void run_say_reason(struct runner *r, const struct row *w, int v, int b, size_t pt, enum row_status status,
                       const char *why)
{
    if (row_status_is_measured(status)) return;
    int said = status == RS_FAIL && !r->o->quiet;   /* every FAIL row is said outside --quiet */
    if (!reasons_add(&r->tally.reasons, row_status_word(status), why, said) && !said) return;
    char *where = run_point_label(&r->plan, w, pt);
    progress_clear(&r->progress);
    warn("%s %s %s%s: %s", row_status_word(status), r->plan.variants[v].id, plan_build_label(r->plan.builds.v[b]), where,
         why && *why ? why : "(no reason given)");
    free(where);
}

/* print_rate: "  FIG UNIT", the figure as every rate column shows it (rate_fig: "2.4", "0.056", "0.047"),
 * right in width, the unit padded to unit_w; blanks of the same width when there is none. One decimal
 * from 0.05 up read 0.0563 GB/s as "0.1" beside 0.047, and the by-work-group table the same. */
static void print_rate(double x, int width, const char *unit, int unit_w)
{
    char fig[32];
    if (!isfinite(x)) printf("  %*s %*s", width, "", unit_w, "");
    else printf("  %*s %-*s", width, rate_fig(fig, sizeof fig, x), unit_w, unit);
}

/* kept_rate: the rate results.tsv keeps in col, as the summary's tables read it back, so that the row
 * line and they print the same digits (rounding the unrounded rate could differ at a last digit);
 * the measured x where the row holds none. */
static double kept_rate(const struct row *w, enum column_id col, double x)
{
    double kept;
    return parse_number(row_get(w, col), &kept) == 0 ? kept : x;
}

/* print_where: a row's line up to its time: variant, build and launch point, in columns. */
static void print_where(struct runner *r, const struct row *w, int v, int b, size_t pt)
{
    progress_clear(&r->progress);
    if (!r->where_w) {
        for (size_t p = 0; p < r->plan.npoints; p++) {
            char *l = run_point_label(&r->plan, NULL, p);
            if ((int)strlen(l) > r->where_w) r->where_w = (int)strlen(l);
            free(l);
        }
        /* A row's local size of several dimensions reads "128x1": room for each further one. */
        if (r->s->global.n > 1) r->where_w += 5 * (r->s->global.n - 1);
    }
    char *where = run_point_label(&r->plan, w, pt);
    printf("  %-22s %-16.16s%-*s", r->plan.variants[v].id, plan_build_label(r->plan.builds.v[b]), r->where_w, where);
    free(where);
}

void run_print_kept(struct runner *r, const struct row *w, int v, int b, size_t pt, int kept_rounds)
{
    if (r->o->quiet) return;
    print_where(r, w, v, b, pt);
    printf("  kept the earlier row of %d rounds (measured again, this stop cut it at %s)\n", kept_rounds,
           row_get(w, COL_rounds));
    fflush(stdout);
}

void run_print_row(struct runner *r, const struct row *w, int v, int b, size_t pt, const struct measured *m,
                   enum row_status status)
{
    if (r->o->quiet) return;
    print_where(r, w, v, b, pt);
    /* Fixed columns, blank where a row has no value (skipped, error; a FAIL row keeps the time its
     * trials took), so statuses line up; the rate columns only where the spec defines the work. */
    int timed = m->median_ms > 0;
    /* From the figure results.tsv keeps, rounded on its digits as the Best table reads it back
     * (lib/decround.h): from the unrounded time, 2.5629512 printed 2.5630 here and its kept 2.56295
     * 2.5629 there. */
    char kept[64];
    const char *ms = timed ? dec_round(kept, sizeof kept, row_get(w, COL_median_ms), 4, 1) : NULL;
    if (ms) printf("  %9s ms", ms);
    else if (timed) printf("  %9.4f ms", m->median_ms);
    else printf("%14s", "");   /* as wide as "  %9.4f ms" */
    /* Each rate by the summary's rule (ratecol.h, rate_row_shown): one that adds nothing beside the
     * other (volkov_fma's 0.00049 GB/s beside its GFLOP/s) is left out here as the best table leaves it. */
    double gb = r->s->bytes && timed ? kept_rate(w, COL_gbs, m->gbs) : NAN;
    double gf = r->s->flops && timed ? kept_rate(w, COL_gflops, m->gflops) : NAN;
    if (r->s->bytes) print_rate(rate_row_shown(gb, gf) ? gb : NAN, 8, "GB/s", 4);
    /* Integer work (the spec's flops_peak) in GOP/s, as clx devices --peaks and the report say it;
     * the unit as wide as GFLOP/s, so that the status column lines up. */
    if (r->s->flops)
        print_rate(rate_row_shown(gf, gb) ? gf : NAN, 9, m->op_unit ? m->op_unit : "GFLOP/s", (int)strlen("GFLOP/s"));
    printf("  %s", row_status_word(status));
    /* Checked against a baseline variant, ok is agreement with another kernel, which one broken as
     * it is shares: said where the status is read, and the baseline's own row as the answer. */
    if (r->s->baseline && r->o->verify != VERIFY_OFF && row_status_whole(status) == RS_OK)
        printf(" (agrees with baseline %s)", r->s->baseline);
    else if (r->s->baseline && r->o->verify != VERIFY_OFF && status == RS_UNVERIFIED)
        printf(" (the baseline: the other variants are checked against it)");
    if (*row_get(w, COL_flag)) printf(" [%s]", row_get(w, COL_flag));
    /* A time of other work is no comparison (a -cl-opt-disable build given 64x fewer loop trips
     * reads 20x faster): the line says so where the eye reads the time, the row's note at length. */
    struct rel_rec rec = relative_rec(v, b, pt, status, m->median_ms, m->gflops, m->gbs);
    enum launchwork_unit u;
    double work = relative_build_work(&r->rel, &rec, &u);
    if (work > 0) {
        char x[64];
        printf("  (%s work than %s: compare %s/s, not ms)", launchwork_times_words(x, sizeof x, work, work),
               plan_build_label(r->plan.builds.v[0]), launchwork_unit_name(u));
    }
    printf("\n");
    fflush(stdout);
}

double run_wall_s(const struct runner *r)
{
    return now_seconds() - (r->o->run_t0 > 0 ? r->o->run_t0 : r->t0);
}

void run_time_earlier(const struct run_opts *o)
{
    phase_add(PH_TIMEDOUT, o->timedout_s);
    phase_add(PH_EARLIER, o->earlier_s);
}

void run_print_times(const struct runner *r)
{
    double k = phase_get(PH_KERNELS), rest = r->wall_s;
    printf("clx: time: wall %.1f s; kernels %.2f s (warm-ups and trials, by %s)", r->wall_s, k,
           r->dev.timer.host ? "the host clock" : "the device's events");
    /* Only the parts that took time (run.json has every one): most runs have no preheat, no
     * flushes, no probes. What no part names is said last, so that it cannot hide. */
    const char *sep = ";";
    for (int p = 0; p < PH_N; p++) {
        rest -= phase_get(p);
        if (p == PH_KERNELS || phase_get(p) < 0.005) continue;
        printf("%s %s %.2f s", sep, phase_name(p), phase_get(p));
        sep = ",";
    }
    printf("%s unnamed %.2f s", sep, rest > 0 ? rest : 0);
    if (k > 0) printf("; wall / kernel time %.1fx", r->wall_s / k);
    printf("\n");
    /* What the two largest parts of a sweep of tiny kernels are, and why they are there. */
    char *why = blocker_why_wall(&r->dev.blk, phase_get(PH_HOLD), phase_get(PH_LAUNCH), r->wall_s);
    if (why) printf("clx: time: %s\n", why);
    free(why);
}

