/* compare_status.h — the configurations of a comparison (or a history) whose row did not pass on
 * some side (FAIL, error, crashed, timeout, build-failed, stopped: store/rowstatus.h; or measured
 * but no result, flagged IMPOSSIBLE or sol>100: compare_result.h): said per side as what they are,
 * never as configurations measured on one side only; and those that did not pass on another side
 * where A's did not fail too, which clx compare --fail-on fails on. */
#ifndef COMPARE_STATUS_H
#define COMPARE_STATUS_H
#include "compare_join.h"
#include "compare_result.h"
#include "lib/texttab.h"
#include <stdio.h>

struct cmp_status {
    int n;                       /* configurations listed: a row that did not pass on some side */
    int *row;                    /* [k * sides + s]: side s's row of the k-th listed one, -1 for none */
    int *passed;                 /* [k * sides + s]: 1 its row passed (measured), 0 it did not, -1 no row */
    int *listed;                 /* [c]: whether the join's configuration c is listed (j->nconf of them) */
    int nmissing;                /* the join's configurations some side lacks and none failed: "some sides only" */
    struct cmp_counts *per;      /* [s]: side s's rows listed that did not pass, by status or flag */
    /* [s], s >= 1: the listed ones that did not pass on side s where A's did not fail too (it
     * passed, or A has no row), by status or flag; and of those, how many A has no row of. */
    struct cmp_counts *worse;
    int *worse_a_none;
    int nworse;                  /* configurations worse so on some side */
    /* Along a column of one run (--by), rows that did not pass of a value no side has (none of
     * its rows passed): by status or flag, and those values. */
    struct cmp_counts unsided;
    struct strlist unsided_values;
};

/* cmp_status_make: the listed configurations of join j, in side 0's order, then the others'. */
void cmp_status_make(const struct cmp_join *j, struct cmp_status *st);
void cmp_status_free(struct cmp_status *st);
/* cmp_status_cell: the k-th listed configuration on side s as a cell: its row's word ("ok",
 * "FAIL", "IMPOSSIBLE": cmp_row_word), or "no row". */
const char *cmp_status_cell(const struct cmp_join *j, const struct cmp_status *st, int k, int s);
/* cmp_status_table: the listed configurations: variant, build, point, then per side its status;
 * sides headed by their labels, or (numbered: a history's runs) "run 1", "run 2". */
void cmp_status_table(const struct cmp_join *j, const struct cmp_status *st, int numbered, struct texttab *t);
/* cmp_status_sides: "B: 8 FAIL; C: 1 crashed": each side with rows listed, by label or (numbered)
 * "run 2"; "" for none (a new string). */
char *cmp_status_sides(const struct cmp_join *j, const struct cmp_status *st, int numbered);
/* cmp_status_side: side s's listed rows that did not pass as "8 FAIL, 1 crashed, 2 IMPOSSIBLE"; ""
 * for none (a new string). */
char *cmp_status_side(const struct cmp_status *st, int s);
/* cmp_status_unsided: "8 rows of variant naive, float4 did not pass (8 FAIL) and none of theirs
 * passed: no side here"; NULL where there are none (a new string). */
char *cmp_status_unsided(const struct cmp_join *j, const struct cmp_status *st);
/* cmp_status_print: up to ten of the listed configurations, a console line each ("  did not pass:
 * naive default local=64: A ok, B FAIL"), and how many more the file named (md) lists. */
void cmp_status_print(FILE *out, const struct cmp_join *j, const struct cmp_status *st, int numbered, const char *md);
/* cmp_status_worse: what --fail-on fails on, said: "8 configurations did not pass on B (8 FAIL)
 * where A's passed" ("where A has no row", "where A's row passed or A has none"); NULL when there
 * are none (a new string). */
char *cmp_status_worse(const struct cmp_join *j, const struct cmp_status *st);
#endif
