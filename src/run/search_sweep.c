/* search_sweep.c — clx run --search: the race (search/race.h) over the plan's configurations in
 * place of the sweep. Each is built when first asked for and measured a round at a time by the
 * runner's own visits; its row (all its rounds) is written when the search ends or is stopped (the
 * race may take a decision back until then; one that failed at once), so the folder is an ordinary
 * run's with fewer rows, and after each round the row as it stands goes to the supervisor, which
 * writes it should a stop or a crash end the worker first. search.tsv logs every round, run.json
 * the outcome (and, should a stop kill the worker in a launch, the outcome so far: search_now.c). */
#include "search_impl.h"
#include "device/buildahead.h"
#include "lib/phase.h"
#include "lib/stats.h"
#include "lib/worker.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* measured_unwritten: the configurations with rounds measured whose rows are not written yet. */
static int measured_unwritten(const struct search *se)
{
    int n = 0;
    for (int k = 0; k < se->nlive; k++) n += se->pc[se->live[k]]->t.visits > 0;
    return n;
}

/* say_measured: those told to the supervisor, as a sweep's are: a second stop lets the worker write
 * them before it is killed (supervise.c). */
static void say_measured(const struct search *se) { worker_measured(measured_unwritten(se)); }

/* write_row: configuration i's row, with what the search decided of it in its timing note; one
 * whose first round a stop cut has none (as a sweep's). cut: the stop cut its rounds short (the race
 * would have measured it again): flagged ROUNDS_CUT_FLAG, as a sweep's, for a resume to go on with.
 * A resumed search's configuration that had a row before the stop (one the stop cut short) has its
 * new row written in that one's place; its rounds are those since the resume (search.tsv holds
 * them all). */
static void write_row(struct search *se, int i, const char *decided, int cut)
{
    struct pending *pc = se->pc[i];
    if (!pc) return;
    if (pc->t.visits == 0 && !pc->failed && pc->status == RS_OK) {
        run_config_free(pc);
    } else {
        int old = se->old_row ? se->old_row[i] : -1;
        /* The race's rounds of it that an earlier process measured: in search.tsv, not in this row. */
        int before = se->race->nrounds[i] > pc->t.visits;
        run_rounds_episode_said(pc);
        search_pick_row(se, i, pc);
        if (decided && !pc->failed)
            sb_printf(&pc->tnote, "%s" SEARCH_NOTE "%s after %d round%s%s", pc->tnote.len ? "; " : "", decided, pc->t.visits,
                      pc->t.visits == 1 ? "" : "s", before ? " since the search was resumed (search.tsv has the rounds before)" : "");
        if (cut && !pc->failed) {
            row_flag(&pc->w, ROUNDS_CUT_FLAG);
            se->r->tally.ncut++;
        }
        if (old >= 0) {
            pc->replaces = old + 1;
            se->replaced[old] = 1;
        }
        se->has_row[i] = 1;
        span_write_one(se->r, &se->sp, pc);
    }
    free(pc);
    se->pc[i] = NULL;
    for (int k = 0; k < se->nlive; k++)
        if (se->live[k] == i) { se->live[k] = se->live[--se->nlive]; break; }
    say_measured(se);
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

/* baseline_first: where the spec's baseline variant's outputs are the answers (no host reference),
 * a configuration's first round is checked against the baseline's at its point: the baseline runs
 * there first (a visit whose row is not written: the race measures it as any other when it draws
 * it). 0, or -1 when it could not (the configuration's check then says why). */
static int baseline_first(struct search *se, const struct sconf *c)
{
    struct runner *r = se->r;
    size_t at = c->pt * (size_t)r->plan.builds.n + (size_t)c->b;
    if (se->base_v < 0 || c->v == se->base_v || se->base_ran[at]) return 0;
    phase_begin(PH_BUILD);
    int built = run_build_one(r, se->cols, se->base_v, c->b);
    phase_end();
    if (built) return -1;
    struct pending base = { .v = se->base_v, .b = c->b, .pt = c->pt, .slot = -1 };
    run_config_begin(r, se->cols, &base);
    if (!base.done) span_visit_one(r, &se->sp, &base);
    se->base_ran[at] = base.t.visits > 0 && !base.failed;
    run_config_free(&base);
    return se->base_ran[at] ? 0 : -1;
}

/* The next configurations a build ahead looks at: a pass is re-planned after its last, so the ones
 * far down a pass are built ahead only when they come near. */
#define AHEAD_LOOK 16

/* build_ahead: the race's ahead (race.h): the builds of the next configurations of the pass not
 * made yet compiled on threads of their own, se->ahead at a time, while this one is measured. On a
 * GPU the compile is the host's work and the host has cores to spare: sgemm's configurations on an
 * H200 took a build of 0.4-0.7 s for a round of 0.02 s. A crash while they run is no row's: the
 * supervisor's new worker goes on without them (worker_ahead). */
static void build_ahead(void *arg, const int *next, int n)
{
    struct search *se = arg;
    struct runner *r = se->r;
    /* The time line's builds: the sources expanded here (m4) and the compiles started. */
    phase_begin(PH_BUILD);
    int running = build_ahead_running();
    for (int k = 0; k < n && k < AHEAD_LOOK && running < se->ahead; k++) {
        const struct sconf *c = &se->cf[next[k]];
        if (run_build_ahead(r, se->cols, c->v, c->b) == 0) running = build_ahead_running();
    }
    phase_end();
    worker_ahead(running);
}

/* row_now: configuration i's row as it stands, its rounds so far, to the supervisor (run_config_row_now):
 * should a stop kill the worker in a later launch, it is written with them, as a stop the worker
 * sees writes it (flagged rounds-cut while the race would measure it again; a resume goes on with
 * it). Its words are a stop's, as search_end_word says them: the race's decisions may change after. */
static void row_now(struct search *se, int i)
{
    struct pending *pc = se->pc[i];
    if (!worker_attached()) return;
    int rounds = se->race->nrounds[i] + 1;            /* this round is not logged yet */
    char *note = xasprintf("search: stopped after %d round%s%s (the worker was killed in a launch the stop did not wait "
                           "for)", pc->t.visits, pc->t.visits == 1 ? "" : "s",
                           rounds > pc->t.visits ? " since the search was resumed (search.tsv has the rounds before)" : "");
    run_config_row_now(se->r, pc, note, rounds < se->race->max_rounds, pc->replaces);
    free(note);
}

/* measure_step: one round of configuration i, its cost counted from t0; its build with its first. */
static int measure_step(struct search *se, int i, double *median_ms, double *cost_s, double *build_s, double t0)
{
    struct runner *r = se->r;
    *cost_s = *build_s = 0;
    if (run_must_stop(r)) return -2;
    const struct sconf *c = &se->cf[i];
    double tb = now_seconds();
    if (!se->pc[i]) {
        phase_begin(PH_BUILD);
        int built = run_build_one(r, se->cols, c->v, c->b);
        phase_end();
        *build_s = now_seconds() - tb;
        *cost_s = now_seconds() - t0;
        /* A stop that came in the build (m4 is stopped with the run) is no failure: the resumed
         * search builds it again; logged as failed, it would never be measured. */
        if (built) return run_must_stop(r) ? -2 : -1;   /* else its row says why */
        baseline_first(se, c);
        if (run_must_stop(r)) { *cost_s = now_seconds() - t0; return -2; }
        struct pending *pc = xcalloc(1, sizeof *pc);
        pc->v = c->v;
        pc->b = c->b;
        pc->pt = c->pt;
        pc->slot = -1;
        run_config_begin(r, se->cols, pc);
        pc->rounds = se->max_rounds;
        pc->raced = 1;
        /* A resumed search's configuration that had a row before the stop: its row goes in that one's place. */
        if (se->old_row && se->old_row[i] >= 0) pc->replaces = se->old_row[i] + 1;
        se->work[i] = work_of(se, pc);
        se->full_scale[i] = search_full_scale(se, &pc->vv);
        se->pc[i] = pc;
        se->live[se->nlive++] = i;
        if (pc->done) {                    /* skipped (a work-group the device refuses) or an error */
            write_row(se, i, NULL, 0);
            *cost_s = now_seconds() - t0;
            return -1;
        }
    }
    struct pending *pc = se->pc[i];
    /* The race doubled its cap for contenders it had not decided (race.h): their rows go on. */
    if (pc->rounds < se->race->max_rounds) {
        pc->rounds = se->race->max_rounds;
        pc->done = 0;
    }
    int before = pc->t.visits;
    span_visit_one(r, &se->sp, pc);
    *cost_s = now_seconds() - t0;
    if (before == 0 && pc->t.visits > 0) se->once[i] = pc->t.once_s;
    if (pc->t.visits == before) return run_must_stop(r) ? -2 : (write_row(se, i, NULL, 0), -1);
    if (pc->failed || (pc->status != RS_OK && pc->status != RS_UNVERIFIED)) {
        write_row(se, i, NULL, 0);         /* FAIL, error: never measured again */
        return -1;
    }
    say_measured(se);
    row_now(se, i);
    /* The race ranks time per unit of work: configurations of one space may do different work
     * (volkov_fma's unoptimised builds run fewer iterations), as the sweep's summary ranks GFLOP/s. */
    *median_ms = last_round_median(pc) / se->work[i];
    return 0;
}

/* measure: the race's measure (race.h): measure_step, its cost counted from the end of the one
 * before (the race's start before the first): on volkov_fma on an H200 the search's own work between
 * rounds was 0.2-0.3 s of a 7 s budget, and took searches to 20.7% of a sweep's seconds at 20%. */
static int measure(void *arg, int i, double *median_ms, double *cost_s, double *build_s)
{
    struct search *se = arg;
    double t0 = se->step_end;
    int rc = measure_step(se, i, median_ms, cost_s, build_s, t0);
    se->step_end = now_seconds();
    /* A first visit's one-off at its first launch (trials.h's once_s): said apart, not as the problem's size. */
    if (rc == 0) search_pace_round(se, i, *cost_s - *build_s, se->pc[i]->t.visits == 1 ? se->once[i] : 0);
    return rc;
}

/* said_outcome: the search's outcome is on the console: flushed (stdout to a file holds it in its
 * buffer, which a kill after a second stop would lose), then its final part and the word that it was
 * said sent to the supervisor, which writes that part and says no best of its own should the stop kill
 * the worker from here on (supervise_search.c). */
static void said_outcome(const cJSON *part)
{
    fflush(stdout);
    if (!worker_attached()) return;
    char *text = cJSON_PrintUnformatted(part);
    worker_search_now(text);
    cJSON_free(text);
    worker_search_said();
}

void search_sweep(struct runner *r, const struct strlist *cols)
{
    const struct run_search *so = &r->o->search;
    struct search se = { .r = r, .cols = cols, .max_rounds = RACE_MAX_ROUNDS };
    phase_begin(PH_PLAN);
    search_space_make(&se);
    phase_end();
    se.pc = xcalloc((size_t)se.n + 1, sizeof *se.pc);
    se.live = xmalloc(sizeof *se.live * ((size_t)se.n + 1));
    se.work = xcalloc((size_t)se.n + 1, sizeof *se.work);
    se.full_scale = xcalloc((size_t)se.n + 1, sizeof *se.full_scale);
    se.once = xcalloc((size_t)se.n + 1, sizeof *se.once);
    se.rows = xcalloc((size_t)se.n + 1, sizeof *se.rows);
    se.has_row = xcalloc((size_t)se.n + 1, 1);
    se.unit = r->s->flops ? "GFLOP/s" : r->s->bytes ? "GB/s" : "";
    se.base_v = -1;
    for (int v = 0; v < r->plan.nvariants && r->s->baseline && !r->s->reference; v++)
        if (r->plan.variants[v].name && !strcmp(r->plan.variants[v].name, r->s->baseline)) se.base_v = v;
    se.base_ran = xcalloc(r->plan.npoints * (size_t)r->plan.builds.n + 1, 1);
    int nreplay = 0;
    struct race_step *replay = NULL;
    if (r->o->resume_dir) {
        replay = search_replay_read(&se, &nreplay);
        se.old_row = xmalloc(sizeof *se.old_row * ((size_t)se.n + 1));
        for (int i = 0; i < se.n; i++) se.old_row[i] = -1;
        for (int k = 0; k < nreplay; k++)
            if (se.old_row[replay[k].config] < 0) se.old_row[replay[k].config] = search_old_row(&se, replay[k].config);
        se.replaced = xcalloc((size_t)r->out.resume.rows.nrows + 1, 1);
        for (int i = 0; i < se.n; i++)
            if (se.old_row[i] >= 0) {
                se.has_row[i] = 1;
                search_pick_kept(&se, i, &r->out.resume.rows, se.old_row[i]);
            }
        /* The rows kept are in the race's order, not the sweep's: this run's come after them. */
        r->out.rows_seen = r->out.resume.rows.nrows;
    }
    if (!r->o->quiet && so->budget_share > 0)
        printf("clx: search: %d configuration%s along %d parameter%s, a budget of %.3g%% of the sweep, estimated after %d "
               "rounds (seed %llu)%s\n", se.n, se.n == 1 ? "" : "s", se.ndims, se.ndims == 1 ? "" : "s", 100 * so->budget_share, RACE_BUDGET_FROM,
               (unsigned long long)so->seed, nreplay ? "; resumed after its logged rounds" : "");
    else if (!r->o->quiet) {
        char budget[32];
        printf("clx: search: %d configuration%s along %d parameter%s, a budget of %s device seconds (seed %llu)%s\n",
               se.n, se.n == 1 ? "" : "s", se.ndims, se.ndims == 1 ? "" : "s", fmt_fig(budget, sizeof budget, so->budget_s),
               (unsigned long long)so->seed,
               nreplay ? "; resumed after its logged rounds" : "");
    }
    search_log_open(&se, nreplay > 0);
    span_init(&se.sp, r->o->seed);
    struct race ra;
    se.race = &ra;
    /* A configuration's build is its variant's with its option set: made once, at the first measured. */
    int *group = xmalloc(sizeof *group * (size_t)(se.n + 1));
    for (int i = 0; i < se.n; i++) group[i] = se.cf[i].v * r->plan.builds.n + se.cf[i].b;
    struct race_space sp = { .n = se.n, .ndims = se.ndims, .coord = se.coord, .group = group };
    se.ahead = run_build_ahead_threads(r);
    /* A --budget P% search an older clx stopped: its log was made under that clx's pricing, which the
     * replay keeps (race.h's price_older), or the budget priced since cuts the replay short or sends
     * it elsewhere ("another search's"). */
    int older = nreplay > 0 && so->budget_share > 0 && r->out.resume.search_priced_older;
    if (older && !r->o->quiet)
        printf("clx: search: its --budget %.3g%% is priced as the clx that began it priced it (run.json's search has no "
               "sweep_builds: a clx from before the pricing that prices a sweep's builds once a variant and build and "
               "the search's very first round once): a build at every configuration, the very first round among the "
               "first rounds; its log was made under that budget, which a resume keeps (a new search prices it anew)\n",
               100 * so->budget_share);
    struct race_opts ro = { .seed = so->seed, .budget_s = so->budget_s, .budget_share = so->budget_share,
                            .max_rounds = se.max_rounds, .logged = search_log_step, .price_older = older,
                            .ahead = se.ahead > 0 ? build_ahead : NULL };
    char *err = NULL;
    run_build_open(r);
    progress_search(&r->progress, 0, so->budget_share > 0 ? INFINITY : so->budget_s, 0, "-");
    se.step_end = now_seconds();
    /* While the race runs: a stop that kills the worker in a launch keeps what it had found. */
    search_now_on_request(&se);
    int raced = race_run(&sp, &ro, replay, nreplay, measure, &se, &ra, &err);
    search_now_off();
    if (raced) die("cannot resume the search in %s: %s", r->out.res.dir, err);
    char end[512];
    build_ahead_drop();
    worker_ahead(0);
    search_end_said(&se, end, sizeof end);
    /* The rows the race did not end: the best, and the contenders left when it stopped, which the
     * worker writes on the host alone (a second stop lets it: supervise.c). */
    if (ra.end == RACE_STOPPED) worker_keeping(measured_unwritten(&se));
    for (int k = se.nlive - 1; k >= 0; k--) {
        int i = se.live[k], cut;
        const char *word = search_end_word(&se, i, &cut);
        write_row(&se, i, word, cut);
    }
    if (se.replaced) search_kept_rows(&se);
    run_build_close(r);
    search_log_close(&se);
    struct spick pk;
    search_pick_make(&se, &pk);
    search_left_said(&se, &pk);            /* a budget left that more of it would not spend */
    search_say_outcome(&se, so, end, &pk);
    if (ra.end != RACE_STOPPED) search_say_rowless(&se);
    r->search = search_json(&se, so, end, &pk);
    said_outcome(r->search);
    search_pick_free(&pk);
    for (int k = 0; k < se.sp.nslots; k++) bench_buffers_free(&se.sp.slot[k]);
    bufpool_release(&r->dev.pool);
    free(se.sp.pc);
    free(se.sp.slot);
    race_free(&ra);
    free(replay);
    free(se.old_row);
    free(se.replaced);
    free(se.has_row);
    free(se.pc);
    free(se.live);
    free(se.work);
    free(se.full_scale);
    free(se.once);
    free(se.rows);
    free(se.base_ran);
    free(se.cf);
    free(se.coord);
    free(group);
    sl_free(&se.dims);
}
