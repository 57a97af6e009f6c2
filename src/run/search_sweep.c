/* search_sweep.c — clx run --search: the race (search/race.h) over the plan's configurations in
 * place of the sweep. Each is built when first asked for and measured a round at a time by the
 * runner's own visits; its row (all its rounds) is written once the race is done with it, so the
 * folder is an ordinary run's with fewer rows. search.tsv logs every round, run.json the outcome. */
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

/* say_measured: those told to the supervisor: what a stop that kills the worker would lose
 * (supervise.c), as a sweep's are. */
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
            sb_printf(&pc->tnote, "%ssearch: %s after %d round%s%s", pc->tnote.len ? "; " : "", decided, pc->t.visits,
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

/* write_decided: the rows the race is done with: those decided SLOWER. (One at its most rounds and
 * not decided waits for the end: the incumbent's later rounds may make it the best.) */
static void write_decided(struct search *se)
{
    const struct race *ra = se->race;
    for (int k = se->nlive - 1; k >= 0; k--)
        if (ra->status[se->live[k]] == RACE_SLOWER) write_row(se, se->live[k], "decided SLOWER than the incumbent", 0);
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

/* measure_step: one round of configuration i, its cost counted from t0; its build with its first. */
static int measure_step(struct search *se, int i, double *median_ms, double *cost_s, double *build_s, double t0)
{
    struct runner *r = se->r;
    write_decided(se);
    *cost_s = *build_s = 0;
    if (run_must_stop(r) || r->halted) return -2;
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
        if (built) return run_must_stop(r) || r->halted ? -2 : -1;   /* else its row says why */
        baseline_first(se, c);
        if (run_must_stop(r) || r->halted) { *cost_s = now_seconds() - t0; return -2; }
        struct pending *pc = xcalloc(1, sizeof *pc);
        pc->v = c->v;
        pc->b = c->b;
        pc->pt = c->pt;
        pc->slot = -1;
        run_config_begin(r, se->cols, pc);
        pc->rounds = se->max_rounds;
        pc->raced = 1;
        se->work[i] = work_of(se, pc);
        se->pc[i] = pc;
        se->live[se->nlive++] = i;
        if (pc->done) {                    /* skipped (a work-group the device refuses) or an error */
            write_row(se, i, NULL, 0);
            *cost_s = now_seconds() - t0;
            return -1;
        }
    }
    struct pending *pc = se->pc[i];
    int before = pc->t.visits;
    span_visit_one(r, &se->sp, pc);
    *cost_s = now_seconds() - t0;
    if (pc->t.visits == before) return run_must_stop(r) || r->halted ? -2 : (write_row(se, i, NULL, 0), -1);
    if (pc->failed || (pc->status != RS_OK && pc->status != RS_UNVERIFIED)) {
        write_row(se, i, NULL, 0);         /* FAIL, error: never measured again */
        return -1;
    }
    say_measured(se);
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
    return rc;
}

/* search_json: run.json's "search": what was asked, what it cost, what it found. */
static cJSON *search_json(const struct search *se, const struct run_search *so, const char *end, const struct spick *pk)
{
    const struct race *ra = se->race;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "seed", (double)so->seed);
    cJSON_AddNumberToObject(j, "budget_s", isfinite(ra->budget_s) ? ra->budget_s : 0);
    if (so->budget_share > 0) {
        cJSON_AddNumberToObject(j, "budget_share", so->budget_share);
        cJSON_AddNumberToObject(j, "sweep_estimate_s", ra->sweep_estimate_s);
    }
    cJSON_AddNumberToObject(j, "spent_s", ra->spent_s);
    cJSON_AddNumberToObject(j, "space", se->n);
    cJSON_AddNumberToObject(j, "measured", ra->measured);
    cJSON_AddNumberToObject(j, "rounds", ra->nlog);
    cJSON_AddStringToObject(j, "end", end);
    cJSON *dims = cJSON_AddArrayToObject(j, "dimensions");
    for (int d = 0; d < se->dims.n; d++) cJSON_AddItemToArray(dims, cJSON_CreateString(se->dims.v[d]));
    if (ra->incumbent >= 0) {
        char buf[512];
        cJSON_AddStringToObject(j, "best", search_config_label(se, ra->incumbent, buf, sizeof buf));
        cJSON_AddStringToObject(j, "unit", *se->unit ? se->unit : "ms");
        cJSON_AddNumberToObject(j, "best_figure", search_figure(se, race_median(ra, ra->incumbent)));
        cJSON_AddNumberToObject(j, "best_rounds", ra->nrounds[ra->incumbent]);
        /* Its row's (search_pick.h): a resumed search's row holds the rounds of one process, since the
         * resume or (kept) before the stop. */
        const struct srow *w = &se->rows[ra->incumbent];
        if (w->rounds >= 3) cJSON_AddNumberToObject(j, "best_time_se", w->se);
        if (w->rounds > 0) {
            cJSON_AddNumberToObject(j, "best_row_rounds", w->rounds);
            cJSON_AddBoolToObject(j, "best_noisy", w->noisy);
        }
        cJSON_AddBoolToObject(j, "best_confirmed", pk->confirmed);
        if (pk->repeat) cJSON_AddStringToObject(j, "best_may_not_repeat", pk->repeat);
        if (pk->unconfirmed) cJSON_AddStringToObject(j, "best_not_confirmed", pk->unconfirmed);
        if (pk->command) cJSON_AddStringToObject(j, "best_measure_again", pk->command);
    }
    return j;
}

/* not_measured: the statuses of the rows that did not pass ("1 FAIL", "2 build-failed, 1 skipped"),
 * a new string ("" where there is none). */
static char *not_measured(const struct runner *r)
{
    struct status_counts c = r->tally.st;
    c.n[RS_OK] = c.n[RS_UNVERIFIED] = 0;
    return status_counts_some(&c);
}

/* say_outcome: what the search spent and found: the best configuration, its figure with its row's
 * standard error, and the next fastest measured with what the race decided of each (or, not decided,
 * the verdict of their rounds); then what may make the best's figure wrong (search_pick.c). */
static void say_outcome(const struct search *se, const struct run_search *so, const char *end, const struct spick *pk)
{
    const struct race *ra = se->race;
    char buf[512];
    const char *u = *se->unit ? se->unit : "ms";
    char spent[32], budget[32], sweep[32];
    printf("clx: search: %d of %d configuration%s measured (%.1f%%)", ra->measured, se->n, se->n == 1 ? "" : "s",
           100.0 * ra->measured / (se->n ? se->n : 1));
    /* Those that failed have rows and spent budget: said beside the measured, or the rows outnumber them. */
    int failed = 0;
    for (int i = 0; i < se->n; i++) failed += ra->status[i] == RACE_FAILED;
    if (failed) {
        char *how = not_measured(se->r), *all_fail = xasprintf("%d FAIL", failed);
        int plain = !*how || !strcmp(how, all_fail);          /* "5 failed (5 FAIL)" says it twice */
        printf(", %d failed%s%s%s", failed, plain ? "" : " (", plain ? "" : how, plain ? "" : ")");
        free(all_fail);
        free(how);
    }
    printf(", %d round%s, %s of %s device seconds", ra->nlog, ra->nlog == 1 ? "" : "s",
           fmt_fig(spent, sizeof spent, ra->spent_s), fmt_fig(budget, sizeof budget, isfinite(ra->budget_s) ? ra->budget_s : 0));
    if (so->budget_share > 0 && ra->sweep_estimate_s > 0)
        printf(" (%.3g%% of the sweep's %s s, as its first %d rounds estimate it)", 100 * so->budget_share,
               fmt_fig(sweep, sizeof sweep, ra->sweep_estimate_s), RACE_BUDGET_FROM);
    else if (so->budget_share > 0)
        printf(" (%.3g%% of the sweep: the space ended before %d rounds could estimate it)", 100 * so->budget_share,
               RACE_BUDGET_FROM);
    printf("; %s\n", end);
    int best = pk->best;
    if (best < 0) { printf("clx: search: no configuration measured\n"); return; }
    char fig[32], pm[48];
    const struct srow *w = &se->rows[best];
    printf("clx: search: best %s: %s %s%s (median of %d round%s", search_config_label(se, best, buf, sizeof buf),
           fmt_fig(fig, sizeof fig, search_figure(se, race_median(ra, best))), u, search_pick_pm(se, best, pm, sizeof pm),
           ra->nrounds[best], ra->nrounds[best] == 1 ? "" : "s");
    if (*pm && w->rounds != ra->nrounds[best])
        printf("; +/- its row's standard error, time_se, of the %d of them its row holds (one process's: search.tsv has "
               "them all)", w->rounds);
    else if (*pm) printf("; +/- its standard error, its row's time_se");
    printf(")\n");
    for (int k = 0; k < pk->nnext; k++) {
        int i = pk->next[k];
        double ratio = pk->vr[k].ratio;
        /* A percentage past 100 reads as nonsense ("553% slower"): from twice the time on, the ratio,
         * as a finding's size says it (report/finding_size.c: below 2x a percentage, else "5.37x"). */
        char slower[48];
        if (ratio < 2) snprintf(slower, sizeof slower, "%.2f%% slower", 100 * (ratio - 1));
        else snprintf(slower, sizeof slower, "%.3gx the time", ratio);
        printf("clx: search: next %s: %s %s%s (%s, %d round%s): %s\n", search_config_label(se, i, buf, sizeof buf),
               fmt_fig(fig, sizeof fig, search_figure(se, race_median(ra, i))), u, search_pick_pm(se, i, pm, sizeof pm),
               slower, ra->nrounds[i], ra->nrounds[i] == 1 ? "" : "s", pk->decided[k]);
    }
    if (pk->repeat) printf("clx: search: the best: %s\n", pk->repeat);
    if (pk->unconfirmed) printf("clx: search: the best: %s\n", pk->unconfirmed);
    if (pk->command) printf("clx: search: measure the best again alone: %s\n", pk->command);
}

/* end_said: why the search ended, as the console and run.json say it. */
static void end_said(const struct search *se, char *end, size_t n)
{
    const struct race *ra = se->race;
    int open = 0;             /* contenders that took their most rounds and stayed within the noise */
    for (int i = 0; i < se->n; i++) open += i != ra->incumbent && ra->status[i] == RACE_ALIVE;
    if (ra->end == RACE_BUDGET) {
        if (ra->unbuilt)
            snprintf(end, n, "its budget spent (no build started that the seconds left would not pay for)");
        else if (ra->nlog > 0 && ra->log[0].cost_s > ra->budget_s)
            /* No search keeps a budget under one configuration's first round (its build and set-up). */
            snprintf(end, n, "its budget spent by its first round alone (%.3g s, the configuration's build and set-up with it)",
                     ra->log[0].cost_s);
        else snprintf(end, n, "its budget spent");
        /* Past the budget on purpose: a best of one or two rounds is confirmed before it is reported. */
        size_t used = strlen(end);
        if (ra->confirm_rounds > 0 && used < n)
            snprintf(end + used, n - used, "; then %d round%s (%.3g s) past it confirming the best", ra->confirm_rounds,
                     ra->confirm_rounds == 1 ? "" : "s", ra->confirm_s);
    } else if (ra->end == RACE_STOPPED) snprintf(end, n, "stopped");
    else if (open) snprintf(end, n, "ended: %d contender%s not decided SLOWER in %d rounds", open, open == 1 ? "" : "s", se->max_rounds);
    else if (se->n == 1) snprintf(end, n, "a space of one configuration: nothing to race (measured, no decision needed)");
    else if (ra->measured <= 1) snprintf(end, n, "ended: no other configuration could be measured");
    else snprintf(end, n, "decided: every other configuration measured SLOWER");
}

/* end_word: what the race decided of configuration i when it ended or was stopped, as its row's
 * timing note says it; *cut: a stop cut its rounds short (the race would have measured it again). */
static const char *end_word(const struct search *se, int i, int *cut)
{
    const struct race *ra = se->race;
    int stopped = ra->end == RACE_STOPPED;
    *cut = stopped && ra->status[i] == RACE_ALIVE && ra->nrounds[i] < se->max_rounds;
    if (ra->status[i] == RACE_SLOWER) return "decided SLOWER than the incumbent";
    if (ra->status[i] == RACE_FAILED) return "failed when measured again";
    if (i == ra->incumbent) return *cut ? "the best so far, stopped" : "the best found";
    if (ra->nrounds[i] >= se->max_rounds) return "not decided SLOWER than the incumbent in its rounds";
    return stopped ? "stopped" : "not decided when the search ended";
}

/* kept_whole: kept row k, configuration i's, which the stop cut short and the race is done with
 * without measuring it again: its line with what the race decided of it in place of "stopped",
 * without the flag (a new string); its values are those measured before the stop. */
static char *kept_whole(const struct search *se, int k, int i)
{
    const struct table *t = &se->r->out.resume.rows;
    int cf = table_col(t, "flag"), cn = table_col(t, "timing_note"), cr = table_col(t, "rounds"), cut;
    int rounds = cr >= 0 ? atoi(table_cell(t, k, cr)) : 0, logged = i >= 0 ? se->race->nrounds[i] : 0;
    struct strlist vals = {0};
    for (int c = 0; c < t->cols.n; c++) {
        if (c == cf) {
            char *f = flag_without(table_cell(t, k, c), ROUNDS_CUT_FLAG);
            sl_push(&vals, f);
            free(f);
        } else if (c == cn) {
            /* The search's words, one of the note's parts ("an episode ...; search: stopped after 2
             * rounds; timed as batches ..."), replaced; the others kept. */
            const char *note = table_cell(t, k, c), *said = NULL;
            for (const char *p = note; p && *p; p = strstr(p, "; "), p = p ? p + 2 : NULL)
                if (!strncmp(p, "search: ", 8)) said = p;
            const char *after = said ? strstr(said, "; ") : NULL;
            struct sbuf b = {0};
            sb_printf(&b, "%.*s%s", said ? (int)(said - note) : (int)strlen(note), note, !said && *note ? "; " : "");
            sb_printf(&b, "search: %s after %d round%s before a stop, not measured again", i >= 0 ? end_word(se, i, &cut)
                      : "no longer raced", rounds, rounds == 1 ? "" : "s");
            if (logged > rounds) sb_printf(&b, " (search.tsv has its %d rounds)", logged);
            if (after) sb_printf(&b, "%s", after);
            sl_push(&vals, b.s ? b.s : "");
            sb_free(&b);
        } else sl_push(&vals, table_cell(t, k, c));
    }
    char *line = tsv_line(&vals, vals.n);
    sl_free(&vals);
    return line;
}

/* kept_cell: kept row k's cell of column name ("" where the file has no such column). */
static const char *kept_cell(const struct table *t, int k, const char *name)
{
    int c = table_col(t, name);
    return c >= 0 ? table_cell(t, k, c) : "";
}

/* kept_rows: a resumed search's rows from before its stop that no row of this run took the place
 * of, counted with this run's as a resumed sweep counts the rows it keeps (a search whose every build
 * failed before the stop has nothing but those, and exits as it would have). One the stop cut short
 * stays so while its configuration is still raced (stopped again: the next resume goes on with it);
 * once the race is done with it (decided, or the search ended) it says what the race decided,
 * unflagged, its values as they were. */
static void kept_rows(struct search *se)
{
    struct runner *r = se->r;
    struct run_out *out = &r->out;
    const struct table *t = &out->resume.rows;
    int n = t->nrows, cs = table_col(t, "status"), cf = table_col(t, "flag");
    int *config = xmalloc(sizeof *config * ((size_t)n + 1));
    for (int k = 0; k < n; k++) config[k] = -1;
    for (int i = 0; i < se->n; i++)
        if (se->old_row[i] >= 0) config[se->old_row[i]] = i;
    for (int k = 0; k < n && cs >= 0; k++) {
        if (se->replaced[k]) continue;
        const char *flags = cf >= 0 ? table_cell(t, k, cf) : "";
        int was_cut = flag_has(flags, ROUNDS_CUT_FLAG), cut = was_cut;
        if (was_cut && config[k] >= 0) end_word(se, config[k], &cut);
        else if (was_cut) cut = se->race->end == RACE_STOPPED;
        if (was_cut && !cut) {
            if (!out->redone) out->redone = xcalloc((size_t)n + 1, sizeof *out->redone);
            out->redone[k] = kept_whole(se, k, config[k]);
            out->redone_waiting++;
        }
        status_counts_add(&r->tally.st, table_cell(t, k, cs));
        status_counts_add(&r->tally.kept, table_cell(t, k, cs));
        r->tally.ncut += cut;
        r->tally.nshared += flag_has(flags, "shared");
        rounds_tally_row(&r->tally.rounds, kept_cell(t, k, "rounds"), kept_cell(t, k, "spread"), kept_cell(t, k, "time_se"),
                         flags, kept_cell(t, k, "timing_note"), r->o->bench.target_se);
    }
    free(config);
    run_redone_write(out);
}

/* say_rowless: the configurations an earlier process of a resumed search measured whose rows it
 * never wrote (killed at once, or crashed, with them in the race) and which the race did not measure
 * again: no row says them; their rounds are in search.tsv. */
static void say_rowless(const struct search *se)
{
    const struct race *ra = se->race;
    int n = 0;
    for (int i = 0; i < se->n; i++) n += ra->nrounds[i] > 0 && !se->has_row[i];
    if (n)
        printf("clx: search: %d configuration%s measured before the search was interrupted %s no row: the process that "
               "measured %s ended before writing %s (stopped at once, or crashed), and the race did not measure %s again; "
               "%s rounds are in %s/search.tsv\n", n, n == 1 ? "" : "s", n == 1 ? "has" : "have", n == 1 ? "it" : "them",
               n == 1 ? "it" : "them", n == 1 ? "it" : "them", n == 1 ? "its" : "their", se->r->out.res.dir);
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
    struct race_opts ro = { .seed = so->seed, .budget_s = so->budget_s, .budget_share = so->budget_share,
                            .max_rounds = se.max_rounds, .logged = search_log_step,
                            .ahead = se.ahead > 0 ? build_ahead : NULL };
    char *err = NULL;
    run_build_open(r);
    progress_search(&r->progress, 0, so->budget_share > 0 ? INFINITY : so->budget_s, 0, "-");
    se.step_end = now_seconds();
    if (race_run(&sp, &ro, replay, nreplay, measure, &se, &ra, &err))
        die("cannot resume the search in %s: %s", r->out.res.dir, err);
    char end[256];
    build_ahead_drop();
    worker_ahead(0);
    end_said(&se, end, sizeof end);
    /* The rows the race did not end: the best, and the contenders left when it stopped, which the
     * worker writes on the host alone (a second stop lets it: supervise.c). */
    if (ra.end == RACE_STOPPED) worker_keeping(measured_unwritten(&se));
    for (int k = se.nlive - 1; k >= 0; k--) {
        int i = se.live[k], cut;
        const char *word = end_word(&se, i, &cut);
        write_row(&se, i, word, cut);
    }
    if (se.replaced) kept_rows(&se);
    run_build_close(r);
    search_log_close(&se);
    struct spick pk;
    search_pick_make(&se, &pk);
    say_outcome(&se, so, end, &pk);
    if (ra.end != RACE_STOPPED) say_rowless(&se);
    r->search = search_json(&se, so, end, &pk);
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
    free(se.rows);
    free(se.base_ran);
    free(se.cf);
    free(se.coord);
    free(group);
    sl_free(&se.dims);
}
