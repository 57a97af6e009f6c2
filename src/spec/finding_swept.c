/* finding_swept.c — a finding's values of launch axes against the values the spec sweeps
 * (finding_swept.h). */
#include "finding_swept.h"
#include "axis.h"
#include "finding_form.h"
#include "plan_table.h"
#include "select.h"
#include "sweepcheck.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The values of a launch axis the spec sweeps: as numbers, and each as the spec writes it (an item
 * of a list as it is, a range's values as number_words writes them). */
struct swept { double *x; struct strlist words; int n; };

static void swept_free(struct swept *w)
{
    free(w->x);
    sl_free(&w->words);
}

/* swept_add: the values of axis ax's items into w, each once; -1 where they are not known without
 * a device ('max') or do not expand. */
static int swept_add(struct swept *w, const struct spec_axis *ax)
{
    for (int i = 0; i < ax->items.n; i++) {
        struct strlist v = {0};
        char *err = NULL, *item = xstrdup(ax->items.v[i]);
        int rc = axis_expand(item, 0, &v, &err);
        for (int k = 0; !rc && k < v.n; k++) {
            double x;
            if (parse_number(v.v[k], &x)) continue;
            int again = 0;
            for (int j = 0; j < w->n && !again; j++) again = w->x[j] == x;
            if (again) continue;
            w->x = xrealloc(w->x, sizeof *w->x * (size_t)(w->n + 1));
            w->x[w->n++] = x;
            sl_push_own(&w->words, v.n == 1 && !strchr(item, ':') ? xstrdup(str_trim(item)) : number_words(x));
        }
        free(item);
        free(err);
        sl_free(&v);
        if (rc) return -1;
    }
    return 0;
}

/* unswept_in: the first condition of filter fl that names a value s never sweeps, said, or NULL. */
static char *unswept_in(const struct spec *s, const struct filter *fl)
{
    for (int i = 0; i < fl->n; i++) {
        const struct cond *c = &fl->c[i];
        const struct spec_axis *a = spec_axis_find(s->launch, s->nlaunch, c->col);
        /* local is a row's value only where it is the axis (not a launch's shape, "256x1"). */
        if (!a || c->op != OP_EQ || c->extreme || (!strcmp(c->col, "local") && !plan_local_is_axis(s))) continue;
        const struct spec_axis *q = spec_axis_find(s->quick, s->nquick, c->col);
        struct swept w = {0};
        if (swept_add(&w, a) || (q && swept_add(&w, q))) {
            swept_free(&w);
            continue;
        }
        char *said = NULL;
        for (int k = 0; k < c->alts.n && !said; k++) {
            double y;
            int number = parse_number(c->alts.v[k], &y) == 0, found = 0, near = -1;
            for (int j = 0; number && j < w.n && !found; j++) {
                found = w.x[j] == y;
                /* The value meant, where one is within a tenth of it (16Mi for 16M). */
                if (fabs(w.x[j] - y) <= 0.1 * fabs(y) && (near < 0 || fabs(w.x[j] - y) < fabs(w.x[near] - y))) near = j;
            }
            /* A value far from every swept one is meant (expint's n = m = 20000, its note says to
             * add it with --set): only one a tenth from a swept value is taken for a typo. */
            if (found || near < 0) continue;
            char *all = sl_join(&w.words, "/");
            said = xasprintf("%s=%s is none of the spec's values of %s (%s): " FINDING_NOT_SWEPT " (did you mean %s=%s?)",
                             c->col, c->alts.v[k], c->col, all, c->col, w.words.v[near]);
            free(all);
        }
        swept_free(&w);
        if (said) return said;
    }
    return NULL;
}

/* unswept_check: the same for a check's or a size's selectors. */
static char *unswept_check(const struct spec *s, const char *text)
{
    struct check c;
    char *err = NULL, *said = NULL;
    if (!text) return NULL;
    if (check_parse(text, &c, &err)) {
        free(err);
        return NULL;
    }
    for (int i = 0; i < c.nsel && !said; i++) said = unswept_in(s, &c.sel[i].f);
    check_free(&c);
    return said;
}

/* rows_sel: of selector sel (its conditions, where's on the columns it does not name) against the
 * sweep's rows: none match, or several where it names one; said, or NULL. */
static char *rows_sel(const struct sweepcheck *c, struct selector *sel, const struct filter *where)
{
    char *said = sweepcheck_several(c, sel, where);
    if (said) return said;
    if (where) filter_merge(&sel->f, where);
    char *none = sweepcheck_none(c, &sel->f);
    if (none) said = xasprintf("%s: %s: " FINDING_NOT_SWEPT, sel->text, none);
    free(none);
    return said;
}

/* rows_check: the same for each selector of a check's or a size's text. */
static char *rows_check(const struct sweepcheck *c, const char *text, const struct filter *where)
{
    struct check k;
    char *err = NULL, *said = NULL;
    if (!text || check_parse(text, &k, &err)) {
        free(err);
        return NULL;
    }
    for (int i = 0; i < k.nsel && !said; i++) said = rows_sel(c, &k.sel[i], where);
    check_free(&k);
    return said;
}

/* unswept_rows: f's where and selectors against the rows of the spec's own sweep (sweepcheck.h). */
static char *unswept_rows(const struct sweepcheck *c, const struct spec_finding *f, int *line)
{
    char *err = NULL, *said = NULL;
    struct filter where = {0};
    int has_where = f->where && !filter_parse(f->where, &where, &err);
    free(err);
    err = NULL;
    char *none = has_where ? sweepcheck_none(c, &where) : NULL;
    if (none) {
        said = xasprintf("where '%s': %s: " FINDING_NOT_SWEPT, f->where, none);
        *line = f->where_line;
    }
    free(none);
    const struct filter *w = has_where ? &where : NULL;
    if (!said && (said = rows_check(c, f->check, w))) *line = f->check_line;
    if (!said && (said = rows_check(c, f->size, w))) *line = f->size_line;
    if (!said && (said = rows_check(c, f->given, w))) *line = f->given_line;
    struct compare cp;
    if (!said && f->compare && !compare_parse(f->compare, &cp, &err)) {
        for (int i = 0; i < cp.n && !said; i++) {
            said = rows_sel(c, &cp.pair[i].a.sel[0], w);
            if (!said) said = rows_sel(c, &cp.pair[i].b.sel[0], w);
        }
        compare_free(&cp);
        if (said) *line = f->compare_line;
    }
    free(err);
    if (has_where) filter_free(&where);
    return said;
}

char *finding_unswept(const struct spec *s, const struct sweepcheck *c, const struct spec_finding *f, int *line)
{
    char *err = NULL, *said = NULL;
    struct filter where;
    if (f->where && !filter_parse(f->where, &where, &err)) {
        said = unswept_in(s, &where);
        filter_free(&where);
        *line = f->where_line;
    }
    free(err);
    if (!said && (said = unswept_check(s, f->check))) *line = f->check_line;
    if (!said && (said = unswept_check(s, f->size))) *line = f->size_line;
    if (!said && (said = unswept_check(s, f->given))) *line = f->given_line;
    struct compare cp;
    if (!said && f->compare && !compare_parse(f->compare, &cp, &err)) {
        for (int i = 0; i < cp.n && !said; i++) {
            said = unswept_in(s, &cp.pair[i].a.sel[0].f);
            if (!said) said = unswept_in(s, &cp.pair[i].b.sel[0].f);
        }
        compare_free(&cp);
        if (said) *line = f->compare_line;
    }
    free(err);
    if (!said) said = unswept_rows(c, f, line);
    if (said && *line <= 0) *line = f->line;
    return said;
}

/* overridden: "; this run's values of it come from --size 1M, but ..." where an override gives the
 * run other values of the axis said names (the text before its '='), else "" (a new string). */
static char *overridden(const char *said, const struct override *ov, int nov)
{
    const struct override *given = NULL;
    for (int k = 0; k < nov; k++)
        if (!strncmp(said, ov[k].name, strlen(ov[k].name)) && said[strlen(ov[k].name)] == '=') given = &ov[k];
    char *how = given ? plan_override_text(given) : NULL;
    char *also = how ? xasprintf("; this run's values of it come from %s, but what is compared is the spec's", how)
                     : xstrdup("");
    free(how);
    return also;
}

void finding_unswept_warnings(const struct spec *s, const struct override *ov, int nov, struct strlist *warnings)
{
    struct sweepcheck c;
    sweepcheck_open(s, &c);
    /* A plot's where that picks no row of the sweep draws nothing in any run of it: a launch axis's
     * value a tenth from the spec's (N=2084) as a finding's, else a build's, a variant's or a
     * parameter's that no row has. */
    for (int i = 0; i < s->nplots; i++) {
        const struct spec_plot *p = &s->plots[i];
        struct filter where;
        char *err = NULL;
        if (!p->where || filter_parse(p->where, &where, &err)) {
            free(err);
            continue;
        }
        char *typo = unswept_in(s, &where);
        if (typo) {
            char *also = overridden(typo, ov, nov);
            /* Under an override of the axis the run may have the value: the plot may draw it. */
            sl_push_own(warnings, xasprintf("%s:%d: plot %d (%s): %s%s", s->path, p->line, i + 1, p->name ? p->name : p->kind,
                                            typo, *also ? also : ", and the plot draws nothing"));
            free(also);
            free(typo);
            filter_free(&where);
            continue;
        }
        char *none = sweepcheck_none(&c, &where);
        if (none)
            sl_push_own(warnings, xasprintf("%s:%d: plot %d (%s): where '%s': %s: no row of the spec's sweep matches it, and "
                                            "the plot draws nothing", s->path, p->line, i + 1, p->name ? p->name : p->kind,
                                            p->where, none));
        free(none);
        filter_free(&where);
    }
    for (int i = 0; i < s->nfindings; i++) {
        /* A claim the spec knows no row of it decides (`unrunnable`): kept for the record, and said
         * so in the report, not warned of on every run. */
        if (s->findings[i].unrunnable) continue;
        int line = 0;
        char *said = finding_unswept(s, &c, &s->findings[i], &line);
        if (!said) continue;
        /* The axis is the text before '=': an override of it gives this run other values. */
        char *also = overridden(said, ov, nov);
        sl_push_own(warnings, xasprintf("%s:%d: finding %d ('%s'): %s%s", s->path, line, i + 1,
                                        s->findings[i].claim ? s->findings[i].claim : "", said, also));
        free(also);
        free(said);
    }
    sweepcheck_close(&c);
}
