/* search_log.c — search.tsv, clx run --search's log (search_impl.h): written a round at a time
 * as the race goes, and read back for a resumed search to replay. */
#include "search_impl.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


int search_log_build_col(const struct table *t)
{
    int named = table_col(t, "build_s");
    if (named >= 0) return named;
    /* A log of an older clx named it "build" too, after "cost". */
    int cost = table_col(t, "cost");
    for (int c = cost + 1; cost >= 0 && c < t->cols.n; c++)
        if (!strcmp(t->cols.v[c], "build")) return c;
    return -1;
}

/* search.tsv: every round in the order measured: the configuration, its figure (GFLOP/s, GB/s or
 * ms), what it cost, the device seconds spent and the best figure and configuration after it (the
 * trajectory); then what a resumed search replays, at full precision: the time it ranked (per unit
 * of work), the cost, its build's seconds (build_s), and its first launch's one-off (trials.h's once_s: a driver's
 * compile then, which search_full.c does not scale with the work). */
void search_log_open(struct search *se, int append)
{
    const char *u = *se->unit ? se->unit : "ms";
    se->log_path = path_join(se->r->out.res.dir, "search.tsv");
    se->log = fopen(se->log_path, append ? "a" : "w");
    if (!se->log) {
        warn("cannot write %s: %s", se->log_path, strerror(errno));
        se->r->out.write_failed = 1;
        return;
    }
    if (!append)
        /* build_s, not a second "build" beside the options' column: a reader by name (Python's
         * csv.DictReader, pandas' build.1) took one for the other. */
        fprintf(se->log, "step\tconfig\tvariant\tbuild\tpoint\tok\tround_%s\tcost_s\tspent_s\twall_s\tbest_%s\tbest\tranked\tcost\tbuild_s\tonce\n", u, u);
    fflush(se->log);
}

void search_log_step(void *arg, const struct race *ra)
{
    struct search *se = arg;
    int k = ra->nlog - 1;
    search_share_said(se, ra);
    char fig[64] = "-", num[32];
    if (ra->best_at[k] >= 0)
        snprintf(fig, sizeof fig, "%s %s", fmt_fig(num, sizeof num, search_figure(se, ra->best_ms[k])), *se->unit ? se->unit : "ms");
    progress_search(&se->r->progress, ra->spent_s, ra->budget_s, ra->measured, fig);
    if (!se->log) return;
    const struct race_step *st = &ra->log[k];
    const struct sconf *c = &se->cf[st->config];
    const struct plan *p = &se->r->plan;
    char *pt = run_point_label(p, NULL, c->pt), best[512] = "";
    if (ra->best_at[k] >= 0) search_config_label(se, ra->best_at[k], best, sizeof best);
    fprintf(se->log, "%d\t%d\t%s\t%s\t%s\t%d\t%.6g\t%.4f\t%.4f\t%.3f\t%.6g\t%s\t%.17g\t%.17g\t%.17g\t%.17g\n", k + 1, st->config,
            p->variants[c->v].id, plan_build_label(p->builds.v[c->b]), *pt == ' ' ? pt + 1 : pt, st->ok,
            st->ok ? search_figure(se, st->median_ms) : NAN, st->cost_s, ra->spent_s, now_seconds() - se->r->t0,
            search_figure(se, ra->best_ms[k]), best, st->ok ? st->median_ms : NAN, st->cost_s, st->build_s,
            se->once && ra->nrounds[st->config] <= 1 ? se->once[st->config] : 0);
    free(pt);
    if (fflush(se->log) || ferror(se->log)) {
        warn("cannot write %s: %s (the search goes on; its log is incomplete)", se->log_path, strerror(errno));
        se->r->out.write_failed = 1;
        fclose(se->log);
        se->log = NULL;
    }
}

void search_log_close(struct search *se)
{
    if (se->log && fclose(se->log)) {
        warn("cannot write %s: %s", se->log_path, strerror(errno));
        se->r->out.write_failed = 1;
    }
    se->log = NULL;
    free(se->log_path);
}

int search_old_row(const struct search *se, int i)
{
    const struct table *t = &se->r->out.resume.rows;
    const struct plan *p = &se->r->plan;
    const struct sconf *c = &se->cf[i];
    int cv = table_col(t, "variant"), cb = table_col(t, "build"), cs = table_col(t, "status");
    for (int row = 0; row < t->nrows; row++) {
        if (strcmp(table_cell(t, row, cv), p->variants[c->v].id) || strcmp(table_cell(t, row, cb), plan_build_label(p->builds.v[c->b])))
            continue;
        /* A variant's or build's own row (it did not build) names no launch point. */
        if (!strcmp(table_cell(t, row, cs), row_status_word(RS_BUILD_FAILED))) return row;
        int same = 1;
        for (int a = 0; a < p->naxes && same; a++)
            if (strcmp(p->axis_names[a], "local") || table_col(t, "local") >= 0)
                same = !strcmp(table_cell(t, row, table_col(t, p->axis_names[a])), plan_point_value(p, c->pt, a));
        if (same) return row;
    }
    return -1;
}

struct race_step *search_replay_read(struct search *se, int *n)
{
    struct table t;
    char *err = NULL, *path = path_join(se->r->out.res.dir, "search.tsv");
    *n = 0;
    if (table_read(path, &t, &err)) { free(err); free(path); return NULL; }
    struct race_step *st = xcalloc((size_t)t.nrows + 1, sizeof *st);
    int cc = table_col(&t, "config"), cv = table_col(&t, "variant"), ok = table_col(&t, "ok");
    int cr = table_col(&t, "ranked"), cost = table_col(&t, "cost"), build = search_log_build_col(&t), once = table_col(&t, "once");
    if (cc < 0 || cv < 0 || ok < 0 || cr < 0 || cost < 0) die("cannot resume the search: %s lacks its columns", path);
    for (int k = 0; k < t.nrows; k++) {
        int i = atoi(table_cell(&t, k, cc));
        if (i < 0 || i >= se->n || strcmp(table_cell(&t, k, cv), se->r->plan.variants[se->cf[i].v].id))
            die("cannot resume the search: %s line %d names configuration %d, which is not this space's", path, k + 2, i);
        st[k] = (struct race_step){ .config = i, .median_ms = table_num(&t, k, cr), .cost_s = table_num(&t, k, cost),
                                    .build_s = build >= 0 ? table_num(&t, k, build) : 0, .ok = atoi(table_cell(&t, k, ok)) };
        /* A log of an older clx has no once: its first launches are priced as work, as that clx did. */
        double o = once >= 0 ? table_num(&t, k, once) : 0;
        if (se->once && o > 0 && isfinite(o)) se->once[i] = o;
    }
    *n = t.nrows;
    table_free(&t);
    free(path);
    return st;
}

