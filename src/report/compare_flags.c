/* compare_flags.c — flags of the compared rows that qualify a comparison's answer (compare_flags.h). */
#include "compare_flags.h"
#include "summary.h"
#include "store/rowstatus.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

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

/* each_device: says (the summary's words of one run's rows) for sides of other devices: "the device's"
 * as "each device's" ("fits the device's last-level cache" of Intel's CPU runtime against PoCL read
 * as one device's); a new string. */
static char *each_device(const char *says, int several)
{
    static const char one[] = "the device's", each[] = "each device's";
    struct sbuf b = {0};
    const char *at;
    while (several && (at = strstr(says, one))) {
        sb_printf(&b, "%.*s%s", (int)(at - says), says, each);
        says = at + strlen(one);
    }
    sb_printf(&b, "%s", says);
    return b.s;
}

/* flags_say: cmp_flags_say over configurations common[0..ncommon-1] of j; history: said as clx
 * history says its runs (numbered, "in every run") rather than as compare's sides A, B. */
static int flags_say(FILE *out, const struct cmp_join *j, const int *common, int ncommon, int markdown, int history)
{
    int said = 0;
    int *side = xcalloc((size_t)j->n, sizeof *side), several = 0;
    for (int s = 1; s < j->n; s++) several |= cmp_other_device(j, 0, s) != 0;
    for (size_t q = 0; q < sizeof qualify / sizeof *qualify; q++) {
        const char *says = summary_flag_says(qualify[q].flag);
        if (!says) continue;
        int confs = 0;
        for (int s = 0; s < j->n; s++) side[s] = 0;
        for (int k = 0; k < ncommon; k++) {
            int any = 0;
            for (int s = 0; s < j->n; s++) {
                const struct rundir *r = j->side[s].r;
                int i = j->where[common[k] * j->n + s];
                int has = i >= 0 && r->c_flag >= 0 && flag_has(table_cell(&r->t, i, r->c_flag), qualify[q].flag);
                side[s] += has;
                any |= has;
            }
            confs += any;
        }
        if (!confs) continue;
        struct sbuf by = {0};
        char *said = each_device(says, several);
        for (int s = 0; s < j->n; s++) {
            if (history) sb_printf(&by, "%srun %d %d", s ? ", " : "", s + 1, side[s]);
            else sb_printf(&by, "%s%c %d", s ? ", " : "", 'A' + s, side[s]);
        }
        fprintf(out, "%s%d of %d configuration%s %s (rows flagged: %s) %s; %s%s\n",
                markdown ? "\n**Flagged:** " : history ? "clx: history: " : "clx: compare: ", confs, ncommon,
                ncommon == 1 ? "" : "s", history ? "in every run" : "compared", by.s, said, qualify[q].so,
                markdown ? "." : "");
        free(said);
        sb_free(&by);
        said++;
    }
    free(side);
    return said;
}

int cmp_flags_say(FILE *out, const struct cmp_join *j, const struct outcome *o, int markdown)
{
    return flags_say(out, j, o->common, o->ncommon, markdown, 0);
}

int cmp_flags_say_history(FILE *out, const struct cmp_join *j, const int *common, int ncommon, int markdown)
{
    return flags_say(out, j, common, ncommon, markdown, 1);
}
