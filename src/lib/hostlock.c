/* hostlock.c — the machine-wide turn for the host's timed work (flock on a file in $TMPDIR). */
#include "hostlock.h"
#include "lockfile.h"
#include "util.h"
#include <stdlib.h>
#include <unistd.h>

char *hostlock_path(void)
{
    const char *tmp = getenv("TMPDIR");
    return xasprintf("%s/clx-host-%lu.lock", tmp && *tmp ? tmp : "/tmp", (unsigned long)getuid());
}

int hostlock_take(void)
{
    /* A signal (a ^C the run will act on) ends the wait: the work goes on unlocked. */
    char *path = hostlock_path();
    int fd = lockfile_take(path);
    free(path);
    return fd;
}

void hostlock_give(int fd)
{
    lockfile_give(fd);
}
