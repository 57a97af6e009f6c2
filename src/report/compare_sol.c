/* compare_sol.c — each side's speed of light in compare.md (compare_sol.h): a "-" under "B: % of sol
 * (bound)" beside A's "0.3% (fp32)" said nothing of why, though the row's sol_note in its run says it. */
#include "compare_sol.h"
#include "solreason.h"
#include "store/solwords.h"
#include "store/columns.h"
#include "spec/solkinds.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void cmp_sol_cell(struct texttab *t, const struct rundir *r, int i)
{
    int cp = table_col(&r->t, COLUMN(sol_pct)), cb = table_col(&r->t, COLUMN(bound));
    double p = cp >= 0 && i >= 0 ? table_num(&r->t, i, cp) : NAN;
    if (!isfinite(p)) { tt_cell(t, "-"); return; }
    /* A CPU's l2 is its last-level cache, as its run's tables and the note under this one say it: a
     * bare "(l2)" read as the core's own L2 (sol_class_said). */
    const char *b = table_cell(&r->t, i, cb);
    if (rundir_cpu(r) && sol_class_of_name(b) == SOL_L2) tt_cell(t, "%.1f%% (%s, " SOL_CPU_L2_GLOSS ")", p, b);
    else tt_cell(t, "%.1f%% (%s)", p, b);
}

void cmp_sol_dashes_note(FILE *md, const struct cmp_join *j, const int *common, int ncommon)
{
    struct sbuf counts = {0}, older = {0};
    struct sol_reasons why = {0};
    const struct rundir *first = NULL;     /* a side with rows counted: whose device a simulator's reason names */
    for (int s = 0; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        long n = 0;
        int before = 0;
        for (int k = 0; k < ncommon; k++) {
            int i = j->where[common[k] * j->n + s];
            if (i < 0) continue;
            int c = sol_reasons_count(&why, r, i);
            n += c != 0;
            before |= c < 0;
        }
        if (!n) continue;
        /* A run before the columns has no reason to give: it is said apart, not counted as unbound. */
        if (before) { sb_printf(&older, "%s%c", older.len ? ", " : "", 'A' + s); continue; }
        if (!first) first = r;
        sb_printf(&counts, "%s%ld on %c", counts.len ? ", " : "", n, 'A' + s);
    }
    if (why.n) {
        char *said = sol_reason_most(&why, first, 1);
        fprintf(md, "\n**Note:** a `-` under a side's `%s (bound)` is a row with no bound (%s); the most common "
                    "reason: %s.\n", SOLWORDS_PCT, counts.s, said);
        free(said);
    }
    if (older.len) {
        int several = strchr(older.s, ',') != NULL;
        fprintf(md, "\n**Note:** %s %s: no `%s (bound)`, %s made before clx wrote the speed of light's columns "
                    "(sol_pct, bound).\n", several ? "sides" : "side", older.s, SOLWORDS_PCT,
                several ? "their runs" : "its run");
    }
    sb_free(&counts);
    sb_free(&older);
    sol_reasons_free(&why);
}
