/* compare_bywords.h — what `clx compare --by` takes in a run (the columns whose measured rows take two
 * values or more) and the words that refuse a name it does not take. */
#ifndef COMPARE_BYWORDS_H
#define COMPARE_BYWORDS_H
#include "store/rundir.h"

/* cmp_several_values: whether column col takes two values or more in r's rows (empty cells aside), of
 * its rows that are results where measured (cmp_row_result's), else of all of them. */
int cmp_several_values(const struct rundir *r, int col, int measured);
/* cmp_by_takes_said: "--by takes variant, build, N, local, VEC or ILP", with ": did you mean ILP?" after
 * it for a name near one of them (near); a new string. */
char *cmp_by_takes_said(const struct rundir *r, const char *by, int near);
/* cmp_by_refused: why --by NAME is nothing to compare along, for a name the run has as a column of
 * another kind (a column clx writes of each row, a derived value: "no such column" would be false
 * there) or has not at all (with the nearest one it takes); a new string. */
char *cmp_by_refused(const struct rundir *r, const char *dir, const char *by);
#endif
