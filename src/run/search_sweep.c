/* search_sweep.c — clx run --search: the race (search/race.h) over the plan's configurations in
 * place of the sweep. Each is built when first asked for and measured a round at a time by the
 * runner's own visits; its row (all its rounds) is written once the race is done with it, so the
 * folder is an ordinary run's with fewer rows. search.tsv logs every round, run.json the outcome. */
#include "run_impl.h"
#include "search/race.h"
#include "spec/restrictions.h"
#include "lib/phase.h"
#include "lib/stats.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A configuration of the space, and its place along the search's dimensions. */
struct sconf { int v, b; size_t pt; };

struct search {
    struct runner *r;
    const struct strlist *cols;
    struct sconf *cf;
    int n, ndims;
    int *coord;                  /* [config * ndims + d] */
    struct strlist dims;         /* each dimension's name: a template parameter, "build", a launch axis */
    struct pending **pc;         /* [config]: begun, its row not yet written (NULL: none) */
    int *live, nlive;            /* the configurations with a pending, to look over after each step */
    struct span sp;
    struct race *race;
    int max_rounds;
    double *work;                /* [config]: its flops (or bytes) as the spec counts them (1: time alone) */
    FILE *log;                   /* search.tsv, a line a round as the race goes */
    char *log_path;
    int *old_row;                /* resumed: [config] its row in results.tsv from before the stop (-1: none) */
    char *drop;                  /* resumed: [row from before] superseded by a row of this run */
    const char *unit;            /* what the race ranks: "GFLOP/s", "GB/s", or "" (the time) */
};

/* value_index: where text is in the list (added at the end when new). */
static int value_index(struct strlist *l, const char *text)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], text)) return i;
    sl_push(l, text);
    return l->n - 1;
}

/* by_number: a dimension's values in numeric order where they are all numbers (a neighbour is one
 * step up or down), else as first met. */
static void order_values(struct strlist *vals, int *rank)
{
    int numeric = 1;
    for (int i = 0; i < vals->n && numeric; i++) {
        char *end;
        strtod(vals->v[i], &end);
        numeric = end != vals->v[i] && !*end;
    }
    for (int i = 0; i < vals->n; i++) {
        rank[i] = 0;
        for (int j = 0; j < vals->n; j++)
            rank[i] += numeric ? strtod(vals->v[j], NULL) < strtod(vals->v[i], NULL) : j < i;
    }
}

/* space_make: every configuration the plan and the spec's restrictions leave, each placed along
 * the parameters that vary (template parameters, option sets, launch axes). */
static void space_make(struct search *se)
{
    struct runner *r = se->r;
    const struct plan *p = &r->plan;
    /* The dimensions: each template parameter with more than one value, the builds, each launch axis. */
    struct strlist keys = {0};
    for (int v = 0; v < p->nvariants; v++)
        for (int k = 0; k < p->variants[v].keys.n; k++) value_index(&keys, p->variants[v].keys.v[k]);
    int nk = keys.n, naxes = p->naxes;
    int nd = nk + 1 + naxes;
    struct strlist *vals = xcalloc((size_t)nd, sizeof *vals);
    int *vcoord = xmalloc(sizeof *vcoord * (size_t)(p->nvariants * (nk ? nk : 1)));
    for (int v = 0; v < p->nvariants; v++)
        for (int k = 0; k < nk; k++) {
            const char *x = plan_variant_value(&p->variants[v], keys.v[k]);
            vcoord[v * nk + k] = value_index(&vals[k], x ? x : "");
        }
    for (int b = 0; b < p->builds.n; b++) value_index(&vals[nk], p->builds.v[b]);
    for (int a = 0; a < naxes; a++)
        for (int i = 0; i < p->axis_values[a].n; i++) value_index(&vals[nk + 1 + a], p->axis_values[a].v[i]);
    int **rank = xcalloc((size_t)nd, sizeof *rank);
    for (int d = 0; d < nd; d++) {
        rank[d] = xcalloc((size_t)vals[d].n + 1, sizeof **rank);
        order_values(&vals[d], rank[d]);
    }
    /* Only the dimensions that vary are the search's. */
    int *used = xcalloc((size_t)nd, sizeof *used);
    for (int d = 0; d < nd; d++) {
        used[d] = vals[d].n > 1;
        if (used[d]) sl_push(&se->dims, d < nk ? keys.v[d] : d == nk ? "build" : p->axis_names[d - nk - 1]);
    }
    se->ndims = se->dims.n;
    int cap = 1024;
    se->cf = xmalloc(sizeof *se->cf * (size_t)cap);
    se->coord = xmalloc(sizeof *se->coord * (size_t)cap * (size_t)(se->ndims ? se->ndims : 1));
    int *at = xmalloc(sizeof *at * (size_t)nd);
    for (size_t pt = 0; pt < p->npoints; pt++) {
        for (int a = 0; a < naxes; a++) at[nk + 1 + a] = value_index(&vals[nk + 1 + a], plan_point_value(p, pt, a));
        for (int v = 0; v < p->nvariants; v++) {
            /* A restriction that reads a launch axis leaves this configuration out of the space. */
            struct vars pv = {0};
            char *rerr = NULL;
            plan_variant_vars(&p->variants[v], &pv);
            plan_point_vars(p, pt, &pv);
            char *why = restrictions_point(r->s, &pv, &rerr);
            vars_free(&pv);
            int out = why || rerr;
            free(why);
            free(rerr);
            if (out) continue;
            for (int k = 0; k < nk; k++) at[k] = vcoord[v * nk + k];
            for (int b = 0; b < p->builds.n; b++) {
                at[nk] = b;
                if (se->n == cap) {
                    cap *= 2;
                    se->cf = xrealloc(se->cf, sizeof *se->cf * (size_t)cap);
                    se->coord = xrealloc(se->coord, sizeof *se->coord * (size_t)cap * (size_t)(se->ndims ? se->ndims : 1));
                }
                se->cf[se->n] = (struct sconf){ v, b, pt };
                int *c = se->coord + (size_t)se->n * se->ndims, k = 0;
                for (int d = 0; d < nd; d++)
                    if (used[d]) c[k++] = rank[d][at[d]];
                se->n++;
            }
        }
    }
    for (int d = 0; d < nd; d++) { sl_free(&vals[d]); free(rank[d]); }
    free(vals);
    free(rank);
    free(used);
    free(at);
    free(vcoord);
    sl_free(&keys);
}

static const char *config_label(const struct search *se, int i, char *buf, size_t n)
{
    const struct sconf *c = &se->cf[i];
    const struct plan *p = &se->r->plan;
    char *pt = run_point_label(p, NULL, c->pt);
    snprintf(buf, n, "%s %s%s", p->variants[c->v].id, plan_build_label(p->builds.v[c->b]), pt);
    free(pt);
    return buf;
}

/* write_row: configuration i's row, with what the search decided of it in its timing note; one
 * whose first round a stop cut has none (as a sweep's). A row of a resumed search's configuration
 * that had one before the stop supersedes that one (its rounds are those after the stop; search.tsv
 * holds them all). */
static void write_row(struct search *se, int i, const char *decided)
{
    struct pending *pc = se->pc[i];
    if (!pc) return;
    if (pc->t.visits == 0 && !pc->failed && pc->status == RS_OK) {
        run_config_free(pc);
    } else {
        int old = se->old_row ? se->old_row[i] : -1;
        if (decided && !pc->failed)
            sb_printf(&pc->tnote, "%ssearch: %s after %d round%s%s", pc->tnote.len ? "; " : "", decided, pc->t.visits,
                      pc->t.visits == 1 ? "" : "s", old >= 0 ? " since the search was resumed (search.tsv has the rounds before)" : "");
        if (old >= 0) se->drop[old] = 1;
        span_write_one(se->r, &se->sp, pc);
    }
    free(pc);
    se->pc[i] = NULL;
    for (int k = 0; k < se->nlive; k++)
        if (se->live[k] == i) { se->live[k] = se->live[--se->nlive]; break; }
}

/* write_decided: the rows the race is done with: decided SLOWER, or at its most rounds. */
static void write_decided(struct search *se)
{
    const struct race *ra = se->race;
    for (int k = se->nlive - 1; k >= 0; k--) {
        int i = se->live[k];
        if (ra->status[i] == RACE_SLOWER) write_row(se, i, "decided SLOWER than the incumbent");
        else if (ra->nrounds[i] >= se->max_rounds && i != ra->incumbent) write_row(se, i, "not decided SLOWER than the incumbent in its rounds");
    }
}

/* last_round_median: the median of the trials of pc's last visit. */
static double last_round_median(const struct pending *pc)
{
    const struct timing *t = &pc->t;
    int from = t->round_first[t->visits - 1];
    return stats_median(t->ms + from, t->n - from);
}

/* work_of: configuration pc's work in the unit the race ranks (GFLOP or GB, as the row's columns
 * count them), or 1 where the spec counts none: the time itself is ranked. */
static double work_of(const struct search *se, const struct pending *pc)
{
    const char *expr = *se->unit == 'G' ? (se->unit[1] == 'F' ? se->r->s->flops : se->r->s->bytes) : NULL;
    double x;
    if (!expr || expr_eval(expr, &pc->vv, &x, NULL) || !(x > 0)) return 1;
    return x * 1e-9;
}

/* figure: what a ranked time is in the unit users read (GFLOP/s, GB/s from ms per GFLOP or GB), or
 * the time in ms. */
static double figure(const struct search *se, double ranked)
{
    return *se->unit ? 1e3 / ranked : ranked;
}

/* measure: the race's measure (race.h): one round of configuration i; its build with its first. */
static int measure(void *arg, int i, double *median_ms, double *cost_s)
{
    struct search *se = arg;
    struct runner *r = se->r;
    write_decided(se);
    *cost_s = 0;
    if (run_must_stop(r) || r->halted) return -2;
    const struct sconf *c = &se->cf[i];
    double t0 = now_seconds();
    if (!se->pc[i]) {
        phase_begin(PH_BUILD);
        int built = run_build_one(r, se->cols, c->v, c->b);
        phase_end();
        if (built) { *cost_s = now_seconds() - t0; return -1; }   /* its row says why */
        struct pending *pc = xcalloc(1, sizeof *pc);
        pc->v = c->v;
        pc->b = c->b;
        pc->pt = c->pt;
        pc->slot = -1;
        run_config_begin(r, se->cols, pc);
        pc->rounds = se->max_rounds;
        se->work[i] = work_of(se, pc);
        se->pc[i] = pc;
        se->live[se->nlive++] = i;
        if (pc->done) {                    /* skipped (a work-group the device refuses) or an error */
            write_row(se, i, NULL);
            *cost_s = now_seconds() - t0;
            return -1;
        }
    }
    struct pending *pc = se->pc[i];
    int before = pc->t.visits;
    span_visit_one(r, &se->sp, pc);
    *cost_s = now_seconds() - t0;
    if (pc->t.visits == before) return run_must_stop(r) || r->halted ? -2 : (write_row(se, i, NULL), -1);
    if (pc->failed || (pc->status != RS_OK && pc->status != RS_UNVERIFIED)) {
        write_row(se, i, NULL);            /* FAIL, error: never measured again */
        return -1;
    }
    /* The race ranks time per unit of work: configurations of one space may do different work
     * (volkov_fma's unoptimised builds run fewer iterations), as the sweep's summary ranks GFLOP/s. */
    *median_ms = last_round_median(pc) / se->work[i];
    return 0;
}

/* search_json: run.json's "search": what was asked, what it cost, what it found. */
static cJSON *search_json(const struct search *se, const struct run_search *so, const char *end)
{
    const struct race *ra = se->race;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "seed", (double)so->seed);
    cJSON_AddNumberToObject(j, "budget_s", so->budget_s);
    cJSON_AddNumberToObject(j, "spent_s", ra->spent_s);
    cJSON_AddNumberToObject(j, "space", se->n);
    cJSON_AddNumberToObject(j, "measured", ra->measured);
    cJSON_AddNumberToObject(j, "rounds", ra->nlog);
    cJSON_AddStringToObject(j, "end", end);
    cJSON *dims = cJSON_AddArrayToObject(j, "dimensions");
    for (int d = 0; d < se->dims.n; d++) cJSON_AddItemToArray(dims, cJSON_CreateString(se->dims.v[d]));
    if (ra->incumbent >= 0) {
        char buf[512];
        cJSON_AddStringToObject(j, "best", config_label(se, ra->incumbent, buf, sizeof buf));
        cJSON_AddStringToObject(j, "unit", *se->unit ? se->unit : "ms");
        cJSON_AddNumberToObject(j, "best_figure", figure(se, race_median(ra, ra->incumbent)));
        cJSON_AddNumberToObject(j, "best_rounds", ra->nrounds[ra->incumbent]);
    }
    return j;
}

/* say_outcome: what the search spent and found: the best configuration, and the next fastest
 * measured with what the race decided of each (or, not decided, the verdict of their rounds). */
static void say_outcome(const struct search *se, const struct run_search *so, const char *end)
{
    const struct race *ra = se->race;
    char buf[512];
    const char *u = *se->unit ? se->unit : "ms";
    printf("clx: search: %d of %d configurations measured (%.1f%%), %d round%s, %.1f of %.1f device seconds; %s\n",
           ra->measured, se->n, 100.0 * ra->measured / (se->n ? se->n : 1), ra->nlog, ra->nlog == 1 ? "" : "s", ra->spent_s,
           so->budget_s, end);
    int best = ra->incumbent;
    if (best < 0) { printf("clx: search: no configuration measured\n"); return; }
    printf("clx: search: best %s: %.4g %s (median of %d round%s)\n", config_label(se, best, buf, sizeof buf),
           figure(se, race_median(ra, best)), u, ra->nrounds[best], ra->nrounds[best] == 1 ? "" : "s");
    int shown[3] = { -1, -1, -1 };
    for (int k = 0; k < 3; k++) {
        double t = INFINITY;
        for (int i = 0; i < se->n; i++) {
            if (i == best || ra->nrounds[i] == 0 || i == shown[0] || i == shown[1]) continue;
            if (race_median(ra, i) < t) { t = race_median(ra, i); shown[k] = i; }
        }
        if (shown[k] < 0) break;
        int i = shown[k];
        struct verdict_result vr;
        struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
        verdict_decide(&rule, ra->rounds[best], ra->nrounds[best], ra->rounds[i], ra->nrounds[i], 0, &vr);
        printf("clx: search: next %s: %.4g %s (%.2f%% slower, %d round%s): %s\n", config_label(se, i, buf, sizeof buf),
               figure(se, t), u, 100 * (vr.ratio - 1), ra->nrounds[i], ra->nrounds[i] == 1 ? "" : "s",
               ra->status[i] == RACE_SLOWER ? "decided SLOWER" : vr.v == VERDICT_SLOWER ? "SLOWER"
               : vr.v == VERDICT_SAME ? "SAME (within the noise: either may be the best)" : "not decided");
    }
}

/* search.tsv: every round in the order measured: the configuration, its figure (GFLOP/s, GB/s or
 * ms), what it cost, the device seconds spent and the best figure and configuration after it (the
 * trajectory); then what a resumed search replays, at full precision: the time it ranked (per unit
 * of work) and the cost. */
static void log_open(struct search *se, int append)
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
        fprintf(se->log, "step\tconfig\tvariant\tbuild\tpoint\tok\tround_%s\tcost_s\tspent_s\tbest_%s\tbest\tranked\tcost\n", u, u);
    fflush(se->log);
}

static void log_step(void *arg, const struct race *ra)
{
    struct search *se = arg;
    if (!se->log) return;
    int k = ra->nlog - 1;
    const struct race_step *st = &ra->log[k];
    const struct sconf *c = &se->cf[st->config];
    const struct plan *p = &se->r->plan;
    char *pt = run_point_label(p, NULL, c->pt), best[512] = "";
    if (ra->best_at[k] >= 0) config_label(se, ra->best_at[k], best, sizeof best);
    fprintf(se->log, "%d\t%d\t%s\t%s\t%s\t%d\t%.6g\t%.4f\t%.4f\t%.6g\t%s\t%.17g\t%.17g\n", k + 1, st->config,
            p->variants[c->v].id, plan_build_label(p->builds.v[c->b]), *pt == ' ' ? pt + 1 : pt, st->ok,
            st->ok ? figure(se, st->median_ms) : NAN, st->cost_s, ra->spent_s, figure(se, ra->best_ms[k]), best,
            st->ok ? st->median_ms : NAN, st->cost_s);
    free(pt);
    if (fflush(se->log) || ferror(se->log)) {
        warn("cannot write %s: %s (the search goes on; its log is incomplete)", se->log_path, strerror(errno));
        se->r->out.write_failed = 1;
        fclose(se->log);
        se->log = NULL;
    }
}

static void log_close(struct search *se)
{
    if (se->log && fclose(se->log)) {
        warn("cannot write %s: %s", se->log_path, strerror(errno));
        se->r->out.write_failed = 1;
    }
    se->log = NULL;
    free(se->log_path);
}

/* row_of: the row results.tsv held before the stop for configuration i (-1: none). */
static int row_of(const struct search *se, int i)
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

/* replay_read: the steps of a stopped search, from its search.tsv (NULL with *n 0 when it has none). */
static struct race_step *replay_read(struct search *se, int *n)
{
    struct table t;
    char *err = NULL, *path = path_join(se->r->out.res.dir, "search.tsv");
    *n = 0;
    if (table_read(path, &t, &err)) { free(err); free(path); return NULL; }
    struct race_step *st = xcalloc((size_t)t.nrows + 1, sizeof *st);
    int cc = table_col(&t, "config"), cv = table_col(&t, "variant"), ok = table_col(&t, "ok");
    int cr = table_col(&t, "ranked"), cost = table_col(&t, "cost");
    if (cc < 0 || cv < 0 || ok < 0 || cr < 0 || cost < 0) die("cannot resume the search: %s lacks its columns", path);
    for (int k = 0; k < t.nrows; k++) {
        int i = atoi(table_cell(&t, k, cc));
        if (i < 0 || i >= se->n || strcmp(table_cell(&t, k, cv), se->r->plan.variants[se->cf[i].v].id))
            die("cannot resume the search: %s line %d names configuration %d, which is not this space's", path, k + 2, i);
        st[k] = (struct race_step){ i, table_num(&t, k, cr), table_num(&t, k, cost), atoi(table_cell(&t, k, ok)) };
    }
    *n = t.nrows;
    table_free(&t);
    free(path);
    return st;
}

/* end_said: why the search ended, as the console and run.json say it. */
static void end_said(const struct search *se, char *end, size_t n)
{
    const struct race *ra = se->race;
    int open = 0;             /* contenders that took their most rounds and stayed within the noise */
    for (int i = 0; i < se->n; i++) open += i != ra->incumbent && ra->status[i] == RACE_ALIVE;
    if (ra->end == RACE_BUDGET) snprintf(end, n, "its budget spent");
    else if (ra->end == RACE_STOPPED) snprintf(end, n, "stopped");
    else if (open) snprintf(end, n, "ended: %d contender%s not decided SLOWER in %d rounds", open, open == 1 ? "" : "s", se->max_rounds);
    else snprintf(end, n, "decided: every other configuration measured SLOWER");
}

/* resume_rows: a resumed search's old rows that this run's supersede are dropped from results.tsv. */
static void resume_rows(struct search *se)
{
    struct runner *r = se->r;
    int n = r->out.resume.rows.nrows, any = 0;
    for (int i = 0; i < n; i++) any += se->drop[i];
    r->out.rows_seen -= any;
    if (any && results_drop_rows(&r->out.res, se->drop, n)) {
        warn("cannot rewrite %s/results.tsv without the rows this resumed search measured again: %s", r->out.res.dir, strerror(errno));
        r->out.write_failed = 1;
    }
}

void search_sweep(struct runner *r, const struct strlist *cols)
{
    const struct run_search *so = &r->o->search;
    struct search se = { .r = r, .cols = cols, .max_rounds = RACE_MAX_ROUNDS };
    space_make(&se);
    se.pc = xcalloc((size_t)se.n + 1, sizeof *se.pc);
    se.live = xmalloc(sizeof *se.live * ((size_t)se.n + 1));
    se.work = xcalloc((size_t)se.n + 1, sizeof *se.work);
    se.unit = r->s->flops ? "GFLOP/s" : r->s->bytes ? "GB/s" : "";
    int nreplay = 0;
    struct race_step *replay = NULL;
    if (r->o->resume_dir) {
        replay = replay_read(&se, &nreplay);
        se.old_row = xmalloc(sizeof *se.old_row * ((size_t)se.n + 1));
        for (int i = 0; i < se.n; i++) se.old_row[i] = -1;
        for (int k = 0; k < nreplay; k++)
            if (se.old_row[replay[k].config] < 0) se.old_row[replay[k].config] = row_of(&se, replay[k].config);
        se.drop = xcalloc((size_t)r->out.resume.rows.nrows + 1, 1);
        /* The rows kept are in the race's order, not the sweep's: this run's come after them. */
        r->out.rows_seen = r->out.resume.rows.nrows;
    }
    if (!r->o->quiet)
        printf("clx: search: %d configurations along %d parameters, a budget of %.1f device seconds (seed %llu)%s\n",
               se.n, se.ndims, so->budget_s, (unsigned long long)so->seed, nreplay ? "; resumed after its logged rounds" : "");
    log_open(&se, nreplay > 0);
    span_init(&se.sp, r->o->seed);
    struct race ra;
    se.race = &ra;
    struct race_space sp = { se.n, se.ndims, se.coord };
    struct race_opts ro = { .seed = so->seed, .budget_s = so->budget_s, .max_rounds = se.max_rounds, .logged = log_step };
    char *err = NULL;
    run_build_open(r);
    progress_sweep(&r->progress, se.n);
    if (race_run(&sp, &ro, replay, nreplay, measure, &se, &ra, &err))
        die("cannot resume the search in %s: %s", r->out.res.dir, err);
    char end[160];
    end_said(&se, end, sizeof end);
    /* The rows the race did not end: the best, and the contenders left when it stopped. */
    for (int k = se.nlive - 1; k >= 0; k--) {
        int i = se.live[k];
        write_row(&se, i, i == ra.incumbent ? "the best found" : ra.status[i] == RACE_SLOWER ? "decided SLOWER than the incumbent"
                        : ra.nrounds[i] >= se.max_rounds ? "not decided SLOWER than the incumbent in its rounds"
                        : ra.end == RACE_STOPPED ? "stopped" : "not decided when the search ended");
    }
    if (se.drop) resume_rows(&se);
    run_build_close(r);
    log_close(&se);
    say_outcome(&se, so, end);
    r->search = search_json(&se, so, end);
    for (int k = 0; k < se.sp.nslots; k++) bench_buffers_free(&se.sp.slot[k]);
    bufpool_release(&r->dev.pool);
    free(se.sp.pc);
    free(se.sp.slot);
    race_free(&ra);
    free(replay);
    free(se.old_row);
    free(se.drop);
    free(se.pc);
    free(se.live);
    free(se.work);
    free(se.cf);
    free(se.coord);
    sl_free(&se.dims);
}
