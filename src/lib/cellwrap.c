/* cellwrap.c — a table cell's text folded into lines of a given width (clx devices' columns). */
#include "cellwrap.h"
#include "util.h"
#include <string.h>

/* wrap_line: the part of s (at most w columns) for one line of a cell, preferring to break at a
 * space or after a '-' in the second half of the line; *next is where the following line starts.
 * Returns its length. */
static size_t wrap_line(const char *s, size_t w, const char **next)
{
    size_t len = strlen(s);
    if (len <= w) {
        *next = s + len;
        return len;
    }
    for (size_t cut = w; cut > w / 2; cut--) {
        if (s[cut] == ' ') {
            *next = s + cut + 1;
            return cut;
        }
        if (s[cut - 1] == '-') {
            *next = s + cut;
            return cut;
        }
    }
    *next = s + w;
    return w;
}

int cellwrap_lines(const char *s, size_t w, struct strlist *lines)
{
    int n = 0;
    do {
        const char *next;
        size_t len = wrap_line(s, w, &next);
        sl_push_own(lines, xasprintf("%.*s", (int)len, s));
        n++;
        s = next;
    } while (*s);
    return n;
}

int cellwrap_count(const char *s, size_t w)
{
    struct strlist l = {0};
    int n = cellwrap_lines(s, w, &l);
    sl_free(&l);
    return n;
}
