/* lockfile.h — an advisory lock on a file (flock), waited for: the turn of concurrent clx processes
 * at something they share on this machine (the host's timed work, a cache file read and rewritten). */
#ifndef LOCKFILE_H
#define LOCKFILE_H

/* lockfile_take: opens (creating it) path and waits for its exclusive lock; the descriptor for
 * lockfile_give, or -1 when the file cannot be opened or a signal ended the wait (the caller then
 * goes on unlocked). */
int lockfile_take(const char *path);
/* lockfile_dir: the folder path (made where missing) locked, not waited for: the turn of one clx at a
 * folder it fills and then removes, which a second one at the same folder at once would empty under
 * it or add its own files to. The descriptor holding it (lockfile_give), or -1: errno EWOULDBLOCK
 * where another process holds it, else the error of making or opening it. A lock taken on a folder
 * the holder removed as it let go is let go and taken again on the folder made anew. A link or file at
 * path is removed first (never followed); where the file system cannot lock the folder (NFS), the
 * descriptor is returned unlocked: the folder is used as before the lock existed. */
int lockfile_dir(const char *path);
/* lockfile_give: the lock and its file released (nothing for -1). */
void lockfile_give(int fd);
#endif
