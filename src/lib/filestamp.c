/* filestamp.c — a file's size and modification time, written into what was made from it and compared
 * later (filestamp.h). */
#include "filestamp.h"
#include "isotime.h"
#include "util.h"
#include <stdio.h>
#include <sys/stat.h>

struct filestamp filestamp_of(const char *path)
{
    struct filestamp s = {0};
    struct stat st;
    if (stat(path, &st)) return s;
    s.known = 1;
    s.size = (long long)st.st_size;
    s.sec = (long long)st.st_mtim.tv_sec;
    s.nsec = st.st_mtim.tv_nsec;
    return s;
}

int filestamp_same(const struct filestamp *a, const struct filestamp *b)
{
    return a->known && b->known && a->size == b->size && a->sec == b->sec && a->nsec == b->nsec;
}

char *filestamp_text(const struct filestamp *s)
{
    return xasprintf("%lld %lld.%09ld", s->size, s->sec, s->nsec);
}

struct filestamp filestamp_read(const char *text)
{
    struct filestamp s = {0};
    if (text && sscanf(text, "%lld %lld.%9ld", &s.size, &s.sec, &s.nsec) == 3 && s.size >= 0 && s.nsec >= 0)
        s.known = 1;
    else s = (struct filestamp){0};
    return s;
}

char *filestamp_words(const struct filestamp *s)
{
    if (!s->known) return xstrdup("no such file");
    char when[ISO_TIME_LEN];
    iso_time_format((time_t)s->sec, when, sizeof when);
    return xasprintf("%lld bytes, modified %s", s->size, when);
}
