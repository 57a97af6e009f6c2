/* search_end.c — how a search ends: why it ended, what the race decided of each configuration,
 * and what the search says of its outcome on the console and in run.json. */
#include "search_impl.h"
#include "store/rowstatus.h"
#include "lib/pctnear.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cJSON *search_json(const struct search *se, const struct run_search *so, const char *end, const struct spick *pk)
{
    const struct race *ra = se->race;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "seed", (double)so->seed);
    cJSON_AddNumberToObject(j, "budget_s", isfinite(ra->budget_s) ? ra->budget_s : 0);
    if (so->budget_share > 0) {
        cJSON_AddNumberToObject(j, "budget_share", so->budget_share);
        cJSON_AddNumberToObject(j, "sweep_estimate_s", ra->sweep_estimate_s);
        cJSON_AddNumberToObject(j, "sweep_later_ratio", ra->sweep_later_ratio);
        /* Its absence marks a search priced as an older clx did, which a later resume prices so too. */
        if (ra->sweep_priced_older) cJSON_AddTrueToObject(j, "sweep_priced_older");
        else cJSON_AddNumberToObject(j, "sweep_builds", ra->sweep_builds);
        if (ra->sweep_first_once > 0) cJSON_AddNumberToObject(j, "sweep_first_once_s", ra->sweep_first_once);
    }
    cJSON_AddNumberToObject(j, "spent_s", ra->spent_s);
    cJSON_AddNumberToObject(j, "space", se->n);
    cJSON_AddNumberToObject(j, "measured", ra->measured);
    cJSON_AddNumberToObject(j, "rounds", ra->nlog);
    cJSON_AddStringToObject(j, "end", end);
    /* A search at a smaller size than the spec's: what a round at the spec's own costs, and the
     * budget that pays for a race of such rounds, for the report's command that searches the full
     * space (its --budget of 30 s against 114.6 s a round at 2048^3 measured one configuration). */
    struct search_full f;
    if (search_full_estimate(se, &f)) {
        cJSON *full = cJSON_AddObjectToObject(j, "full_size");
        cJSON_AddStringToObject(full, "at", f.at);
        cJSON_AddNumberToObject(full, "rounds", f.rounds);
        cJSON_AddNumberToObject(full, "round_s", f.round_s);
        cJSON_AddNumberToObject(full, "once_s", f.once_s);
        cJSON_AddNumberToObject(full, "full_round_s", f.full_round_s);
        cJSON_AddNumberToObject(full, "least_rounds", SEARCH_PACE_ROUNDS);
        cJSON_AddNumberToObject(full, "need_s", f.need_s);
        cJSON_AddNumberToObject(full, "budget_s", f.budget_s);
        free(f.at);
    }
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
            /* best_figure is of best_rounds (search.tsv's); the row's, of best_row_rounds. */
            if (isfinite(w->figure)) cJSON_AddNumberToObject(j, "best_row_figure", w->figure);
            cJSON_AddBoolToObject(j, "best_noisy", w->noisy);
        }
        cJSON_AddBoolToObject(j, "best_confirmed", pk->confirmed);
        if (pk->repeat) cJSON_AddStringToObject(j, "best_may_not_repeat", pk->repeat);
        if (pk->unconfirmed) cJSON_AddStringToObject(j, "best_not_confirmed", pk->unconfirmed);
        if (pk->command) cJSON_AddStringToObject(j, "best_measure_again", pk->command);
    }
    return j;
}

/* rows_apart: where configuration i's row in results.tsv holds fewer rounds than search.tsv has of it
 * (a resumed search's row: since the resume), both figures said with what each covers, after lead
 * (NULL: none) in parentheses: " (LEAD, median of its 3 rounds, search.tsv's; its row in results.tsv
 * holds 1 of them, one process's: 0.617 GFLOP/s +/- 2%)"; 0 (nothing said) where they are one. A row
 * of 1 round at 0.617 GFLOP/s beside "0.5418 (median of 3 rounds)" read as a contradiction. */
static int rows_apart(const struct search *se, int i, const char *lead, const char *u)
{
    const struct srow *w = &se->rows[i];
    int n = se->race->nrounds[i];
    if (!(w->rounds > 0 && w->rounds != n)) return 0;
    char fig[32], pm[48], race_pm[48];
    search_pick_pm(se, i, 1, pm, sizeof pm);
    /* Which error each +/- is: the race's of search.tsv's rounds (search_pick_pm), the row's time_se. */
    int said = !lead && *search_pick_pm(se, i, 0, race_pm, sizeof race_pm);
    printf(" (%s%smedian of its %d rounds, search.tsv's%s; its row in results.tsv holds %d of them, one process's: %s %s%s%s)",
           lead ? lead : "", lead ? ", " : "", n, said ? ", +/- the standard error of that median, as the race decides by it" : "",
           w->rounds, fmt_fig(fig, sizeof fig, w->figure), u, pm, said && *pm ? ", its time_se" : "");
    return 1;
}

/* not_measured: the statuses of the rows that did not pass ("1 FAIL", "2 build-failed, 1 skipped"),
 * a new string ("" where there is none). */
static char *not_measured(const struct runner *r)
{
    struct status_counts c = r->tally.st;
    for (int k = 0; k < RS_N; k++)
        if (row_status_is_measured((enum row_status)k)) c.n[k] = 0;
    return status_counts_some(&c);
}

void search_say_outcome(const struct search *se, const struct run_search *so, const char *end, const struct spick *pk)
{
    const struct race *ra = se->race;
    char buf[512];
    const char *u = *se->unit ? se->unit : "ms";
    char spent[32], budget[32], sweep[32], share[32];
    printf("clx: search: %d of %d configuration%s measured (%s)", ra->measured, se->n, se->n == 1 ? "" : "s",
           fmt_share_fine(share, sizeof share, ra->measured, se->n));
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
    /* A --budget P% search that ended before its first rounds priced the sweep has no seconds of budget:
     * "of 0 device seconds" read as a budget of none, spent many times over. */
    int priced = !(so->budget_share > 0) || (isfinite(ra->budget_s) && ra->budget_s > 0);
    printf(", %d round%s, %s%s%s device seconds", ra->nlog, ra->nlog == 1 ? "" : "s",
           fmt_fig(spent, sizeof spent, ra->spent_s), priced ? " of " : "",
           priced ? fmt_fig(budget, sizeof budget, isfinite(ra->budget_s) ? ra->budget_s : 0) : "");
    /* Its builds: a sweep makes one a variant and build, which its configurations share. */
    char builds[192];
    if (ra->sweep_priced_older)
        /* A resumed search an older clx began: priced as it was (race.h's price_older). */
        snprintf(builds, sizeof builds, "a build at each of its %d configurations at the mean of %d first rounds' builds, "
                 "as the older clx that began this search priced it", ra->sweep_builds, ra->sweep_built);
    else
        snprintf(builds, sizeof builds, "its %d build%s at the mean of the %d made", ra->sweep_builds,
                 ra->sweep_builds == 1 ? "" : "s", ra->sweep_built);
    /* The very first round, dearer than the others' mean: the process's one-offs, which a sweep pays once. */
    char once[160] = "", secs[32];
    if (ra->sweep_first_once > 0)
        snprintf(once, sizeof once, " (the search's very first, %s s, priced once: it carried what the process does "
                 "once)", fmt_fig(secs, sizeof secs, ra->sweep_first_once));
    if (so->budget_share > 0 && ra->sweep_estimate_s > 0 && ra->sweep_laters > 0)
        printf(" (%.3g%% of the sweep's %s s, as this search's rounds price it: %s, each configuration's first round "
               "at the mean of %d first rounds%s, its later rounds at %.2g of a first, as %d later rounds were of "
               "their own)", 100 * so->budget_share, fmt_fig(sweep, sizeof sweep, ra->sweep_estimate_s), builds,
               ra->sweep_firsts, once, ra->sweep_later_ratio, ra->sweep_laters);
    else if (so->budget_share > 0 && ra->sweep_estimate_s > 0)
        printf(" (%.3g%% of the sweep's %s s, as its first %d rounds price it: %s, every round at a first round's "
               "cost%s, the search having ended before %d later rounds could price them, which overstates the sweep)",
               100 * so->budget_share, fmt_fig(sweep, sizeof sweep, ra->sweep_estimate_s), ra->sweep_firsts + 1, builds,
               once, RACE_LATER_FROM);
    else if (so->budget_share > 0)
        printf(" (a budget of %.3g%% of the sweep, not priced: %s before %d rounds could estimate it)",
               100 * so->budget_share, ra->end == RACE_STOPPED ? "stopped" : "the space ended", RACE_BUDGET_FROM);
    printf("; %s\n", end);
    int best = pk->best;
    if (best < 0) { printf("clx: search: no configuration measured\n"); return; }
    char fig[32], pm[48];
    /* A stopped search's best is its best so far, as its row says ("the best so far, stopped after 1
     * round"): "best" alone, after "stopped", read as what the search had found. */
    printf("clx: search: best%s %s: %s %s", ra->end == RACE_STOPPED ? " so far" : "", search_config_label(se, best, buf, sizeof buf),
           fmt_fig(fig, sizeof fig, search_figure(se, race_median(ra, best))), u);
    /* Its error as the race's decisions read it (the median's, search_pick_pm), the row's time_se
     * beside it: results.tsv's and report.md's, another estimator that may differ several-fold. */
    search_pick_pm(se, best, 0, pm, sizeof pm);
    printf("%s", pm);
    if (rows_apart(se, best, NULL, u)) printf("\n");
    else if (*pm) {
        char row[96] = "";
        if (se->rows[best].rounds >= 3)
            snprintf(row, sizeof row, "; its row's time_se, of the rounds' standard deviation: %s",
                     fmt_pct_near(fig, sizeof fig, 100 * se->rows[best].se, 100 * NOISY_SE));
        printf(" (median of %d rounds; +/- the standard error of that median, as the race decides by it%s)\n",
               ra->nrounds[best], row);
    } else printf(" (median of %d round%s)\n", ra->nrounds[best], ra->nrounds[best] == 1 ? "" : "s");
    for (int k = 0; k < pk->nnext; k++) {
        int i = pk->next[k];
        /* One form for every line: the time against the best's ("1.084x the time", "4.04x the time"),
         * not a percentage on some lines and a ratio on others. */
        char slower[48];
        snprintf(slower, sizeof slower, "%.4gx the time", pk->vr[k].ratio);
        search_pick_pm(se, i, 0, pm, sizeof pm);
        printf("clx: search: next %s: %s %s%s", search_config_label(se, i, buf, sizeof buf),
               fmt_fig(fig, sizeof fig, search_figure(se, race_median(ra, i))), u, pm);
        /* As the best's line: a resumed search's row (the table's, the plots', compare's) may hold
         * fewer rounds, and rank it above the best by them. */
        if (rows_apart(se, i, slower, u)) printf(": %s\n", pk->decided[k]);
        else
            printf(" (%s, %d round%s): %s\n", slower, ra->nrounds[i], ra->nrounds[i] == 1 ? "" : "s", pk->decided[k]);
    }
    if (pk->repeat) printf("clx: search: the best: %s\n", pk->repeat);
    if (pk->unconfirmed) printf("clx: search: the best: %s\n", pk->unconfirmed);
    if (pk->command) printf("clx: search: measure the best again alone: %s\n", pk->command);
}

void search_end_said(const struct search *se, char *end, size_t n)
{
    const struct race *ra = se->race;
    int open = ra->open;      /* contenders that took their most rounds and stayed within the noise */
    size_t used;
    /* A share's budget is set only after its first rounds (race.c): a first round dearer than it did
     * not spend it alone (volkov_fma --quick --budget 20%: "by its first round alone" of 16 rounds). */
    int first_alone = ra->nlog > 0 && ra->log[0].cost_s > ra->budget_s && !(ra->sweep_estimate_s > 0);
    if (ra->end == RACE_BUDGET) {
        if (ra->unbuilt)
            snprintf(end, n, "its budget spent (no build started that the seconds left would not pay for)");
        else if (first_alone)
            /* No search keeps a budget under one configuration's first round (its build and set-up). */
            snprintf(end, n, "its budget spent by its first round alone (%.3g s, the configuration's build and set-up with it)",
                     ra->log[0].cost_s);
        else snprintf(end, n, "its budget spent");
        /* Past the budget before any confirming: a round is started only where it fits at what rounds
         * before it cost (race.c), and a started one is finished; one dearer than that overran it
         * (PoCL, a loaded host: 45.53 of 30 s), which the end says rather than leave it unexplained. */
        double over = ra->spent_s - ra->confirm_s - ra->budget_s;
        used = strlen(end);
        /* A share's budget is set only once its first rounds have estimated the sweep (race.c): those
         * may have spent it already, which no one round did. */
        if (over > 0 && !first_alone && used < n) {
            if (ra->sweep_estimate_s > 0)
                snprintf(end + used, n - used, "; %.3g s past it: a share's budget is set from the sweep its rounds "
                         "estimate (first after %d, priced again until %d later rounds are measured), and those rounds, "
                         "or the last one started within it, went past it", over, RACE_BUDGET_FROM, RACE_LATER_FROM);
            else
                snprintf(end + used, n - used, "; %.3g s past it in the last round started within it (a round started is "
                         "finished: it cost more than the rounds before it said it would)", over);
        }
        /* The rounds it was giving contenders the cap had left undecided (race.h: RACE_ROUNDS_LIMIT). */
        used = strlen(end);
        if (open && ra->max_rounds > se->max_rounds && used < n)
            snprintf(end + used, n - used, " with %d contender%s not decided SLOWER in up to %d rounds", open,
                     open == 1 ? "" : "s", ra->max_rounds);
        /* Past the budget on purpose: a best of one or two rounds is confirmed before it is reported,
         * where there is a rival to confirm it against and within RACE_CONFIRM_SHARE of the budget. */
        used = strlen(end);
        if (ra->confirm_rounds > 0 && used < n)
            snprintf(end + used, n - used, "; then %d round%s (%.3g s) past it confirming the best", ra->confirm_rounds,
                     ra->confirm_rounds == 1 ? "" : "s", ra->confirm_s);
        used = strlen(end);
        if (ra->confirm_alone && used < n)
            snprintf(end + used, n - used, "; one configuration measured: nothing to confirm it against");
        else if (ra->confirm_dear > 0 && used < n)
            snprintf(end + used, n - used, "; the best not confirmed further: a round of it (%.3g s) would take the "
                     "confirming past %.0f%% of the budget", ra->confirm_dear, 100 * RACE_CONFIRM_SHARE);
    } else if (ra->end == RACE_STOPPED) snprintf(end, n, "stopped");
    else if (open) {
        snprintf(end, n, "ended: %d contender%s not decided SLOWER in %d rounds", open, open == 1 ? "" : "s", ra->max_rounds);
        /* Why the race gave them no more (race.h: the cap doubles while one of them may be decided). */
        used = strlen(end);
        if (ra->open_close == open && used < n)
            snprintf(end + used, n - used, ": more rounds cannot help, %s within %.0f%% of the best (a smaller "
                     "difference than a verdict decides)", open == 1 ? "it is" : "each is", 100 * VERDICT_MIN_EFFECT);
        else if (ra->max_rounds >= RACE_ROUNDS_LIMIT && used < n)
            snprintf(end + used, n - used, ", the most the race gives a configuration");
    }
    else if (se->n == 1) snprintf(end, n, "a space of one configuration: nothing to race (measured, no decision needed)");
    else if (ra->measured <= 1) snprintf(end, n, "ended: no other configuration could be measured");
    else snprintf(end, n, "decided: every other configuration measured SLOWER");
}

const char *search_end_word(const struct search *se, int i, int *cut)
{
    const struct race *ra = se->race;
    int stopped = ra->end == RACE_STOPPED;
    *cut = stopped && ra->status[i] == RACE_ALIVE && ra->nrounds[i] < ra->max_rounds;
    if (ra->status[i] == RACE_SLOWER) return SEARCH_DROPPED;
    if (ra->status[i] == RACE_FAILED) return "failed when measured again";
    /* Stopped, the race had not ended: its best with every round is still its best so far, as the
     * console says ("best so far"), not what the search found. */
    if (i == ra->incumbent) return *cut ? SEARCH_BEST " so far, stopped" : stopped ? SEARCH_BEST " so far" : SEARCH_BEST " found";
    if (ra->nrounds[i] >= ra->max_rounds) return "not decided SLOWER than the incumbent in its rounds";
    return stopped ? "stopped" : "not decided when the search ended";
}
