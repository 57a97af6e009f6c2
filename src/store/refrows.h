/* refrows.h — the rows whose host reference failed (returned -1: a variable it reads that is not set,
 * a buffer it names that is not there), in the words defined here, which measure/expected.c writes in
 * a row's note and run/ reads back from results.tsv: where every row of a run is one, nothing could
 * be checked, and the run cannot go on (exit 4, as where nothing could be built). */
#ifndef REFROWS_H
#define REFROWS_H

/* refrows_note: a row's note where reference NAME failed for why ("reference NAME: why"; a new string). */
char *refrows_note(const char *name, const char *why);
/* refrows_is: whether note is one refrows_note made (of any reference). */
int refrows_is(const char *note);
/* refrows_count: how many of dir/results.tsv's rows are error with such a note (0 where it cannot be read). */
int refrows_count(const char *dir);
#endif
