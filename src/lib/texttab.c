/* texttab.c — text tables for the console and for Markdown. */
#include "texttab.h"
#include "decround.h"
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void tt_head(struct texttab *t, const char *const *names)
{
    for (int i = 0; names[i]; i++) sl_push(&t->head, names[i]);
}

void tt_head_add(struct texttab *t, const char *name) { sl_push(&t->head, name); }

void tt_cell(struct texttab *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sl_push_own(&t->cells, xvasprintf(fmt, ap));
    va_end(ap);
    if (t->head.n && t->cells.n % t->head.n == 0) t->nrows++;
}

void tt_num(struct texttab *t, double x, int prec)
{
    if (isfinite(x)) tt_cell(t, "%.*f", prec, x);
    else tt_cell(t, "-");
}

void tt_num_read(struct texttab *t, const char *text, int prec)
{
    char buf[64];
    /* Rounded on the text's own digits (decround.h): the row line prints the same kept figure. */
    const char *s = dec_round(buf, sizeof buf, text, prec, 0);
    tt_cell(t, "%s", s ? s : "-");
}

/* numeric: a cell that reads as a number ("12.5", "90.1%", "3.2x"). */
static int numeric(const char *s)
{
    char *end;
    strtod(s, &end);
    return end != s && (!*end || !strcmp(end, "%") || !strcmp(end, "x"));
}

static const char *cell(const struct texttab *t, int r, int c)
{
    int i = r * t->head.n + c;
    return i < t->cells.n ? t->cells.v[i] : "";
}

/* words_col: a column some cell of which holds several words (a space), not the header alone. */
static int words_col(const struct texttab *t, int c)
{
    for (int r = 0; r < t->nrows; r++)
        if (strchr(cell(t, r, c), ' ')) return 1;
    return 0;
}

/* numeric_col: a column of numbers ("-" for none) is aligned to the right. */
static int numeric_col(const struct texttab *t, int c)
{
    int any = 0;
    for (int r = 0; r < t->nrows; r++) {
        const char *s = cell(t, r, c);
        if (!strcmp(s, "-")) continue;
        if (!numeric(s)) return 0;
        any = 1;
    }
    return any;
}

char *tt_md_escape(const char *s)
{
    struct sbuf b = {0};
    for (; s && *s; s++) {
        if (*s == '|') sb_putn(&b, "\\", 1);
        sb_putn(&b, s, 1);
    }
    return b.s ? b.s : xstrdup("");
}

static void md_cell(FILE *out, const char *s)
{
    char *e = tt_md_escape(s);
    fprintf(out, " %s |", e);
    free(e);
}

void tt_print(const struct texttab *t, FILE *out, int markdown)
{
    int nc = t->head.n;
    if (markdown) {
        fputc('|', out);
        for (int c = 0; c < nc; c++) md_cell(out, t->head.v[c]);
        fputs("\n|", out);
        for (int c = 0; c < nc; c++) fputs(numeric_col(t, c) ? "---:|" : "---|", out);
        fputc('\n', out);
        for (int r = 0; r < t->nrows; r++) {
            fputc('|', out);
            for (int c = 0; c < nc; c++) md_cell(out, cell(t, r, c));
            fputc('\n', out);
        }
        return;
    }
    int *w = xcalloc((size_t)nc + 1, sizeof *w);
    for (int c = 0; c < nc; c++) {
        w[c] = (int)strlen(t->head.v[c]);
        for (int r = 0; r < t->nrows; r++)
            if ((int)strlen(cell(t, r, c)) > w[c]) w[c] = (int)strlen(cell(t, r, c));
    }
    int *right = xcalloc((size_t)nc + 1, sizeof *right), *words = xcalloc((size_t)nc + 1, sizeof *words);
    for (int c = 0; c < nc; c++) right[c] = numeric_col(t, c), words[c] = !right[c] && words_col(t, c);
    for (int r = -1; r < t->nrows; r++) {
        fputs(" ", out);
        for (int c = 0; c < nc; c++) {
            const char *s = r < 0 ? t->head.v[c] : cell(t, r, c);
            /* Words beside words: one space between them read as one sentence across two columns
             * (compare's "...23.4x slowdown only 11 of 24 with a verdict"): a wider gap, TT_WORDS_GAP. */
            int gap = c && words[c - 1] && words[c] ? TT_WORDS_GAP : 1;
            fprintf(out, right[c] ? "%*s%*s" : "%*s%-*s", gap, "", c == nc - 1 && !right[c] ? 0 : w[c], s);
        }
        fputc('\n', out);
    }
    free(right);
    free(words);
    free(w);
}

void tt_free(struct texttab *t)
{
    sl_free(&t->head);
    sl_free(&t->cells);
    memset(t, 0, sizeof *t);
}
