/* compare_hostload.c — runs on a CPU device under clearly different host loads, said beside the
 * verdicts of compare and history (compare_hostload.h). */
#include "compare_hostload.h"
#include "compare_provenance.h"
#include "lib/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int cmp_hostload_apart(const struct runjson *a, const struct runjson *b)
{
    const struct rj_host_load *x = &a->host_load, *y = &b->host_load;
    return x->has && y->has && !isnan(x->others_share) && !isnan(y->others_share) &&
           fabs(x->others_share - y->others_share) >= HOSTLOAD_APART;
}

int cmp_hostload_clx_apart(const struct rundir *a, const struct rundir *b)
{
    const struct rj_host_load *x = &a->rj.host_load, *y = &b->rj.host_load;
    if (a == b || !x->has || !y->has || !(x->clx_share > 0) || !(y->clx_share > 0)) return 0;
    /* clx's share is of its sweep's work: another sweep or device takes another share of the host */
    if (strcmp(rj_str(a->device), rj_str(b->device)) || strcmp(rj_str(a->platform), rj_str(b->platform))) return 0;
    char *differs = cmp_setup_differs(a, "A", b, "B");
    free(differs);
    return !differs && fabs(x->clx_share - y->clx_share) >= HOSTLOAD_CLX_DROP * fmax(x->clx_share, y->clx_share);
}

/* lean: how b's times moved against a's beside the load (b_less: b had the less of the host, so the
 * load alone makes b slower; else faster). HOSTLOAD_LEANS: the verdicts lean the load's way (more of
 * them that way than the other, or as many and the median speed-up HOSTLOAD_MOVED or more that way;
 * none decided counts so) and the median lies that side of 1: b's speed may be the load's.
 * HOSTLOAD_SOME: only the verdicts decided the load's way may be. HOSTLOAD_NONE: none moved the
 * load's way: a load that makes A slower cannot explain B SLOWER (memcopy_ilp, A under 57% of the
 * host, B under 0%: 18 SLOWER, 2 FASTER, 0.113x was said to be the load's), nor the reverse. */
enum hostload_lean { HOSTLOAD_NONE, HOSTLOAD_SOME, HOSTLOAD_LEANS };
static enum hostload_lean lean(const struct run_shift *m, int b_less)
{
    int slower = m->decided_slower, faster = m->decided - m->decided_slower;
    int with = b_less ? slower : faster, against = b_less ? faster : slower;
    int side = b_less ? m->median < 1 : m->median > 1;
    int far = b_less ? m->median <= 1 / HOSTLOAD_MOVED : m->median >= HOSTLOAD_MOVED;
    if (side && (with > against || (with == against && far))) return HOSTLOAD_LEANS;
    return with > 0 ? HOSTLOAD_SOME : HOSTLOAD_NONE;
}

double cmp_hostload_reach(const struct rj_host_load *x, const struct rj_host_load *y, int by_clx)
{
    double hx = by_clx ? x->clx_share : 1 - x->others_share, hy = by_clx ? y->clx_share : 1 - y->others_share;
    if (!(hx > 0) || !(hy > 0)) return INFINITY;
    return HOSTLOAD_REACH_ROOM * fmax(hx, hy) / fmin(hx, hy);
}

/* over: what a run's load was taken over (run.json host_load), as its run's end said it: its search's
 * configurations or its sweep's. */
static const char *over(const struct rundir *r) { return rundir_is_search(r) ? "search" : "sweep"; }

/* say_beyond: the line for a median the load's way but past its reach (cmp_hostload_say), with the
 * shares it rests on; returned for the caller to print. bd, ad: what each side's load was taken over,
 * "B's sweep", then "A's" (or "A's search" where the two differ). */
static char *say_beyond(const struct rj_host_load *x, const char *ad, const struct rj_host_load *y, const char *bd,
                        int others, double reach, const char *how, const char *whose)
{
    char rr[32];
    fmt_ratio(rr, sizeof rr, reach);
    char *shares = others ? xasprintf("other processes took %.0f%% of the host's CPU time during %s, %.0f%% "
                                      "during %s (run.json host_load)", 100 * y->others_share, bd,
                                      100 * x->others_share, ad)
                          : xasprintf("clx took %.0f%% of the host's CPU time during %s, %.0f%% during %s "
                                      "(run.json host_load)", 100 * y->clx_share, bd, 100 * x->clx_share, ad);
    char *s = xasprintf("%s: the load alone moves the CPU device's times by %s at most here (the kernels had at most "
                        "%.0f%% of the host during %s, %.0f%% during %s; %.0fx their ratio, for what a share "
                        "does not count), and %s is past that: it is %s, not the load's, though the load may be part "
                        "of it", shares, rr, 100 * (others ? 1 - y->others_share : y->clx_share), bd,
                        100 * (others ? 1 - x->others_share : x->clx_share), ad, HOSTLOAD_REACH_ROOM, how, whose);
    free(shares);
    return s;
}

/* than_whose: what the line weighs the load against: "the code's", or, between runs on other devices
 * or OpenCL implementations (cmp_other_device_runs), what differs between them, whose comparison is
 * not of a change of the code (compare_provenance.c says so above it). */
static const char *than_whose(int other)
{
    return other & CMP_OTHER_DEVICE ? "the devices'" : other & CMP_OTHER_PLATFORM ? "the OpenCL implementations'"
         : other ? "the drivers'" : "the code's";
}

int cmp_hostload_say(FILE *out, const char *what, const struct rundir *a, const char *an, const struct rundir *b,
                     const char *bn, const struct run_shift *move, int markdown)
{
    int others = a != b && cmp_hostload_apart(&a->rj, &b->rj), clx = !others && cmp_hostload_clx_apart(a, b);
    if (!others && !clx) return 0;
    const struct rj_host_load *x = &a->rj.host_load, *y = &b->rj.host_load;
    /* Which had less of the host: the side others took more of, or (by clx's share) the one clx had less of. */
    int b_less = others ? y->others_share > x->others_share : y->clx_share < x->clx_share;
    enum hostload_lean l = lean(move, b_less);
    if (l == HOSTLOAD_NONE) return 0;
    int other = cmp_other_device_runs(a, b);
    /* Each side's load as its run's end said it: over its sweep or its search. */
    char *bd = xasprintf("%s's %s", bn, over(b)), *af = xasprintf("%s's %s", an, over(a));
    char *ad = strcmp(over(a), over(b)) ? xstrdup(af) : xasprintf("%s's", an);
    char r[32];
    fmt_ratio(r, sizeof r, move->median);
    /* The verdicts the load's way ("6 SLOWER"), then any the other way. */
    int slower = move->decided_slower, faster = move->decided - move->decided_slower;
    int with = b_less ? slower : faster, against = b_less ? faster : slower;
    const char *with_w = b_less ? "SLOWER" : "FASTER", *against_w = b_less ? "FASTER" : "SLOWER";
    struct sbuf how = {0}, shares = {0}, nots = {0};
    if (l == HOSTLOAD_LEANS) {
        sb_printf(&how, "%s's speed against %s (%s in the median configuration", bn, an, r);
        if (with) sb_printf(&how, ", %d %s", with, with_w);
        if (against) sb_printf(&how, ", %d %s", against, against_w);
        if (move->of > 0) sb_printf(&how, ", of the %d both have", move->of);
        sb_printf(&how, ")");
        double reach = cmp_hostload_reach(x, y, !others), moved = b_less ? 1 / move->median : move->median;
        if (moved > reach) {
            /* What the load cannot make is not offered as its: the speed is said past its reach. */
            char *said = say_beyond(x, ad, y, bd, others, reach, how.s, than_whose(other));
            if (markdown) fprintf(out, "\n**%c%s ran under another host load than %s:** %s.\n",
                                  toupper((unsigned char)*bn), bn + 1, an, said);
            else fprintf(out, "clx: %s: %s ran under another host load than %s: %s\n", what, bn, an, said);
            free(said);
            sb_free(&how);
            free(bd);
            free(ad);
            free(af);
            return 1;
        }
    } else {
        /* Verdicts both ways, not leaning the load's: only those its way may be its; the others, and a
         * median their way, the load alone would not make (it moves B the other way). */
        sb_printf(&how, "%s's %d %s configuration%s against %s", bn, with, with_w, with == 1 ? "" : "s", an);
        if (move->of > 0) sb_printf(&how, " (of the %d both have)", move->of);
        int median_against = b_less ? move->median > 1 : move->median < 1;
        if (against) sb_printf(&nots, ", not its %d %s%s%s%s", against, against_w, median_against ? " (" : "",
                               median_against ? r : "", median_against ? " in the median configuration)" : "");
        else if (median_against) sb_printf(&nots, ", not its %s in the median configuration", r);
        if (nots.len) sb_printf(&nots, ", which the load alone would not make (it makes %s %s)", bn,
                               b_less ? "slower" : "faster");
    }
    if (others)
        sb_printf(&shares, "other processes took %.0f%% of the host's CPU time during %s, %.0f%% during %s "
                  "(run.json host_load): ", 100 * y->others_share, bd, 100 * x->others_share, ad);
    else        /* the others' shares close: the load showed in clx's */
        sb_printf(&shares, "clx took %.0f%% of the host's CPU time during %s, %.0f%% during %s, other processes "
                  "%.0f%% and %.0f%% (run.json host_load): on a host this busy more load takes CPU time from clx rather "
                  "than raising the others' share, and ", 100 * y->clx_share, bd, 100 * x->clx_share, ad,
                  100 * y->others_share, 100 * x->others_share);
    /* Which way, said in words that cannot be read the other way round: who took more, and whom the
     * load alone makes slower. */
    const char *less = b_less ? bn : an;
    char *which = others ? xasprintf("%s ran while other processes took more of the host, which alone makes %s slower", less, less)
                         : xasprintf("clx had less of the host's CPU time during %s, which alone makes %s slower",
                                     b_less ? bd : af, less);
    /* Runs on other devices: no one run (--by) holds both sides. */
    char *said = xasprintf("%sthe CPU device ran its kernels %s, so %s may be the load's (%s) rather than %s%s: run "
                           "both again on a quieter host%s", shares.s, others ? "on the cores they used" : "in clx's share",
                           how.s, which, than_whose(other), nots.len ? nots.s : "",
                           other ? "" : ", or compare within one run (--by), where both sides share one load");
    free(which);
    if (markdown) fprintf(out, "\n**%c%s ran under another host load than %s:** %s.\n", toupper((unsigned char)*bn), bn + 1, an,
                          said);
    else fprintf(out, "clx: %s: %s ran under another host load than %s: %s\n", what, bn, an, said);
    free(said);
    sb_free(&how);
    sb_free(&shares);
    sb_free(&nots);
    free(bd);
    free(ad);
    free(af);
    return 1;
}

void cmp_hostload_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    struct run_shift m = cmp_shift(&o->cell[s], o->ncommon, j->n);
    cmp_hostload_say(out, "compare", j->side[0].r, j->side[0].label, j->side[s].r, j->side[s].label, &m, markdown);
}
