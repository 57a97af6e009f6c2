/* compare.c — `clx compare`: the sides compare_join.c puts together, a verdict per configuration
 * and side (SAME, FASTER, SLOWER, UNSURE: verdict.c) against the first side, their counts and the
 * geometric means per variant and build; console, compare.tsv, compare.md and two bar plots. */
#include "compare.h"
#include "compare_join.h"
#include "compare_energy.h"
#include "compare_noise.h"
#include "plot.h"
#include "store/results.h"
#include "lib/stats.h"
#include "lib/texttab.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

char *compare_out_dir(const char *root, const char *exp)
{
    char stamp[32];
    time_t t = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
    char *slug = slugify(exp), *p = xasprintf("%s/compare-%s-%s", root, slug, stamp);
    free(slug);
    return p;
}

/* One configuration against side 0, for one other side. */

/* A (variant, build) of side 0 and what the other sides' configurations in it gave. */
struct group {
    char *variant, *build;
    int n;                       /* configurations in common */
    int *count;                  /* [side * 4 + verdict] */
    double *logsum;              /* [side]: log speed-ups, every configuration */
    double *logdecided;          /* [side]: log speed-ups of the decided ones */
};

static struct group *group_of(struct group **g, int *ng, const char *variant, const char *build, int n)
{
    for (int i = 0; i < *ng; i++)
        if (!strcmp((*g)[i].variant, variant) && !strcmp((*g)[i].build, build)) return &(*g)[i];
    *g = xrealloc(*g, sizeof **g * (size_t)(*ng + 1));
    struct group *x = &(*g)[(*ng)++];
    *x = (struct group){ xstrdup(variant), xstrdup(build), 0, xcalloc((size_t)n * 4, sizeof(int)),
                         xcalloc((size_t)n, sizeof(double)), xcalloc((size_t)n, sizeof(double)) };
    return x;
}

/* The whole comparison once decided: a cell per configuration in common and side, and groups. */
struct outcome {
    int *common;                 /* [k]: the k-th configuration in common */
    int ncommon;
    struct cmp_cell *cell;           /* [k * n + side] (side 0 unused) */
    struct group *g;
    int ng;
    int slower;                  /* configurations SLOWER on some side */
    double *noise;               /* [side]: run-to-run noise over what the rounds show (cmp_run_noise) */
};

/* decide_all: every cell; then, for a side that is another run on the same device model, again
 * with the run-to-run noise its cells show beyond their rounds (cmp_run_noise); then the tallies. */
static void decide_all(const struct cmp_join *j, const struct verdict_rule *rule, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    o->common = xcalloc((size_t)j->ncommon + 1, sizeof *o->common);
    o->cell = xcalloc((size_t)(j->ncommon + 1) * (size_t)j->n, sizeof *o->cell);
    o->noise = xcalloc((size_t)j->n, sizeof *o->noise);
    for (int c = 0; c < j->nconf; c++)
        if (cmp_in_all(j, c)) o->common[o->ncommon++] = c;
    for (int s = 1; s < j->n; s++) {
        for (int k = 0; k < o->ncommon; k++) cmp_decide(j, o->common[k], 0, s, rule, 0, &o->cell[k * j->n + s]);
        o->noise[s] = cmp_same_device(j, 0, s) ? cmp_run_noise(&o->cell[s], o->ncommon, j->n, cmp_same_setup(j, 0, s)) : 1;
        for (int k = 0; k < o->ncommon && o->noise[s] > 1; k++) {
            struct cmp_cell *x = &o->cell[k * j->n + s];
            if (!x->paired) cmp_decide(j, o->common[k], 0, s, rule, x->v.se * sqrt(o->noise[s] * o->noise[s] - 1), x);
        }
    }
    const struct rundir *a = j->side[0].r;
    for (int k = 0; k < o->ncommon; k++) {
        int ia = j->where[o->common[k] * j->n];
        const char *variant = j->along == 0 ? "(each)" : table_cell(&a->t, ia, a->c_variant);
        const char *build = j->along == 1 ? "(each)" : table_cell(&a->t, ia, a->c_build);
        struct group *g = group_of(&o->g, &o->ng, variant, build, j->n);
        g->n++;
        int slower = 0;
        for (int s = 1; s < j->n; s++) {
            const struct cmp_cell *x = &o->cell[k * j->n + s];
            g->count[s * 4 + x->v.v]++;
            g->logsum[s] += log(x->speedup);
            if (x->v.v == VERDICT_FASTER || x->v.v == VERDICT_SLOWER) g->logdecided[s] += log(x->speedup);
            slower |= x->v.v == VERDICT_SLOWER;
        }
        o->slower += slower;
    }
}

static void outcome_free(struct outcome *o)
{
    for (int i = 0; i < o->ng; i++) {
        free(o->g[i].variant); free(o->g[i].build); free(o->g[i].count); free(o->g[i].logsum); free(o->g[i].logdecided);
    }
    free(o->g);
    free(o->cell);
    free(o->common);
    free(o->noise);
}

static void ratio_cell(struct texttab *t, double x)
{
    char b[32];
    if (isfinite(x)) tt_cell(t, "%s", fmt_ratio(b, sizeof b, x));
    else tt_cell(t, "-");
}

/* point_of: configuration c's launch point (with local) and, compared along a launch axis or
 * none, nothing more; a new string, "-" when nothing varies. */
static char *point_of(const struct cmp_join *j, int c)
{
    const struct rundir *a = j->side[0].r;
    int ia = j->where[c * j->n];
    char *p = rundir_point(a, ia, 1);
    if (*p) return p;
    free(p);
    return xstrdup("-");
}

/* summary_table: per group and side, the verdicts' counts and the geometric means of the speed-ups
 * (of every configuration, and of the decided ones). */
static void summary_table(const struct outcome *o, int s, struct texttab *t)
{
    tt_head(t, (const char *const []){ "variant", "build", "rows", "SAME", "FASTER", "SLOWER", "UNSURE", "speed-up",
                                       "decided speed-up", NULL });
    int total[4] = {0}, n = 0, nd = 0;
    double all = 0, dec = 0;
    for (int i = 0; i < o->ng; i++) {
        const struct group *g = &o->g[i];
        int d = g->count[s * 4 + VERDICT_FASTER] + g->count[s * 4 + VERDICT_SLOWER];
        tt_cell(t, "%s", g->variant);
        tt_cell(t, "%s", g->build);
        tt_cell(t, "%d", g->n);
        for (int v = 0; v < 4; v++) { tt_cell(t, "%d", g->count[s * 4 + v]); total[v] += g->count[s * 4 + v]; }
        ratio_cell(t, exp(g->logsum[s] / g->n));
        ratio_cell(t, d ? exp(g->logdecided[s] / d) : NAN);
        n += g->n; nd += d; all += g->logsum[s]; dec += g->logdecided[s];
    }
    tt_cell(t, "all");
    tt_cell(t, "%s", "");
    tt_cell(t, "%d", n);
    for (int v = 0; v < 4; v++) tt_cell(t, "%d", total[v]);
    ratio_cell(t, n ? exp(all / n) : NAN);
    ratio_cell(t, nd ? exp(dec / nd) : NAN);
}

/* floor_median: the median noise floor of side s's comparisons (what the rows could decide). */
static double floor_median(const struct cmp_join *j, const struct outcome *o, int s, int *unsure)
{
    double *f = xcalloc((size_t)o->ncommon + 1, sizeof *f);
    *unsure = 0;
    for (int k = 0; k < o->ncommon; k++) {
        f[k] = o->cell[k * j->n + s].v.floor;
        *unsure += o->cell[k * j->n + s].v.v == VERDICT_UNSURE;
    }
    double m = o->ncommon ? stats_median(f, o->ncommon) : 0;
    free(f);
    return m;
}

/* noise_line: what the noise let side s's comparison decide, and what to do when it did not. */
static void noise_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, const struct verdict_rule *rule)
{
    struct noise_said n = { j->side[s].label, 0, o->noise[s], rule->min_effect, 0, o->ncommon, j->nruns };
    n.floor = floor_median(j, o, s, &n.unsure);
    compare_noise_line(out, &n);
}

static void write_tsv(const struct cmp_join *j, const struct outcome *o, const char *dir, int *werr)
{
    const struct rundir *a = j->side[0].r;
    struct tsv_out tsv;
    char *path = path_join(dir, "compare.tsv");
    if (tsv_open(&tsv, path)) { warn("compare: cannot write %s: %s", path, strerror(errno)); free(path); *werr = 1; return; }
    struct strlist head = {0};
    if (j->by_name) sl_push(&head, "params");   /* the ids' parameters: naive and float4 at EXTRA=2 */
    for (int k = 0; k < a->id_names.n; k++)
        if (k != j->along) sl_push(&head, a->id_names.v[k]);
    for (int s = 0; s < j->n; s++) {
        sl_push_own(&head, xasprintf("median_ms_%c", 'A' + s));
        sl_push_own(&head, xasprintf("gflops_%c", 'A' + s));
        sl_push_own(&head, xasprintf("gbs_%c", 'A' + s));
    }
    static const char *const per[] = { "time_ratio", "speedup", "verdict", "p", "floor", "paired" };
    for (int s = 1; s < j->n; s++)
        for (int q = 0; q < 6; q++) sl_push_own(&head, xasprintf("%s_%c", per[q], 'A' + s));
    cmp_energy_head(j, &head);
    tsv_header(&tsv, &head);
    for (int k = 0; k < o->ncommon; k++) {
        int c = o->common[k], ia = j->where[c * j->n];
        struct strlist v = {0};
        if (j->by_name) sl_push(&v, cmp_params(j, c));
        for (int q = 0; q < a->id_names.n; q++)
            if (q != j->along) sl_push(&v, table_cell(&a->t, ia, a->id_col[q]));
        for (int s = 0; s < j->n; s++) {
            const struct rundir *r = j->side[s].r;
            int i = j->where[c * j->n + s];
            sl_push(&v, table_cell(&r->t, i, r->c_median));
            sl_push(&v, table_cell(&r->t, i, r->c_gflops));
            sl_push(&v, table_cell(&r->t, i, r->c_gbs));
        }
        for (int s = 1; s < j->n; s++) {
            const struct rundir *r = j->side[s].r;
            const struct cmp_cell *x = &o->cell[k * j->n + s];
            sl_push_own(&v, xasprintf("%.6g", table_num(&r->t, j->where[c * j->n + s], r->c_median) / table_num(&a->t, ia, a->c_median)));
            sl_push_own(&v, xasprintf("%.6g", x->speedup));
            sl_push_own(&v, xasprintf("%s%s", verdict_name(x->v.v), x->clock ? " (clock)" : ""));
            sl_push_own(&v, xasprintf("%.3g", x->v.p));
            sl_push_own(&v, xasprintf("%.3g", x->v.floor));
            sl_push(&v, x->paired ? "yes" : "no");
        }
        cmp_energy_cells(j, c, &v);
        tsv_row(&tsv, &v);
        sl_free(&v);
    }
    if (tsv_close(&tsv)) *werr = 1;
    sl_free(&head);
    free(path);
}

/* rows_table: every configuration in common: its point, and per other side the speed-up and verdict. */
static void rows_table(const struct cmp_join *j, const struct outcome *o, struct texttab *t)
{
    const struct rundir *a = j->side[0].r;
    tt_head(t, (const char *const []){ "variant", "build", "point", NULL });
    for (int s = 1; s < j->n; s++) {
        char col[64];
        snprintf(col, sizeof col, "%c vs A", 'A' + s);
        tt_head_add(t, col);
        tt_head_add(t, "verdict");
    }
    for (int k = 0; k < o->ncommon; k++) {
        int c = o->common[k], ia = j->where[c * j->n];
        char *pt = point_of(j, c);
        const char *params = cmp_params(j, c);
        if (params) tt_cell(t, "(each):%s", params);
        else tt_cell(t, "%s", j->along == 0 ? "(each)" : table_cell(&a->t, ia, a->c_variant));
        tt_cell(t, "%s", j->along == 1 ? "(each)" : table_cell(&a->t, ia, a->c_build));
        tt_cell(t, "%s", pt);
        free(pt);
        for (int s = 1; s < j->n; s++) {
            const struct cmp_cell *x = &o->cell[k * j->n + s];
            ratio_cell(t, x->speedup);
            tt_cell(t, "%s%s", verdict_name(x->v.v), x->clock ? " (clock)" : "");
        }
    }
}

/* missing_table: configurations some side lacks: counted and listed, never dropped silently. */
static void missing_table(const struct cmp_join *j, struct texttab *t)
{
    tt_head(t, (const char *const []){ "variant", "build", "point", "measured in", NULL });
    for (int c = 0; c < j->nconf; c++) {
        if (cmp_in_all(j, c)) continue;
        struct sbuf in = {0};
        int first = -1;
        for (int s = 0; s < j->n; s++)
            if (j->where[c * j->n + s] >= 0) { sb_printf(&in, "%s%c", in.len ? ", " : "", 'A' + s); if (first < 0) first = s; }
        const struct rundir *r = j->side[first].r;
        int i = j->where[c * j->n + first];
        char *pt = rundir_point(r, i, 1);
        tt_cell(t, "%s", table_cell(&r->t, i, r->c_variant));
        tt_cell(t, "%s", table_cell(&r->t, i, r->c_build));
        tt_cell(t, "%s", *pt ? pt : "-");
        tt_cell(t, "%s", in.s);
        free(pt);
        sb_free(&in);
    }
}

static void print_sides(FILE *out, const struct cmp_join *j, int markdown)
{
    if (markdown) fprintf(out, "| side | folder | device | platform, driver | started | command |\n|---|---|---|---|---|---|\n");
    for (int s = 0; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        if (markdown)
            fprintf(out, "| %s | `%s` | %s | %s, driver %s | %s | `%s` |\n", j->side[s].label, r->dir, r->device, r->platform,
                    r->driver, r->started, r->command);
        else   /* two devices of one model (--device all on a two-GPU machine) differ only in their index */
            printf("  %s  %s  (%s %s, %s, driver %s, %s)\n", j->side[s].label, r->dir, r->device,
                   json_str(r->json, "device_index"), r->platform, r->driver, r->started);
    }
}

/* timer_used: what timed a run's rows (run.json timer.used): "host" where its device's events do
 * not time kernels, else "events" (a run from before the timer check has events). */
static const char *timer_used(const struct rundir *r)
{
    const char *u = json_str(cJSON_GetObjectItemCaseSensitive(r->json, "timer"), "used");
    return *u ? u : "events";
}

/* print_timers: a side timed otherwise than A is said: by the host clock a time holds the launch's
 * cost, which events leave out, so part of the speed-up is that. */
static void print_timers(FILE *out, const struct cmp_join *j, int markdown)
{
    const char *a = timer_used(j->side[0].r);
    for (int s = 1; s < j->n; s++) {
        const char *t = timer_used(j->side[s].r);
        if (!strcmp(t, a)) continue;
        fprintf(out, "%s%s's rows were timed by %s, A's by %s: a time by the host clock holds the launch's cost, "
                "which the events leave out, so part of the difference is that (docs/timing.md)%s\n",
                markdown ? "\n" : "clx: compare: ", j->side[s].label,
                !strcmp(t, "host") ? "the host clock (its device's events do not time kernels)" : "its events",
                !strcmp(a, "host") ? "the host clock" : "their events", markdown ? "." : "");
    }
}

/* draw: the speed-up bars (geometric mean per group and side) and, with two sides, the verdicts'
 * counts per group. 0, or -1 with *err. */
static int draw(const struct cmp_join *j, const struct outcome *o, const char *dir, char **err)
{
    const struct rundir *a = j->side[0].r;
    char *at = rundir_title(a), *sub = xasprintf("A: %s", at);
    free(at);
    struct bar_chart sp = { .name = "speedup", .title = "speed-up per unit of work against A (geometric mean over the "
                            "configurations in common)", .subtitle = sub, .ylabel = "speed-up per unit of work (geometric mean)", .ref = 1 };
    struct bar_chart vc = { .name = "verdicts", .title = "verdicts per variant and build against A", .subtitle = sub,
                            .ylabel = "configurations", .ref = NAN, .counts = 1 };
    /* Sides on other drivers or devices are named in the legend: "B" alone says nothing there. */
    for (int s = 1; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        if (strcmp(r->platform, a->platform)) sl_push_own(&sp.series, xasprintf("%s: %s", j->side[s].label, r->platform));
        else if (strcmp(r->device, a->device)) sl_push_own(&sp.series, xasprintf("%s: %s", j->side[s].label, r->device));
        else sl_push(&sp.series, j->side[s].label);
    }
    for (int v = 0; v < 4; v++) sl_push(&vc.series, verdict_name((enum speed_verdict)v));
    sp.value = xcalloc((size_t)(o->ng + 1) * (size_t)j->n, sizeof *sp.value);
    vc.value = xcalloc((size_t)(o->ng + 1) * 4, sizeof *vc.value);
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < o->ng; i++) {
        const struct group *g = &o->g[i];
        sl_push_own(&sp.groups, xasprintf("%s (%s)", g->variant, g->build));
        sl_push_own(&vc.groups, xasprintf("%s (%s)", g->variant, g->build));
        for (int s = 1; s < j->n; s++) {
            double gm = exp(g->logsum[s] / g->n);
            sp.value[i * (j->n - 1) + (s - 1)] = gm;
            lo = fmin(lo, gm);
            hi = fmax(hi, gm);
        }
        for (int v = 0; v < 4; v++) vc.value[i * 4 + v] = g->count[1 * 4 + v];
    }
    sp.ylog = hi / lo > 20;
    int rc = plot_bars(&sp, dir, err);
    if (!rc && j->n == 2) rc = plot_bars(&vc, dir, err);
    free(sp.value); free(vc.value);
    sl_free(&sp.groups); sl_free(&sp.series); sl_free(&vc.groups); sl_free(&vc.series);
    free(sub);
    return rc;
}

static void write_md(const struct cmp_join *j, const struct outcome *o, const struct compare_opts *co, const char *dir,
                     int plot_failed, const char *perr, int *werr)
{
    const struct rundir *a = j->side[0].r;
    char *path = path_join(dir, "compare.md"), *tmp = xasprintf("%s.tmp", path);
    FILE *md = fopen(tmp, "w");
    if (!md) { warn("compare: cannot write %s: %s", tmp, strerror(errno)); *werr = 1; free(path); free(tmp); return; }
    fprintf(md, "# %s: %s", a->experiment, j->side[0].label);
    for (int s = 1; s < j->n; s++) fprintf(md, " vs %s", j->side[s].label);
    fprintf(md, "\n\n");
    print_sides(md, j, 1);
    print_timers(md, j, 1);
    fprintf(md, "\n%d configurations were measured on every side", o->ncommon);
    if (j->along >= 0) fprintf(md, " (compared along %s)", j->along_name);
    fprintf(md, ".\n\n## Verdicts against A\n\nEach configuration: SAME, FASTER, SLOWER or UNSURE (docs/compare.md): "
                "FASTER or SLOWER when the difference is at least %.2g%% (--min-effect), beyond the configuration's noise "
                "floor and the rank test over its rounds gives p < %.2g (--alpha). Speed-up per unit of work; geometric means.\n\n",
            100 * co->rule.min_effect, co->rule.alpha);
    for (int s = 1; s < j->n; s++) {
        struct texttab t = {0};
        summary_table(o, s, &t);
        fprintf(md, "### %s\n\n", j->side[s].label);
        tt_print(&t, md, 1);
        fprintf(md, "\n");
        noise_line(md, j, o, s, &co->rule);
        cmp_energy_line(md, j, o->common, o->ncommon, s);
        fprintf(md, "\n");
        tt_free(&t);
    }
    if (!plot_failed) {
        fprintf(md, "![speed-up against A](speedup.png)\n\n[SVG](speedup.svg) · [data](speedup.tsv) · [script](speedup.gp)\n");
        if (j->n == 2) fprintf(md, "\n![verdicts](verdicts.png)\n\n[SVG](verdicts.svg) · [data](verdicts.tsv)\n");
    } else {
        fprintf(md, "**Plot not drawn:** %s\n", perr);
    }
    struct texttab rows = {0}, missing = {0};
    rows_table(j, o, &rows);
    fprintf(md, "\n## Every configuration in common\n\ncompare.tsv has each side's median time, GFLOP/s and GB/s, the "
                "time ratios, p and the noise floor.\n\n");
    tt_print(&rows, md, 1);
    missing_table(j, &missing);
    if (missing.nrows) {
        fprintf(md, "\n## Measured on some sides only\n\n");
        tt_print(&missing, md, 1);
    }
    tt_free(&rows);
    tt_free(&missing);
    if (ferror(md) | fclose(md) || rename(tmp, path)) {
        warn("compare: cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        *werr = 1;
    }
    free(path);
    free(tmp);
}

static void print_console(const struct cmp_join *j, const struct outcome *o, const struct compare_opts *co)
{
    const struct rundir *a = j->side[0].r;
    printf("clx: compare %s: %d configuration%s in common", a->experiment, o->ncommon, o->ncommon == 1 ? "" : "s");
    if (j->along >= 0) printf(", compared along %s", j->along_name);
    if (o->ncommon < j->nconf) printf(", %d measured on some sides only (listed in compare.md)", j->nconf - o->ncommon);
    printf("\n");
    print_sides(stdout, j, 0);
    print_timers(stdout, j, 0);
    printf("\nVerdicts against A per configuration, and the speed-up per unit of work (GFLOP/s or GB/s ratio where both\n"
           "define it, else time ratio; geometric mean over the configurations in common, and over the decided ones; >1 =\n"
           "faster than A):\n");
    for (int s = 1; s < j->n; s++) {
        struct texttab t = {0};
        summary_table(o, s, &t);
        printf("\n%s\n", j->side[s].label);
        tt_print(&t, stdout, 0);
        noise_line(stdout, j, o, s, &co->rule);
        tt_free(&t);
    }
    struct texttab missing = {0};
    missing_table(j, &missing);
    for (int i = 0; i < missing.nrows && i < 10; i++)
        printf("%s  only in %s: %s %s %s\n", i ? "" : "\n", missing.cells.v[i * 4 + 3], missing.cells.v[i * 4],
               missing.cells.v[i * 4 + 1], missing.cells.v[i * 4 + 2]);
    if (missing.nrows > 10) printf("  ... and %d more (compare.md)\n", missing.nrows - 10);
    tt_free(&missing);
}

int compare_runs(const char *const *dirs, int n, const struct compare_opts *co)
{
    struct cmp_join j;
    char *err = NULL;
    int rc = co->by ? cmp_join_by(dirs[0], co->by, &j, &err) : cmp_join_runs(dirs, n, &j, &err);
    if (rc) {
        warn("compare: %s", err);
        free(err);
        cmp_join_free(&j);
        return EXIT_CANNOT_RUN;      /* never 1: that is --fail-on slower's answer */
    }
    if (j.ncommon == 0) {
        warn("compare: no configuration (variant, build, launch point) was measured on every side: compare runs of the "
             "same sweep (both --quick, or both full)");
        cmp_join_free(&j);
        return EXIT_CANNOT_RUN;
    }
    struct outcome o;
    decide_all(&j, &co->rule, &o);
    char *dir = co->out ? xstrdup(co->out) : compare_out_dir("results", j.side[0].r->experiment);
    int werr = 0;
    if (mkdir_p(dir)) {
        warn("compare: cannot make %s: %s", dir, strerror(errno));
        werr = 1;
    } else {
        write_tsv(&j, &o, dir, &werr);
        print_console(&j, &o, co);
        char *perr = NULL;
        int plot_failed = draw(&j, &o, dir, &perr) != 0;
        if (plot_failed) warn("compare: %s%s", perr, plot_gnuplot_missing() ? ": no pictures, the tables are whole" : "");
        write_md(&j, &o, co, dir, plot_failed, perr, &werr);
        printf("\nclx: compare: %s/compare.md, compare.tsv%s\n", dir, plot_failed ? "" : ", speedup.svg, speedup.png");
        free(perr);
        /* No gnuplot on this machine is no failure of the comparison; a gnuplot that failed is. */
        werr |= plot_failed && !plot_gnuplot_missing();
    }
    /* 1 is --fail-on slower's alone: a file that could not be written is 4. */
    rc = werr ? EXIT_CANNOT_RUN : 0;
    if (!rc && co->fail_on_slower && o.slower) {
        printf("clx: compare: %d configuration%s SLOWER than A (--fail-on slower)\n", o.slower, o.slower == 1 ? "" : "s");
        rc = 1;
    }
    free(dir);
    outcome_free(&o);
    cmp_join_free(&j);
    return rc;
}
