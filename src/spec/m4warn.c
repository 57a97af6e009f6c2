/* m4warn.c — clx's advice on m4's own warnings (m4warn.h), a row per warning. */
#include "m4warn.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* What m4 (GNU m4 1.4, -P) says, and what to do: the text after "FILE:LINE: " (and "Warning: ", which
 * m4 puts before some) up to the quote around a builtin's name, the name (NULL: any; the first row
 * that fits is taken), the text after it, and the advice, whose %s is the name. A row whose after is
 * NULL names no builtin (m4_eval's "bad expression in eval: 1 +"): the rest of the line is m4's
 * quote of the argument, and the advice has no %s. To add one: a row, the more particular before
 * the general. */
static const struct { const char *says, *builtin, *after, *advice; } rows[] = {
    /* m4_ifelse(X, 0, branch', `...'): the branch, unquoted, is split at each comma, its ' left as text. */
    {"excess arguments to builtin `", "m4_ifelse", "' ignored",
     "this %s( was given more arguments than it takes: a branch lost its opening quote ` (its text, "
     "unquoted, is split at each comma into arguments of its own), or a comma splits an unquoted argument: "
     "quote each branch, `...', from its first character"},
    {"excess arguments to builtin `", NULL, "' ignored",
     "this %s( was given more arguments than it takes: a comma splits an argument that lost its opening "
     "quote `: quote each argument that holds a comma, `...'"},
    {"too few arguments to builtin `", NULL, "'",
     "this %s( was given fewer arguments than it takes: one is missing, or a quote `...' around several "
     "took their commas into one argument"},
    {"empty string treated as 0 in builtin `", NULL, "'",
     "this %s( was given an empty number: a parameter that is not set for this variant (add it to the "
     "spec's params) or set to nothing, or an argument left out between two commas"},
    {"non-numeric argument to builtin `", NULL, "'",
     "this %s( was given a word where it takes a number: a parameter whose value is a word here (compare "
     "words with m4_ifelse), or a name quoted `...' so that m4 passed it on unexpanded"},
    {"bad expression in eval", NULL, NULL,
     "this m4_eval( was given what is no expression: an operand missing (a parameter not set, or set to "
     "nothing), or a word where a number must be"},
    {"divide by zero in eval", NULL, NULL,
     "this m4_eval( divides by zero: a parameter that is 0 for this variant; keep it out of the sweep "
     "(m4_assert_in) or guard the division with m4_ifelse"},
};

char *m4warn_line_advice(const char *l, size_t len)
{
    static const char prefix[] = "m4:", warning[] = "Warning: ";
    char *line = xasprintf("%.*s", (int)len, l), *said = NULL;
    /* "m4:FILE:LINE: ": the file's name may hold no ": " (clx names templates by their paths). */
    const char *w = strstr(line, ": ");
    if (strncmp(line, prefix, sizeof prefix - 1) || !w) goto out;
    const char *text = w + 2;
    if (!strncmp(text, warning, sizeof warning - 1)) text += sizeof warning - 1;
    for (size_t i = 0; i < sizeof rows / sizeof *rows && !said; i++) {
        size_t n = strlen(rows[i].says);
        if (strncmp(text, rows[i].says, n)) continue;
        const char *name = text + n, *end = rows[i].after ? strstr(name, rows[i].after) : name;
        if (!end || (rows[i].after && end == name)) continue;
        if (rows[i].builtin && ((size_t)(end - name) != strlen(rows[i].builtin) || strncmp(name, rows[i].builtin, (size_t)(end - name))))
            continue;
        char *builtin = xasprintf("%.*s", (int)(end - name), name);
        char *advice = rows[i].after ? xasprintf(rows[i].advice, builtin) : xstrdup(rows[i].advice);
        said = xasprintf("%.*s: %s", (int)(w - line - (sizeof prefix - 1)), line + sizeof prefix - 1, advice);
        free(advice);
        free(builtin);
    }
out:
    free(line);
    return said;
}

/* said_before: whether the lines of text (NULL: none) hold line. */
static int said_before(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; p && (p = strstr(p, line)); p += n)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || !p[n])) return 1;
    return 0;
}

char *m4warn_advice(const char *m4err)
{
    struct sbuf b = {0};
    for (const char *p = m4err; p && *p;) {
        size_t len = strcspn(p, "\n");
        char *one = m4warn_line_advice(p, len);
        /* A loop's body says the same at the same line on each pass: the advice once. */
        if (one && !said_before(b.s, one)) sb_printf(&b, "%s%s", b.len ? "\n" : "", one);
        free(one);
        p += len + (p[len] == '\n');
    }
    return b.s;
}
