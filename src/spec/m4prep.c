/* m4prep.c — a template prepared for m4 (apostrophes in comments, line markers) and m4's output
 * mapped back to template lines (m4prep.h). */
#include "m4prep.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Bytes no template holds: a marker is MARK_ON digits MARK_OFF; APOS stands for a comment's '. */
#define MARK_ON '\x03'
#define MARK_OFF '\x04'
#define APOS '\x02'

char *m4prep_in(const char *text)
{
    struct sbuf b = {0};
    int depth = 0, comment = 0, line = 1, opened = 0, text_here = 0;
    /* Parentheses open in the quoted text at each depth: when that text is read again, a marker
     * inside a macro call's arguments ("m4_ifelse(K, `a',<marker>\n") would become part of an
     * argument; such lines get no marker (m4's own numbering stands). */
    int paren[64] = {0};
    for (const char *p = text; *p; p++) {
        char c = *p;
        if (c == '\n') {
            /* Inside quotes the line is copied into some macro's text; the marker travels with it. */
            if (depth > 0 && depth < 64 && paren[depth] == 0) sb_printf(&b, "%c%d%c", MARK_ON, line, MARK_OFF);
            sb_printf(&b, "\n");
            comment = 0;
            text_here = 0;
            line++;
            continue;
        }
        if (!comment && c == '/' && p[1] == '/') comment = 1;
        /* m4 sees a comment only outside quotes; inside them (an m4_ifelse branch) its ' would end
         * the quote. An apostrophe inside a word is prose, never the end of a quote. */
        if (comment && c == '\'' && p > text && isalpha((unsigned char)p[-1]) && isalpha((unsigned char)p[1])) {
            sb_printf(&b, "%c", APOS);
            continue;
        }
        /* Inside quotes m4 sees no comment: a quote sign there counts, and once a quote opens or
         * closes the rest of the line is read afresh (it may hold a real comment later). */
        if (c == '`' && !(comment && depth == 0)) {
            if (depth++ == 0) opened = line;
            if (depth < 64) paren[depth] = 0;
            comment = 0;
        } else if (c == '\'' && depth > 0 && !(comment && depth == 0)) {
            /* The last line of text quoted over several lines ("  y;',") is marked too; a quote
             * closed on its own line or on the line it opened is left alone (a one-line quote may
             * be a value that m4_ifelse compares). */
            if (depth == 1 && opened < line && text_here && paren[1] == 0) sb_printf(&b, "%c%d%c", MARK_ON, line, MARK_OFF);
            depth--;
            comment = 0;
        }
        if (c != ' ' && c != '\t') text_here = 1;
        if (depth > 0 && depth < 64 && !comment && (c == '(' || c == ')')) paren[depth] += c == '(' ? 1 : -1;
        sb_printf(&b, "%c", c);
    }
    return b.s ? b.s : xstrdup("");
}

char *m4prep_rename(const char *text, const char *read, const char *tpl)
{
    struct sbuf b = {0};
    size_t n = strlen(read);
    for (const char *p = text; *p;) {
        const char *at = n ? strstr(p, read) : NULL;
        if (!at) { sb_printf(&b, "%s", p); break; }
        sb_printf(&b, "%.*s%s", (int)(at - p), p, tpl);
        p = at + n;
    }
    return b.s ? b.s : xstrdup("");
}

/* line_directive: parses "#line N" or "#line N \"FILE\""; 1 when it is one (*file untouched
 * without a name; a new string otherwise). */
static int line_directive(const char *l, size_t len, long *n, char **file)
{
    if (len < 7 || strncmp(l, "#line ", 6)) return 0;
    char *end;
    long v = strtol(l + 6, &end, 10);
    if (end == l + 6) return 0;
    *n = v;
    const char *q = memchr(l, '"', len), *e = q ? memchr(q + 1, '"', len - (size_t)(q + 1 - l)) : NULL;
    if (e) {
        free(*file);
        *file = xasprintf("%.*s", (int)(e - q - 1), q + 1);
    }
    return 1;
}

char *m4prep_out(const char *out, const char *read, const char *tpl)
{
    struct sbuf b = {0};
    char *m4file = xstrdup(tpl), *cfile = NULL;   /* m4's current file; the compiler's (NULL: none yet) */
    long m4line = 1, cline = 0;
    for (const char *l = out; *l;) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        if (line_directive(l, len, &m4line, &m4file)) {
            l += len + (nl != NULL);
            continue;
        }
        /* The line's text without markers; its template line the first marker's. */
        struct sbuf text = {0};
        long want = -1;
        for (size_t i = 0; i < len; i++) {
            if (l[i] == MARK_ON) {
                char *end;
                long v = strtol(l + i + 1, &end, 10);
                if (want < 0) want = v;
                while (i < len && l[i] != MARK_OFF) i++;
                continue;
            }
            sb_printf(&text, "%c", l[i] == APOS ? '\'' : l[i]);
        }
        const char *wfile = want >= 0 ? read : m4file;
        if (want < 0) want = m4line;
        const char *shown = strcmp(wfile, read) ? wfile : tpl;
        if (!cfile || strcmp(cfile, shown) || cline != want) {
            sb_printf(&b, "#line %ld \"%s\"\n", want, shown);
            free(cfile);
            cfile = xstrdup(shown);
            cline = want;
        }
        sb_printf(&b, "%s%s", text.s ? text.s : "", nl ? "\n" : "");
        sb_free(&text);
        cline++;
        m4line++;
        if (!nl) break;
        l = nl + 1;
    }
    free(m4file);
    free(cfile);
    return b.s ? b.s : xstrdup("");
}
