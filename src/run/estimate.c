/* estimate.c — how long a sweep will take, from the pace of its first and later rounds (estimate.h). */
#include "estimate.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>

/* Enough of the sweep seen to judge its pace: seconds in, or every first round done. */
#define ESTIMATE_AFTER_S 5.0

void estimate_begin(struct estimate *e, long configs, int rounds, int cpu, int quick, const char *experiment)
{
    *e = (struct estimate){ .configs = configs, .rounds = rounds > 1 ? rounds : 1, .cpu = cpu, .quick = quick,
                            .t0 = now_seconds(), .experiment = experiment };
    if (configs <= 0) return;     /* nothing built, or every configuration kept: nothing to time or estimate */
    printf("clx: %ld configuration%s to time, %d round%s each; the time it takes follows their first rounds\n", configs,
           configs == 1 ? "" : "s", e->rounds, e->rounds == 1 ? "" : "s");
    /* At once: a log or a pipe read as the run goes (tail -f, a batch job's output file) would
     * otherwise see it only when stdout's buffer fills or the run ends. */
    fflush(stdout);
}

double estimate_left_s(const struct estimate *e)
{
    if (e->firsts == 0) return -1;
    double first = e->first_s / (double)e->firsts;
    /* Before a later round has run, its cost is unknown: a first round's is an upper bound. */
    double later = e->laters ? e->later_s / (double)e->laters : first;
    double firsts_left = (double)(e->configs - e->firsts), laters_left = (double)e->configs * (e->rounds - 1) - (double)e->laters;
    return (firsts_left > 0 ? firsts_left * first : 0) + (laters_left > 0 ? laters_left * later : 0);
}

/* duration: "0.023 s", "48 s", "12 min", "5.7 h". */
static void duration(char *b, size_t n, double s)
{
    if (s < 10) snprintf(b, n, "%.2g s", s);
    else if (s < 90) snprintf(b, n, "%.0f s", s);
    else if (s < 5400) snprintf(b, n, "%.0f min", s / 60);
    else snprintf(b, n, "%.1f h", s / 3600);
}

void estimate_visit(struct estimate *e, int first, double seconds)
{
    if (first) { e->firsts++; e->first_s += seconds; }
    else { e->laters++; e->later_s += seconds; }
    if (e->said || e->configs <= 0) return;     /* said, or never begun (a tuning pass, a later worker) */
    double in = now_seconds() - e->t0;
    int later_known = e->laters > 0 || e->rounds == 1;
    if (!later_known || (in < ESTIMATE_AFTER_S && e->firsts < e->configs)) return;
    e->said = 1;
    double left = estimate_left_s(e);
    char all[32], one[32], rest[64] = "";
    duration(all, sizeof all, in + left);
    duration(one, sizeof one, e->first_s / (double)e->firsts);
    if (e->laters) {
        char later[32];
        duration(later, sizeof later, e->later_s / (double)e->laters);
        snprintf(rest, sizeof rest, ", later ones %s", later);
    }
    printf("clx: estimate: about %s for the sweep's %ld configuration%s (first rounds %s each so far%s; rounds "
           "added for episodes or --target-se come on top)\n", all, e->configs, e->configs == 1 ? "" : "s", one, rest);
    if (e->cpu && !e->quick && left > ESTIMATE_QUICK_HINT_S) {
        char *q = shell_word(e->experiment);
        printf("clx: on a CPU device that is long: `%s run %s --quick` times the spec's small configuration instead "
               "(^C stops this one and keeps its rows)\n", clx_cmd(), q);
        free(q);
    }
    fflush(stdout);
}
