/* lockfile.c — flock on a file, waited for (lockfile.h). */
#include "lockfile.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int lockfile_take(const char *path)
{
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    if (flock(fd, LOCK_EX) != 0) { close(fd); return -1; }
    return fd;
}

int lockfile_dir(const char *path)
{
    /* A few times at most: each retry is a holder that removed its folder as this one took the lock. */
    for (int tries = 0; tries < 8; tries++) {
        struct stat l;
        /* Not a folder of its own (a link to another folder, a file): removed, never followed, or the
         * draft's emptying would empty the folder a link points at. */
        if (lstat(path, &l) == 0 && !S_ISDIR(l.st_mode) && unlink(path) != 0) return -1;
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            if (errno == ENOENT || errno == ELOOP || errno == ENOTDIR) continue;
            return -1;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int err = errno;
            if (err == EWOULDBLOCK || err == EINTR) {
                close(fd);
                errno = EWOULDBLOCK;
                return -1;
            }
            /* A file system that cannot lock a folder (NFS emulates flock with fcntl locks, which want a
             * file open for writing): gone on unlocked, as lockfile_take's callers go, not refused. */
            return fd;
        }
        struct stat a, b;
        if (fstat(fd, &a) == 0 && lstat(path, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev) return fd;
        close(fd);
    }
    errno = EWOULDBLOCK;
    return -1;
}

void lockfile_give(int fd)
{
    if (fd < 0) return;
    flock(fd, LOCK_UN);
    close(fd);
}
