/* spectext.c — whether two texts of a spec say the same, and the first line that does not (spectext.h). */
#include "spectext.h"
#include "util.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Where a line is cut when quoted: one longer than SHOWN characters to WINDOW of them, the first
 * differing one at most BEFORE from the excerpt's start, so that both excerpts show the difference. */
enum { SHOWN = 60, BEFORE = 24, WINDOW = 50 };

/* What of a text is compared: every byte; every line without a CRLF's '\r'; or those of the lines
 * that say something alone. */
enum what { EVERY, ENDS_ASIDE, SAID };

/* A text read a line at a time: where the next line starts, its number from 0, and the number its
 * reading stops at (a span of the text's lines; INT_MAX: to its end). */
struct cursor { const char *at; int n; enum what what; int end; };
/* A line as compared: its start, its length (its line end left out), its number from 0. */
struct line { const char *s; int len, n; };

/* says: whether a line says something: not blank, and not a comment ('#' its first non-blank). */
static int says(const char *s, int len)
{
    int i = (int)strspn(s, " \t\r");
    return i < len && s[i] != '#';
}

/* next: c's next line compared into l (past those that say nothing, where SAID); 0 at the end. */
static int next(struct cursor *c, struct line *l)
{
    while (*c->at && c->n < c->end) {
        const char *s = c->at;
        int len = (int)strcspn(s, "\n");
        c->at = s + len + (s[len] == '\n');
        l->s = s, l->n = c->n++;
        l->len = c->what != EVERY && len && s[len - 1] == '\r' ? len - 1 : len;
        if (c->what != SAID || says(s, l->len)) return 1;
    }
    return 0;
}

/* cursors_differ: the first lines of ca and cb that differ into x and y (a side's s NULL past its
 * end, its n its line count then); 0 where none does. *last: the last line both had alike. */
static int cursors_differ(struct cursor *ca, struct cursor *cb, struct line *x, struct line *y, struct line *last)
{
    *last = (struct line){ NULL, 0, 0 };
    for (;;) {
        int ha = next(ca, x), hb = next(cb, y);
        if (!ha) *x = (struct line){ NULL, 0, ca->n };
        if (!hb) *y = (struct line){ NULL, 0, cb->n };
        if (!ha && !hb) return 0;
        if (!ha || !hb || x->len != y->len || memcmp(x->s, y->s, (size_t)x->len)) return 1;
        *last = *x;
    }
}

/* first_pair: the first lines of a and b that differ, as compared by what, into x and y
 * (cursors_differ). */
static int first_pair(const char *a, const char *b, enum what what, struct line *x, struct line *y, struct line *last)
{
    struct cursor ca = { .at = a, .what = what, .end = INT_MAX }, cb = { .at = b, .what = what, .end = INT_MAX };
    return cursors_differ(&ca, &cb, x, y, last);
}

/* excerpt: line s (len characters) quoted, or where longer than SHOWN, the WINDOW characters from
 * start with "..." on a side cut off, a '\r' as \r; "(none)" where there is no line (a new string). */
static char *excerpt(const char *s, int len, int start)
{
    if (!s) return xstrdup("(none)");
    int end = len;
    if (len <= SHOWN) start = 0;
    else end = start + WINDOW < len ? start + WINDOW : len;
    struct sbuf b = {0};
    sb_printf(&b, "'%s", start ? "..." : "");
    for (int i = start; i < end; i++) {
        if (s[i] == '\r') sb_printf(&b, "\\r");
        else sb_printf(&b, "%c", s[i]);
    }
    sb_printf(&b, "%s'", end < len ? "..." : "");
    return b.s;
}

/* quoted: where lines x (there) and y (here) differ, both cut alike, their numbers first ("line N: ");
 * numbered 0: without them (a new string). */
static char *quoted_at(const struct line *x, const struct line *y, int numbered)
{
    int col = 0;
    while (x->s && y->s && col < x->len && col < y->len && x->s[col] == y->s[col]) col++;
    /* Near the end, back so that the longer line fills the window. */
    int start = col - BEFORE, fill = (x->len > y->len ? x->len : y->len) - WINDOW;
    start = start < fill ? start : fill;
    start = start > 0 ? start : 0;
    char *a = excerpt(x->s, x->len, start), *b = excerpt(y->s, y->len, start), *r;
    if (!numbered) r = xasprintf("%s there, %s here", a, b);
    else if (x->s && y->s && x->n != y->n) r = xasprintf("line %d: %s there, line %d: %s here", x->n + 1, a, y->n + 1, b);
    else r = xasprintf("line %d: %s there, %s here", (x->s ? x->n : y->n) + 1, a, b);
    free(a);
    free(b);
    return r;
}

static char *quoted(const struct line *x, const struct line *y) { return quoted_at(x, y, 1); }

char *spectext_quote_pair(int n, const char *there, int there_len, const char *here, int here_len)
{
    struct line x = { there, there_len, n - 1 }, y = { here, here_len, n - 1 };
    return quoted(&x, &y);
}

char *spectext_first_line(const char *there, const char *here)
{
    if (!there || !here) return NULL;
    struct line x, y, last;
    if (first_pair(there, here, EVERY, &x, &y, &last)) return quoted(&x, &y);
    /* Every line alike: the texts differ, if at all, in a newline after the last one. */
    if (!strcmp(there, here) || !last.s) return NULL;
    int ends = there[strlen(there) - 1] == '\n';
    char *a = excerpt(last.s, last.len, 0);
    char *r = xasprintf("line %d: %s ends in a newline %s, not %s", last.n + 1, a, ends ? "there" : "here",
                        ends ? "here" : "there");
    free(a);
    return r;
}

char *spectext_first_said(const char *there, const char *here)
{
    if (!there || !here) return NULL;
    struct line x, y, last;
    return first_pair(there, here, SAID, &x, &y, &last) ? quoted(&x, &y) : NULL;
}

/* span: a cursor over lines from..to of text (from 1, both included; to < from: none of them). */
static struct cursor span(const char *text, int from, int to)
{
    struct cursor c = { .at = text, .what = SAID };
    for (; c.n < from - 1 && *c.at; c.n++) {
        size_t len = strcspn(c.at, "\n");
        c.at += len + (c.at[len] == '\n');
    }
    c.end = to >= from ? to : c.n;
    return c;
}

char *spectext_said_within(const char *there, int there_from, int there_to, const char *here, int here_from,
                           int here_to, int *here_line)
{
    *here_line = 0;
    if (!there || !here) return NULL;
    struct cursor ca = span(there, there_from, there_to), cb = span(here, here_from, here_to);
    struct line x, y, last;
    if (!cursors_differ(&ca, &cb, &x, &y, &last)) return NULL;
    /* Here's lines ended first (a line taken out): the last of its span, where the edit is. */
    *here_line = y.s ? y.n + 1 : here_to >= here_from ? y.n : 0;
    return quoted_at(&x, &y, 0);
}

const char *spectext_unsaid(const char *a, const char *b)
{
    struct line x, y, last;
    if (a && b && !first_pair(a, b, ENDS_ASIDE, &x, &y, &last)) return "line ends (CRLF or LF, or a newline at the end)";
    return "comments or blank lines";
}
