/* expandout.h — what `clx expand` leaves: the experiment's folder holding this expansion's files
 * alone (its failures are said as clx run says them: spec/expandfail.h). */
#ifndef EXPANDOUT_H
#define EXPANDOUT_H
#include "lib/util.h"

/* expandout_clear: removes from dir the .cl files an earlier expansion wrote (their first line is
 * EXPAND_HEADER's), so that a variant gone from the spec, or one that fails now, leaves no file that
 * passes for this expansion's; other files stay. Their names go into removed; 0, or -1 when one
 * could not be removed (said on stderr). */
int expandout_clear(const char *dir, struct strlist *removed);
/* expandout_say_removed: on stderr, the files expandout_clear removed (removed) that this expansion
 * did not write again (written): "clx: removed 2 files of an earlier expansion from DIR that this
 * one did not write: A.cl B.cl"; nothing when there are none. */
void expandout_say_removed(const char *dir, const struct strlist *removed, const struct strlist *written);
#endif
