/* expandout.h — what `clx expand` leaves: the experiment's folder holding this expansion's files
 * alone once it wrote every variant, the last good ones kept where it failed (its failures are said
 * as clx run says them: spec/expandfail.h), and no file of the user's overwritten. */
#ifndef EXPANDOUT_H
#define EXPANDOUT_H
#include "lib/util.h"

/* expandout_tidy: after an expansion into dir that wrote the files in written: the .cl files an
 * earlier expansion wrote there (their first line is EXPAND_HEADER's) and this one did not write
 * again. Where it wrote every variant (failed 0) they are removed, so that a variant gone from the
 * spec leaves no file that passes for this expansion's, and named on stderr ("clx: removed 2 files
 * of an earlier expansion from DIR that this one did not write: A.cl B.cl"); where m4 failed on some
 * (failed 1) those that TPL wrote stay, the last good sources, and are named as kept, while those
 * another template of the same name wrote (their header names it) are removed and said with it.
 * Other files stay. 0, or -1 when one could not be removed (said on stderr). */
int expandout_tidy(const char *dir, const struct strlist *written, int failed, const char *tpl);
/* expandout_refused: whether a file this expansion would write into dir (names: "ILP_1.cl", ...)
 * has its place held by something an earlier expansion did not write (no EXPAND_HEADER line: the
 * user's own kernel, a folder), which writing would lose: said on stderr, naming each, and 1 (the
 * caller then writes nothing); else 0. */
int expandout_refused(const char *dir, const struct strlist *names);
#endif
