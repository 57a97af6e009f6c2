/* stderrcatch.c — what a library writes on descriptor 2 during one call caught in a file (stderrcatch.h). */
#include "stderrcatch.h"
#include "console.h"
#include "util.h"
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The one file descriptor 2 is on while catches are: the catches' state, under `lock`. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int ncatching;           /* catches on */
static unsigned long nbegun;    /* catches begun since the process began */
static int file = -1;           /* the file (descriptor 2 is a copy of it meanwhile) */
static int saved = -1;          /* descriptor 2 as it was */
static char *file_name;         /* its name, removed when the last catch ends; NULL: none left */

/* temp_file: a file in $TMPDIR (else /tmp), read and written, its name in *name; -1 when none can be
 * made. It keeps its name (removed with the catches' end) so that a catch with a path can rename it. */
static int temp_file(char **name)
{
    const char *dir = getenv("TMPDIR");
    *name = xasprintf("%s/clx-stderr-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(*name);
    if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
    else { free(*name); *name = NULL; }
    return fd;
}

/* open_file: the catches' file made and descriptor 2 moved onto it (console.h: clx's messages to
 * the console's meanwhile); 0, or -1 with descriptor 2 untouched. */
static int open_file(const char *path)
{
    if (path && (file = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) >= 0) file_name = xstrdup(path);
    if (file < 0) file = temp_file(&file_name);
    if (file >= 0) saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (saved >= 0) console_to(saved);
    if (saved >= 0 && dup2(file, 2) == 2) return 0;
    /* Nothing moved: descriptor 2 is as it was. */
    if (saved >= 0) { console_to(2); close(saved); }
    if (file >= 0) close(file);
    if (file_name) unlink(file_name);
    free(file_name);
    file = saved = -1;
    file_name = NULL;
    return -1;
}

static void close_file(void)
{
    dup2(saved, 2);
    console_to(2);
    close(saved);
    close(file);
    if (file_name) unlink(file_name);
    free(file_name);
    file = saved = -1;
    file_name = NULL;
}

int stderrcatch_begin(struct stderrcatch *c, const char *path)
{
    memset(c, 0, sizeof *c);
    pthread_mutex_lock(&lock);
    fflush(stderr);
    if (ncatching == 0 && open_file(path)) {
        pthread_mutex_unlock(&lock);
        return -1;
    }
    /* Already on a file: renamed path, so that this call's text too is on disk should it kill the
     * process (not where the two are on different file systems). */
    if (path && file_name && strcmp(path, file_name) && rename(file_name, path) == 0) {
        free(file_name);
        file_name = xstrdup(path);
    }
    c->on = 1;
    c->from = lseek(file, 0, SEEK_CUR);
    c->begun = ++nbegun;
    c->shared = ncatching++ > 0;
    pthread_mutex_unlock(&lock);
    return 0;
}

char *stderrcatch_end(struct stderrcatch *c)
{
    if (!c->on) return xstrdup("");
    pthread_mutex_lock(&lock);
    fflush(stderr);             /* the library's buffered text (stderr is unbuffered, unless it was set so) */
    long long to = lseek(file, 0, SEEK_CUR);
    struct sbuf b = {0};
    char chunk[4096];
    for (long long at = c->from; at < to;) {
        ssize_t n = pread(file, chunk, to - at < (long long)sizeof chunk ? (size_t)(to - at) : sizeof chunk, (off_t)at);
        if (n <= 0) break;
        sb_putn(&b, chunk, (size_t)n);
        at += n;
    }
    c->shared |= ncatching > 1 || nbegun != c->begun;
    if (--ncatching == 0) close_file();
    pthread_mutex_unlock(&lock);
    c->on = 0;
    if (!b.s) sb_printf(&b, "%s", "");
    return b.s;
}
