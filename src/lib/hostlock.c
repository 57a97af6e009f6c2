/* hostlock.c — the machine-wide turn for the host's timed work (flock on a file in $TMPDIR). */
#include "hostlock.h"
#include "util.h"
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

char *hostlock_path(void)
{
    const char *tmp = getenv("TMPDIR");
    return xasprintf("%s/clx-host-%lu.lock", tmp && *tmp ? tmp : "/tmp", (unsigned long)getuid());
}

int hostlock_take(void)
{
    char *path = hostlock_path();
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    free(path);
    if (fd < 0) return -1;
    /* A signal (a ^C the run will act on) ends the wait: the work goes on unlocked. */
    if (flock(fd, LOCK_EX) != 0) { close(fd); return -1; }
    return fd;
}

void hostlock_give(int fd)
{
    if (fd < 0) return;
    flock(fd, LOCK_UN);
    close(fd);
}
