/* compare_samebin.c — builds compared that compiled to the same binary, said (compare_samebin.h). */
#include "compare_samebin.h"
#include "samebin.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* The variants a line names before "and N more". */
enum { SAMEBIN_NAMED = 6 };

int cmp_samebin_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    if (j->along < 0 || j->by_param || strcmp(j->along_name, "build")) return 0;
    const struct rundir *ra = j->side[0].r, *rb = j->side[s].r;
    struct samebin_run a, b;
    samebin_open(&a, ra->dir);
    samebin_open(&b, rb->dir);
    struct strlist seen = {0}, same = {0};
    const char *ba = NULL, *bb = NULL;
    for (int k = 0; k < o->ncommon; k++) {
        int ia = j->where[o->common[k] * j->n], ib = j->where[o->common[k] * j->n + s];
        if (ia < 0 || ib < 0) continue;
        const char *var = table_cell(&ra->t, ia, ra->c_variant);
        if (sl_has(&seen, var)) continue;
        sl_push(&seen, var);
        const char *x = table_cell(&ra->t, ia, ra->c_build), *y = table_cell(&rb->t, ib, rb->c_build);
        if (samebin_of(&a, x, &b, y, var) != SAMEBIN_SAME) continue;
        sl_push(&same, var);
        ba = x;
        bb = y;
    }
    if (same.n) {
        struct sbuf vs = {0};
        for (int i = 0; i < same.n && i < SAMEBIN_NAMED; i++) sb_printf(&vs, "%s%s", i ? ", " : "", same.v[i]);
        if (same.n > SAMEBIN_NAMED) sb_printf(&vs, " and %d more", same.n - SAMEBIN_NAMED);
        sb_printf(&vs, " (%s%d of the %d variant%s compared)", same.n == seen.n ? "all " : "", same.n, seen.n,
                  seen.n == 1 ? "" : "s");
        char *w = samebin_words(ba, bb, vs.s);
        /* The speed-up above is then of the spec's other work a launch (volkov_fma's no-opt ITERS) or
         * of per-launch costs: rusticl's 0.402x "cost" of an option it ignores. */
        fprintf(out, "%s %s; their speed-ups and verdicts there are of other work a launch or of per-launch costs, not "
                     "of the code (the run's bin/ files, else kernels.tsv's bin_hash).\n%s",
                markdown ? "**Note:**" : "Note:", w, markdown ? "\n" : "");
        free(w);
        sb_free(&vs);
    }
    sl_free(&seen);
    sl_free(&same);
    samebin_free(&a);
    samebin_free(&b);
    return same.n > 0;
}
