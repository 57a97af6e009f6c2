/* diskfull.c — a write refused for want of room, told and probed (diskfull.h). */
#include "diskfull.h"
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

int disk_full(int err) { return err == ENOSPC || err == EDQUOT; }

const char *disk_full_room(int err)
{
    return err == EDQUOT ? "its disk quota has room" : err == ENOSPC ? "its disk has room" : NULL;
}

/* probe: the probe written into dir, synced, closed and removed; 0, or the errno of the first step
 * that failed. */
static int probe(const char *dir)
{
    char *path = xasprintf("%s/.clx-room.%ld", dir, (long)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600), err = 0;
    if (fd < 0) {
        err = errno;
        free(path);
        return err;
    }
    static char zeros[DISK_ROOM_PROBE];
    for (size_t done = 0; done < sizeof zeros && !err;) {
        ssize_t n = write(fd, zeros + done, sizeof zeros - done);
        if (n < 0 && errno != EINTR) err = errno;
        else if (n > 0) done += (size_t)n;
    }
    /* A network filesystem says it at the sync or the close, not at the write. */
    if (!err && fsync(fd) != 0) err = errno;
    if (close(fd) != 0 && !err) err = errno;
    unlink(path);
    free(path);
    return err;
}

int disk_room(const char *dir)
{
    struct statvfs v;
    if (statvfs(dir, &v) == 0 && (v.f_bavail == 0 || v.f_bfree == 0)) return ENOSPC;
    int err = probe(dir);
    return disk_full(err) ? err : 0;
}
