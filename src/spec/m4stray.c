/* m4stray.c — a closing m4 quote left in a template's expansion, said with its line and cause
 * (m4stray.h). */
#include "m4stray.h"
#include "m4prep.h"
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
    char *file = xstrdup(tpl), *said = NULL;
    long line = 1;
    int block = 0;
    for (const char *l = out; *l && !said; line++) {
        const char *nl = strchr(l, '\n'), *end = nl ? nl : l + strlen(l), *next = nl ? nl + 1 : end;
        /* m4prep_out's #line directives say where each line comes from. */
        if (m4prep_line_directive(l, (size_t)(end - l), &line, &file)) { line--; l = next; continue; }
        const char *p = l;
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        if (!block && p < end && *p == '#') { l = next; continue; }
        for (; p < end;) {
            const char *s = past_literal(p, end, &block);
            if (!s) {
                said = xasprintf("%s:%ld: a ' is left in the expanded source outside any comment, string or character "
                                 "literal: an m4 closing quote whose opening ` is missing (a branch or argument of "
                                 "the macro call at or before this line written branch' for `branch'?); the OpenCL "
                                 "compiler would say only \"missing terminating ' character\"", file, line);
                break;
            }
            p = s == p ? p + 1 : s;
        }
        l = next;
    }
    free(file);
    return said;
}
