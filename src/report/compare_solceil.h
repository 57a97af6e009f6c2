/* compare_solceil.h — where the sides of `clx compare` rest their speed of light on other ceilings
 * (run.json `sol`): A without a peaks run and B with a --quick one named by --peaks, or another
 * driver's clock under a theoretical rate. compare.md showed each side's "% of sol (bound)" and said
 * nothing of it, and a sol_pct that moved with its ceiling read as the row's own move. */
#ifndef COMPARE_SOLCEIL_H
#define COMPARE_SOLCEIL_H
#include "compare_join.h"
#include <stdio.h>

/* Ceilings whose figures lie this far apart (of the larger) differ: a row bound by one moves its sol_pct
 * by as much as the least effect compare calls FASTER or SLOWER (--min-effect 1%). One known and the
 * other not differ too. */
#define CMP_SOLCEIL_APART 0.01

/* cmp_solceil_note: under compare.md's table of every configuration in common (common[0..ncommon),
 * rows in j->where), per side against A: the classes whose ceilings differ between the two (a
 * throughput class's rate, the launch floor, the chain's or memory's latencies) and that bound a row of
 * those configurations on either side, with each side's figure, kind and source, and that the sol_pct
 * of rows they bound are not comparable between the two; the other classes that differ, binding no
 * such row, named in a clause after them (never alone: two runs' launch floors always differ).
 * Nothing where the ceilings of every bound row agree, a side's run records none (a run before the
 * speed of light), or the side ran on another device model (its ceilings its own by nature; another
 * driver's on one model are said: its clock may set a theoretical rate). */
void cmp_solceil_note(FILE *md, const struct cmp_join *j, const int *common, int ncommon);
/* cmp_solceil_line: the same for the console, one line for every side ("clx: compare: B's
 * speed-of-light ceilings differ from A's for l2; C's for launch: ..."), the classes that bound rows
 * alone, the figures left to compare.md; nothing where the note says nothing. */
void cmp_solceil_line(FILE *out, const struct cmp_join *j, const int *common, int ncommon);
#endif
