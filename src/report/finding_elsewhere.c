/* finding_elsewhere.c — a finding that does not hold here, checked on the same device's runs under
 * other implementations beside this one (finding_elsewhere.h). PoCL's fp32 chains reached 6.8% of a
 * CPU's FP32 peak where Intel's CPU runtime reached 89% on the same cores: the finding's note blamed
 * clx's peak, which the other run shows right. */
#include "finding_elsewhere.h"
#include "finding_pick.h"
#include "findings.h"
#include "store/rannone.h"
#include "store/runsin.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int same_text(const char *a, const char *b) { return a && b && *a && !strcmp(a, b); }

int finding_same_device(const struct runjson *a, const struct runjson *b)
{
    if (!same_text(a->host, b->host)) return 0;
    if (same_text(a->device.name, b->device.name)) return 1;
    double pa = a->peak.fp32_gflops, pb = b->peak.fp32_gflops;
    return a->device.compute_units > 0 && a->device.compute_units == b->device.compute_units && pa > 0 && pb > 0 &&
           fabs(pa - pb) <= 1e-3 * pa;
}

/* parent: the folder that holds run folder dir ("." for a bare name), a new string. */
static char *parent(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    while (n > 0 && dir[n - 1] != '/') n--;
    while (n > 1 && dir[n - 1] == '/') n--;
    return n ? xasprintf("%.*s", (int)n, dir) : xstrdup(".");
}

void finding_peers_read(const struct rundir *r, struct finding_peers *p)
{
    memset(p, 0, sizeof *p);
    if (!r->dir || !*r->experiment || !*r->platform) return;
    char *up = parent(r->dir);
    struct runs_in rs;
    if (runs_in_read(up, &rs)) { free(up); return; }
    for (int i = 0; i < rs.runs.n; i++) {
        struct runjson rj;
        char *err = NULL;
        if (runjson_read(rs.runs.v[i], &rj, &err)) { free(err); continue; }
        if (same_text(rj.experiment, r->experiment) && rj.device.platform && strcmp(rj.device.platform, r->platform) &&
            finding_same_device(&r->rj, &rj) && (rj.quick == 1) == rundir_quick(r) && rundir_end_of(&rj) == RUNDIR_FINISHED) {
            p->runs = xrealloc(p->runs, sizeof *p->runs * (size_t)(p->n + 1));
            /* A peer the device ran nothing of (store/rannone.h) has no row to hold a finding. */
            if (rundir_open(rs.runs.v[i], &p->runs[p->n], &err) == 0) {
                char *none = rundir_ran_none(&p->runs[p->n]);
                if (none) rundir_free(&p->runs[p->n]);
                else p->n++;
                free(none);
            }
            free(err);
        }
        runjson_free(&rj);
    }
    runs_in_free(&rs);
    free(up);
}

void finding_peers_free(struct finding_peers *p)
{
    for (int i = 0; i < p->n; i++) rundir_free(&p->runs[i]);
    free(p->runs);
    memset(p, 0, sizeof *p);
}

char *finding_elsewhere(const struct finding_peers *p, const struct spec_finding *f)
{
    char *said = NULL;
    for (int i = 0; i < p->n && !said; i++) {
        const struct rundir *o = &p->runs[i];
        struct finding_result fr;
        findings_eval(o, f, &fr);
        if (fr.verdict == V_HOLDS) {
            /* Its parts' values there, not the whole of its measured column: a line, not a second report. */
            struct sbuf b = {0};
            char num[32];
            for (int k = 0; k < fr.trace.nparts; k++)
                if (isfinite(fr.trace.part[k].value))
                    sb_printf(&b, "%s%s = %s", b.len ? ", " : "", fr.trace.part[k].text,
                              finding_num(num, sizeof num, fr.trace.part[k].value));
            said = xasprintf("it holds on the same device under another implementation, %s%s%s (%s): the device (its peak, "
                             "its clock) is not the cause here, this implementation's code is", o->platform, b.len ? ": " : "",
                             b.len ? b.s : "", o->dir);
            sb_free(&b);
        }
        finding_result_free(&fr);
    }
    return said;
}
