/* compare_status.h — the configurations of a comparison (or a history) whose row did not pass on
 * some side (FAIL, error, crashed, timeout, build-failed, stopped: store/rowstatus.h; or measured
 * but no result, flagged IMPOSSIBLE or sol>100: compare_result.h), or that some side measured and
 * another skipped (rowstatus.h's ROW_SKIPPED): said per side as what they are, never as
 * configurations measured on one side only; and those that did not pass on another side where A's
 * did not fail too, or that A measured and another run skipped (it lost them), which clx compare
 * --fail-on fails on. A configuration every side that has a row of skipped is not listed: nothing
 * was measured, so nothing was lost. */
#ifndef COMPARE_STATUS_H
#define COMPARE_STATUS_H
#include "compare_join.h"
#include "compare_result.h"
#include "lib/texttab.h"
#include <stdio.h>

struct cmp_status {
    int n;                       /* configurations listed: a row that did not pass on some side, or one
                                  * skipped where another side measured it */
    int *row;                    /* [k * sides + s]: side s's row of the k-th listed one, -1 for none */
    int *passed;                 /* [k * sides + s]: 1 its row passed (measured), 0 it did not (or was
                                  * skipped), -1 no row */
    int *skip_only;              /* [k]: the k-th listed one's rows that are no result were all skipped */
    int nskip;                   /* listed so: measured on some side, skipped on another */
    int *skipped;                /* [s]: side s's skipped rows of the listed ones */
    int *lost;                   /* [s], s >= 1: configurations A measured that side s, another run, skipped */
    int nlost;                   /* configurations lost so on some side */
    int *listed;                 /* [c]: whether the join's configuration c is listed (j->nconf of them) */
    int nmissing;                /* the join's configurations some side lacks and none failed: "some sides only" */
    struct cmp_counts *per;      /* [s]: side s's rows listed that did not pass, by status or flag (not
                                  * the skipped: skipped[s]) */
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
/* cmp_status_said: what the listed configurations are, after their count: "did not pass", "were
 * measured on some side and skipped on another" (every one skip_only), or "did not pass or were
 * skipped"; "in some run" for "on some side" where numbered (a history). A new string. */
char *cmp_status_said(const struct cmp_status *st, int numbered);
/* cmp_status_where: the side whose row names the k-th listed configuration's point, and that row:
 * the first side with a row of its own (not a variant and build's row as a whole, rundir_build_row,
 * which has no point), else the first with any. */
void cmp_status_where(const struct cmp_join *j, const struct cmp_status *st, int k, int *side, int *row);
/* cmp_status_cell: the k-th listed configuration on side s as a cell: its row's word ("ok",
 * "FAIL", "IMPOSSIBLE", "skipped": cmp_row_word), or "no row". */
const char *cmp_status_cell(const struct cmp_join *j, const struct cmp_status *st, int k, int s);
/* cmp_status_table: the listed configurations: variant, build, point, then per side its status;
 * sides headed by their labels, or (numbered: a history's runs) "run 1", "run 2". */
void cmp_status_table(const struct cmp_join *j, const struct cmp_status *st, int numbered, struct texttab *t);
/* cmp_status_sides: "B: 8 FAIL, 24 skipped; C: 1 crashed": each side with rows listed, by label or
 * (numbered) "run 2"; "" for none (a new string). */
char *cmp_status_sides(const struct cmp_join *j, const struct cmp_status *st, int numbered);
/* cmp_status_side: side s's listed rows that did not pass as "8 FAIL, 1 crashed, 2 IMPOSSIBLE", then
 * its skipped ones ("24 skipped"); "" for none (a new string). */
char *cmp_status_side(const struct cmp_status *st, int s);
/* cmp_status_side_said: the same after what they are: "did not pass: 8 FAIL", "24 skipped", "did
 * not pass or skipped: 8 FAIL, 24 skipped"; "" for none (a new string). */
char *cmp_status_side_said(const struct cmp_status *st, int s);
/* cmp_status_unsided: "8 rows of variant naive, float4 did not pass (8 FAIL) and none of theirs
 * passed: no side here"; NULL where there are none (a new string). */
char *cmp_status_unsided(const struct cmp_join *j, const struct cmp_status *st);
/* cmp_status_print: up to ten of the listed configurations, a console line each ("  did not pass:
 * naive default local=64: A ok, B FAIL"; "  skipped: ..." for one skip_only), and how many more
 * the file named (md) lists. */
void cmp_status_print(FILE *out, const struct cmp_join *j, const struct cmp_status *st, int numbered, const char *md);
/* cmp_status_worse: what --fail-on fails on, said: "8 configurations did not pass on B (8 FAIL)
 * where A's passed" ("where A has no row", "where A's row passed or A has none"), and "24
 * configurations A measured were skipped on B, which lost them (the first, naive default N=1000003
 * local=64: NOTE)", joined by "; "; NULL when there are none (a new string). */
char *cmp_status_worse(const struct cmp_join *j, const struct cmp_status *st);
#endif
