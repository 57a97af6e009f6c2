/* estimate.c — how long a sweep will take, from each configuration's first round, the later rounds'
 * cost against their own first rounds, and the rounds its configurations take (estimate.h). */
#include "estimate.h"
#include "lib/calledas.h"
#include "lib/stopcatch.h"
#include "lib/util.h"
#include "measure/rounds.h"
#include <stdio.h>
#include <stdlib.h>

/* Enough of the sweep seen to judge its pace: seconds in, or every first round done. */
#define ESTIMATE_AFTER_S 5.0
/* Later rounds seen before the estimate is said (or all there are): the ratio of one alone can be the
 * sweep's very first configuration's, whose first round carried the sweep's first launch (taylor's
 * on PoCL: 35 ms, its later ones 0.2 ms, where the others' later ones took a quarter of their first).
 * In a quick sweep, whose first rounds are over in a second, the later ones follow at once. */
#define ESTIMATE_LATERS 5
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
    long n = e->finished + e->known;
    return n > 0 ? (double)(e->finished_rounds + e->known_rounds) / (double)n : (double)e->rounds;
}

double estimate_later_ratio(const struct estimate *e)
{
    return e->ratio_first_s > 0 ? e->ratio_later_s / e->ratio_first_s : 1;
}

double estimate_left_s(const struct estimate *e)
{
    if (e->firsts == 0 || e->configs <= 0) return -1;     /* nothing timed yet, or never begun */
    double first = e->first_s / (double)e->firsts, k = estimate_later_ratio(e), each = estimate_rounds_each(e);
    /* The configurations not begun take the finished ones' rounds on average, at the mean first
     * round's pace: nothing better is known of them. */
    double not_begun = e->configs > e->firsts ? (double)(e->configs - e->firsts) : 0;
    double left = not_begun * first * (1 + (each > 1 ? each - 1 : 0) * k);
    /* Those begun and not finished: the visits they have left, each at its own first round's pace
     * (the sum over them of first_s x (rounds - visits), kept as sums): to its known rounds where its
     * planned ones have run, else to each. */
    double open = k * (each * (e->open_first_s - e->known_first_s) + e->known_first_rounds - e->open_first_visits);
    return left + (open > 0 ? open : 0);
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

double estimate_underrun_s(const struct estimate *e, double elapsed)
{
    if (!e->said || e->revised || e->lowered || e->configs <= 0 || e->firsts < e->configs) return 0;
    /* The rounds added to the planned ones (memcopy_ilp's rows took 12.8 on an H200, 5 planned) are
     * known only of configurations whose planned rounds have run: a shorter figure waits for a few. */
    long known = e->finished + e->known;
    if (known < ESTIMATE_REVISE_ROWS && known < e->configs) return 0;
    double left = estimate_left_s(e);
    if (left < 0) return 0;
    double all = elapsed + left, under = e->said_s - all;
    return all * ESTIMATE_LOWER_FACTOR <= e->said_s && under >= ESTIMATE_LOWER_S ? under : 0;
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
        char ts[32];
        if (e->target_se > 0)
            snprintf(why + n, sizeof why - (size_t)n, "(--target-se %s adds them, up to --max-rounds %d)",
                     fmt_pct(ts, sizeof ts, 100 * e->target_se), e->max_rounds);
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

/* lower: the shorter figure, said once where it is due (estimate_underrun_s), with its cause: the
 * first rounds of the configurations begun since, quicker than those it was said from. It becomes the
 * figure a later revision upward is measured against. */
static void lower(struct estimate *e)
{
    double in = now_seconds() - e->t0, under = estimate_underrun_s(e, in);
    if (!(under > 0)) return;
    e->lowered = 1;
    char less[32], all[32], why[320], now[32], then[32];
    duration(less, sizeof less, under);
    duration(all, sizeof all, e->said_s - under);
    duration(now, sizeof now, e->first_s / (double)e->firsts);
    duration(then, sizeof then, e->said_first_s);
    int n;
    if (e->said_first_s > e->first_s / (double)e->firsts)
        n = snprintf(why, sizeof why, "every configuration's first round is timed, %s each on average, %s when it was "
                                      "estimated from the first ones", now, then);
    else n = snprintf(why, sizeof why, "every configuration's first round is timed, and the rounds after them are quicker");
    /* The rounds counted in, where more than planned: the figure is not the planned rounds' alone. */
    double each = estimate_rounds_each(e);
    if (each > ESTIMATE_MORE_ROUNDS * e->rounds && n > 0 && (size_t)n < sizeof why)
        snprintf(why + n, sizeof why - (size_t)n, "; rows taking %.1f rounds on average, not %d, counted in", each,
                 e->rounds);
    say_begin();
    printf("clx: estimate: the sweep will take about %s less than estimated, %s in all: %s\n", less, all, why);
    fflush(stdout);
    e->said_s -= under;
    e->said_visit_s = visit_s(e);
}

/* known_drop, known_add: c's part of the sums of the configurations in flight whose rounds are known. */
static void known_drop(struct estimate *e, const struct estimate_config *c)
{
    if (!c->known) return;
    e->known--;
    e->known_rounds -= c->known;
    e->known_first_s -= c->first_s;
    e->known_first_rounds -= c->first_s * c->known;
}

static void known_add(struct estimate *e, const struct estimate_config *c)
{
    if (!c->known) return;
    e->known++;
    e->known_rounds += c->known;
    e->known_first_s += c->first_s;
    e->known_first_rounds += c->first_s * c->known;
}

void estimate_config_done(struct estimate *e, const struct estimate_config *c)
{
    e->finished++;
    e->finished_rounds += c->visits > 0 ? c->visits : 1;
    if (c->visits > 0) {              /* no longer open: its part of the open sums goes */
        e->open_first_s -= c->first_s;
        e->open_first_visits -= c->first_s * c->visits;
    }
    known_drop(e, c);
    revise(e);
    lower(e);
}

void estimate_visit(struct estimate *e, struct estimate_config *c, double seconds, int rounds)
{
    if (c->visits++ == 0) {
        c->first_s = seconds;
        e->firsts++;
        e->first_s += seconds;
        e->open_first_s += seconds;
    } else {
        e->laters++;
        e->later_s += seconds;
        if (c->first_s > 0) e->ratio_later_s += seconds, e->ratio_first_s += c->first_s;
    }
    e->open_first_visits += c->first_s;
    /* Its rounds are known once its planned ones have run: whether an episode or --target-se adds
     * some is decided there (run_rounds_more), and again where those added have run; over, they are
     * its visits. */
    known_drop(e, c);
    if (rounds <= 0) c->known = c->visits;
    else c->known = c->visits >= e->rounds || rounds > e->rounds ? (rounds > c->visits ? rounds : c->visits) : 0;
    known_add(e, c);
    if (e->configs <= 0) return;     /* never begun (a tuning pass, a later worker) */
    if (e->said) { revise(e); lower(e); return; }
    double in = now_seconds() - e->t0;
    /* The later rounds the sweep has at most, before any configuration takes more than planned. */
    double laters_max = (double)e->configs * (e->rounds - 1);
    int later_known = e->rounds == 1 || e->laters >= ESTIMATE_LATERS || (double)e->laters >= laters_max ||
                      (e->laters > 0 && in >= ESTIMATE_AFTER_S);
    if (!later_known || (in < ESTIMATE_AFTER_S && e->firsts < e->configs)) return;
    /* A sweep a stop ends has no time left to foretell ("stopping at once", then "about 34 s"). */
    if (stopcatch_signal()) return;
    e->said = 1;
    double left = estimate_left_s(e);
    e->said_s = in + left;
    e->said_visit_s = visit_s(e);
    e->said_first_s = e->first_s / (double)e->firsts;
    char all[32], one[32], rest[64] = "";
    duration(all, sizeof all, in + left);
    duration(one, sizeof one, e->first_s / (double)e->firsts);
    /* The ratio, not the later rounds' mean: that mean is of the configurations that had later
     * rounds, the sweep's first ones, and prices none of the others. */
    if (e->ratio_first_s > 0)
        snprintf(rest, sizeof rest, ", later ones %.0f%% of their own first", 100 * estimate_later_ratio(e));
    say_begin();
    printf("clx: estimate: about %s for the sweep's %ld configuration%s (first rounds %s each so far%s; rounds "
           "added for episodes or --target-se come on top, said if they make it much longer)\n", all, e->configs,
           e->configs == 1 ? "" : "s", one, rest);
    if (e->sim && left > ESTIMATE_SIM_HINT_S) {
        char *q = shell_word(e->experiment);
        printf("clx: on a simulator (%s) that is long: it checks kernels rather than times them, and a few thousand "
               "elements take every path: `%s run %s --quick --trials 1 --warmups 0` with a small --size (tests/oclgrind.sh "
               "has each experiment's; docs/devices.md, \"Oclgrind\")\n", e->sim, clx_cmd(), q);
        free(q);
    } else if (e->cpu && !e->quick && left > ESTIMATE_QUICK_HINT_S) {
        char *q = shell_word(e->experiment);
        printf("clx: on a CPU device that is long: `%s run %s --quick` times the spec's small configuration instead "
               "(^C stops this one and keeps its rows)\n", clx_cmd(), q);
        free(q);
    }
    fflush(stdout);
}
