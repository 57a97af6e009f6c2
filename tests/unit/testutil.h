/* testutil.h — small helpers that several unit tests share, one definition each: a text written to a
 * file with its folders made, where a link points, how often a string stands in a text. */
#ifndef TESTUTIL_H
#define TESTUTIL_H
#include "check.h"
#include "lib/util.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* put_text: text into dir/name (name may hold folders: a sysfs tree's), the folders made first; a
 * CHECK fails where it cannot be written. */
static inline void put_text(const char *dir, const char *name, const char *text)
{
    char *path = path_join(dir, name), *folder = xstrdup(path);
    *strrchr(folder, '/') = '\0';
    CHECK(mkdir_p(folder) == 0);
    CHECK(write_file_atomic(path, text, strlen(text)) == 0);
    free(folder);
    free(path);
}

/* read_link: where the link at path points (a static buffer the next call overwrites), NULL where
 * path is no link. */
static inline char *read_link(const char *path)
{
    static char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof buf - 1);
    if (n < 0) return NULL;
    buf[n] = '\0';
    return buf;
}

/* count_of: how many times needle stands in hay, none overlapping (0 for a NULL hay). */
static inline int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; p && (p = strstr(p, needle)) != NULL; p += strlen(needle)) n++;
    return n;
}
#endif
