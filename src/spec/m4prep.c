/* m4prep.c — a template prepared for m4 (apostrophes in comments, line markers) and m4's output
 * mapped back to template lines (m4prep.h). */
#include "m4prep.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Bytes no template holds: a marker is MARK_ON (the end of a line of quoted text) or MARK_START (the
 * start of a line outside quotes and calls), digits, MARK_OFF; APOS stands for a comment's ', BTICK
 * for a comment's `. */
#define MARK_START '\x01'
#define MARK_ON '\x03'
#define MARK_OFF '\x04'
#define APOS '\x02'
#define BTICK '\x05'

/* unmark: a placeholder byte as the template wrote it. */
static char unmark(char c) { return c == APOS ? '\'' : c == BTICK ? '`' : c; }

/* ident: a character of a C or m4 name. */
static int ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* word_at: 1 when the word w starts at p as a whole word (no letter, digit or _ on either side). */
static int word_at(const char *text, const char *p, const char *w)
{
    size_t n = strlen(w);
    return strncmp(p, w, n) == 0 && !(p > text && ident(p[-1])) && !ident(p[n]);
}

/* quoted_word_end: where a quoted word in a // comment ('in') closes, when p opens one: a ' after no
 * letter or digit and before one, closed on the same line by a ' after one and before none, with
 * no other quote sign between but apostrophes inside words; else NULL. */
static const char *quoted_word_end(const char *text, const char *p)
{
    if ((p > text && isalnum((unsigned char)p[-1])) || !isalnum((unsigned char)p[1])) return NULL;
    for (const char *e = p + 1; *e && *e != '\n' && *e != '`'; e++) {
        if (*e != '\'') continue;
        if (isalpha((unsigned char)e[-1]) && isalpha((unsigned char)e[1])) continue;
        return isalnum((unsigned char)e[-1]) && !isalnum((unsigned char)e[1]) ? e : NULL;
    }
    return NULL;
}

/* unclosed_in_comment: 1 when the ` at p, in a comment m4 reads (a block comment, or a // comment
 * inside quoted text), opens a quote that the comment does not close: before its end (the block's
 * closing, the line's end) fewer ' than quotes opened, apostrophes inside words and the two around
 * a quoted word in a // comment not counted, as m4prep_in keeps those as text. m4 would read on past
 * the comment as quoted text ("run `clx expand` first") until some later ' or the file's end. */
static int unclosed_in_comment(const char *text, const char *p, int block)
{
    int open = 1;
    for (const char *e = p + 1; *e && !(block ? e[0] == '*' && e[1] == '/' : *e == '\n'); e++) {
        if (*e == '`') open++;
        if (*e != '\'' || (isalpha((unsigned char)e[-1]) && isalpha((unsigned char)e[1]))) continue;
        const char *pair = block ? NULL : quoted_word_end(text, e);
        if (pair) e = pair;
        else if (--open == 0) return 0;
    }
    return 1;
}

/* char_literal: 1 when the ' at p starts a C character literal ('a', '\n', '\x41'). Not ')' or
 * ',': quotes that end the arguments of calls within calls close so (`a')'), (`a',' `b'). */
static int char_literal(const char *p)
{
    if (!p[1] || strchr("\n'`),", p[1])) return 0;
    if (p[1] != '\\') return p[2] == '\'';
    for (int i = 2; i < 6 && p[i] && p[i] != '\n'; i++)
        if (p[i] == '\'') return 1;
    return 0;
}

/* ends_argument: 1 when what follows the ' at p on its line ends a macro argument (a , a ) or
 * another quote sign), as a quote closed on purpose in a comment does; prose goes on with words, or
 * ends the line ("// the inputs'"). */
static int ends_argument(const char *p)
{
    p++;
    while (*p == ' ' || *p == '\t') p++;
    return *p && *p != '\n' && strchr(",)'`", *p);
}

/* start_marked: 1 when the line starting at p (outside quotes and calls) is marked at its start: not
 * one that m4_dnl ends (it gives no line of its own: its marker would join the next one's) nor an
 * m4_include (the included file's first line would be credited to it). */
static int start_marked(const char *text, const char *p)
{
    const char *w = p + strspn(p, " \t");
    if (word_at(text, w, "m4_include") || word_at(text, w, "m4_sinclude")) return 0;
    for (int d = 0; *p && *p != '\n'; p++) {
        if (*p == '`') d++;
        else if (*p == '\'' && d > 0) d--;
        else if (d == 0 && p[0] == '/' && p[1] == '/') return 1;
        else if (d == 0 && word_at(text, p, "m4_dnl")) return 0;
    }
    return 1;
}

char *m4prep_in(const char *text, struct m4prep_quotes *q)
{
    struct m4prep_quotes none;
    if (!q) q = &none;
    memset(q, 0, sizeof *q);
    struct sbuf b = {0};
    /* lcomment: in a // comment; bcomment: in a closed block comment, begun at quote depth bdepth;
     * str: in a C string literal (of this line). */
    int depth = 0, lcomment = 0, bcomment = 0, bdepth = 0, str = 0, line = 1, text_here = 0;
    const char *pair_end = NULL;   /* the ' that closes a quoted word in a // comment */
    /* Parentheses open at each depth (0: outside quotes, where a macro call's are): when quoted
     * text is read again, or a call's arguments are read, a marker inside a call's arguments
     * ("m4_ifelse(K, `a',<marker>\n") would become part of an argument; such lines get no marker
     * (m4's own numbering stands). open_at: the line where the quote at each depth opened. */
    int paren[64] = {0};
    long open_at[64] = {0};
    for (const char *p = text; *p; p++) {
        char c = *p;
        /* A line that starts outside quotes and macro calls is copied out where it stands: marked
         * at its start, as m4's own numbering loses count after a call that m4_dnl ends ("')m4_dnl"
         * credits the next line to the line where the call began). */
        if ((p == text || p[-1] == '\n') && depth == 0 && paren[0] == 0 && start_marked(text, p))
            sb_printf(&b, "%c%d%c", MARK_START, line, MARK_OFF);
        if (c == '\n') {
            /* Inside quotes the line is copied into some macro's text; the marker travels with it. */
            if (depth > 0 && depth < 64 && paren[depth] == 0) sb_printf(&b, "%c%d%c", MARK_ON, line, MARK_OFF);
            sb_printf(&b, "\n");
            lcomment = str = text_here = 0;
            line++;
            continue;
        }
        /* m4_dnl outside quotes: m4 drops the rest of the line unread, quote signs and all. */
        if (depth == 0 && !lcomment && word_at(text, p, "m4_dnl")) {
            size_t n = strcspn(p, "\n");
            sb_putn(&b, p, n);
            p += n - 1;
            text_here = 1;
            continue;
        }
        /* m4 starts a // comment in a C string too; a block comment is clx's own reading. */
        if (!lcomment && !bcomment && c == '/' && p[1] == '/') lcomment = 1;
        else if (!lcomment && !bcomment && !str && c == '/' && p[1] == '*' && strstr(p + 2, "*/")) {
            bcomment = 1;
            bdepth = depth;
            sb_putn(&b, p, 2);
            p++;
            text_here = 1;
            continue;
        } else if (bcomment && c == '*' && p[1] == '/') {
            bcomment = 0;
            sb_putn(&b, p, 2);
            p++;
            continue;
        } else if (!lcomment && !bcomment && c == '"' && !(p > text && p[-1] == '\\') &&
                   !(p > text && p[-1] == '\'' && p[1] == '\''))
            str = !str;
        /* Apostrophes that are prose, never the end of a quote (inside quotes, such as an m4_ifelse
         * branch, m4 sees no comment): one inside a word in any comment (it's), the two around a
         * quoted word in a // comment ('in'), and any in a block comment that would end a quote opened
         * before the comment (a quote must close where it opened, in or out of a comment). */
        if (c == '\'' && (lcomment || bcomment)) {
            int prose = p == pair_end || (p > text && isalpha((unsigned char)p[-1]) && isalpha((unsigned char)p[1])) ||
                        (bcomment && depth <= bdepth);
            const char *e = !prose && lcomment ? quoted_word_end(text, p) : NULL;
            if (e) { pair_end = e; prose = 1; }
            if (prose) {
                sb_printf(&b, "%c", APOS);
                text_here = 1;
                continue;
            }
        }
        /* A ` in a comment that m4 reads (any block comment, a // comment inside quotes) whose quote
         * that comment does not close is prose too ("see `clx expand`"): else m4 would quote what
         * follows the comment, unexpanded, up to some later ', or fail at the file's end. */
        if (c == '`' && (bcomment || (lcomment && depth > 0)) && unclosed_in_comment(text, p, bcomment)) {
            sb_printf(&b, "%c", BTICK);
            text_here = 1;
            continue;
        }
        /* Inside quotes m4 sees no comment: a quote sign there counts, and once a quote opens or
         * closes the rest of the line is read afresh (it may hold a real comment later). */
        if (c == '`' && !(lcomment && depth == 0)) {
            if (++depth < 64) {
                paren[depth] = 0;
                open_at[depth] = line;
            }
            lcomment = 0;
        } else if (c == '\'' && depth > 0) {
            long opened = depth < 64 ? open_at[depth] : 0;
            /* Quote signs m4 takes for a quote's end that look meant as text (m4prep.h). */
            int after_quote = p > text && p[-1] == '`';
            if (!q->literal && !lcomment && !bcomment && !after_quote && (str || char_literal(p))) {
                q->literal = line;
                q->literal_open = opened;
                q->in_string = str;
            }
            if (!q->comment && lcomment && !ends_argument(p)) {
                q->comment = line;
                q->comment_open = opened;
            }
            if (!q->closes && lcomment) {
                q->closes = line;
                q->closes_open = opened;
            }
            /* The last line of text quoted over several lines ("  y;',") is marked too; a quote
             * closed on its own line or on the line it opened is left alone (a one-line quote may
             * be a value that m4_ifelse compares). */
            if (depth == 1 && open_at[1] < line && text_here && paren[1] == 0)
                sb_printf(&b, "%c%d%c", MARK_ON, line, MARK_OFF);
            depth--;
            lcomment = 0;
        }
        if (c != ' ' && c != '\t') text_here = 1;
        /* Outside quotes, a string's parentheses are taken for C's ("(") and do not count. */
        if (depth < 64 && !lcomment && !(depth == 0 && str) && (c == '(' || c == ')')) paren[depth] += c == '(' ? 1 : -1;
        if (paren[0] < 0) paren[0] = 0;   /* a ) outside quotes and calls is text to m4 */
        sb_printf(&b, "%c", c);
    }
    if (depth > 0) q->unclosed = open_at[1];
    char *ready = b.s ? b.s : xstrdup("");
    m4open_call(ready, &q->open);
    return ready;
}

char *m4prep_messages(const char *text, const char *read, const char *tpl)
{
    struct sbuf b = {0};
    size_t n = strlen(read);
    for (const char *p = text; *p;) {
        if (n && !strncmp(p, read, n)) {
            sb_printf(&b, "%s", tpl);
            p += n;
        } else if (*p == MARK_ON || *p == MARK_START) {
            /* m4 quotes the text of a bad argument, markers and all: they are clx's, not the user's. */
            p++;
            while (*p && *p != MARK_OFF) p++;
            if (*p) p++;
        } else {
            sb_printf(&b, "%c", unmark(*p));
            p++;
        }
    }
    return b.s ? b.s : xstrdup("");
}

char *m4prep_refusal(const struct m4prep_quotes *q, const char *tpl)
{
    if (q->literal)
        return xasprintf("%s:%ld: the ' %s ends the quote opened at line %ld, as m4 reads every ' inside quoted text: "
                         "%s, or move the line out of quoted text", tpl, q->literal,
                         q->in_string ? "in this string" : "of this character literal", q->literal_open,
                         q->in_string ? "leave it out" : "write the character as its number");
    if (q->comment)
        return xasprintf("%s:%ld: the ' in this comment ends the quote opened at line %ld, as m4 sees no comment "
                         "inside quoted text: leave it out (an apostrophe inside a word, it's, and a 'quoted' word "
                         "are kept as they are)", tpl, q->comment, q->comment_open);
    return NULL;
}

char *m4prep_failure_say(const struct m4prep_quotes *q, const char *tpl, const char *m4err)
{
    if (q->closes)
        return xasprintf("%s:%ld: perhaps the ' in this comment, which ends the quote opened at line %ld (m4 sees no "
                         "comment inside quoted text)", tpl, q->closes, q->closes_open);
    /* m4 names the line where such a quote opened when the file ends in it ("end of file in
     * string"), but not when a macro call was open too. */
    if (q->unclosed && strstr(m4err, "end of file in argument list"))
        return xasprintf("%s:%ld: the quote opened here is never closed", tpl, q->unclosed);
    /* Nor the line of a call whose ) is missing: m4 reads on for its arguments to the file's end. */
    if (q->open.line && strstr(m4err, "end of file in argument list"))
        return xasprintf("%s:%ld: the %s( call begun here is never closed (its parentheses, outside quotes and "
                         "comments, do not balance before %s): close it with `)`", tpl, q->open.line, q->open.name,
                         q->open.quoted ? "the end of the quoted text it stands in" : "the file's end");
    return NULL;
}

int m4prep_line_directive(const char *l, size_t len, long *n, char **file)
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
        if (m4prep_line_directive(l, len, &m4line, &m4file)) {
            l += len + (nl != NULL);
            continue;
        }
        /* The line's text without markers; its template line the first end-of-quoted-line marker's,
         * else that of the last line that started outside quotes before the text did (the lines
         * before it gave nothing: an m4_dnl line, a definition), else m4's own. */
        struct sbuf text = {0};
        long want = -1, start = -1;
        int texted = 0;
        for (size_t i = 0; i < len; i++) {
            if (l[i] == MARK_ON || l[i] == MARK_START) {
                long v = strtol(l + i + 1, NULL, 10);
                if (l[i] == MARK_ON && want < 0) want = v;
                if (l[i] == MARK_START && !texted) start = v;
                while (i < len && l[i] != MARK_OFF) i++;
                continue;
            }
            if (l[i] != ' ' && l[i] != '\t') texted = 1;
            sb_printf(&text, "%c", unmark(l[i]));
        }
        if (want < 0) want = start;
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
