/* lockfile.h — advisory locks (flock) on a file, waited for, or on a folder, not waited for: the turn
 * of concurrent clx processes at something they share on this machine (the host's timed work, a cache
 * file read and rewritten, a folder one of them fills). */
#ifndef LOCKFILE_H
#define LOCKFILE_H

/* lockfile_take: opens (creating it) path and waits for its exclusive lock; the descriptor for
 * lockfile_give, or -1 when the file cannot be opened or a signal ended the wait (the caller then
 * goes on unlocked). */
int lockfile_take(const char *path);
/* lockfile_folder: the folder path (made, with its parents, where missing; a link to a folder
 * followed) locked, not waited for: the turn of one clx at a folder it writes, which a second one
 * writing it at once would interleave with. The descriptor holding it (lockfile_give), or -1: errno
 * EWOULDBLOCK where another process holds it, ENOTDIR where path is no folder (left as it is), else
 * the error of making or opening it. A lock taken on a folder the holder removed as it let go is let
 * go and taken again on the folder made anew. Where the file system cannot lock a folder (NFS), the
 * descriptor is returned unlocked: the folder is used as before the lock existed. */
int lockfile_folder(const char *path);
/* lockfile_dir: lockfile_folder for a folder of clx's own that it fills and then removes (a draft),
 * which a second one at the same folder at once would empty under it: a link or file at path is
 * removed first (never followed), and its parent is not made. */
int lockfile_dir(const char *path);
/* lockfile_holder: the PID of the process holding the flock on path (a file or a folder), read from
 * Linux's /proc/locks (the PID as this process sees it); 0 where none does, or where this system
 * cannot say (no /proc/locks). One ask, one read of /proc/locks: many ask one lockholders
 * (lockholders.h). */
long lockfile_holder(const char *path);
/* lockfile_give: the lock and its file released (nothing for -1). */
void lockfile_give(int fd);
#endif
