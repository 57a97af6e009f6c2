/* compare_flags.c — flags of the compared rows that qualify a comparison's answer (compare_flags.h). */
#include "compare_flags.h"
#include "summary.h"
#include "store/rowstatus.h"
#include "lib/util.h"
#include <stdlib.h>

/* The flags said, each with what it makes of a comparison of such rows (the flag's meaning is the
 * run summary's: summary_flag_says). To add one: a row here, and its words in summary.c's
 * warning_kinds. */
static const struct { const char *flag, *so; } qualify[] = {
    { "cache-resident", "what this comparison says of them is of the cache, not of the memory (sizes past the cache, "
                        "a full sweep's or --size, measure the memory)" },
    { "launch-bound", "what this comparison says of them is mostly of the launch's cost, not of the kernels' work" },
    { "throttled", "their times are of a lowered clock, which another run may not have" },
    { "shared", "a difference between the runs there may be the other clx's work, not the kernels'" },
};

int cmp_flags_say(FILE *out, const struct cmp_join *j, const struct outcome *o, int markdown)
{
    int said = 0;
    int *side = xcalloc((size_t)j->n, sizeof *side);
    for (size_t q = 0; q < sizeof qualify / sizeof *qualify; q++) {
        const char *says = summary_flag_says(qualify[q].flag);
        if (!says) continue;
        int confs = 0;
        for (int s = 0; s < j->n; s++) side[s] = 0;
        for (int k = 0; k < o->ncommon; k++) {
            int any = 0;
            for (int s = 0; s < j->n; s++) {
                const struct rundir *r = j->side[s].r;
                int i = j->where[o->common[k] * j->n + s];
                int has = i >= 0 && r->c_flag >= 0 && flag_has(table_cell(&r->t, i, r->c_flag), qualify[q].flag);
                side[s] += has;
                any |= has;
            }
            confs += any;
        }
        if (!confs) continue;
        struct sbuf by = {0};
        for (int s = 0; s < j->n; s++) sb_printf(&by, "%s%c %d", s ? ", " : "", 'A' + s, side[s]);
        fprintf(out, "%s%d of %d configuration%s compared (rows flagged: %s) %s; %s%s\n",
                markdown ? "\n**Flagged:** " : "clx: compare: ", confs, o->ncommon, o->ncommon == 1 ? "" : "s", by.s, says,
                qualify[q].so, markdown ? "." : "");
        sb_free(&by);
        said++;
    }
    free(side);
    return said;
}
