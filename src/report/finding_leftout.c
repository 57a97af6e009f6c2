/* finding_leftout.c — the points an aggregate of a finding left out (finding_leftout.h). */
#include "finding_leftout.h"
#include "store/rundir_unreached.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

char *finding_points_left_out(const struct rundir *r, const int *rows, int n, int kept, int named, int *left,
                              int *points, int *how)
{
    /* The identifying columns the rows differ in, found once: a point's words are its values there. */
    int *cols = xmalloc(sizeof *cols * (size_t)(r->id_names.n + 1)), nc = 0;
    for (int k = 0; k < r->id_names.n; k++)
        if (rundir_id_differs(r, k, rows, n)) cols[nc++] = k;
    struct strlist in = {0}, out = {0}, sorted = {0}, said = {0};
    for (int i = 0; i < n; i++) {
        struct sbuf at = {0};
        for (int c = 0; c < nc; c++)
            sb_printf(&at, "%s%s=%s", at.len ? " " : "", r->id_names.v[cols[c]], table_cell(&r->t, rows[i], r->id_col[cols[c]]));
        sl_push_own(i < kept ? &in : &out, at.s ? at.s : xstrdup(""));
    }
    sl_sort(&in);
    int npoints = 0;
    for (int i = 0; i < in.n; i++) npoints += !i || strcmp(in.v[i], in.v[i - 1]);
    /* Counted over a sorted copy (each point once); named in the file's order, the first few. */
    *left = 0;
    *how = 0;
    for (int i = 0; i < out.n; i++)
        if (!bsearch(&out.v[i], in.v, (size_t)in.n, sizeof *in.v, str_ptr_cmp)) {
            sl_push(&sorted, out.v[i]);
            *how |= rundir_row_unreached(r, rows[kept + i]) ? 2 : 1;
        }
    sl_sort(&sorted);
    for (int i = 0; i < sorted.n; i++) *left += !i || strcmp(sorted.v[i], sorted.v[i - 1]);
    for (int i = 0; i < out.n && said.n < named; i++)
        if (!bsearch(&out.v[i], in.v, (size_t)in.n, sizeof *in.v, str_ptr_cmp) && !sl_has(&said, out.v[i]))
            sl_push(&said, out.v[i]);
    char *words = *left ? sl_join(&said, ", ") : NULL;
    if (words && *left > named) {
        char *more = xasprintf("%s and %d more", words, *left - named);
        free(words);
        words = more;
    }
    *points = npoints + *left;
    sl_free(&in);
    sl_free(&out);
    sl_free(&sorted);
    sl_free(&said);
    free(cols);
    return words;
}

char *finding_row_at(const struct rundir *r, const int *rows, int n, int chosen)
{
    struct sbuf b = {0};
    for (int k = 0; k < r->id_names.n; k++)
        if (rundir_id_differs(r, k, rows, n))
            sb_printf(&b, "%s%s=%s", b.len ? " " : "", r->id_names.v[k], table_cell(&r->t, chosen, r->id_col[k]));
    return b.s ? b.s : xstrdup("");
}

char *finding_pick_points_said(const struct pick *p)
{
    static const char *const did[] = { "did not pass", "did not pass", "not reached", "did not pass or were not reached" };
    return p->left_out ? xasprintf("over %d of %d points: %s %s", p->points - p->left_out, p->points, p->left_at,
                                   did[p->left_how & 3])
                       : NULL;
}

/* same_points: whether a and b left out the same points of as many. */
static int same_points(const struct pick *a, const struct pick *b)
{
    return a->left_out && a->left_out == b->left_out && a->points == b->points && a->left_how == b->left_how && a->left_at && b->left_at &&
           !strcmp(a->left_at, b->left_at);
}

char *finding_picks_points_said(const struct pick *p, int n)
{
    if (n < 2) return NULL;
    for (int i = 1; i < n; i++)
        if (!same_points(&p[0], &p[i])) return NULL;
    char *over = finding_pick_points_said(&p[0]), *each = xasprintf("each %s", over);
    free(over);
    return each;
}
