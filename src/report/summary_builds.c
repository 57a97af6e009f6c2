/* summary_builds.c — the summary's tables of builds: each build's slowdown against the first, each at
 * its own best work-group size (ratio and verdict by compare's rule; both sizes named where they
 * differ, with what compare --by build says at one they share), and the note where the builds do
 * different work. */
#include "summary_impl.h"
#include "compare_join.h"
#include "rowwork.h"
#include "samebin.h"
#include "lib/texttab.h"
#include "spec/plan.h"
#include "store/rowstatus.h"
#include <stdlib.h>
#include <string.h>

/* other_build: the group of build b with group g's variant and launch point, or -1. */
static int other_build(const struct rundir *r, int g, const char *b)
{
    int i = r->group_first[g];
    for (int h = 0; h < r->ngroups; h++) {
        int k = r->group_first[h];
        if (!strcmp(table_cell(&r->t, k, r->c_build), b) && !strcmp(r->point[k], r->point[i]) &&
            !strcmp(table_cell(&r->t, k, r->c_variant), table_cell(&r->t, i, r->c_variant)))
            return h;
    }
    return -1;
}

/* row_at_local: the row of group h at work-group size local that ran and passed, or -1. */
static int row_at_local(const struct rundir *r, int h, const char *local)
{
    for (int k = r->group_first[h]; k < r->t.nrows; k++)
        if (r->group[k] == h && rundir_row_ok(r, k) && !strcmp(table_cell(&r->t, k, r->c_local), local)) return k;
    return -1;
}

/* builds_in_order: the builds rows name, in the order the run's plan has them (run.json's as_run:
 * the spec's, "" the default first), then any it does not name in the rows' order. A sweep writes
 * its rows in that order anyway; a search in the order it measured them, which made its table
 * "against -cl-opt-disable" with the default build at 0.06-0.19x. */
static void builds_in_order(const struct rundir *r, struct strlist *bl)
{
    struct strlist met = {0};
    for (int i = 0; i < r->t.nrows; i++) summary_value_index(r, i, r->c_build, &met);
    const struct strlist *planned = &r->rj.as_run.builds;
    for (int k = 0; k < planned->n; k++)
        for (int m = 0; m < met.n; m++)
            if (!strcmp(met.v[m], plan_build_label(planned->v[k]))) sl_push(bl, met.v[m]);
    for (int m = 0; m < met.n; m++) {
        int seen = 0;
        for (int k = 0; k < bl->n && !seen; k++) seen = !strcmp(bl->v[k], met.v[m]);
        if (!seen) sl_push(bl, met.v[m]);
    }
    sl_free(&met);
}

void summary_builds(const struct rundir *r, const int *bests, FILE *out, int markdown)
{
    struct strlist bl = {0};
    builds_in_order(r, &bl);
    if (bl.n < 2) { sl_free(&bl); return; }
    struct texttab tt = {0};
    /* The point column where some row has one: a column of "-" alone said nothing. */
    int points = 0;
    for (int g = 0; g < r->ngroups && !points; g++)
        points = bests[g] >= 0 && *r->point[bests[g]] && !strcmp(table_cell(&r->t, r->group_first[g], r->c_build), bl.v[0]);
    tt_head_add(&tt, "variant");
    if (points) tt_head_add(&tt, "point");
    for (int b = 1; b < bl.n; b++) tt_head_add(&tt, bl.v[b]);
    const struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };   /* clx compare's defaults */
    int unsure = 0;
    struct samebin_run sb;
    samebin_open(&sb, r->dir);
    struct strlist same = {0};   /* "ILP=1 -cl-opt-disable": the cells whose build compiled to the first's binary */
    /* The cells whose two bests differ in work-group size (a pair compare --by build never forms:
     * memcopy_ilp's "2.00x SLOWER" was default at 128 against -cl-opt-disable at 32, where compare
     * said 1.18x faster, UNSURE at 32 and 2.23x SLOWER at 128), and what compare says of each at the
     * first build's best size. */
    struct strlist shared = {0};
    int apart = 0;
    for (int g = 0; g < r->ngroups; g++) {
        if (strcmp(table_cell(&r->t, r->group_first[g], r->c_build), bl.v[0])) continue;
        int base = bests[g];
        if (base < 0) continue;
        const char *pt = r->point[base];
        tt_cell(&tt, "%s", table_cell(&r->t, base, r->c_variant));
        if (points) tt_cell(&tt, "%s", *pt ? pt : "-");
        for (int b = 1; b < bl.n; b++) {
            int h = other_build(r, g, bl.v[b]);
            int x = h >= 0 ? bests[h] : -1;
            /* Per unit of work (a no-opt build may run fewer trips), ratio and verdict of the two rows by
             * compare's rule (a bare 1.23x of a 72% floor read as a cost; medians' 31.12x, compare's 40.1x). */
            if (x < 0) { tt_cell(&tt, "-"); continue; }
            struct cmp_cell c;
            cmp_decide_rows(r, base, x, &rule, &c);
            char said[64];
            cmp_slowdown_said(said, sizeof said, c.v.ratio > 0 ? c.v.ratio : 1 / rundir_speedup(r, base, r, x), c.v.v);
            /* rusticl's -cl-opt-disable gave default's very binary: its "1.87x SLOWER" was no cost of it. */
            int one = samebin_of(&sb, bl.v[0], &sb, bl.v[b], table_cell(&r->t, base, r->c_variant)) == SAMEBIN_SAME;
            if (one) sl_push_own(&same, xasprintf("%s %s", table_cell(&r->t, base, r->c_variant), bl.v[b]));
            const char *la = r->c_local >= 0 ? table_cell(&r->t, base, r->c_local) : "";
            const char *lx = r->c_local >= 0 ? table_cell(&r->t, x, r->c_local) : "";
            int differ = strcmp(la, lx) != 0;
            char *where = differ ? xasprintf(", local %s vs %s", la, lx) : xstrdup("");
            tt_cell(&tt, "%s%s%s", said, where, one ? " (same binary)" : "");
            free(where);
            unsure += c.v.v == VERDICT_UNSURE;
            if (differ) {
                char *who = xasprintf("%s%s%s %s", table_cell(&r->t, base, r->c_variant), *pt ? " " : "", pt, bl.v[b]);
                apart++;
                int at = row_at_local(r, h, la);
                if (at >= 0) {
                    struct cmp_cell cs;
                    cmp_decide_rows(r, base, at, &rule, &cs);
                    char ss[64];
                    cmp_slowdown_said(ss, sizeof ss, cs.v.ratio > 0 ? cs.v.ratio : 1 / rundir_speedup(r, base, r, at), cs.v.v);
                    sl_push_own(&shared, xasprintf("%s at local %s: %s", who, la, ss));
                }
                free(who);
            }
        }
    }
    /* Best against best is the question asked (what an option costs at each build's best), but not
     * compare --by build's verdict, which the title said it was: said as what it is. */
    char *title = xasprintf("Slowdown of each build against \"%s\" per unit of work (GFLOP/s or GB/s ratio where "
                            "defined, else time ratio), each build at its own best work-group size: how many times slower "
                            "or faster, and the verdict by clx compare's rule on the two rows' rounds; where the two bests' "
                            "work-group sizes differ, the cell names both, the first build's first (\"local 128 vs 32\"), "
                            "a pair clx compare RUN --by build, which pairs equal configurations, never forms", bl.v[0]);
    summary_heading(out, markdown, title);
    tt_print(&tt, out, markdown);
    if (unsure)
        fprintf(out, "%s%d of these ratios %s UNSURE: within the noise, the rounds do not tell the builds apart; such a "
                     "ratio is no cost or gain of the build (docs/compare.md, \"Verdicts\").\n", markdown ? "\n" : "",
                unsure, unsure == 1 ? "is" : "are");
    if (same.n) {
        char *list = sl_join(&same, ", ");
        fprintf(out, "%s%s %d of these builds (%s) %s as \"%s\" (marked \"same binary\"): their ratio is no cost "
                     "or gain of the option, but of the spec's other work a launch or of per-launch costs (the run's "
                     "bin/ files, else kernels.tsv's bin_hash).\n", markdown ? "\n" : "", markdown ? "**Note:**" : "Note:",
                same.n, list, SAMEBIN_SAID, bl.v[0]);
        free(list);
    }
    if (apart) {
        char *list = sl_join(&shared, "; ");
        fprintf(out, "%s%s %d of these ratios (marked \"local A vs B\") put rows of different work-group sizes side by "
                     "side, each build at its own best: clx compare RUN --by build pairs equal configurations only.%s%s%s\n",
                markdown ? "\n" : "", markdown ? "**Note:**" : "Note:", apart,
                shared.n ? " At the first build's best work-group size it gives " : "", shared.n ? list : "",
                shared.n ? "." : "");
        free(list);
    }
    sl_free(&shared);
    sl_free(&same);
    samebin_free(&sb);
    free(title);
    tt_free(&tt);
    sl_free(&bl);
}

/* builds_work: where the spec gives a build other work than the first's (volkov_fma's no-opt build
 * runs 64x fewer loop trips), the best rows' median times side by side read as "only 1.5x slower"
 * where the work is 100x slower: said under them, plainly, with what does compare. */
void summary_builds_work(const struct rundir *r, FILE *out, int markdown)
{
    struct strlist bl = {0};
    builds_in_order(r, &bl);
    const char *rate = NULL;
    char *differ = bl.n > 1 ? rowwork_builds_differ(r, bl.v[0], &rate) : NULL;
    if (differ)
        fprintf(out, "\n%s the builds do different work: %s. Their median times are no comparison of the builds; their "
                     "%s are, and so is the slowdown per unit of work.\n", markdown ? "**Note:**" : "Note:", differ, rate);
    free(differ);
    sl_free(&bl);
}
