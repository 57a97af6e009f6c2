/* finding_given.c — a finding's premise judged before its verdict is given: a claim whose premise is
 * false on this device is not checked here, whatever its numbers say. */
#include "finding_given.h"
#include "finding_check.h"
#include "finding_pick.h"
#include <stdlib.h>

enum verdict finding_given_apply(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                                 enum verdict v, struct sbuf *shown, struct finding_why *why, struct finding_trace *t)
{
    if (!f->given) return v;
    struct sbuf premise = {0};
    enum verdict p = finding_check_eval(r, f->given, "given", where, &premise, why, t);
    struct finding_part *part = &t->part[t->nparts - 1];
    const char *numbers = premise.s ? premise.s : "";
    if (p == V_FAILS) {
        /* The claim's numbers say nothing where its premise is false: the premise's are shown, and
         * the claim's reasons for having none (if any) give way to this one, which no sweep changes. */
        sb_free(shown);
        sb_printf(shown, "premise: %s", numbers);
        finding_why_free(why);
        finding_why_add(why, NULL, xasprintf(FINDING_PREMISE_FAILS " (given '%s' is false), so the claim does not apply here",
                                             f->given));
        part->verdict = V_NODATA;
        sb_free(&premise);
        return V_NODATA;
    }
    if (*numbers) sb_printf(shown, "%spremise: %s", shown->len ? "; " : "", numbers);
    if (p == V_UNDECIDED && part->undecided) {
        /* findings.tsv's why, when the premise decides: said of the premise. */
        char *of = xasprintf("its premise (given '%s'): %s", f->given, part->undecided);
        free(part->undecided);
        part->undecided = of;
    }
    sb_free(&premise);
    if (p == V_HOLDS) return v;
    /* Where the premise is open, so is whether the claim applies: no verdict of the claim stands. */
    return p == V_UNDECIDED && v != V_NODATA ? V_UNDECIDED : V_NODATA;
}
