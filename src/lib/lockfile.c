/* lockfile.c — flock on a file, waited for, or on a folder, not waited for (lockfile.h). */
#include "lockfile.h"
#include "lockholders.h"
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
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

/* lock_folder: the one home of a folder's lock (lockfile_folder, lockfile_dir). own: path is clx's
 * own folder (lockfile_dir): a link or file there removed and never followed, the parent not made. */
static int lock_folder(const char *path, int own)
{
    /* A few times at most: each retry is a holder that removed its folder as this one took the lock. */
    for (int tries = 0; tries < 8; tries++) {
        struct stat l;
        /* Not a folder of its own (a link to another folder, a file): removed, never followed, or the
         * draft's emptying would empty the folder a link points at. */
        if (own && lstat(path, &l) == 0 && !S_ISDIR(l.st_mode) && unlink(path) != 0) return -1;
        /* Someone else's path that is no folder is ENOTDIR (mkdir_p), left as it is. */
        if (own ? mkdir(path, 0777) != 0 && errno != EEXIST : mkdir_p(path) != 0) return -1;
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (own ? O_NOFOLLOW : 0));
        if (fd < 0) {
            if (errno == ENOENT || (own && (errno == ELOOP || errno == ENOTDIR))) continue;
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
        /* The folder locked is still the one at path (stat: a link to it is followed where it may be). */
        struct stat a, b;
        int at = own ? lstat(path, &b) : stat(path, &b);
        if (fstat(fd, &a) == 0 && at == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev) return fd;
        close(fd);
    }
    errno = EWOULDBLOCK;
    return -1;
}

int lockfile_folder(const char *path) { return lock_folder(path, 0); }

int lockfile_dir(const char *path) { return lock_folder(path, 1); }

long lockfile_holder(const char *path)
{
    struct lockholders h = {0};
    long pid = lockholders_pid(&h, path);
    lockholders_free(&h);
    return pid;
}

void lockfile_give(int fd)
{
    if (fd < 0) return;
    flock(fd, LOCK_UN);
    close(fd);
}
