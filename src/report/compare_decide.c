/* compare_decide.c — a joined configuration's verdict between two sides (compare_join.h), the
 * run-to-run noise beyond the rounds that widens it, how a whole run moved, and whether two sides
 * are runs of one device and setup. */
#include "compare_join.h"
#include "compare_declwork.h"
#include "compare_devsetup.h"
#include "rowwork.h"
#include "store/rowstatus.h"
#include "store/rundevs.h"
#include "lib/shorth.h"
#include "lib/stats.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* replicates: row i's replicates (rundir_replicates) per unit of work (divided by work: GFLOP or
 * GB per launch, 1 when neither), into *x. */
static int replicates(const struct rundir *r, int i, double work, double **x)
{
    int n = rundir_replicates(r, i, x);
    if (!n) (*x)[n++] = table_num(&r->t, i, r->c_median);
    for (int k = 0; k < n; k++) (*x)[k] /= work;
    return n;
}

double cmp_run_noise(const struct cmp_cell *cells, int n, int stride, int same_setup)
{
    if (n < RUN_NOISE_LEAST) return 1;
    double *lr = xmalloc(sizeof *lr * (size_t)n), *se = xmalloc(sizeof *se * (size_t)n), *dev = xmalloc(sizeof *dev * (size_t)n);
    int k = 0;
    for (int i = 0; i < n; i++) {
        const struct cmp_cell *x = &cells[i * stride];
        if (!x->paired && x->v.se > 0 && isfinite(x->v.se) && x->v.ratio > 0) { lr[k] = log(x->v.ratio); se[k++] = x->v.se; }
    }
    double s = 1;
    if (k >= RUN_NOISE_LEAST && same_setup) {
        /* One setup: every difference is noise, a shift of the whole run or of half of it too (under
         * load, one run's default builds 0.44-0.56x, its -cl-opt-disable ones 0.96-0.97x): their
         * distance from zero. */
        for (int i = 0; i < k; i++) dev[i] = fabs(lr[i]) / se[i];
        s = 1.4826 * stats_median(dev, k);
    } else if (k >= RUN_NOISE_LEAST)
        /* A setup changed: the change moved some configurations, and those must not count as noise
         * (half of a sweep 2x slower, measured from the median, widened every floor 8x). The log
         * ratios that lie closest together, each in its own error, give the noise of those that
         * agree, whatever half of them or a minority moved far did (lib/shorth.h: a few moved by 4-8
         * errors still widen it); its centre is the whole run's shift, one log ratio shared by
         * every cell, not one z (an H100 run 0.7% faster throughout scattered 3.4x by z
         * about the median z, 1x by log ratio). */
        s = shorth_sd(lr, se, k, NULL);
    free(lr);
    free(se);
    free(dev);
    return s > 1 ? s : 1;
}

struct run_shift cmp_shift(const struct cmp_cell *cells, int n, int stride)
{
    double *x = xcalloc((size_t)n + 1, sizeof *x);
    int k = 0;
    for (int i = 0; i < n; i++) {
        double v = cells[i * stride].speedup;
        if (isfinite(v) && v > 0) x[k++] = v;
    }
    struct run_shift m = { .median = k ? stats_median(x, k) : 1, .nearest = 1, .farthest = 1 };
    for (int i = 0; i < k; i++) {
        m.shifted += m.median > 1 ? x[i] > 1 : x[i] < 1;
        m.slower += x[i] < 1;
        m.faster += x[i] > 1;
    }
    free(x);
    double near = INFINITY, far = -1;
    for (int i = 0; i < n; i++) {
        const struct cmp_cell *c = &cells[i * stride];
        if (c->v.v != VERDICT_FASTER && c->v.v != VERDICT_SLOWER) continue;
        m.decided++;
        m.decided_slower += c->v.v == VERDICT_SLOWER;
        double v = c->speedup, d = fabs(log(v));
        if (!isfinite(d)) continue;
        if (d < near) { near = d; m.nearest = v; }
        if (d > far) { far = d; m.farthest = v; }
    }
    return m;
}

int cmp_same_device(const struct cmp_join *j, int sa, int sb)
{
    const struct rundir *a = j->side[sa].r, *b = j->side[sb].r;
    return a != b && !(cmp_other_device_runs(a, b) & CMP_OTHER_DEVICE);
}

/* same_recorded: whether two runs' hashes of a file agree, where both recorded one (a clx before
 * 2026-11-30 recorded none: not taken for a change). An edited template is a change clx knows of:
 * a shift of the whole run may be the edit's, not noise. */
static int same_recorded(const char *x, const char *y)
{
    return !x || !*x || !y || !*y || !strcmp(x, y);
}

int cmp_same_setup(const struct cmp_join *j, int sa, int sb)
{
    const struct rundir *a = j->side[sa].r, *b = j->side[sb].r;
    if (!(cmp_same_device(j, sa, sb) && !strcmp(a->platform, b->platform) && !strcmp(a->driver, b->driver) &&
          !strcmp(a->clx_version, b->clx_version) && !strcmp(a->spec_text, b->spec_text) &&
          same_recorded(a->rj.template_sha, b->rj.template_sha) && same_recorded(a->rj.reference_sha, b->rj.reference_sha)))
        return 0;
    /* The driver's variables, the compute units ... (compare_devsetup.h): a change clx records. */
    char *dev = cmp_devsetup_differs(a, "A", b, "B");
    free(dev);
    return !dev;
}

int cmp_other_device(const struct cmp_join *j, int sa, int sb) { return cmp_other_device_runs(j->side[sa].r, j->side[sb].r); }

int cmp_other_device_runs(const struct rundir *a, const struct rundir *b)
{
    if (a == b) return 0;
    /* A run of several devices (a --split-any) beside one of another mix or of one device: its
     * rows are not of B's device model, even where its first part's device is. */
    return (!rundevs_mix_same(&a->rj, &b->rj) ? CMP_OTHER_DEVICE : 0) |
           (strcmp(rj_str(a->device), rj_str(b->device)) ? CMP_OTHER_DEVICE : 0) |
           (strcmp(rj_str(a->platform), rj_str(b->platform)) ? CMP_OTHER_PLATFORM : 0) |
           (strcmp(rj_str(a->driver), rj_str(b->driver)) ? CMP_OTHER_DRIVER : 0);
}

void cmp_decide(const struct cmp_join *j, int c, int sa, int sb, const struct verdict_rule *rule, double extra,
                struct cmp_cell *out)
{
    const struct rundir *a = j->side[sa].r, *b = j->side[sb].r;
    int ia = j->where[c * j->n + sa], ib = j->where[c * j->n + sb];
    memset(out, 0, sizeof *out);
    double wa, wb, *xa, *xb;
    /* Runs of the same kernels whose specs declare other work: their rates are the declarations',
     * so they are compared by time a launch (compare_declwork.h). */
    enum launchwork_unit u = LAUNCHWORK_NONE;
    if (cmp_timed(j, sa, sb)) wa = wb = 1;
    else u = rowwork_pair(a, ia, b, ib, &wa, &wb);
    out->work_unit = u;
    out->work_ratio = u != LAUNCHWORK_NONE ? wb / wa : NAN;
    int na = replicates(a, ia, wa, &xa), nb = replicates(b, ib, wb, &xb);
    /* Pairs: every round of both, taken in turn (rundir_paired); where one took rounds the other did
     * not (an episode), unpaired over each one's all: the rounds its time stands on. */
    int m = na < nb ? na : nb;
    out->paired = a == b && rundir_paired(a, ia, ib, na, nb);
    if (out->paired) verdict_decide_paired(rule, xa, xb, m, &out->v);
    else verdict_decide(rule, xa, na, xb, nb, extra, &out->v);
    /* An UNSURE verdict whose floor one round makes is said as that round's (the rule keeps it). */
    struct verdict_far far;
    struct verdict_sets sets = { .a = xa, .na = out->paired ? m : na, .b = xb, .nb = out->paired ? m : nb,
                                 .extra_noise = extra, .paired = out->paired };
    if (verdict_far_round(rule, &sets, &out->v, &far)) {
        const double *x = far.set ? xb : xa;
        int n = far.set ? (out->paired ? m : nb) : (out->paired ? m : na);
        double w = far.set ? wb : wa, *rest = xmalloc(sizeof *rest * (size_t)n);
        int k = 0;
        for (int i = 0; i < n; i++)
            if (i != far.index) rest[k++] = x[i];
        out->far = 1;
        out->far_side = far.set ? sb : sa;
        out->far_ms = x[far.index] * w;
        out->far_others_ms = stats_median(rest, k) * w;
        out->far_floor_without = far.floor_without;
        free(rest);
    }
    /* The same in cycles: every replicate times its row's clock (the median of its trials'). */
    int ca = table_col(&a->t, "trial_mhz"), cb = table_col(&b->t, "trial_mhz");
    double fa = ca >= 0 ? table_num(&a->t, ia, ca) : NAN, fb = cb >= 0 ? table_num(&b->t, ib, cb) : NAN;
    if (fa > 0 && fb > 0 && (out->v.v == VERDICT_FASTER || out->v.v == VERDICT_SLOWER)) {
        for (int k = 0; k < na; k++) xa[k] *= fa;
        for (int k = 0; k < nb; k++) xb[k] *= fb;
        struct verdict_result cyc;
        if (out->paired) verdict_decide_paired(rule, xa, xb, m, &cyc);
        else verdict_decide(rule, xa, na, xb, nb, extra, &cyc);
        out->clock = cyc.v != out->v.v;
    }
    out->speedup = 1 / out->v.ratio;
    free(xa);
    free(xb);
}

void cmp_decide_rows(const struct rundir *r, int ia, int ib, const struct verdict_rule *rule, struct cmp_cell *out)
{
    struct cmp_side side[2] = { { .r = r }, { .r = r } };
    int where[2] = { ia, ib };
    struct cmp_join j = { .n = 2, .side = side, .where = where, .nconf = 1, .ncommon = 1, .along = -1 };
    cmp_decide(&j, 0, 0, 1, rule, 0, out);
}

const char *cmp_slowdown_said(char *buf, size_t n, double ratio, enum speed_verdict v)
{
    if (!(ratio > 0) || !isfinite(ratio)) { snprintf(buf, n, "-"); return buf; }
    double f = ratio >= 1 ? ratio : 1 / ratio;
    if (v == VERDICT_UNSURE) snprintf(buf, n, "%.2fx %s, %s", f, ratio >= 1 ? "slower" : "faster", verdict_name(v));
    else snprintf(buf, n, "%.2fx %s", f, verdict_name(v));
    return buf;
}

double cmp_cell_time_ratio(const struct cmp_cell *x)
{
    return x->v.ratio * (isnan(x->work_ratio) ? 1 : x->work_ratio);
}

const char *cmp_cell_note(const struct cmp_cell *x, int cut)
{
    return x->clock && cut ? "clock," ROUNDS_CUT_FLAG : x->clock ? "clock" : cut ? ROUNDS_CUT_FLAG : "";
}
