/* m4open.c — the macro call a template leaves open at its end, as m4 reads the template (m4open.h). */
#include "m4open.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* word_start: a character m4 begins a name with; a name goes on with letters, digits and _. A digit
 * is a token of its own, so in "32m4_dnl" m4 reads 3, 2 and the macro m4_dnl. */
static int word_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static int word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* defined_names: the names text defines with m4_define(`NAME' or m4_pushdef(`NAME', into out:
 * macros of the template's own, whose calls count as the m4_ ones do. */
static void defined_names(const char *text, struct strlist *out)
{
    static const char *const definers[] = { "m4_define(`", "m4_pushdef(`" };
    for (size_t i = 0; i < sizeof definers / sizeof *definers; i++)
        for (const char *p = text; (p = strstr(p, definers[i])); p++) {
            const char *n = p + strlen(definers[i]), *e = n;
            while (word_char(*e)) e++;
            if (*e == '\'' && e > n && word_start(*n)) sl_push_own(out, xasprintf("%.*s", (int)(e - n), n));
        }
}

/* macro_call: 1 when the name of n characters at p is a macro (an m4_ name, or one of defs). */
static int macro_name(const char *p, size_t n, const struct strlist *defs)
{
    int macro = !strncmp(p, "m4_", 3);
    for (int i = 0; !macro && i < defs->n; i++) macro = strlen(defs->v[i]) == n && !strncmp(p, defs->v[i], n);
    return macro;
}

/* A call's place and name: where it begins in the text (not a new string). */
struct call { long line; const char *name; size_t len; };

long m4open_call(const char *text, struct m4open *o)
{
    memset(o, 0, sizeof *o);
    /* Other quotes or comments than these would be read from the template's own calls: not guessed. */
    if (strstr(text, "m4_changequote") || strstr(text, "m4_changecom")) return 0;
    struct strlist defs = {0};
    defined_names(text, &defs);
    /* depth: quotes open. At each depth, level: the parentheses open in the outermost call begun in
     * the text quoted there (0: none open), at: that call. Quoted text is read again when it is
     * expanded (a branch, a loop body), its calls with it: they close within it. found: the first
     * quoted text left with a call open. m4 reads comments only outside quotes (and in quoted text
     * when it reads it again); clx.m4 makes them // (m4_changecom). */
    enum { DEEP = 64 };
    int depth = 0, level[DEEP] = {0}, quiet = 0;   /* quiet: in a comment or after m4_dnl, in quotes */
    struct call at[DEEP] = {{0}}, found = {0};
    long line = 1;
    const char *comment = "#";
    for (const char *p = text; *p; p++) {
        char c = *p;
        int d = depth < DEEP ? depth : DEEP - 1;
        if (c == '\n') line++, quiet = 0;
        if (c == '`') {
            if (++depth < DEEP) level[depth] = 0;
            quiet = 0;
            continue;
        }
        if (c == '\'' && depth > 0) {
            if (level[d] > 0 && !found.line) found = at[d];
            depth--;
            quiet = 0;
            continue;
        }
        if (quiet) continue;
        if (!strncmp(p, comment, strlen(comment))) {
            /* A comment runs to its line's end; its parentheses are text, and outside quotes its
             * quote signs too. */
            if (depth == 0)
                while (p[1] && p[1] != '\n') p++;
            else quiet = 1;
            continue;
        }
        if (c == '(' && level[d] > 0) level[d]++;
        else if (c == ')' && level[d] > 0) level[d]--;
        else if (word_start(c)) {
            const char *e = p;
            while (word_char(*e)) e++;
            size_t n = (size_t)(e - p);
            /* m4_dnl drops the rest of its line, newline and all, also inside a call's arguments. */
            if (n == 6 && !strncmp(p, "m4_dnl", 6)) {
                if (depth > 0) quiet = 1;
                else {
                    while (p[1] && p[1] != '\n') p++;
                    if (p[1]) p++, line++;
                    continue;
                }
            } else if (macro_name(p, n, &defs) && *e == '(') {
                if (level[d]++ == 0) at[d] = (struct call){ line, p, n };
                if (depth == 0 && n == 10 && !strncmp(p, "m4_include", n) && !strncmp(e, "(`clx.m4')", 10))
                    comment = "//";
                e++;
            }
            p = e - 1;
        }
    }
    sl_free(&defs);
    /* A quote left open has its own message (m4prep.h); the calls around it cannot be counted. */
    if (depth > 0) return 0;
    struct call open = level[0] > 0 ? at[0] : found;
    if (!open.line) return 0;
    o->line = open.line;
    o->quoted = level[0] == 0;
    snprintf(o->name, sizeof o->name, "%.*s", (int)open.len, open.name);
    return o->line;
}
