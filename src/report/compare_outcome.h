/* compare_outcome.h — `clx compare` decided (private to report/compare*.c): a verdict per
 * configuration in common and side, the tallies per variant and build, and the tables and lines
 * that both the console and compare.md print from them. */
#ifndef COMPARE_OUTCOME_H
#define COMPARE_OUTCOME_H
#include "compare_decided.h"
#include "compare_join.h"
#include "compare_sides.h"      /* the sides named: a table both outputs print, kept in its own file */
#include "lib/texttab.h"
#include <stdio.h>

/* A (variant, build) of side 0 and what the other sides' configurations in it gave. */
struct group {
    char *variant, *build;
    int n;                       /* configurations in common */
    int *count;                  /* [side * 4 + verdict] */
    double *logsum;              /* [side]: log speed-ups, every configuration */
    struct decided_way *decided; /* [side]: the decided ones (FASTER or SLOWER), each way */
};

/* The whole comparison once decided: a cell per configuration in common and side, and groups. */
struct outcome {
    int *common;                 /* [k]: the k-th configuration in common */
    int ncommon;
    struct cmp_cell *cell;           /* [k * n + side] (side 0 unused) */
    struct group *g;
    int ng;
    int slower;                  /* configurations SLOWER on some side */
    double *noise;               /* [side]: run-to-run noise over what the rounds show (cmp_run_noise) */
    double min_effect;           /* --min-effect: how far apart builds' speed-ups differ (compare_builds.h) */
    double *floor;               /* [side]: its verdicts' median noise floor (INFINITY: none); NULL: 0 */
    /* [side]: what a group's "(each)" (the value compared along, each side its own) reads as in that
     * side's verdict table, its value against A's: "8 vs 1" (--by ILP), "-cl-opt-disable vs default"
     * (--by build); NULL (or a NULL entry): "(each)" as it is. */
    char **each_said;
    int nsides;                  /* entries of each_said */
};

/* cmp_decide_all: every cell; then, for a side that is another run on the same device model, again
 * with the run-to-run noise its cells show beyond their rounds (cmp_run_noise); then the tallies. */
void cmp_decide_all(const struct cmp_join *j, const struct verdict_rule *rule, struct outcome *o);
void cmp_outcome_free(struct outcome *o);
/* cmp_ratio_said: a speed-up for a reader into buf, under 1 with the slowdown beside it as the run
 * summary says one ("0.372x (2.69x slowdown)"), "-" where it is not a number; returns buf (64
 * bytes hold any). cmp_ratio_cell: the same as a table's cell. */
const char *cmp_ratio_said(char *buf, size_t n, double x);
/* cmp_verdicts_said: a bar's or point's verdict from how many of its configurations had each
 * (count[enum speed_verdict]): the one word all had, else each count with its word in the order of
 * the console's columns, "2 SLOWER, 1 UNSURE" (a chart's "MIXED" was a word the console never
 * says); a new string. */
char *cmp_verdicts_said(const int *count);
void cmp_ratio_cell(struct texttab *t, double x);
/* cmp_summary_table: per group and side s, the verdicts' counts and the geometric means of the
 * speed-ups (of every configuration, and of the decided ones where they all went one way; both
 * ways, how many each way and how far: compare_decided.h); where most configurations are
 * UNSURE, a last column, "note", qualifies the overall row: "only 1 of 24 with a verdict (0 SAME, 1 FASTER
 * or SLOWER; 23 UNSURE): within the noise". Where the groups span builds whose speed-ups differ
 * (compare_builds.h), the overall row has the counts and no speed-up, and each build with several
 * groups an "all" row of its own. */
void cmp_summary_table(const struct outcome *o, int s, struct texttab *t);
/* cmp_noise_line: what the noise let side s's comparison decide, and what to do when it did not. */
void cmp_noise_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, const struct verdict_rule *rule);
/* cmp_say_level: where side s moved as a whole as its run's level would (compare_say_level), `lead`
 * and those words, and 1; else nothing, and 0. */
int cmp_say_level(FILE *out, const char *lead, const struct cmp_join *j, const struct outcome *o, int s,
                  const struct verdict_rule *rule);
/* cmp_rows_table: every configuration in common: its point, and per other side the speed-up and verdict. */
void cmp_rows_table(const struct cmp_join *j, const struct outcome *o, struct texttab *t);
/* cmp_rows_table marks a verdict "(rounds-cut)" where either row was kept at a stop with only some
 * of its rounds; cmp_any_cut: whether any configuration in common has such a row. */
int cmp_any_cut(const struct cmp_join *j, const struct outcome *o);
#endif
