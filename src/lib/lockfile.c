/* lockfile.c — flock on a file, waited for (lockfile.h). */
#include "lockfile.h"
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

int lockfile_take(const char *path)
{
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    if (flock(fd, LOCK_EX) != 0) { close(fd); return -1; }
    return fd;
}

void lockfile_give(int fd)
{
    if (fd < 0) return;
    flock(fd, LOCK_UN);
    close(fd);
}
