/* irtrim.c — unused global tables left out of LLVM IR text (irtrim.h). */
#include "irtrim.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '$' || c == '-';
}

/* global_name: the length of the global a line defines ("@NAME = ..."), 0 for other lines. */
static size_t global_name(const char *l, size_t len)
{
    if (len < 2 || l[0] != '@' || l[1] == '"') return 0;
    size_t n = 1;
    while (n < len && name_char(l[n])) n++;
    return n < len && l[n] == ' ' ? n : 0;
}

/* mentions: whether text (len bytes) holds the name (with its '@') as a whole token. */
static int mentions(const char *text, size_t len, const char *name, size_t nlen)
{
    for (const char *p = text; (size_t)(p - text) + nlen <= len;) {
        const char *at = memchr(p, '@', len - (size_t)(p - text));
        if (!at || (size_t)(at - text) + nlen > len) return 0;
        if (!strncmp(at, name, nlen) && ((size_t)(at - text) + nlen == len || !name_char(at[nlen]))) return 1;
        p = at + 1;
    }
    return 0;
}

char *ir_drop_unused_globals(const char *ll, int *dropped)
{
    *dropped = 0;
    /* The lines, and which define a global. */
    int n = 0, cap = 0;
    const char **line = NULL;
    size_t *len = NULL, *gname = NULL;
    for (const char *p = ll; *p;) {
        const char *nl = strchr(p, '\n');
        size_t l = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            line = xrealloc(line, sizeof *line * (size_t)cap);
            len = xrealloc(len, sizeof *len * (size_t)cap);
            gname = xrealloc(gname, sizeof *gname * (size_t)cap);
        }
        line[n] = p;
        len[n] = l;
        gname[n] = global_name(p, l);
        n++;
        p += l;
    }
    /* Used: named by a line that is not a global's definition, or by a used global's, until
     * nothing more is found. */
    char *used = xcalloc((size_t)n + 1, 1);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int g = 0; g < n; g++) {
            if (!gname[g] || used[g]) continue;
            for (int i = 0; i < n && !used[g]; i++)
                if (i != g && (!gname[i] || used[i]) && mentions(line[i], len[i], line[g], gname[g])) used[g] = 1;
            changed |= used[g];
        }
    }
    struct sbuf b = {0};
    for (int i = 0; i < n; i++) {
        if (gname[i] && !used[i]) { (*dropped)++; continue; }
        sb_putn(&b, line[i], len[i]);
    }
    free(used);
    free(line);
    free(len);
    free(gname);
    return b.s ? b.s : xstrdup("");
}
