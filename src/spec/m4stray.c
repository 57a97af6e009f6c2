/* m4stray.c — a closing m4 quote left in a template's expansion, said with its line and cause
 * (m4stray.h). */
#include "m4stray.h"
#include "lib/ccomment.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* past_literal: past the comment, string or character literal starting at p (*block: inside a block
 * comment carried from line to line), p when none starts there, NULL where p is a ' that no ' on
 * its line closes. */
static const char *past_literal(const char *p, const char *end, int *block)
{
    const char *c = ccomment_past(p, end, block);
    if (c != p) return c;
    if (p[0] != '"' && p[0] != '\'') return p;
    const char *e = p + 1;
    for (; e < end && *e != p[0]; e++)
        if (*e == '\\') e++;
    if (e < end) return e + 1;
    return p[0] == '"' ? end : NULL;   /* an unended string is the compiler's to say */
}

char *m4stray_quote(const char *out, const char *tpl)
{
    char file[512];
    snprintf(file, sizeof file, "%s", tpl);
    long line = 1;
    int block = 0;
    for (const char *l = out; *l; line++) {
        const char *nl = strchr(l, '\n'), *end = nl ? nl : l + strlen(l), *next = nl ? nl + 1 : end;
        long at;
        char f[512];
        /* m4prep_out's #line directives say where each line comes from. */
        if (sscanf(l, "#line %ld \"%511[^\"]\"", &at, f) == 2) snprintf(file, sizeof file, "%s", f);
        if (!strncmp(l, "#line ", 6) && sscanf(l, "#line %ld", &at) == 1) { line = at - 1; l = next; continue; }
        const char *p = l;
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        if (!block && p < end && *p == '#') { l = next; continue; }
        for (; p < end;) {
            const char *s = past_literal(p, end, &block);
            if (!s)
                return xasprintf("%s:%ld: a ' is left in the expanded source outside any comment, string or character "
                                 "literal: an m4 closing quote whose opening ` is missing (a branch or argument of "
                                 "the macro call at or before this line written branch' for `branch'?); the OpenCL "
                                 "compiler would say only \"missing terminating ' character\"", file, line);
            p = s == p ? p + 1 : s;
        }
        l = next;
    }
    return NULL;
}
