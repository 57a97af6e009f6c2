/* test_compare_builds.c — compare's summary table where the rows span builds: vecsum --by variant on
 * PoCL gave float4 against naive 0.925x built default and 3.090x built -cl-opt-disable, and an "all"
 * of 1.691x over both, which read as a win the optimised code does not have. Where the builds'
 * speed-ups differ there is no figure over them; each build's is said. A speed-up under 1 carries its
 * slowdown beside it, as a run's summary says -cl-opt-disable's cost ("0.372x (2.69x slowdown)"). */
#include "check.h"
#include "report/compare_builds.h"
#include "report/compare_outcome.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* outcome_of: two sides (A and B), groups (variant, build) each of one configuration whose B speed-up
 * is sp[i], its verdict v[i]; free with outcome_free. */
static struct outcome outcome_of(int ng, const char *const *variant, const char *const *build, const double *sp,
                                 const enum speed_verdict *v)
{
    struct outcome o = { .ng = ng, .min_effect = 0.01 };
    o.g = calloc((size_t)ng, sizeof *o.g);
    for (int i = 0; i < ng; i++) {
        struct group *g = &o.g[i];
        g->variant = strdup(variant[i]);
        g->build = strdup(build[i]);
        g->n = 1;
        g->count = calloc(8, sizeof *g->count);
        g->logsum = calloc(2, sizeof *g->logsum);
        g->decided = calloc(2, sizeof *g->decided);
        g->count[4 + v[i]] = 1;
        g->logsum[1] = log(sp[i]);
        if (v[i] == VERDICT_FASTER || v[i] == VERDICT_SLOWER) cmp_decided_take(&g->decided[1], v[i] == VERDICT_FASTER, sp[i]);
    }
    return o;
}

static void outcome_free(struct outcome *o)
{
    for (int i = 0; i < o->ng; i++) {
        free(o->g[i].variant); free(o->g[i].build); free(o->g[i].count); free(o->g[i].logsum); free(o->g[i].decided);
    }
    free(o->g);
}

/* table_of: side 1's summary table and the line under it (caller frees). */
static char *table_of(const struct outcome *o)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct texttab t = {0};
    cmp_summary_table(o, 1, &t);
    tt_print(&t, f, 0);
    tt_free(&t);
    cmp_builds_line(f, o, 1, 0);
    fclose(f);
    return buf;
}

/* --by variant: one group per build, their speed-ups far apart: no 1.691x. */
static void test_builds_differ(void)
{
    const char *const variant[] = { "(each)", "(each)" }, *const build[] = { "default", "-cl-opt-disable" };
    const double sp[] = { 0.925, 3.090 };
    const enum speed_verdict v[] = { VERDICT_UNSURE, VERDICT_FASTER };
    struct outcome o = outcome_of(2, variant, build, sp, v);
    char *s = table_of(&o);
    CHECK(strstr(s, "1.691x") == NULL);
    CHECK_CONTAINS(s, "0.925x (1.08x slowdown)");
    CHECK_CONTAINS(s, "all     (builds differ)");
    CHECK_CONTAINS(s, "No speed-up over all builds: their speed-ups differ (default 0.925x, -cl-opt-disable 3.090x), "
                      "and a mean over them is no build's: read each build's own row above.\n");
    free(s);
    outcome_free(&o);
}

/* Two runs, several variants a build: each build's own "all" row, none over both. */
static void test_builds_all_rows(void)
{
    const char *const variant[] = { "naive", "float4", "naive", "float4" },
                      *const build[] = { "default", "default", "-cl-opt-disable", "-cl-opt-disable" };
    const double sp[] = { 0.5, 0.5, 2.0, 2.0 };
    const enum speed_verdict v[] = { VERDICT_SLOWER, VERDICT_SLOWER, VERDICT_FASTER, VERDICT_FASTER };
    struct outcome o = outcome_of(4, variant, build, sp, v);
    char *s = table_of(&o);
    CHECK_CONTAINS(s, "all     default            2    0      0      2      0 0.500x (2x slowdown)   0.500x (2x slowdown)");
    CHECK_CONTAINS(s, "all     -cl-opt-disable    2    0      2      0      0 2.000x                 2.000x");
    CHECK_CONTAINS(s, "all     (builds differ)    4    0      2      2      0 -                      -");
    CHECK(strstr(s, "1.000x") == NULL);                  /* the geometric mean over both builds */
    CHECK_CONTAINS(s, "read each build's own row above.\n");   /* one wording, "all" row or not */
    free(s);
    outcome_free(&o);
}

/* Builds within --min-effect of each other: one figure says both; and --by build's "(each)" (the
 * sides are the builds) keeps its "all" over the variants. */
static void test_builds_alike(void)
{
    const char *const variant[] = { "(each)", "(each)" }, *const build[] = { "default", "-cl-opt-disable" };
    const double sp[] = { 1.500, 1.505 };
    const enum speed_verdict v[] = { VERDICT_FASTER, VERDICT_FASTER };
    struct outcome o = outcome_of(2, variant, build, sp, v);
    char *s = table_of(&o);
    CHECK(strstr(s, "builds differ") == NULL && strstr(s, "No speed-up") == NULL);
    CHECK_CONTAINS(s, "  all                        2    0      2      0      0   1.502x           1.502x");
    free(s);
    outcome_free(&o);
    const char *const v2[] = { "ILP=1", "ILP=4" }, *const each[] = { "(each)", "(each)" };
    const double sp2[] = { 0.372, 0.101 };
    const enum speed_verdict vv[] = { VERDICT_SLOWER, VERDICT_SLOWER };
    o = outcome_of(2, v2, each, sp2, vv);
    s = table_of(&o);
    CHECK_CONTAINS(s, "0.372x (2.69x slowdown)");
    CHECK_CONTAINS(s, "0.101x (9.9x slowdown)");
    CHECK(strstr(s, "builds differ") == NULL);
    free(s);
    outcome_free(&o);
}

/* table_rows: the summary table's rows as tt_print lays them (each a cell count of the head's). */
static int row_cells_ok(const struct texttab *t)
{
    return t->head.n && t->cells.n == t->nrows * t->head.n;
}

/* Two runs of vecsum on PoCL, noisy, builds apart (default 0.928x, -cl-opt-disable 3.0x), several
 * variants a build: the note column is on, and each build's "all" row was a cell short, so every
 * later cell slid left ("-cl-opt-disable" under variant, 12 under build) and the overall row and its
 * warning were lost. Every row has every cell; the warning is said. */
static void test_noisy_builds_rows_whole(void)
{
    const char *const variant[] = { "naive", "float4", "naive", "float4" },
                      *const build[] = { "default", "default", "-cl-opt-disable", "-cl-opt-disable" };
    const double sp[] = { 0.9, 0.95, 3.0, 3.0 };
    const enum speed_verdict v[] = { VERDICT_SLOWER, VERDICT_UNSURE, VERDICT_UNSURE, VERDICT_UNSURE };
    struct outcome o = outcome_of(4, variant, build, sp, v);
    struct texttab t = {0};
    cmp_summary_table(&o, 1, &t);
    CHECK(row_cells_ok(&t));
    CHECK(t.nrows == 7);                                 /* 4 groups, 2 builds' "all", the overall */
    tt_free(&t);
    char *s = table_of(&o);
    CHECK_CONTAINS(s, "all     default            2    0      0      1      1");
    CHECK_CONTAINS(s, "all     -cl-opt-disable    2    0      0      0      2 3.000x");
    CHECK_CONTAINS(s, "none of 2 with a verdict (all UNSURE): within the noise");
    CHECK_CONTAINS(s, "all     (builds differ)    4    0      0      1      3");
    /* The one SLOWER is beyond the noise: the note says the mean, not the comparison, is noise. */
    CHECK_CONTAINS(s, "only 1 of 4 with a verdict (0 SAME, 1 FASTER or SLOWER: beyond the noise; 3 UNSURE): the "
                      "speed-up of all is mostly noise");
    CHECK(strstr(s, "3 UNSURE): within the noise") == NULL);
    free(s);
    /* compare.md's table: the same cells, so a row of 11 columns each. */
    cmp_summary_table(&o, 1, &t);
    char *md = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&md, &len);
    tt_print(&t, f, 1);
    fclose(f);
    CHECK_CONTAINS(md, "| all | -cl-opt-disable | 2 |");
    CHECK_CONTAINS(md, "| all | (builds differ) | 4 |");
    free(md);
    tt_free(&t);
    outcome_free(&o);
}

/* --by ILP on PoCL: builds 3% apart within a noise floor of 23%, every configuration UNSURE: that
 * gap is noise, the overall speed-up stands. The same gap beyond a floor of 1% is the builds'. */
static void test_builds_within_noise(void)
{
    const char *const variant[] = { "VEC=1,ILP=(each)", "VEC=4,ILP=(each)", "VEC=1,ILP=(each)", "VEC=4,ILP=(each)" },
                      *const build[] = { "default", "default", "-cl-opt-disable", "-cl-opt-disable" };
    const double sp[] = { 1.00, 1.00, 1.03, 1.03 };
    const enum speed_verdict v[] = { VERDICT_UNSURE, VERDICT_UNSURE, VERDICT_UNSURE, VERDICT_UNSURE };
    struct outcome o = outcome_of(4, variant, build, sp, v);
    double floor[2] = { 0, 0.23 };
    o.floor = floor;
    char *s = table_of(&o);
    CHECK(strstr(s, "builds differ") == NULL && strstr(s, "No speed-up") == NULL);
    CHECK_CONTAINS(s, "all                                 4    0      0      0      4   1.015x");
    CHECK_CONTAINS(s, "none of 4 with a verdict (all UNSURE): within the noise");
    free(s);
    floor[1] = 0.01;
    s = table_of(&o);
    CHECK_CONTAINS(s, "No speed-up over all builds: their speed-ups differ");
    free(s);
    floor[1] = INFINITY;                                 /* no floor known: --min-effect alone */
    s = table_of(&o);
    CHECK_CONTAINS(s, "No speed-up over all builds: their speed-ups differ");
    free(s);
    o.floor = NULL;
    outcome_free(&o);
}

/* add_config: one more configuration in group g, its B speed-up x and verdict v. */
static void add_config(struct group *g, double x, enum speed_verdict v)
{
    g->n++;
    g->count[4 + v]++;
    g->logsum[1] += log(x);
    if (v == VERDICT_FASTER || v == VERDICT_SLOWER) cmp_decided_take(&g->decided[1], v == VERDICT_FASTER, x);
}

/* memcopy_ilp --by build on PoCL: VEC=4,ILP=8's local=32 1.410x FASTER and local=128 0.416x SLOWER
 * gave a decided speed-up of "0.766x (1.31x slowdown)", a verdict neither configuration had; the
 * "all" row's 1.036x over 6 FASTER and 3 SLOWER the same. Where the decided ones went both ways the
 * cell says how many went each way and how far; where they went one way, their mean as before. */
static void test_decided_both_ways(void)
{
    const char *const variant[] = { "VEC=4,ILP=8", "VEC=2,ILP=1", "VEC=2,ILP=8" }, *const build[] = { "(each)", "(each)", "(each)" };
    const double sp[] = { 1.410, 2.261, 0.733 };
    const enum speed_verdict v[] = { VERDICT_FASTER, VERDICT_FASTER, VERDICT_SLOWER };
    struct outcome o = outcome_of(3, variant, build, sp, v);
    add_config(&o.g[0], 0.416, VERDICT_SLOWER);
    add_config(&o.g[1], 1.310, VERDICT_FASTER);
    add_config(&o.g[2], 0.9, VERDICT_UNSURE);
    char *s = table_of(&o);
    CHECK_CONTAINS(s, "both ways: 1 FASTER at 1.410x, 1 SLOWER at 2.4x slowdown\n");
    CHECK(strstr(s, "(1.31x slowdown) 0.766x") == NULL);   /* the mean of both ways, as if a verdict */
    CHECK_CONTAINS(s, "1.721x                    1.721x\n");  /* one way: the mean stands */
    CHECK_CONTAINS(s, "0.733x (1.36x slowdown) (1 of 2)\n");         /* the decided one of FASTER 0, SLOWER 1, UNSURE 1 */
    CHECK_CONTAINS(s, "both ways: 3 FASTER up to 2.261x, 2 SLOWER up to 2.4x slowdown\n");   /* the "all" row */
    free(s);
    struct texttab t = {0};
    cmp_summary_table(&o, 1, &t);
    CHECK(row_cells_ok(&t));
    char *md = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&md, &len);
    tt_print(&t, f, 1);
    fclose(f);
    CHECK_CONTAINS(md, "| VEC=4,ILP=8 | (each) | 2 | 0 | 1 | 1 | 0 | 0.766x (1.31x slowdown) | both ways: 1 FASTER at 1.410x, "
                       "1 SLOWER at 2.4x slowdown |");
    CHECK_CONTAINS(md, "| VEC=2,ILP=1 | (each) | 2 | 0 | 2 | 0 | 0 | 1.721x | 1.721x |");
    free(md);
    tt_free(&t);
    outcome_free(&o);
}

/* Builds each with an "all" row: one build's decided ones both ways, the other's one way. */
static void test_decided_build_rows(void)
{
    const char *const variant[] = { "naive", "float4", "naive", "float4" },
                      *const build[] = { "default", "default", "-cl-opt-disable", "-cl-opt-disable" };
    const double sp[] = { 1.5, 0.5, 2.0, 2.0 };
    const enum speed_verdict v[] = { VERDICT_FASTER, VERDICT_SLOWER, VERDICT_FASTER, VERDICT_FASTER };
    struct outcome o = outcome_of(4, variant, build, sp, v);
    char *s = table_of(&o);
    CHECK_CONTAINS(s, "both ways: 1 FASTER at 1.500x, 1 SLOWER at 2x slowdown\n");
    CHECK_CONTAINS(s, "all     -cl-opt-disable    2    0      2      0      0 2.000x                    2.000x\n");
    free(s);
    outcome_free(&o);
}

/* A chart's bar of configurations whose verdicts differ: their counts in the console's words and
 * columns' order, not "MIXED", a word the console never says. */
static void test_verdicts_said(void)
{
    int all[4] = { [VERDICT_UNSURE] = 3 }, mixed[4] = { [VERDICT_SAME] = 1, [VERDICT_SLOWER] = 2, [VERDICT_UNSURE] = 1 };
    char *s = cmp_verdicts_said(all);
    CHECK_STR(s, "UNSURE");
    free(s);
    s = cmp_verdicts_said(mixed);
    CHECK_STR(s, "1 SAME, 2 SLOWER, 1 UNSURE");
    free(s);
}

int main(void)
{
    RUN(test_verdicts_said);
    RUN(test_noisy_builds_rows_whole);
    RUN(test_builds_within_noise);
    RUN(test_builds_differ);
    RUN(test_builds_all_rows);
    RUN(test_builds_alike);
    RUN(test_decided_both_ways);
    RUN(test_decided_build_rows);
    CHECK_EXIT();
}
