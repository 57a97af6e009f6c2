/* plot_paired.c — builds set side by side over a launch axis the plot hides (plot_paired.h). */
#include "plot_paired.h"
#include "select.h"
#include <stdlib.h>
#include <string.h>

/* names_col: whether the comma-separated columns list names col. */
static int names_col(const char *list, const char *col)
{
    if (!list) return 0;
    struct strlist cols = {0};
    sl_split(&cols, list, ',');
    int found = 0;
    for (int i = 0; i < cols.n && !found; i++) found = !strcmp(str_trim(cols.v[i]), col);
    sl_free(&cols);
    return found;
}

/* pairs_builds: whether p sets builds side by side, each build's bar one row of its own choosing
 * (best, max or min): a mean or median over the hidden axis takes the same rows for every build. */
static int pairs_builds(const struct spec_plot *p)
{
    const struct plot_kind_info *k = plot_kind_info(p->kind_id);
    const char *x = p->x ? p->x : k->default_x, *series = p->series ? p->series : k->default_series;
    int side = p->kind_id == PLOT_OPTNOOPT ||
               ((p->kind_id == PLOT_BARS || p->kind_id == PLOT_LINES) && (names_col(x, "build") || names_col(series, "build")));
    int one_row = !p->agg || !strcmp(p->agg, "best") || !strcmp(p->agg, "max") || !strcmp(p->agg, "min");
    return side && one_row;
}

void spec_warn_plot_unpaired(const struct spec *s, const struct override *ov, int nov, int quick,
                             struct strlist *warnings)
{
    for (int i = 0; i < s->nplots; i++) {
        const struct spec_plot *p = &s->plots[i];
        if (!pairs_builds(p)) continue;
        struct filter f = {0};
        char *err = NULL;
        if (p->where && filter_parse(p->where, &f, &err)) {
            free(err);
            continue;
        }
        const struct plot_kind_info *k = plot_kind_info(p->kind_id);
        for (int j = 0; j < s->nlaunch; j++) {
            const char *name = s->launch[j].name;
            if (!strcmp(name, "local") || names_col(p->x ? p->x : k->default_x, name) || names_col(p->series, name) ||
                names_col(p->panels, name) || names_col(p->figures, name) || filter_fixing(&f, name))
                continue;
            const struct override *from;
            if (plan_axis_count(s, ov, nov, quick, name, &s->launch[j], &from) < 2) continue;
            char *values = plan_axis_written(s, ov, nov, quick, name);
            sl_push_own(warnings, xasprintf("%s:%d: plot %d (%s): each build's bar is its own best over %s (%s), so two "
                                            "builds' bars may stand at different %s, a ratio at neither point; add %s to "
                                            "panels or figures (or fix it in where) to set the builds side by side at "
                                            "one %s", s->path, p->line, i + 1, p->name ? p->name : p->kind, name,
                                            values ? values : "several values", name, name, name));
            free(values);
        }
        filter_free(&f);
    }
}
