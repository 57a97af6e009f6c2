/* plot_lonely.c — a lines plot whose every line is one point (plot_impl.h: plot_lonely_line): x made
 * of what the series already separate (x = "local", "8x4", where a variant's id keeps TX). */
#include "plot_impl.h"
#include <stdlib.h>
#include <string.h>

/* names_param: whether a variant id ("tiled:TX=8 TY=4") names parameter col. */
static int names_param(const char *id, const char *col)
{
    size_t n = strlen(col);
    for (const char *p = strstr(id, col); p; p = strstr(p + 1, col))
        if ((p > id && (p[-1] == ':' || p[-1] == ' ')) && p[n] == '=') return 1;
    return 0;
}

/* fixed_by_x: whether column col takes one value at each x of figure fg's drawn rows and several
 * over them: a part of what x is made of. */
static int fixed_by_x(const struct rundir *r, const struct plotdata *d, int fg, int col)
{
    int nx = d->d[D_X].vals.n, several = 0;
    const char **at = xcalloc((size_t)nx, sizeof *at), *first = NULL;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < nx; x++) {
                size_t c = (size_t)(plotdata_cell(d, fg, pn, s, x, 0) - d->cells);
                for (int k = d->start[c]; k < d->start[c + 1]; k++) {
                    const char *v = table_cell(&r->t, d->rows[k], col);
                    if (at[x] && strcmp(at[x], v)) {
                        free(at);
                        return 0;
                    }
                    at[x] = v;
                    if (!first) first = v;
                    several |= strcmp(first, v) != 0;
                }
            }
    free(at);
    return several;
}

/* made_of: the template parameters x is made of in figure fg ("TX, TY"), or NULL: where x is not
 * a parameter itself (an x of MWG whose every series, an NWG, has one is made of nothing), those
 * the series' ids keep (not a series column of its own) that x fixes. */
static char *made_of(const struct rundir *r, const struct plotdata *d, int fg, const char *x)
{
    if (r->c_variant < 0 || d->nrows == 0) return NULL;
    const char *id = table_cell(&r->t, d->rows[0], r->c_variant);
    if (names_param(id, x)) return NULL;
    struct strlist found = {0};
    for (int col = 0; col < r->t.cols.n; col++) {
        const char *name = r->t.cols.v[col];
        if (!strcmp(name, x) || !names_param(id, name) || sl_has(&d->d[D_SERIES].cols, name)) continue;
        if (fixed_by_x(r, d, fg, col)) sl_push(&found, name);
    }
    char *s = found.n ? sl_join(&found, ", ") : NULL;
    sl_free(&found);
    return s;
}

char *plot_lonely_line(const struct rundir *r, const struct plotdata *d, int fg, const char *x)
{
    int nx = d->d[D_X].vals.n, lines = 0;
    if (nx < 2) return NULL;   /* one x: a point is all a line can be */
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++) {
            int points = 0;
            for (int k = 0; k < nx; k++) points += plotdata_cell(d, fg, pn, s, k, 0)->nrows > 0;
            if (points > 1) return NULL;
            lines += points;
        }
    if (lines < 2) return NULL;
    char *series = d->d[D_SERIES].cols.n ? sl_join(&d->d[D_SERIES].cols, ", ") : xstrdup("the one series");
    char *made = made_of(r, d, fg, x), *line;
    if (made)
        line = xasprintf("each line has one point: x = %s is made of %s, which the series (%s) already separate (a variant's "
                         "id keeps its parameters): no line is drawn; plot against one of them (x = \"%.*s\"), or over series "
                         "that leave x free", x, made, series, (int)strcspn(made, ","), made);
    else
        line = xasprintf("each line has one point: each series (%s) has rows at one value of x = %s only: no line is drawn; "
                         "choose an x that varies within a series, or series that leave x free", series, x);
    free(series);
    free(made);
    return line;
}
