/* plot_fixedx.c — a lines plot whose where fixes its x to one value (plot_fixedx.h): the docs' rule
 * for an x of several values gives it one point a line, and nothing else said so. */
#include "plot_fixedx.h"
#include "select.h"
#include <stdlib.h>
#include <string.h>

char *plot_fixed_x(const struct spec_plot *p)
{
    const char *x = p->x ? p->x : plot_kind_info(p->kind_id)->default_x;
    if (p->kind_id != PLOT_LINES || !x || !p->where) return NULL;
    struct filter f;
    char *err = NULL;
    if (filter_parse(p->where, &f, &err)) {
        free(err);
        return NULL;
    }
    struct strlist cols = {0};
    struct sbuf fixed = {0};
    sl_split(&cols, x, ',');
    int all = cols.n > 0;
    for (int i = 0; i < cols.n && all; i++) {
        const struct cond *c = filter_fixing(&f, str_trim(cols.v[i]));
        if (!c) all = 0;
        else sb_printf(&fixed, "%s%s=%s", fixed.len ? ", " : "", c->col, c->alts.v[0]);
    }
    char *said = NULL;
    if (all)
        said = xasprintf("x = %s takes one value only (where '%s' fixes %s): each line is one point; leave %s out of "
                         "where to draw the lines along it, or choose another x", x, p->where, fixed.s, x);
    sb_free(&fixed);
    sl_free(&cols);
    filter_free(&f);
    return said;
}

void spec_warn_plot_fixed_x(const struct spec *s, struct strlist *warnings)
{
    for (int i = 0; i < s->nplots; i++) {
        const struct spec_plot *p = &s->plots[i];
        char *said = plot_fixed_x(p);
        if (said)
            sl_push_own(warnings, xasprintf("%s:%d: plot %d (%s): %s", s->path, spec_plot_key_line(p, "where"), i + 1,
                                            p->name ? p->name : p->kind, said));
        free(said);
    }
}
