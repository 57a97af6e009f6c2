/* stderrcatch.c — what a library writes on descriptor 2 during one call caught in a file (stderrcatch.h). */
#include "stderrcatch.h"
#include "util.h"
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_mutex_t one_at_a_time = PTHREAD_MUTEX_INITIALIZER;

/* temp_file: an unlinked file in $TMPDIR (else /tmp), read and written; -1 when none can be made. */
static int temp_file(void)
{
    const char *dir = getenv("TMPDIR");
    char *name = xasprintf("%s/clx-stderr-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(name);
    if (fd >= 0) unlink(name);
    free(name);
    return fd;
}

int stderrcatch_begin(struct stderrcatch *c, const char *path)
{
    c->saved = c->fd = -1;
    c->path = NULL;
    pthread_mutex_lock(&one_at_a_time);
    fflush(stderr);
    if (path && (c->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) >= 0) c->path = xstrdup(path);
    if (c->fd < 0) c->fd = temp_file();
    if (c->fd >= 0) c->saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (c->saved >= 0 && dup2(c->fd, 2) == 2) return 0;
    /* Nothing moved: descriptor 2 is as it was. */
    if (c->saved >= 0) close(c->saved);
    if (c->fd >= 0) close(c->fd);
    if (c->path) unlink(c->path);
    free(c->path);
    c->saved = c->fd = -1;
    c->path = NULL;
    pthread_mutex_unlock(&one_at_a_time);
    return -1;
}

char *stderrcatch_end(struct stderrcatch *c)
{
    if (c->saved < 0) return xstrdup("");
    fflush(stderr);             /* the library's buffered text (stderr is unbuffered, unless it was set so) */
    dup2(c->saved, 2);
    close(c->saved);
    struct sbuf b = {0};
    char chunk[4096];
    ssize_t n;
    if (lseek(c->fd, 0, SEEK_SET) == 0)
        while ((n = read(c->fd, chunk, sizeof chunk)) > 0) sb_putn(&b, chunk, (size_t)n);
    close(c->fd);
    if (c->path) unlink(c->path);
    free(c->path);
    c->saved = c->fd = -1;
    c->path = NULL;
    pthread_mutex_unlock(&one_at_a_time);
    if (!b.s) sb_printf(&b, "%s", "");
    return b.s;
}
