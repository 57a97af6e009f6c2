/* passed.c — a measured ceiling that verified rows pass bounds no row of the run (passed.h). */
#include "passed.h"
#include "bound.h"
#include "store/columns.h"
#include "store/results.h"
#include "store/rowstatus.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* passable: whether class k's ceiling in c is a measurement (not theoretical, not an upper limit). */
static int passable(const struct sol_ceilings *c, int k)
{
    return k >= 0 && k < SOL_LAUNCH && c->c[k].rate > 0 && !c->c[k].theoretical;
}

/* note: the sol_note of the rows class k bound, its ceiling passed by n verified rows, row `most`
 * the most (its sol_pct). */
static char *note(const struct rundir *rd, const struct sol_ceilings *c, int k, int n, int most, double pct)
{
    const struct table *t = &rd->t;
    const char *src = sol_source(c, k);
    if (!strncmp(src, "measured: ", 10)) src += 10;
    char *pt = rundir_point(rd, most, 1);
    int from_ptx = !strcmp(table_cell(t, most, table_col(t, COLUMN(sol_from))), "ptx");
    char *s = xasprintf("no %s ceiling: the measured one (%.4g %s, %s) bounds nothing here: %d verified row%s of this "
                        "run passed it by more than %.0f%% (%s %s%s%s the most, %.3g times it): the %s or that "
                        "measurement is wrong", sol_class_said(k, c->cpu), c->c[k].rate * 1e-9, sol_class_unit(k), src, n,
                        n == 1 ? "" : "s", 100 * (SOL_OVER - 1), table_cell(t, most, rd->c_variant),
                        table_cell(t, most, rd->c_build), *pt ? " " : "", pt, pct / 100, sol_counts_said(k, from_ptx));
    free(pt);
    return s;
}

/* floor_note: the sol_note of the rows the launch floor bound, n verified rows of the run shorter
 * than it, row `shortest` the shortest (ms its median). */
static char *floor_note(const struct rundir *rd, const struct sol_ceilings *c, int n, int shortest, double ms)
{
    const struct table *t = &rd->t;
    char *pt = rundir_point(rd, shortest, 1);
    char *s = xasprintf("no launch floor: the measured one (%.4g us) bounds nothing here: %d verified row%s of this run "
                        "took less than it by more than %.0f%% (%s %s%s%s the shortest, %.4g us): the floor measured at "
                        "the run's set-up is too long (a busy host, or one timed by the host's clock)", c->launch_ns * 1e-3, n,
                        n == 1 ? "" : "s", 100 * (SOL_OVER - 1), table_cell(t, shortest, rd->c_variant),
                        table_cell(t, shortest, rd->c_build), *pt ? " " : "", pt, ms * 1e3);
    free(pt);
    return s;
}

/* floor_passed: the launch floor, a least time of any launch, is no bound where verified rows took
 * less (rusticl's floor timed by the host at set-up moved from 0.47 to 2.38 ms between runs, and rows
 * of 0.9 ms ran beside the 2.38): p's SOL_LAUNCH entries, whatever bound those rows had. */
static void floor_passed(const struct rundir *rd, const struct sol_ceilings *c, struct sol_passed *p)
{
    const struct table *t = &rd->t;
    int cb = table_col(t, COLUMN(bound)), shortest = -1;
    double least = 0;
    if (!(c->launch_ns > 0) || rd->c_median < 0) return;
    for (int i = 0; i < t->nrows; i++) {
        if (cb >= 0 && sol_class_of_name(table_cell(t, i, cb)) == SOL_LAUNCH) {
            p->bound[SOL_LAUNCH]++;
            p->flagged[SOL_LAUNCH] += flag_has(table_cell(t, i, rd->c_flag), SOL_OVER_FLAG);
        }
        if (row_status_whole(row_status_of(table_cell(t, i, rd->c_status))) != RS_OK) continue;
        double ms = table_num(t, i, rd->c_median);
        if (!(ms > 0) || ms * 1e6 * SOL_OVER >= c->launch_ns) continue;
        if (!p->rows[SOL_LAUNCH]++ || ms < least) { shortest = i; least = ms; }
    }
    if (p->rows[SOL_LAUNCH]) {
        p->note[SOL_LAUNCH] = floor_note(rd, c, p->rows[SOL_LAUNCH], shortest, least);
        p->any = 1;
    }
}

void sol_passed_find(const struct rundir *rd, const struct sol_ceilings *c, struct sol_passed *p)
{
    memset(p, 0, sizeof *p);
    p->cpu = c->cpu;
    const struct table *t = &rd->t;
    int cb = table_col(t, COLUMN(bound)), cp = table_col(t, COLUMN(sol_pct));
    floor_passed(rd, c, p);
    if (cb < 0 || cp < 0) return;
    int most[SOL_NCLASS] = {0};
    double pct[SOL_NCLASS] = {0};
    for (int i = 0; i < t->nrows; i++) {
        int k = sol_class_of_name(table_cell(t, i, cb));
        if (!passable(c, k)) continue;
        p->bound[k]++;
        p->flagged[k] += flag_has(table_cell(t, i, rd->c_flag), "sol>100");
        /* The guard's verdict (run_sol.c), on a row whose output was checked and passed (ok, or cut
         * short by a stop). */
        enum row_status st = row_status_whole(row_status_of(table_cell(t, i, rd->c_status)));
        if (st != RS_OK || !flag_has(table_cell(t, i, rd->c_flag), SOL_OVER_FLAG)) continue;
        double x = table_num(t, i, cp);
        if (!p->rows[k]++ || x > pct[k]) { most[k] = i; pct[k] = x; }
    }
    for (int k = 0; k < SOL_LAUNCH; k++)
        if (p->rows[k]) {
            p->note[k] = note(rd, c, k, p->rows[k], most[k], pct[k]);
            p->any = 1;
        }
}

char *sol_passed_line(const struct rundir *rd, int i, const struct sol_passed *p)
{
    const struct table *t = &rd->t;
    int k = sol_class_of_name(table_cell(t, i, table_col(t, COLUMN(bound))));
    if (k < 0 || !p->note[k]) return NULL;
    static const enum column_id cleared[] = { COL_sol_ms, COL_sol_pct, COL_bound, COL_sol_lat_ms, COL_sol_tput_ms };
    struct strlist vals = {0};
    for (int col = 0; col < t->cols.n; col++) {
        const char *name = t->cols.v[col], *v = table_cell(t, i, col);
        int clear = 0;
        for (size_t j = 0; j < sizeof cleared / sizeof cleared[0]; j++) clear |= !strcmp(name, column_name(cleared[j]));
        if (clear) sl_push(&vals, "");
        else if (!strcmp(name, COLUMN(sol_note))) sl_push(&vals, p->note[k]);
        else if (col == rd->c_flag) {
            /* The row's other flags stay; sol>100 said the counts or the ceiling were wrong, and
             * the note now says which ceiling. */
            struct sbuf f = {0};
            char *all = xstrdup(v), *save = NULL;
            for (char *tok = strtok_r(all, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
                if (strcmp(tok, SOL_OVER_FLAG)) sb_printf(&f, "%s%s", f.len ? "," : "", tok);
            sl_push(&vals, f.s ? f.s : "");
            sb_free(&f);
            free(all);
        } else sl_push(&vals, v);
    }
    char *line = tsv_line(&vals, vals.n);
    sl_free(&vals);
    return line;
}

char *sol_passed_withdrawn(const struct sol_passed *p)
{
    int n = 0, classes = 0, said = 0;
    for (int k = 0; k < SOL_NCLASS; k++)
        if (p->note[k] && p->flagged[k]) { n += p->flagged[k]; classes++; }
    if (!n) return NULL;
    struct sbuf b = {0};
    sb_printf(&b, "speed of light: sol>100 withdrawn from %d row%s (shown on %s line%s as %s measured): it was against "
              "the measured ", n, n == 1 ? "" : "s", n == 1 ? "its" : "their", n == 1 ? "" : "s",
              n == 1 ? "it was" : "they were");
    for (int k = 0; k < SOL_NCLASS; k++)
        if (p->note[k] && p->flagged[k])
            sb_printf(&b, "%s%s", !said++ ? "" : said == classes ? " and " : ", ", sol_class_said(k, p->cpu));
    sb_printf(&b, " ceiling%s, and a measured ceiling that verified rows pass by more than %.0f%% bounds no row of the "
              "run (the line%s above); results.tsv holds %s without the flag", classes == 1 ? "" : "s",
              100 * (SOL_OVER - 1), classes == 1 ? "" : "s", n == 1 ? "it" : "them");
    return b.s;
}

void sol_passed_free(struct sol_passed *p)
{
    for (int k = 0; k < SOL_NCLASS; k++) free(p->note[k]);
    memset(p, 0, sizeof *p);
}
