/* errcap.h — descriptor 2 caught into a file around a call, for unit tests of what clx says there. */
#ifndef CLX_TEST_ERRCAP_H
#define CLX_TEST_ERRCAP_H
#include "lib/util.h"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* errcap_begin: descriptor 2 goes to path (made anew) from here; the descriptor it had, for
 * errcap_end (-1 where either could not be had: nothing caught). */
static inline int errcap_begin(const char *path)
{
    fflush(stderr);
    int saved = dup(2), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (saved < 0 || fd < 0) {
        if (saved >= 0) close(saved);
        if (fd >= 0) close(fd);
        return -1;
    }
    dup2(fd, 2);
    close(fd);
    return saved;
}

/* errcap_end: descriptor 2 given back its own (saved, from errcap_begin); what was caught in path, a
 * new string (NULL where nothing could be). */
static inline char *errcap_end(int saved, const char *path)
{
    fflush(stderr);
    if (saved < 0) return NULL;
    dup2(saved, 2);
    close(saved);
    return read_file(path, NULL);
}
#endif
