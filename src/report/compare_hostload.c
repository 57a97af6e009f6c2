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

/* moved: whether b's times moved against a's the way the load would move them (b_less: b had the
 * less of the host, so slower; else faster): a verdict decided that way, or the median speed-up
 * HOSTLOAD_MOVED or more that way. A move the other way is not the load's: "may be the load's (B had
 * less of the host)" beside B FASTER, 1.380x, read as B given less CPU and faster for it. */
static int moved(const struct run_shift *m, int b_less)
{
    int slower = m->decided_slower, faster = m->decided - m->decided_slower;
    return b_less ? slower > 0 || m->median <= 1 / HOSTLOAD_MOVED : faster > 0 || m->median >= HOSTLOAD_MOVED;
}

int cmp_hostload_say(FILE *out, const char *what, const struct rundir *a, const char *an, const struct rundir *b,
                     const char *bn, const struct run_shift *move, int markdown)
{
    int others = a != b && cmp_hostload_apart(&a->rj, &b->rj), clx = !others && cmp_hostload_clx_apart(a, b);
    if (!others && !clx) return 0;
    const struct rj_host_load *x = &a->rj.host_load, *y = &b->rj.host_load;
    /* Which had less of the host: the side others took more of, or (by clx's share) the one clx had less of. */
    int b_less = others ? y->others_share > x->others_share : y->clx_share < x->clx_share;
    if (!moved(move, b_less)) return 0;
    char r[32];
    struct sbuf how = {0}, shares = {0};
    sb_printf(&how, "%s in the median configuration", fmt_ratio(r, sizeof r, move->median));
    /* The verdicts the load's way first ("6 SLOWER"), then any the other way. */
    int slower = move->decided_slower, faster = move->decided - move->decided_slower;
    if (b_less ? slower : faster) sb_printf(&how, ", %d %s", b_less ? slower : faster, b_less ? "SLOWER" : "FASTER");
    if (b_less ? faster : slower) sb_printf(&how, ", %d %s", b_less ? faster : slower, b_less ? "FASTER" : "SLOWER");
    if (others)
        sb_printf(&shares, "other processes took %.0f%% of the host's CPU time during %s's sweep, %.0f%% during %s's "
                  "(run.json host_load): ", 100 * y->others_share, bn, 100 * x->others_share, an);
    else        /* the others' shares close: the load showed in clx's */
        sb_printf(&shares, "clx took %.0f%% of the host's CPU time during %s's sweep, %.0f%% during %s's, other processes "
                  "%.0f%% and %.0f%% (run.json host_load): on a host this busy more load takes CPU time from clx rather "
                  "than raising the others' share, and ", 100 * y->clx_share, bn, 100 * x->clx_share, an,
                  100 * y->others_share, 100 * x->others_share);
    /* What it qualifies, and which way the load alone would move it: the busier side slower. */
    /* Which way, said in words that cannot be read the other way round: who took more, and whom the
     * load alone makes slower. */
    const char *less = b_less ? bn : an;
    char *which = others ? xasprintf("%s ran while other processes took more of the host, which alone makes %s slower", less, less)
                         : xasprintf("clx had less of the host's CPU time during %s's sweep, which alone makes %s slower", less,
                                     less);
    char *said = xasprintf("%sthe CPU device ran its kernels %s, so %s's speed against %s (%s) may be the "
                           "load's (%s) rather than the code's: run both again on a quieter host, or "
                           "compare within one run (--by), where both sides share one load", shares.s,
                           others ? "on the cores they used" : "in clx's share", bn, an, how.s, which);
    free(which);
    if (markdown) fprintf(out, "\n**%c%s ran under another host load than %s:** %s.\n", toupper((unsigned char)*bn), bn + 1, an,
                          said);
    else fprintf(out, "clx: %s: %s ran under another host load than %s: %s\n", what, bn, an, said);
    free(said);
    sb_free(&how);
    sb_free(&shares);
    return 1;
}

void cmp_hostload_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    struct run_shift m = cmp_shift(&o->cell[s], o->ncommon, j->n);
    cmp_hostload_say(out, "compare", j->side[0].r, j->side[0].label, j->side[s].r, j->side[s].label, &m, markdown);
}
