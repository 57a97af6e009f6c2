/* stdfds.h — descriptors 0, 1 and 2 open from the start: one that came closed is /dev/null. */
#ifndef STDFDS_H
#define STDFDS_H

/* stdfds_open: each of 0, 1 and 2 that is closed opened on /dev/null (stdin for reading, stdout and
 * stderr for writing), so that no file clx opens later takes its number: a run started with >&-
 * would otherwise write its console into the first file it opened (the device's lock file, which
 * every clx on the host reads to say who holds the device). main calls it before anything opens a
 * file; forked children inherit the descriptors, and exec'd tools (m4, gnuplot) get files of
 * their own. Returns 0, or -1 with errno where /dev/null could not be opened (the descriptor
 * still closed). */
int stdfds_open(void);
#endif
