/* history_gate.c — `clx history --fail-on`: compare's gate on the last run against the one before it
 * and against the first (history_gate.h). */
#include "history_gate.h"
#include "compare_gate.h"
#include "compare_outcome.h"
#include "compare_pair.h"
#include "compare_status.h"
#include <stdio.h>
#include <stdlib.h>

/* Configurations named in a SLOWER reason, the rest counted: history.tsv has every verdict. */
#define GATE_NAMED 10

/* slower_said: the configurations SLOWER in the last run than in run `from` as clx compare FROM LAST
 * decides them (o: cmp_decide_all of their pair p, which has every configuration both measured,
 * whether or not a run between them did), by name with their speed-up: "2 configurations SLOWER in
 * run 3 than in run 2: fast default N=1000 TERMS=1 local=64 (0.909x (1.1x slowdown)), ..."; NULL
 * where none (a new string). */
static char *slower_said(const struct cmp_join *p, const struct outcome *o, int from, int last)
{
    const struct rundir *a = p->side[0].r;
    struct sbuf names = {0};
    int m = 0;
    for (int k = 0; k < o->ncommon; k++) {
        const struct cmp_cell *x = &o->cell[k * p->n + 1];
        if (x->v.v != VERDICT_SLOWER) continue;
        if (m++ >= GATE_NAMED) continue;
        int i0 = p->where[o->common[k] * p->n];
        const char *build = table_cell(&a->t, i0, a->c_build);
        char *pt = rundir_point(a, i0, 1), r[64];
        sb_printf(&names, "%s%s %s%s%s (%s)", names.len ? ", " : "", table_cell(&a->t, i0, a->c_variant),
                  *build ? build : "default", *pt ? " " : "", pt, cmp_ratio_said(r, sizeof r, x->speedup));
        free(pt);
    }
    if (m > GATE_NAMED) sb_printf(&names, ", and %d more (clx compare of the two runs names each)", m - GATE_NAMED);
    char *said = m ? xasprintf("%d configuration%s SLOWER in run %d than in run %d: %s", m, m == 1 ? "" : "s", last + 1,
                               from + 1, names.s) : NULL;
    sb_free(&names);
    return said;
}

int history_gate(const struct cmp_join *j, const struct verdict_rule *rule, enum cmp_fail_on f, struct strlist *why)
{
    int n = 0, last = j->n - 1;
    if (f == CMP_FAIL_NEVER) return 0;
    /* The step into the last run first (what changed since the run before), then the span (what
     * crept in since the first); of two runs they are one. */
    int froms[2] = { last - 1, 0 }, nfrom = last > 1 ? 2 : 1;
    for (int q = 0; q < nfrom; q++) {
        int from = froms[q];
        struct cmp_join p;
        struct cmp_status st;
        char *la = xasprintf("run %d", from + 1), *lb = xasprintf("run %d", last + 1);
        cmp_join_pair(j, from, last, la, lb, &p);
        cmp_status_make(&p, &st);
        n += cmp_gate_reasons(&p, &st, f, NULL, why);
        /* SLOWER as compare decides it of the pair, not history's verdicts, which only configurations
         * every run measured have: one a run between them skipped regressed unseen. */
        if (cmp_gate_slower(f)) {
            struct outcome o;
            cmp_decide_all(&p, rule, &o);
            char *slower = slower_said(&p, &o, from, last);
            if (slower) { sl_push_own(why, slower); n++; }
            cmp_outcome_free(&o);
        }
        cmp_status_free(&st);
        cmp_join_pair_free(&p);
        free(la);
        free(lb);
    }
    return n;
}

void history_gate_say(FILE *out, const struct strlist *why, enum cmp_fail_on f, int md)
{
    const char *opt = cmp_gate_name(f);
    if (!opt) return;
    if (!md) {
        for (int k = 0; k < why->n; k++) fprintf(out, "clx: history: %s (--fail-on %s)\n", why->v[k], opt);
        return;
    }
    fprintf(out, "\n## Gate: --fail-on %s\n\n", opt);
    if (!why->n) {
        fprintf(out, "Passed: nothing it fails on in the last run against the one before it and against the first "
                     "(a run rewritten while clx history read it fails it too, said under the title where one was).\n");
        return;
    }
    fprintf(out, "**Failed** (exit 1), the last run against the one before it and against the first:\n\n");
    for (int k = 0; k < why->n; k++) fprintf(out, "- %s\n", why->v[k]);
}
