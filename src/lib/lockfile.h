/* lockfile.h — an advisory lock on a file (flock), waited for: the turn of concurrent clx processes
 * at something they share on this machine (the host's timed work, a cache file read and rewritten). */
#ifndef LOCKFILE_H
#define LOCKFILE_H

/* lockfile_take: opens (creating it) path and waits for its exclusive lock; the descriptor for
 * lockfile_give, or -1 when the file cannot be opened or a signal ended the wait (the caller then
 * goes on unlocked). */
int lockfile_take(const char *path);
/* lockfile_give: the lock and its file released (nothing for -1). */
void lockfile_give(int fd);
#endif
