/* compare_copies.c — runs that hold the same rows cell for cell, grouped and said once per group
 * (compare_copies.h). */
#include "compare_copies.h"
#include "lib/util.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* rows_hash: a hash of run r's header and cells, each ended by its NUL, so that moving a byte from
 * one cell to the next changes it; runs of equal hashes are then compared cell by cell. */
static uint64_t rows_hash(const struct rundir *r)
{
    const struct table *t = &r->t;
    uint64_t h = fnv1a(FNV1A_START, &t->nrows, sizeof t->nrows);
    h = fnv1a(h, &t->cols.n, sizeof t->cols.n);
    for (int c = 0; c < t->cols.n; c++) h = fnv1a(h, t->cols.v[c], strlen(t->cols.v[c]) + 1);
    for (int i = 0; i < t->nrows; i++)
        for (int c = 0; c < t->cols.n; c++) {
            const char *s = table_cell(t, i, c);
            h = fnv1a(h, s, strlen(s) + 1);
        }
    return h;
}

/* same_rows: whether two runs hold the same rows cell for cell: one folder read twice (a folder of
 * runs and its latest), or a copy. Two runs never do: every row carries its own rounds' times. */
static int same_rows(const struct rundir *a, const struct rundir *b)
{
    const struct table *x = &a->t, *y = &b->t;
    if (x->nrows != y->nrows || x->cols.n != y->cols.n) return 0;
    for (int c = 0; c < x->cols.n; c++)
        if (strcmp(x->cols.v[c], y->cols.v[c])) return 0;
    for (int i = 0; i < x->nrows; i++)
        for (int c = 0; c < x->cols.n; c++)
            if (strcmp(table_cell(x, i, c), table_cell(y, i, c))) return 0;
    return 1;
}

int *cmp_copies_find(const struct rundir *runs, int n)
{
    uint64_t *h = xcalloc((size_t)n + 1, sizeof *h);
    int *first = xcalloc((size_t)n + 1, sizeof *first), any = 0;
    for (int k = 0; k < n; k++) {
        first[k] = -1;
        if (runs[k].t.nrows) h[k] = rows_hash(&runs[k]);
    }
    /* A run is compared cell by cell only with an earlier one of its hash that heads a group or is
     * alone so far: a member of a group is its head's copy, so one full comparison a copy, not one
     * a pair. */
    for (int k = 1; k < n; k++) {
        if (!runs[k].t.nrows) continue;
        for (int m = 0; m < k && first[k] < 0; m++)
            if (runs[m].t.nrows && (first[m] < 0 || first[m] == m) && h[m] == h[k] && same_rows(&runs[m], &runs[k])) {
                first[m] = first[k] = m;
                any = 1;
            }
    }
    free(h);
    if (!any) { free(first); return NULL; }
    return first;
}

/* said: group g's line: who ("X holds the rows of Y cell for cell"; of more: "runs X, Y and Z hold
 * the same rows cell for cell", past CMP_COPIES_NAMED the first few "and N others") and why,
 * the who in bold with md. A new string. */
static char *said(const struct rundir *runs, const int *first, int n, int g, const char *const *names, int md)
{
    int *in = xcalloc((size_t)n + 1, sizeof *in), m = 0;
    for (int k = g; k < n; k++)
        if (first[k] == g) in[m++] = k;
#define NAME(i) (names ? names[in[i]] : runs[in[i]].dir)
    struct sbuf b = {0};
    const char *bold = md ? "**" : "";
    if (m == 2)
        sb_printf(&b, "%s%s holds the rows of %s cell for cell%s (a copy of one run)", bold, NAME(1), NAME(0), bold);
    else {
        int named = m <= CMP_COPIES_NAMED ? m - 1 : CMP_COPIES_NAMED - 1;
        sb_printf(&b, "%sruns ", bold);
        for (int i = 0; i < named; i++) sb_printf(&b, "%s%s", i ? ", " : "", NAME(i));
        if (m <= CMP_COPIES_NAMED) sb_printf(&b, " and %s", NAME(m - 1));
        else sb_printf(&b, " and %d others", m - named);
        sb_printf(&b, " hold the same rows cell for cell%s (copies of one run)", bold);
    }
#undef NAME
    sb_printf(&b, ": the verdicts between them measure no second run");
    free(in);
    return b.s;
}

void cmp_copies_say(FILE *out, const struct rundir *runs, const int *first, int n, const char *const *names, int md)
{
    for (int g = 0; first && g < n; g++) {
        if (first[g] != g) continue;
        char *s = said(runs, first, n, g, names, md);
        if (md) fprintf(out, "\n%s.\n", s);
        else warn("%s", s);
        free(s);
    }
}
