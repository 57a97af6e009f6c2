/* compare_gate.c — what --fail-on fails on, for clx compare and clx history (compare_gate.h). */
#include "compare_gate.h"
#include "compare_provenance.h"
#include <stdlib.h>
#include <string.h>

int cmp_gate_parse(const char *value, enum cmp_fail_on *f)
{
    if (!strcmp(value, "slower")) *f = CMP_FAIL_SLOWER;
    else if (!strcmp(value, "fail")) *f = CMP_FAIL_FAIL;
    else return -1;
    return 0;
}

const char *cmp_gate_name(enum cmp_fail_on f)
{
    return f == CMP_FAIL_SLOWER ? "slower" : f == CMP_FAIL_FAIL ? "fail" : NULL;
}

int cmp_gate_slower(enum cmp_fail_on f)
{
    return f == CMP_FAIL_SLOWER;
}

/* take: reason (a new string, NULL: none) into why where it is not there already; 1 where it went in. */
static int take(struct strlist *why, char *reason)
{
    if (!reason) return 0;
    for (int k = 0; k < why->n; k++)
        if (!strcmp(why->v[k], reason)) { free(reason); return 0; }
    sl_push_own(why, reason);
    return 1;
}

int cmp_gate_reasons(const struct cmp_join *j, const struct cmp_status *st, enum cmp_fail_on f, const char *reread,
                     struct strlist *why)
{
    if (f == CMP_FAIL_NEVER) return 0;
    /* Verdicts that may mix two versions of a run never showed a comparison that held still: the
     * other reasons below may be of rows no longer there, and so may their absence. */
    int n = take(why, reread ? xstrdup(reread) : NULL);
    n += take(why, cmp_status_worse(j, st));
    n += take(why, cmp_status_unsided(j, st));
    /* A side stopped or unfinished (a full disk) never showed side 0's other configurations pass: a
     * gate on it would pass on the rows it happened to write. */
    n += take(why, cmp_unended_lacks(j, st->listed));
    /* A row a stop cut short is compared (its verdict marked rounds-cut), but its run never showed
     * its configuration pass as asked: the gate fails on it as on a row that run lacks. */
    n += take(why, cmp_cut_rows(j));
    return n;
}
