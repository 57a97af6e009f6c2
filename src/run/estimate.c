/* estimate.c — how long a sweep will take, from the pace of its first and later rounds and the
 * rounds its configurations take (estimate.h). */
#include "estimate.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include "measure/rounds.h"
#include <stdio.h>
#include <stdlib.h>

/* Enough of the sweep seen to judge its pace: seconds in, or every first round done. */
#define ESTIMATE_AFTER_S 5.0
/* Rows take more rounds than planned when their mean is this much above: the revision names the
 * rounds as the cause, else the visits' pace. */
#define ESTIMATE_MORE_ROUNDS 1.1

void estimate_begin(struct estimate *e, long configs, const struct bench_opts *bo, int cpu, int quick,
                    const char *experiment)
{
    /* The rounds taken, as run.json and each configuration count them (rounds_count: a round takes
     * a trial at least): 5 rounds of 3 trials said "5 rounds each" where run.json said 3. */
    *e = (struct estimate){ .configs = configs, .rounds = rounds_count(bo->rounds, bo->trials),
                            .target_se = bo->target_se > 0 ? bo->target_se : 0, .max_rounds = bo->max_rounds,
                            .cpu = cpu, .quick = quick, .t0 = now_seconds(), .experiment = experiment };
    if (configs <= 0) return;     /* nothing built, or every configuration kept: nothing to time or estimate */
    if (bo->rounds > e->rounds)   /* once, where the rounds asked for are not the rounds taken */
        printf("clx: %d rounds asked of %d trial%s: %d round%s, a trial each (a round takes one trial at least)\n",
               bo->rounds, bo->trials, bo->trials == 1 ? "" : "s", e->rounds, e->rounds == 1 ? "" : "s");
    printf("clx: %ld configuration%s to time, %d round%s each; the time it takes follows their first rounds\n", configs,
           configs == 1 ? "" : "s", e->rounds, e->rounds == 1 ? "" : "s");
    /* At once: a log or a pipe read as the run goes (tail -f, a batch job's output file) would
     * otherwise see it only when stdout's buffer fills or the run ends. */
    fflush(stdout);
}

double estimate_rounds_each(const struct estimate *e)
{
    return e->finished > 0 ? (double)e->finished_rounds / (double)e->finished : (double)e->rounds;
}

double estimate_left_s(const struct estimate *e)
{
    if (e->firsts == 0 || e->configs <= 0) return -1;     /* nothing timed yet, or never begun */
    double first = e->first_s / (double)e->firsts;
    /* Before a later round has run, its cost is unknown: a first round's is an upper bound. */
    double later = e->laters ? e->later_s / (double)e->laters : first;
    /* The configurations not finished take the finished ones' rounds on average, less the visits
     * they have had; each not begun takes its first round at least. */
    double firsts_left = e->configs > e->firsts ? (double)(e->configs - e->firsts) : 0;
    double visited = (double)(e->firsts + e->laters - e->finished_rounds);
    double visits_left = (double)(e->configs - e->finished) * estimate_rounds_each(e) - visited;
    if (visits_left < firsts_left) visits_left = firsts_left;
    return firsts_left * first + (visits_left - firsts_left) * later;
}

double estimate_overrun_s(const struct estimate *e, double elapsed)
{
    if (!e->said || e->revised || e->configs <= 0) return 0;
    double left = estimate_left_s(e);
    if (left < 0) return 0;
    double over = elapsed + left - e->said_s, due = ESTIMATE_REVISE_FACTOR * e->said_s;
    if (e->finished < ESTIMATE_REVISE_ROWS && elapsed < due) return 0;
    return elapsed + left >= due && over >= ESTIMATE_REVISE_S ? over : 0;
}

/* duration: "0.023 s", "48 s", "12 min", "5.7 h". */
static void duration(char *b, size_t n, double s)
{
    if (s < 10) snprintf(b, n, "%.2g s", s);
    else if (s < 90) snprintf(b, n, "%.0f s", s);
    else if (s < 5400) snprintf(b, n, "%.0f min", s / 60);
    else snprintf(b, n, "%.1f h", s / 3600);
}

static double visit_s(const struct estimate *e)
{
    long n = e->firsts + e->laters;
    return n ? (e->first_s + e->later_s) / (double)n : 0;
}

/* say_begin: before a line of the estimate's, the terminal's status line erased first (it redraws itself). */
static void say_begin(void)
{
    if (util_before_message) util_before_message();
}

/* revise: the longer figure, said once where it is due (estimate_overrun_s), with its cause: more
 * rounds than planned (--target-se or episodes), else slower visits. */
static void revise(struct estimate *e)
{
    double in = now_seconds() - e->t0, over = estimate_overrun_s(e, in);
    if (!(over > 0)) return;
    e->revised = 1;
    char more[32], all[32], why[192];
    duration(more, sizeof more, over);
    duration(all, sizeof all, e->said_s + over);
    double each = estimate_rounds_each(e);
    if (each > ESTIMATE_MORE_ROUNDS * e->rounds) {
        int n = snprintf(why, sizeof why, "rows are taking %.1f rounds on average, not %d ", each, e->rounds);
        if (e->target_se > 0)
            snprintf(why + n, sizeof why - (size_t)n, "(--target-se %.2g%% adds them, up to --max-rounds %d)",
                     100 * e->target_se, e->max_rounds);
        else snprintf(why + n, sizeof why - (size_t)n, "(rounds added to measure episodes again)");
    } else {
        char now[32], then[32];
        duration(now, sizeof now, visit_s(e));
        duration(then, sizeof then, e->said_visit_s);
        snprintf(why, sizeof why, "its rounds are taking %s each on average, %s when it was estimated", now, then);
    }
    say_begin();
    printf("clx: estimate: the sweep will take about %s more than estimated, %s in all: %s\n", more, all, why);
    fflush(stdout);
}

void estimate_config_done(struct estimate *e, int rounds)
{
    e->finished++;
    e->finished_rounds += rounds > 0 ? rounds : 1;
    revise(e);
}

void estimate_visit(struct estimate *e, int first, double seconds)
{
    if (first) { e->firsts++; e->first_s += seconds; }
    else { e->laters++; e->later_s += seconds; }
    if (e->configs <= 0) return;     /* never begun (a tuning pass, a later worker) */
    if (e->said) { revise(e); return; }
    double in = now_seconds() - e->t0;
    int later_known = e->laters > 0 || e->rounds == 1;
    if (!later_known || (in < ESTIMATE_AFTER_S && e->firsts < e->configs)) return;
    e->said = 1;
    double left = estimate_left_s(e);
    e->said_s = in + left;
    e->said_visit_s = visit_s(e);
    char all[32], one[32], rest[64] = "";
    duration(all, sizeof all, in + left);
    duration(one, sizeof one, e->first_s / (double)e->firsts);
    if (e->laters) {
        char later[32];
        duration(later, sizeof later, e->later_s / (double)e->laters);
        snprintf(rest, sizeof rest, ", later ones %s", later);
    }
    say_begin();
    printf("clx: estimate: about %s for the sweep's %ld configuration%s (first rounds %s each so far%s; rounds "
           "added for episodes or --target-se come on top, said if they make it much longer)\n", all, e->configs,
           e->configs == 1 ? "" : "s", one, rest);
    if (e->cpu && !e->quick && left > ESTIMATE_QUICK_HINT_S) {
        char *q = shell_word(e->experiment);
        printf("clx: on a CPU device that is long: `%s run %s --quick` times the spec's small configuration instead "
               "(^C stops this one and keeps its rows)\n", clx_cmd(), q);
        free(q);
    }
    fflush(stdout);
}
