/* compare_hostload.c — runs on a CPU device under clearly different host loads, said beside the
 * verdicts of compare and history (compare_hostload.h). */
#include "compare_hostload.h"
#include "lib/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>

int cmp_hostload_apart(const struct runjson *a, const struct runjson *b)
{
    const struct rj_host_load *x = &a->host_load, *y = &b->host_load;
    return x->has && y->has && !isnan(x->others_share) && !isnan(y->others_share) &&
           fabs(x->others_share - y->others_share) >= HOSTLOAD_APART;
}

/* moved: whether b's times moved against a's in what compare says: a verdict decided, or the whole
 * run's median, whose UNSURE verdicts the runs' own scatter made so (compare_noise.h). */
static int moved(const struct run_shift *m)
{
    return m->decided > 0 || m->median >= SHIFT_SAID || m->median <= 1 / SHIFT_SAID;
}

int cmp_hostload_say(FILE *out, const char *what, const struct rundir *a, const char *an, const struct rundir *b,
                     const char *bn, const struct run_shift *move, int markdown)
{
    if (a == b || !moved(move) || !cmp_hostload_apart(&a->rj, &b->rj)) return 0;
    double sa = a->rj.host_load.others_share, sb = b->rj.host_load.others_share;
    char r[32];
    struct sbuf how = {0};
    sb_printf(&how, "%s in the median configuration", fmt_ratio(r, sizeof r, move->median));
    if (move->decided) sb_printf(&how, ", %d FASTER or SLOWER", move->decided);
    /* What it qualifies, and which way the load alone would move it: the busier side slower. */
    char *said = xasprintf("other processes took %.0f%% of the host's CPU time during %s's sweep, %.0f%% during %s's "
                           "(run.json host_load): the CPU device ran its kernels on the cores they used, so %s's speed "
                           "against %s (%s) may be the load's (%s had less of the host) rather than the code's: run "
                           "both again on a quieter host, or compare within one run (--by), where both sides share one "
                           "load", 100 * sb, bn, 100 * sa, an, bn, an, how.s, sb > sa ? bn : an);
    if (markdown) fprintf(out, "\n**%c%s ran under another host load than %s:** %s.\n", toupper((unsigned char)*bn), bn + 1, an,
                          said);
    else fprintf(out, "clx: %s: %s ran under another host load than %s: %s\n", what, bn, an, said);
    free(said);
    sb_free(&how);
    return 1;
}

void cmp_hostload_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    struct run_shift m = cmp_shift(&o->cell[s], o->ncommon, j->n);
    cmp_hostload_say(out, "compare", j->side[0].r, j->side[0].label, j->side[s].r, j->side[s].label, &m, markdown);
}
