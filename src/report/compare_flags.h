/* compare_flags.h — flags of the compared rows that qualify what a comparison answers, said once:
 * memcopy_ilp --quick's rows all fit the last-level cache (flag cache-resident), so "does ILP help"
 * there is answered of the cache, not of the memory; a launch-bound row's time is mostly the launch's
 * cost. The verdicts stand; what they are of is said beside them. */
#ifndef COMPARE_FLAGS_H
#define COMPARE_FLAGS_H
#include "compare_outcome.h"
#include <stdio.h>

/* cmp_flags_say: for each flag of the table in compare_flags.c that some row of a configuration in
 * common carries, on any side: "clx: compare: 12 of 12 configurations compared (rows flagged: A 12,
 * B 12) moved data that fits ...: ..." (the summary's words for the flag, then what that makes of
 * the comparison), a line each; in markdown a paragraph each. How many were said. */
int cmp_flags_say(FILE *out, const struct cmp_join *j, const struct outcome *o, int markdown);
/* cmp_flags_say_history: the same of clx history's configurations in every run (common[0..ncommon-1]),
 * its runs numbered: "clx: history: 10 of 10 configurations in every run (rows flagged: run 1 0, run 2
 * 10) were timed while another clx ran ...": a run timed beside another clx read as a drift. */
int cmp_flags_say_history(FILE *out, const struct cmp_join *j, const int *common, int ncommon, int markdown);
#endif
