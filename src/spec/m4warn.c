/* m4warn.c — clx's advice on m4's own warnings (m4warn.h), a row per warning. */
#include "m4warn.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* What m4 (GNU m4 1.4, -P) says, and what to do: the text after "Warning: " up to the quote around
 * a builtin's name, the name (NULL: any; the first row that fits is taken), the text after it, and
 * the advice, whose %s is the name. To add one: a row, the more particular before the general. */
static const struct { const char *says, *builtin, *after, *advice; } rows[] = {
    /* m4_ifelse(X, 0, branch', `...'): the branch, unquoted, is split at each comma, its ' left as text. */
    {"excess arguments to builtin `", "m4_ifelse", "' ignored",
     "this %s( was given more arguments than it takes: a branch lost its opening quote ` (its text, "
     "unquoted, is split at each comma into arguments of its own), or a comma splits an unquoted argument: "
     "quote each branch, `...', from its first character"},
    {"excess arguments to builtin `", NULL, "' ignored",
     "this %s( was given more arguments than it takes: a comma splits an argument that lost its opening "
     "quote `: quote each argument that holds a comma, `...'"},
};

/* advice_of: the advice for one message line l (len bytes), else NULL (a new string). */
static char *advice_of(const char *l, size_t len)
{
    static const char prefix[] = "m4:", warning[] = ": Warning: ";
    char *line = xasprintf("%.*s", (int)len, l), *said = NULL;
    const char *w = strstr(line, warning);
    if (strncmp(line, prefix, sizeof prefix - 1) || !w) goto out;
    const char *text = w + sizeof warning - 1;
    for (size_t i = 0; i < sizeof rows / sizeof *rows && !said; i++) {
        size_t n = strlen(rows[i].says);
        const char *name = text + n, *end = strstr(name, rows[i].after);
        if (strncmp(text, rows[i].says, n) || !end || end == name) continue;
        if (rows[i].builtin && ((size_t)(end - name) != strlen(rows[i].builtin) || strncmp(name, rows[i].builtin, (size_t)(end - name))))
            continue;
        char *builtin = xasprintf("%.*s", (int)(end - name), name);
        char *advice = xasprintf(rows[i].advice, builtin);
        said = xasprintf("%.*s: %s", (int)(w - line - (sizeof prefix - 1)), line + sizeof prefix - 1, advice);
        free(advice);
        free(builtin);
    }
out:
    free(line);
    return said;
}

char *m4warn_advice(const char *m4err)
{
    struct sbuf b = {0};
    for (const char *p = m4err; p && *p;) {
        size_t len = strcspn(p, "\n");
        char *one = advice_of(p, len);
        if (one) sb_printf(&b, "%s%s", b.len ? "\n" : "", one);
        free(one);
        p += len + (p[len] == '\n');
    }
    return b.s;
}
