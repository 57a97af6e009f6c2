/* strayrows.h — the rows whose kernels wrote outside their buffers (the guard zones caught it,
 * measure/guard.c, in the words defined here), named from results.tsv: on a device whose buffers
 * are host memory (a CPU's) such a kernel may write past the zone into the host's heap, which
 * glibc finds later (a worker that aborts once the sweep is over, supervise.c says which rows). */
#ifndef STRAYROWS_H
#define STRAYROWS_H

/* The words verify.c says of an output's elements no work-item wrote (they hold the poison), and
 * unwritten_rows looks for. */
#define UNWRITTEN_WORDS "never written"
/* unwritten_rows: how many of dir/results.tsv's rows have a note with UNWRITTEN_WORDS (0 where it
 * cannot be read). */
int unwritten_rows(const char *dir);

/* The words guard.c's notes begin with, and stray_rows looks for. */
#define STRAY_OUTSIDE "wrote outside "
#define STRAY_PAST    "wrote past the end of "
#define STRAY_BEFORE  "wrote before the start of "

/* stray_rows: how many of dir/results.tsv's rows have a note with those words (0 where it cannot
 * be read); *names (where names is not NULL and some have): the first few as the console names a
 * row ("past default local=64"), "and N more" after them, a new string, else NULL. */
int stray_rows(const char *dir, char **names);
#endif
