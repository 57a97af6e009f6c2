/* plot_heading.c — what a figure's title says of its rows beyond the spec's title: an untitled
 * plot's own caption, and the build a figure shows where the rows it draws are of one build. */
#include "plot_impl.h"
#include <stdlib.h>
#include <string.h>

char *plot_untitled_caption(const struct spec_plot *p, const struct plotdata *d, const char *x)
{
    /* The name first: it is the one thing two plots of a spec never share (three untitled plots of
     * one metric were all headed "bandwidth" in report.md); then what tells them apart to a reader. */
    struct sbuf b = {0};
    int own = p->metric && p->kind_id != PLOT_ROOFLINE;    /* a roofline's axes are its kind's */
    sb_printf(&b, "%s: %s", p->name, own ? d->label : "GFLOP/s against arithmetic intensity");
    if (own && x) {
        char *xl = gp_column_label(p->xlabel, x);
        sb_printf(&b, " against %s", xl);
        free(xl);
    }
    if (own && p->y) {
        char *yl = gp_column_label(NULL, p->y);
        sb_printf(&b, " and %s", yl);
        free(yl);
    }
    if (p->where && *p->where) sb_printf(&b, ", where %s", p->where);
    return b.s;
}

/* names_build: whether the spec's filter w picks rows by their build ("build=default, N=2"). */
static int names_build(const char *w)
{
    for (const char *s = w; s && (s = strstr(s, "build")); s += 5) {
        int start = s == w || strchr(" ,(!&|", s[-1]);
        const char *e = s + 5;
        while (*e == ' ') e++;
        if (start && (*e == '=' || *e == '!')) return 1;
    }
    return 0;
}

char *plot_build_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg)
{
    /* A build that is a dimension is said already: by the key, the panels' titles or the figure's. */
    for (int k = 0; k < D_N; k++)
        for (int c = 0; c < d->d[k].cols.n; c++)
            if (!strcmp(d->d[k].cols.v[c], "build")) return NULL;
    /* An untitled plot's caption says its filter, build and all (plot_untitled_caption). */
    if (r->c_build < 0 || (!p->title && names_build(p->where))) return NULL;
    const char *one = NULL;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++)
                for (int y = 0; y < d->d[D_Y].vals.n; y++) {
                    size_t ci = (size_t)(plotdata_cell(d, fg, pn, s, x, y) - d->cells);
                    for (int k = d->start[ci]; k < d->start[ci + 1]; k++) {
                        const char *b = table_cell(&r->t, d->rows[k], r->c_build);
                        if (!one) one = b;
                        else if (strcmp(one, b)) return NULL;      /* several builds: each row its own */
                    }
                }
    if (!one) return NULL;
    /* The run's other builds, or a filter that picked this one, make it a choice a reader must be told
     * of (the -cl-opt-disable figure's title said its build; the default one's did not). */
    int others = 0;
    for (int i = 0; i < r->t.nrows && !others; i++) others = strcmp(table_cell(&r->t, i, r->c_build), one) != 0;
    if (!others && !names_build(p->where)) return NULL;
    return xasprintf("build %s", *one ? one : "default");
}
