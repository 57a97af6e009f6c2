/* compare_sol.c — each side's speed of light in compare.md (compare_sol.h): a "-" under "B: % of sol
 * (bound)" beside A's "0.3% (fp32)" said nothing of why, though the row's sol_note in its run says it. */
#include "compare_sol.h"
#include "solreason.h"
#include "store/columns.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void cmp_sol_cell(struct texttab *t, const struct rundir *r, int i)
{
    int cp = table_col(&r->t, COLUMN(sol_pct)), cb = table_col(&r->t, COLUMN(bound));
    double p = cp >= 0 && i >= 0 ? table_num(&r->t, i, cp) : NAN;
    if (isfinite(p)) tt_cell(t, "%.1f%% (%s)", p, table_cell(&r->t, i, cb));
    else tt_cell(t, "-");
}

void cmp_sol_dashes_note(FILE *md, const struct cmp_join *j, const int *common, int ncommon)
{
    struct sbuf counts = {0}, older = {0};
    struct strlist why = {0};
    long unbound = 0;
    for (int s = 0; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        int cp = table_col(&r->t, COLUMN(sol_pct)), cn = table_col(&r->t, COLUMN(sol_note));
        long n = 0;
        for (int k = 0; k < ncommon; k++) {
            int i = j->where[common[k] * j->n + s];
            if (i < 0 || (cp >= 0 && isfinite(table_num(&r->t, i, cp)))) continue;
            n++;
            if (cp >= 0) sl_push(&why, cn >= 0 && *table_cell(&r->t, i, cn) ? table_cell(&r->t, i, cn) : "");
        }
        if (!n) continue;
        /* A run before the columns has no reason to give: it is said apart, not counted as unbound. */
        if (cp < 0) { sb_printf(&older, "%s%c", older.len ? ", " : "", 'A' + s); continue; }
        sb_printf(&counts, "%s%ld on %c", counts.len ? ", " : "", n, 'A' + s);
        unbound += n;
    }
    if (unbound) {
        const char *most = sl_most(&why);
        char *said = *most ? sol_reason_said(most) : xstrdup("their rows give none (an empty sol_note)");
        fprintf(md, "\n**Note:** a `-` under a side's `%% of sol (bound)` is a row with no bound (%s); the most common "
                    "reason: %s.\n",
                counts.s, said);
        free(said);
    }
    if (older.len) {
        int several = strchr(older.s, ',') != NULL;
        fprintf(md, "\n**Note:** %s %s: no `%% of sol (bound)`, %s made before clx wrote the speed of light's columns "
                    "(sol_pct, bound).\n", several ? "sides" : "side", older.s, several ? "their runs" : "its run");
    }
    sb_free(&counts);
    sb_free(&older);
    sl_free(&why);
}
