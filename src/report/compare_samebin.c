/* compare_samebin.c — builds compared that compiled to the same binary, said (compare_samebin.h). */
#include "compare_samebin.h"
#include "samebin.h"
#include "spec/plan.h"
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

/* one_side: of the configurations in common, the variants whose no-opt build side k ran compiled
 * there to the same binary as its default build, pushed onto same (each once; *build the no-opt
 * build's name); the variants with such a row counted in *of. */
static void one_side(const struct cmp_join *j, const struct outcome *o, int k, struct strlist *same, const char **build,
                     int *of)
{
    const struct rundir *r = j->side[k].r;
    struct samebin_run sr;
    samebin_open(&sr, r->dir);
    struct strlist seen = {0};
    for (int c = 0; c < o->ncommon; c++) {
        int i = j->where[o->common[c] * j->n + k];
        if (i < 0) continue;
        const char *b = table_cell(&r->t, i, r->c_build), *var = table_cell(&r->t, i, r->c_variant);
        if (!plan_is_noopt(b) || sl_has(&seen, var)) continue;
        sl_push(&seen, var);
        if (samebin_of(&sr, "default", &sr, b, var) != SAMEBIN_SAME) continue;
        sl_push(same, var);
        *build = b;
    }
    *of = seen.n;
    sl_free(&seen);
    samebin_free(&sr);
}

int cmp_samebin_sides_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    if (j->along >= 0) return 0;          /* builds set against builds: cmp_samebin_line */
    int said = 0;
    for (int pass = 0; pass < 2; pass++) {
        int k = pass ? s : 0, of = 0;
        struct strlist same = {0};
        const char *build = NULL;
        one_side(j, o, k, &same, &build, &of);
        if (same.n) {
            struct sbuf vs = {0};
            for (int i = 0; i < same.n && i < SAMEBIN_NAMED; i++) sb_printf(&vs, "%s%s", i ? ", " : "", same.v[i]);
            if (same.n > SAMEBIN_NAMED) sb_printf(&vs, " and %d more", same.n - SAMEBIN_NAMED);
            /* rusticl's -cl-opt-disable rows "FASTER 9.55x" than Intel's: its optimised code against
             * Intel's unoptimised, unsaid though its own run and --by build say the binaries are one. */
            const char *other = j->side[pass ? 0 : s].label;
            fprintf(out, "%s on %s, '%s' compiled to the same binary as the default build for %s (%s%d of the %d "
                         "variant%s with %s rows compared): those rows ran its optimised code, so their verdicts "
                         "against %s's %s rows compare it with code built as the option asks (the run's bin/ files, else "
                         "kernels.tsv's bin_hash).\n%s",
                    markdown ? "**Note:**" : "Note:", j->side[k].label, build, vs.s, same.n == of ? "all " : "", same.n, of,
                    of == 1 ? "" : "s", build, other, build, markdown ? "\n" : "");
            sb_free(&vs);
            said = 1;
        }
        sl_free(&same);
        if (s == 0) break;
    }
    return said;
}
