/* merge_lock.c — one clx merge at a time into an --out: the folder locked for the whole merge, so that
 * two merges into it at once (a pipeline's merge step retried while the first still runs, a merge
 * typed by hand beside a Slurm merge job) do not interleave their files, the second refused. */
#include "merge_impl.h"
#include "store/mergeleft.h"
#include "lib/lockfile.h"
#include "lib/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* pause_here: where CLX_PAUSE_IN_MERGE names a FIFO, the merge waits inside its lock till a writer
 * has opened and closed it: a test holds one merge there and tries a second, whatever the disk's pace. */
static void pause_here(void)
{
    const char *fifo = getenv("CLX_PAUSE_IN_MERGE");
    if (!fifo || !*fifo) return;
    int fd = open(fifo, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == EINTR) return;     /* a stop: the merge's next step says it */
        warn("CLX_PAUSE_IN_MERGE: cannot open %s: %s (not paused)", fifo, strerror(errno));
        return;
    }
    char buf[64];
    while (read(fd, buf, sizeof buf) > 0) {}
    close(fd);
}

int merge_into(struct merge *m, const char *out, const char *command_line)
{
    int existed = file_exists(out);
    int lock = lockfile_folder(out);
    if (lock < 0 && errno == EWOULDBLOCK) {
        char *busy = merge_left_busy(out);
        fprintf(stderr, "clx merge: %s\n", busy);
        free(busy);
        return -1;
    }
    /* Not lockable for another cause (a file there, a folder it may not make): gone on unlocked, and
     * merge_into_held says what is wrong as it did before the lock existed. */
    pause_here();
    int rc = merge_into_held(m, out, command_line, existed);
    lockfile_give(lock);
    return rc;
}
