/* compare.c — runs of one experiment joined on configuration: per-row ratios to the first run,
 * geometric means per variant and build, the rows only some runs have; console, TSV, Markdown
 * and a bar plot. */
#include "compare.h"
#include "plot.h"
#include "results.h"
#include "rundir.h"
#include "texttab.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One run in the comparison: its rows by configuration key, sorted for lookup. */
struct side {
    struct rundir r;
    char **keys;                 /* [row]: the configuration, NULL when the row was not measured */
    int *sorted;                 /* measured rows by key */
    int nsorted;
};

static int find_row(const struct side *s, const char *key)
{
    int lo = 0, hi = s->nsorted - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(s->keys[s->sorted[mid]], key);
        if (!c) return s->sorted[mid];
        if (c < 0) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

static void ratio_cell(struct texttab *t, double x)
{
    char b[32];
    tt_cell(t, "%s", fmt_ratio(b, sizeof b, x));
}

static char *label_of(const struct rundir *r, int k)
{
    return xasprintf("%c: %s, %.10s", 'A' + k, r->device, r->started);
}

static void free_sides(struct side *s, int n)
{
    for (int k = 0; k < n; k++) {
        for (int i = 0; s[k].keys && i < s[k].r.t.nrows; i++) free(s[k].keys[i]);
        free(s[k].keys);
        free(s[k].sorted);
        rundir_free(&s[k].r);
    }
    free(s);
}

char *compare_out_dir(const char *root, const char *exp)
{
    char stamp[32];
    time_t t = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
    char *slug = slugify(exp), *p = xasprintf("%s/compare-%s-%s", root, slug, stamp);
    free(slug);
    return p;
}

/* A (variant, build) summary: geometric mean of each other run's speed-ups over the common rows. */
struct group { char *variant, *build; int n; double *logsum; };

int compare_runs(const char *const *dirs, int n, const char *out)
{
    struct side *s = xcalloc((size_t)n, sizeof *s);
    char *err = NULL;
    int rc = 1;
    for (int k = 0; k < n; k++)
        if (rundir_open(dirs[k], &s[k].r, &err)) {
            warn("compare: %s", err);
            free(err);
            free_sides(s, k + 1);
            return 1;
        }
    for (int k = 1; k < n; k++) {
        if (strcmp(s[k].r.experiment, s[0].r.experiment)) {
            warn("compare: %s is a run of %s, %s one of %s: only runs of one experiment can be joined", dirs[k],
                 s[k].r.experiment, dirs[0], s[0].r.experiment);
            free_sides(s, n);
            return 1;
        }
        /* Runs of one experiment with other launch axes (another version of its spec) share no
         * configuration: say which axes differ. */
        int differ = s[k].r.id_names.n != s[0].r.id_names.n;
        for (int j = 2; j < s[0].r.id_names.n && !differ; j++) differ = strcmp(s[0].r.id_names.v[j], s[k].r.id_names.v[j]) != 0;
        if (differ) {
            struct sbuf a0 = {0}, ak = {0};
            for (int j = 2; j < s[0].r.id_names.n; j++) sb_printf(&a0, "%s%s", a0.len ? "," : "", s[0].r.id_names.v[j]);
            for (int j = 2; j < s[k].r.id_names.n; j++) sb_printf(&ak, "%s%s", ak.len ? "," : "", s[k].r.id_names.v[j]);
            warn("compare: %s has the launch axes %s, %s has %s: runs of different sweeps cannot be joined", dirs[0],
                 a0.s ? a0.s : "(none)", dirs[k], ak.s ? ak.s : "(none)");
            sb_free(&a0);
            sb_free(&ak);
            free_sides(s, n);
            return 1;
        }
    }
    for (int k = 0; k < n; k++) {
        struct rundir *r = &s[k].r;
        s[k].keys = xcalloc((size_t)r->t.nrows + 1, sizeof *s[k].keys);
        s[k].sorted = xcalloc((size_t)r->t.nrows + 1, sizeof *s[k].sorted);
        for (int i = 0; i < r->t.nrows; i++)
            if (rundir_row_ok(r, i)) { s[k].keys[i] = rundir_key(r, i, 1); s[k].sorted[s[k].nsorted++] = i; }
        sort_by_keys(s[k].sorted, s[k].nsorted, s[k].keys);
        /* Two rows of one configuration (a run.json that lists no axes) cannot be joined. */
        for (int j = 1; j < s[k].nsorted; j++)
            if (!strcmp(s[k].keys[s[k].sorted[j]], s[k].keys[s[k].sorted[j - 1]])) {
                warn("compare: %s has several measured rows of one configuration (%s): its run.json does not name every "
                     "launch axis", dirs[k], s[k].keys[s[k].sorted[j]]);
                free_sides(s, n);
                return 1;
            }
    }
    /* Every configuration measured in any run, first run's order first; and where each is. */
    struct strlist all = {0};
    int *where = NULL, nall = 0;             /* [config * n + run]: row, or -1 */
    for (int k = 0; k < n; k++)
        for (int i = 0; i < s[k].r.t.nrows; i++) {
            const char *key = s[k].keys[i];
            if (!key) continue;
            int seen = 0;
            for (int j = 0; j < k && !seen; j++) seen = find_row(&s[j], key) >= 0;
            if (seen) continue;
            sl_push(&all, key);
            where = xrealloc(where, sizeof *where * (size_t)(nall + 1) * (size_t)n);
            for (int j = 0; j < n; j++) where[nall * n + j] = j == k ? i : j < k ? -1 : find_row(&s[j], key);
            nall++;
        }
    int ncommon = 0;
    for (int c = 0; c < nall; c++) {
        int in_all = 1;
        for (int k = 0; k < n; k++) in_all &= where[c * n + k] >= 0;
        ncommon += in_all;
    }
    if (ncommon == 0) {
        warn("compare: no configuration (variant, build, launch point) was measured in every run (%d, %d%s rows): "
             "compare runs of the same sweep (both --quick, or both full)", s[0].nsorted, s[1].nsorted, n > 2 ? ", ..." : "");
        goto out;
    }
    const struct rundir *a = &s[0].r;
    char *dir = out ? xstrdup(out) : compare_out_dir("results", a->experiment);
    if (mkdir_p(dir)) { warn("compare: cannot make %s: %s", dir, strerror(errno)); free(dir); goto out; }

    /* compare.tsv: the configuration, then each run's time and rate, then each ratio. */
    struct tsv_out tsv;
    char *tpath = path_join(dir, "compare.tsv");
    if (tsv_open(&tsv, tpath)) { warn("compare: cannot write %s: %s", tpath, strerror(errno)); free(tpath); free(dir); goto out; }
    struct strlist head = {0};
    sl_push(&head, "variant");
    sl_push(&head, "build");
    for (int ax = 0; ax < a->axes.n; ax++) sl_push(&head, a->axes.v[ax]);
    for (int k = 0; k < n; k++) {
        sl_push_own(&head, xasprintf("median_ms_%c", 'A' + k));
        sl_push_own(&head, xasprintf("gflops_%c", 'A' + k));
        sl_push_own(&head, xasprintf("gbs_%c", 'A' + k));
    }
    for (int k = 1; k < n; k++) {
        sl_push_own(&head, xasprintf("time_ratio_%c", 'A' + k));
        sl_push_own(&head, xasprintf("speedup_%c", 'A' + k));
    }
    tsv_header(&tsv, &head);
    struct group *g = NULL;
    int ng = 0;
    struct texttab rows = {0};
    tt_head(&rows, (const char *const []){ "variant", "build", "point", NULL });
    for (int k = 1; k < n; k++) {
        char col[16];
        snprintf(col, sizeof col, "%c vs A", 'A' + k);
        tt_head_add(&rows, col);
    }
    for (int c = 0; c < nall; c++) {
        int in_all = 1;
        for (int k = 0; k < n; k++) in_all &= where[c * n + k] >= 0;
        if (!in_all) continue;
        int ia = where[c * n];
        const char *variant = table_cell(&a->t, ia, a->c_variant), *build = table_cell(&a->t, ia, a->c_build);
        struct strlist v = {0};
        sl_push(&v, variant);
        sl_push(&v, build);
        for (int ax = 0; ax < a->axes.n; ax++) sl_push(&v, table_cell(&a->t, ia, a->axis_col[ax]));
        for (int k = 0; k < n; k++) {
            const struct rundir *r = &s[k].r;
            int i = where[c * n + k];
            sl_push(&v, table_cell(&r->t, i, r->c_median));
            sl_push(&v, table_cell(&r->t, i, r->c_gflops));
            sl_push(&v, table_cell(&r->t, i, r->c_gbs));
        }
        int gi;
        for (gi = 0; gi < ng && (strcmp(g[gi].variant, variant) || strcmp(g[gi].build, build)); gi++) {}
        if (gi == ng) {
            g = xrealloc(g, sizeof *g * (size_t)(ng + 1));
            g[ng] = (struct group){ xstrdup(variant), xstrdup(build), 0, xcalloc((size_t)n, sizeof(double)) };
            ng++;
        }
        g[gi].n++;
        char *pt = rundir_point(a, ia, 1);
        tt_cell(&rows, "%s", variant);
        tt_cell(&rows, "%s", build);
        tt_cell(&rows, "%s", *pt ? pt : "-");
        free(pt);
        for (int k = 1; k < n; k++) {
            int i = where[c * n + k];
            double tr = table_num(&s[k].r.t, i, s[k].r.c_median) / table_num(&a->t, ia, a->c_median);
            double sp = rundir_speedup(a, ia, &s[k].r, i);
            sl_push_own(&v, xasprintf("%.6g", tr));
            sl_push_own(&v, xasprintf("%.6g", sp));
            g[gi].logsum[k] += log(sp);
            ratio_cell(&rows, sp);
        }
        tsv_row(&tsv, &v);
        sl_free(&v);
    }
    int werr = tsv_close(&tsv);
    sl_free(&head);

    /* The summary: geometric means per variant and build, and over everything. */
    struct texttab sum = {0};
    tt_head(&sum, (const char *const []){ "variant", "build", "rows", NULL });
    struct bar_chart chart = { .name = "speedup", .ylabel = "speed-up per unit of work (geometric mean)", .ref = 1 };
    for (int k = 1; k < n; k++) {
        char *l = label_of(&s[k].r, k);
        tt_head_add(&sum, l);
        sl_push_own(&chart.series, l);
    }
    chart.value = xcalloc((size_t)(ng + 1) * (size_t)n, sizeof *chart.value);
    int nbuilds = 0;
    for (int i = 0; i < ng; i++) {
        int first = 1;
        for (int j = 0; j < i && first; j++) first = strcmp(g[j].build, g[i].build) != 0;
        nbuilds += first;
    }
    double lo = INFINITY, hi = 0, *total = xcalloc((size_t)n, sizeof *total);
    for (int i = 0; i < ng; i++) {
        tt_cell(&sum, "%s", g[i].variant);
        tt_cell(&sum, "%s", g[i].build);
        tt_cell(&sum, "%d", g[i].n);
        sl_push_own(&chart.groups, nbuilds > 1 ? xasprintf("%s (%s)", g[i].variant, g[i].build) : xstrdup(g[i].variant));
        for (int k = 1; k < n; k++) {
            double gm = exp(g[i].logsum[k] / g[i].n);
            total[k] += g[i].logsum[k];
            ratio_cell(&sum, gm);
            chart.value[i * (n - 1) + (k - 1)] = gm;
            lo = fmin(lo, gm);
            hi = fmax(hi, gm);
        }
    }
    tt_cell(&sum, "all");
    tt_cell(&sum, "%s", "");
    tt_cell(&sum, "%d", ncommon);
    for (int k = 1; k < n; k++) ratio_cell(&sum, exp(total[k] / ncommon));
    chart.ylog = hi / lo > 20;

    /* Configurations some runs lack: counted and listed, never dropped silently. */
    struct texttab missing = {0};
    tt_head(&missing, (const char *const []){ "variant", "build", "point", "measured in", NULL });
    for (int c = 0; c < nall; c++) {
        struct sbuf in = {0};
        int any_missing = 0, first = -1;
        for (int k = 0; k < n; k++) {
            if (where[c * n + k] >= 0) { sb_printf(&in, "%s%c", in.len ? ", " : "", 'A' + k); if (first < 0) first = k; }
            else any_missing = 1;
        }
        if (any_missing) {
            const struct rundir *r = &s[first].r;
            int i = where[c * n + first];
            char *pt = rundir_point(r, i, 1);
            tt_cell(&missing, "%s", table_cell(&r->t, i, r->c_variant));
            tt_cell(&missing, "%s", table_cell(&r->t, i, r->c_build));
            tt_cell(&missing, "%s", *pt ? pt : "-");
            tt_cell(&missing, "%s", in.s);
            free(pt);
        }
        sb_free(&in);
    }

    /* Console. */
    printf("clx: compare %s: %d configuration%s in common", a->experiment, ncommon, ncommon == 1 ? "" : "s");
    if (missing.nrows) printf(", %d measured in some runs only (listed in compare.md)", missing.nrows);
    printf("\n");
    /* Two devices of one model (--device all on a two-GPU machine) differ only in their index. */
    for (int k = 0; k < n; k++)
        printf("  %c  %s  (%s %s, %s, driver %s, %s)\n", 'A' + k, dirs[k], s[k].r.device,
               json_str(s[k].r.json, "device_index"), s[k].r.platform, s[k].r.driver, s[k].r.started);
    printf("\nSpeed-up against A per unit of work (GFLOP/s or GB/s ratio where both define it, else time ratio;\n"
           "geometric mean over the configurations in common; >1 = faster than A):\n");
    tt_print(&sum, stdout, 0);
    for (int i = 0; i < missing.nrows && i < 10; i++)
        printf("%s  only in %s: %s %s %s\n", i ? "" : "\n", missing.cells.v[i * 4 + 3], missing.cells.v[i * 4],
               missing.cells.v[i * 4 + 1], missing.cells.v[i * 4 + 2]);
    if (missing.nrows > 10) printf("  ... and %d more (compare.md)\n", missing.nrows - 10);

    /* compare.md and the plot. */
    char *at = rundir_title(a), *sub = xasprintf("A: %s", at);
    free(at);
    chart.title = "speed-up per unit of work against A (geometric mean over the configurations in common)";
    chart.subtitle = sub;
    char *perr = NULL;
    int plot_failed = plot_bars(&chart, dir, &perr);
    if (plot_failed) { warn("compare: %s", perr); }
    char *mpath = path_join(dir, "compare.md"), *mtmp = xasprintf("%s.tmp", mpath);
    FILE *md = fopen(mtmp, "w");
    if (!md) { warn("compare: cannot write %s: %s", mtmp, strerror(errno)); werr = 1; }
    else {
        fprintf(md, "# %s: %s", a->experiment, s[0].r.device);
        for (int k = 1; k < n; k++) fprintf(md, " vs %s", s[k].r.device);
        fprintf(md, "\n\n| run | folder | device | platform, driver | started | command |\n|---|---|---|---|---|---|\n");
        for (int k = 0; k < n; k++)
            fprintf(md, "| %c | `%s` | %s | %s, driver %s | %s | `%s` |\n", 'A' + k, dirs[k], s[k].r.device, s[k].r.platform,
                    s[k].r.driver, s[k].r.started, s[k].r.command);
        fprintf(md, "\n%d configurations (variant, build, launch point) were measured in every run", ncommon);
        if (missing.nrows) fprintf(md, "; %d in some runs only (listed below)", missing.nrows);
        fprintf(md, ".\n\n## Speed-up against A\n\nPer unit of work: the ratio of GFLOP/s (or GB/s) where both rows define it, "
                    "else of median times; geometric mean over the configurations in common; >1 = faster than A.\n\n");
        tt_print(&sum, md, 1);
        if (!plot_failed) fprintf(md, "\n![speed-up against A](speedup.png)\n\n[SVG](speedup.svg) · [data](speedup.tsv) · [script](speedup.gp)\n");
        else fprintf(md, "\n**Plot not drawn:** %s\n", perr);
        fprintf(md, "\n## Every configuration in common\n\nSpeed-up against A per unit of work; compare.tsv has each run's "
                    "median time, GFLOP/s and GB/s and the time ratios.\n\n");
        tt_print(&rows, md, 1);
        if (missing.nrows) {
            fprintf(md, "\n## Measured in some runs only\n\n");
            tt_print(&missing, md, 1);
        }
        if (ferror(md) | fclose(md) || rename(mtmp, mpath)) {
            warn("compare: cannot write %s: %s", mpath, strerror(errno));
            remove(mtmp);
            werr = 1;
        }
    }
    printf("\nclx: compare: %s/compare.md, compare.tsv%s\n", dir, plot_failed ? "" : ", speedup.svg, speedup.png");
    rc = werr || plot_failed ? 1 : 0;
    free(mpath); free(mtmp); free(sub); free(perr); free(total);
    free(chart.value);
    sl_free(&chart.groups);
    sl_free(&chart.series);
    for (int i = 0; i < ng; i++) { free(g[i].variant); free(g[i].build); free(g[i].logsum); }
    free(g);
    tt_free(&sum);
    tt_free(&rows);
    tt_free(&missing);
    free(tpath);
    free(dir);
out:
    free(where);
    sl_free(&all);
    free_sides(s, n);
    return rc;
}
