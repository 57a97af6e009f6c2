/* compare_search.c — compare's words for searches' runs (compare_search.h): the bests first, and the
 * UNSURE verdicts their races made by dropping configurations after a round or two. */
#include "compare_search.h"
#include "verdict.h"
#include "store/jsonval.h"
#include "store/rowstatus.h"
#include "store/runjson.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The words run/search_end.c puts in a search's rows' timing_note: a row the race dropped, and its best. */
#define DROPPED_NOTE SEARCH_NOTE SEARCH_DROPPED
#define BEST_NOTE SEARCH_NOTE SEARCH_BEST

/* note_has: whether row i of r (-1: none) has `what` in its timing_note. */
static int note_has(const struct rundir *r, int i, const char *what)
{
    int c = table_col(&r->t, "timing_note");
    return i >= 0 && c >= 0 && strstr(table_cell(&r->t, i, c), what) != NULL;
}

/* rounds_of: row i's rounds (0: not known). */
static int rounds_of(const struct rundir *r, int i)
{
    int c = table_col(&r->t, "rounds");
    double x = c >= 0 && i >= 0 ? table_num(&r->t, i, c) : NAN;
    return x > 0 ? (int)x : 0;
}

/* row_at: side t's row of the k-th configuration in common. */
static int row_at(const struct cmp_join *j, const struct outcome *o, int k, int t)
{
    return j->where[o->common[k] * j->n + t];
}

/* lead, end: how a line starts and ends, on the console or in compare.md (a paragraph of its own). */
static void lead(FILE *out, int markdown)
{
    fputs(markdown ? "**Searches:** " : "clx: compare: ", out);
}

static void end(FILE *out, int markdown)
{
    fputs(markdown ? "\n\n" : "\n", out);
}

/* say_bests: both sides' bests (run.json search.best), the same configuration or not; 1 where said. */
static int say_bests(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    const struct rundir *a = j->side[0].r, *b = j->side[s].r;
    const cJSON *sa = runjson_part(&a->rj, RJ_SEARCH), *sb = runjson_part(&b->rj, RJ_SEARCH);
    const char *ba = json_str(sa, "best"), *bb = json_str(sb, "best");
    if (!*ba || !*bb) return 0;
    int ka = -1, kb = -1;
    for (int k = 0; k < o->ncommon; k++) {
        if (ka < 0 && note_has(a, row_at(j, o, k, 0), BEST_NOTE)) ka = k;
        if (kb < 0 && note_has(b, row_at(j, o, k, s), BEST_NOTE)) kb = k;
    }
    lead(out, markdown);
    char r[64];
    if (ka >= 0 && ka == kb) {
        const struct cmp_cell *x = &o->cell[ka * j->n + s];
        fprintf(out, "the searches' bests: the same configuration, %s: %s, %s (%d against %d rounds)", ba,
                verdict_name(x->v.v), cmp_ratio_said(r, sizeof r, x->speedup), rounds_of(a, row_at(j, o, ka, 0)),
                rounds_of(b, row_at(j, o, ka, s)));
    } else {
        double fa = json_num(sa, "best_figure"), fb = json_num(sb, "best_figure");
        const char *unit = json_str(sa, "unit"), *la = j->side[0].label, *lb = j->side[s].label;
        fprintf(out, "the searches' bests differ: %s found %s (%.4g %s), %s found %s (%.4g %s)", la, ba, fa, unit, lb, bb,
                fb, json_str(sb, "unit"));
        if (fa > 0 && fb > 0 && !strcmp(unit, json_str(sb, "unit")))
            fprintf(out, ": %s's best is %s %s's, by the searches' figures", lb, cmp_ratio_said(r, sizeof r, fb / fa), la);
        fprintf(out, " (each configuration's verdict is in its row)");
    }
    end(out, markdown);
    return 1;
}

int cmp_search_lines(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    const struct rundir *a = j->side[0].r, *b = j->side[s].r;
    if (!rundir_is_search(a) && !rundir_is_search(b)) return 0;
    /* Bests of two runs: one run compared along a column (--by) has one best, on one side. */
    int said = a != b && rundir_is_search(a) && rundir_is_search(b) ? say_bests(out, j, o, s, markdown) : 0;
    int dropped = 0, unsure = 0, lo = 0, hi = 0;
    for (int k = 0; k < o->ncommon; k++) {
        int ia = row_at(j, o, k, 0), ib = row_at(j, o, k, s), rounds = 0;
        if (note_has(a, ia, DROPPED_NOTE)) rounds = rounds_of(a, ia);
        if (note_has(b, ib, DROPPED_NOTE) && (!rounds || rounds_of(b, ib) > rounds)) rounds = rounds_of(b, ib);
        if (!note_has(a, ia, DROPPED_NOTE) && !note_has(b, ib, DROPPED_NOTE)) continue;
        dropped++;
        if (o->cell[k * j->n + s].v.v != VERDICT_UNSURE) continue;
        unsure++;
        if (rounds && (!lo || rounds < lo)) lo = rounds;
        if (rounds > hi) hi = rounds;
    }
    if (!unsure) return said;
    lead(out, markdown);
    char after[64] = "";
    if (hi && lo == hi) snprintf(after, sizeof after, " after %d round%s", hi, hi == 1 ? "" : "s");
    else if (hi) snprintf(after, sizeof after, " after %d-%d rounds", lo, hi);
    if (unsure == dropped)
        fprintf(out, "%d of the %d configurations in common were dropped by a search's race%s (decided SLOWER than its "
                "best, not measured again): their verdicts are UNSURE by the search's design (too few rounds to "
                "decide), not for anything the code did%s", unsure, o->ncommon, after, said ? "; what the searches found "
                "is their bests, compared above" : "");
    else
        fprintf(out, "%d of the %d configurations in common were dropped by a search's race (decided SLOWER than its "
                "best, not measured again): %d of them, dropped%s, are UNSURE by the search's design (too few rounds to "
                "decide), not for anything the code did%s", dropped, o->ncommon, unsure, after, said ? "; what the searches found "
                "is their bests, compared above" : "");
    end(out, markdown);
    return said + 1;
}
