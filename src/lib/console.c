/* console.c — the descriptor clx's own messages are written on (console.h). */
#include "console.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_mutex_t writing = PTHREAD_MUTEX_INITIALIZER;
static int console_fd = 2;

void console_to(int fd)
{
    pthread_mutex_lock(&writing);
    console_fd = fd;
    pthread_mutex_unlock(&writing);
}

void console_vsay(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, again);
    va_end(again);
    /* Not xmalloc: it says "out of memory" through here. */
    char *s = n >= 0 ? malloc((size_t)n + 7) : NULL;
    pthread_mutex_lock(&writing);
    /* clx's text written before on stdout and stderr (stdio) goes first, as it was written: a
     * message in the middle of a line of buffered stdout text, where both go to one file
     * (`clx compare A B 2>&1 | less`), read as one garbled line. */
    fflush(stdout);
    fflush(stderr);
    if (!s) {
        fputs("clx: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
    } else {
        snprintf(s, 6, "clx: ");
        vsnprintf(s + 5, (size_t)n + 1, fmt, ap);
        s[5 + n] = '\n';
        /* One write where it can: a line not cut by another thread's text. */
        for (size_t at = 0, len = (size_t)n + 6; at < len;) {
            ssize_t w = write(console_fd, s + at, len - at);
            if (w <= 0) break;
            at += (size_t)w;
        }
    }
    pthread_mutex_unlock(&writing);
    free(s);
}
