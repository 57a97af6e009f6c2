/* spec_view.c — the presentation part of a spec: the plots a report draws (docs/spec.md), and the
 * checks of columns and filters the findings (spec_findings.c) share. Read with the rest of the
 * spec, checked once every name is known, so that a typo is "file:line: what" before anything runs. */
#include "store/columns.h"
#include "select.h"
#include "spec_impl.h"
#include "variantid.h"
#include "lib/names.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The settings of a plot: to add one, add a field to struct spec_plot, a row here, and its use
 * in plot.c. */
enum key_type { K_STR, K_NUM, K_BOOL };
static const struct { const char *key; enum key_type type; size_t off; } plot_keys[] = {
    {"kind", K_STR, offsetof(struct spec_plot, kind)},       {"name", K_STR, offsetof(struct spec_plot, name)},
    {"title", K_STR, offsetof(struct spec_plot, title)},     {"metric", K_STR, offsetof(struct spec_plot, metric)},
    {"x", K_STR, offsetof(struct spec_plot, x)},             {"y", K_STR, offsetof(struct spec_plot, y)},
    {"series", K_STR, offsetof(struct spec_plot, series)},   {"panels", K_STR, offsetof(struct spec_plot, panels)},
    {"figures", K_STR, offsetof(struct spec_plot, figures)}, {"where", K_STR, offsetof(struct spec_plot, where)},
    {"agg", K_STR, offsetof(struct spec_plot, agg)},         {"better", K_STR, offsetof(struct spec_plot, better)},
    {"peak", K_STR, offsetof(struct spec_plot, peak)},       {"label", K_STR, offsetof(struct spec_plot, label)},
    {"unit", K_STR, offsetof(struct spec_plot, unit)},       {"xlabel", K_STR, offsetof(struct spec_plot, xlabel)},
    {"ylabel", K_STR, offsetof(struct spec_plot, ylabel)},   {"xformat", K_STR, offsetof(struct spec_plot, xformat)},
    {"yformat", K_STR, offsetof(struct spec_plot, yformat)}, {"center", K_NUM, offsetof(struct spec_plot, center)},
    {"xlog", K_BOOL, offsetof(struct spec_plot, xlog)},      {"ylog", K_BOOL, offsetof(struct spec_plot, ylog)},
    {"own_ranges", K_BOOL, offsetof(struct spec_plot, own_ranges)},
    {"subtitle", K_STR, offsetof(struct spec_plot, subtitle)},
};
#define NPLOT_KEYS (sizeof plot_keys / sizeof *plot_keys)
_Static_assert(NPLOT_KEYS <= sizeof ((struct spec_plot *)0)->key_line / sizeof(int), "key_line too small");

int spec_plot_key_line(const struct spec_plot *p, const char *key)
{
    for (size_t i = 0; i < NPLOT_KEYS; i++)
        if (!strcmp(plot_keys[i].key, key)) return p->key_line[i] ? p->key_line[i] : p->line;
    return p->line;
}

/* read_plot: plots' entry, { kind = "lines"; ... }: each setting a row of plot_keys. */
static int read_plot(struct loader *L, struct spec *s, const config_setting_t *g, int i, void *entry)
{
    struct spec_plot *p = entry;
    (void)s; (void)i;
    for (int k = 0; k < config_setting_length(g); k++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)k);
        const char *key = config_setting_name(m);
        size_t i;
        for (i = 0; i < NPLOT_KEYS && strcmp(plot_keys[i].key, key); i++) {}
        if (i == NPLOT_KEYS) {
            char *names[NPLOT_KEYS], *near;
            for (size_t j = 0; j < NPLOT_KEYS; j++) names[j] = (char *)plot_keys[j].key;
            near = spec_did_you_mean_unset(g, key, names, (int)NPLOT_KEYS);
            int rc = spec_fail(L, m, "plot: unknown setting '%s'%s", key, near);
            free(near);
            return rc;
        }
        p->key_line[i] = config_setting_source_line(m);
        char *base = (char *)p + plot_keys[i].off;
        if (plot_keys[i].type == K_STR) {
            /* A peak may be a bare number (peak = 100;); everything else is text in quotes. */
            int number = !strcmp(key, "peak") && config_setting_type(m) != CONFIG_TYPE_STRING && config_setting_type(m) != CONFIG_TYPE_BOOL;
            char *t = number ? spec_scalar_text(m) : NULL;
            if (!t && config_setting_type(m) != CONFIG_TYPE_STRING)
                return spec_fail(L, m, "plot: '%s' must be a string in quotes%s", key, !strcmp(key, "peak") ? " or a number" : "");
            *(char **)base = t ? t : xstrdup(config_setting_get_string(m));
        } else if (plot_keys[i].type == K_NUM) {
            if (!spec_num_value(m, (double *)base)) return spec_fail(L, m, "plot: '%s' must be a number", key);
            p->has_center = 1;
        } else {
            if (config_setting_type(m) != CONFIG_TYPE_BOOL) return spec_fail(L, m, "plot: '%s' must be true or false", key);
            *(int *)base = config_setting_get_bool(m);
            if (!strcmp(key, "ylog")) p->ylog_set = 1;   /* optnoopt is logarithmic unless told */
        }
    }
    return 0;
}

/* The plots section as spec_read_list reads it (spec.c's parse), one entry by read_plot. */
const struct spec_list spec_plots_list = {
    .name = "plots", .noun = "plot",
    .form = "{ kind = \"lines\"; metric = \"gflops\"; x = \"local\"; }",
    .size = sizeof (struct spec_plot), .line = offsetof(struct spec_plot, line), .read = read_plot };

int spec_is_column(const struct spec *s, const char *name)
{
    if (!strcmp(name, "experiment") || !strcmp(name, "variant") || !strcmp(name, "build") || column_find(name)) return 1;
    if (spec_axis_find(s->params, s->nparams, name) || spec_axis_find(s->launch, s->nlaunch, name)) return 1;
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++)
            if (!strcmp(s->variants[i].keys.v[k], name)) return 1;
    for (int i = 0; i < s->derived_names.n; i++)
        if (!strcmp(s->derived_names.v[i], name)) return 1;
    return 0;
}

/* column_names: every column of s's results, for a did-you-mean. */
static void column_names(const struct spec *s, struct strlist *out)
{
    static const char *const ids[] = {"experiment", "variant", "build", "global0", "global1", "global2", "local0", "local1",
                                      "local2", NULL};
    for (int i = 0; ids[i]; i++) sl_push(out, ids[i]);
    for (int i = 0; i < s->nparams; i++) sl_push(out, s->params[i].name);
    for (int i = 0; i < s->nlaunch; i++) sl_push(out, s->launch[i].name);
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++) sl_push(out, s->variants[i].keys.v[k]);
    for (int i = 0; i < s->derived_names.n; i++) sl_push(out, s->derived_names.v[i]);
    for (int i = 0; column_table[i].name; i++) sl_push(out, column_table[i].name);
}

int spec_not_column(struct loader *L, const struct spec *s, int line, const char *what, const char *name)
{
    struct strlist cols = {0};
    column_names(s, &cols);
    char *near = did_you_mean(name, cols.v, cols.n);
    if (!L->err) L->err = xasprintf("%s:%d: %s: '%s' is not a column of %s's results%s", L->path, line, what, name, s->name, near);
    free(near);
    sl_free(&cols);
    return -1;
}

/* check_columns: every name of a comma-separated list is a results column. */
static int check_columns(struct loader *L, const struct spec *s, int line, const char *what, const char *list)
{
    if (!list) return 0;
    struct strlist l = {0};
    sl_split(&l, list, ',');
    int rc = 0;
    for (int i = 0; i < l.n && !rc; i++) {
        char *c = str_trim(l.v[i]);
        if (!spec_is_column(s, c)) rc = spec_not_column(L, s, line, what, c);
    }
    sl_free(&l);
    return rc;
}

/* check_variant_names: a condition on the variant column names variants the spec has. They are all
 * known here (--set variant= only picks among them), so a misspelt one is refused now rather than
 * found by the report as a selector no row matches. Only names: the parameters of an id
 * ("naive:ILP=3") and a spec without named variants (its rows' ids are PARAM=VALUE pairs, or the
 * experiment's name) may take values a --set adds. */
static int check_variant_names(struct loader *L, const struct spec *s, int line, const char *what, const struct cond *c)
{
    if (strcmp(c->col, "variant") || c->extreme || (c->op != OP_EQ && c->op != OP_NE)) return 0;
    for (int k = 0; k < c->alts.n; k++) {
        struct vid id;
        char *err = NULL;
        if (vid_parse(c->alts.v[k], &id, &err)) {
            if (!L->err) L->err = xasprintf("%s:%d: %s: %s", L->path, line, what, err);
            free(err);
            return -1;
        }
        int known = !id.name || spec_variant_find(s, id.name) >= 0 || (!s->nvariants && !strcmp(id.name, s->name));
        if (!known && !L->err) {
            /* Without named variants, a row's id is its parameters or else the experiment's name. */
            struct strlist names = {0};
            for (int i = 0; i < s->nvariants; i++) sl_push(&names, s->variants[i].name);
            if (!s->nvariants) sl_push(&names, s->name);
            char *near = did_you_mean(id.name, names.v, names.n);
            char *list = sl_join(&names, " "), *alts = sl_join(&c->alts, "|");
            L->err = xasprintf("%s:%d: %s: variant%s%s: '%s' is not a variant of %s%s (variants: %s)", L->path, line, what,
                               c->op == OP_NE ? "!=" : "=", alts, id.name, s->name, near, list);
            free(near);
            free(list);
            free(alts);
            sl_free(&names);
        }
        vid_free(&id);
        if (!known) return -1;
    }
    return 0;
}

int spec_check_filter(struct loader *L, const struct spec *s, int line, const char *what, const struct filter *f)
{
    for (int i = 0; i < f->n; i++) {
        if (!spec_is_column(s, f->c[i].col)) return spec_not_column(L, s, line, what, f->c[i].col);
        if (check_variant_names(L, s, line, what, &f->c[i])) return -1;
    }
    return 0;
}

int spec_check_where(struct loader *L, const struct spec *s, int line, const char *what, const char *text)
{
    struct filter f;
    char *err = NULL;
    if (!text) return 0;
    if (filter_parse(text, &f, &err)) {
        if (!L->err) L->err = xasprintf("%s:%d: %s: %s", L->path, line, what, err);
        free(err);
        return -1;
    }
    int rc = spec_check_filter(L, s, line, what, &f);
    filter_free(&f);
    return rc;
}

/* spec_column_vars: every results column an expression over a row may use (parameters, launch axes,
 * derived values, numeric metrics), set to 1; not the device's names, which rows do not have. */
void spec_column_vars(const struct spec *s, struct vars *v)
{
    for (int i = 0; i < s->nparams; i++) vars_set(v, s->params[i].name, 1);
    for (int i = 0; i < s->nlaunch; i++) vars_set(v, s->launch[i].name, 1);
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++) vars_set(v, s->variants[i].keys.v[k], 1);
    for (int i = 0; i < s->derived_names.n; i++) vars_set(v, s->derived_names.v[i], 1);
    for (int i = 0; column_table[i].name; i++)
        if (column_table[i].numeric) vars_set(v, column_table[i].name, 1);
    static const char *const dims[] = {"global0", "global1", "global2", "local0", "local1", "local2", NULL};
    for (int i = 0; dims[i]; i++) vars_set(v, dims[i], 1);
}

static int one_of(const char *v, const char *const *allowed)
{
    for (int i = 0; allowed[i]; i++)
        if (!strcmp(v, allowed[i])) return 1;
    return 0;
}

static int check_plot(struct loader *L, struct spec *s, int idx)
{
    struct spec_plot *p = &s->plots[idx];
    static const char *const aggs[] = {"best", "max", "min", "mean", "median", NULL};
    static const char *const formats[] = {"plain", "bytes", "count", NULL};
#define PFAIL(...) do { if (!L->err) { char *m_ = xasprintf(__VA_ARGS__); L->err = xasprintf("%s:%d: plot %d: %s", L->path, p->line, idx + 1, m_); free(m_); } return -1; } while (0)
    if (!p->kind) PFAIL("'kind' is missing (%s)", plot_kind_names());
    int k = plot_kind_of(p->kind);
    if (k < 0) {
        char *near = plot_kind_near(p->kind);
        if (!L->err) L->err = xasprintf("%s:%d: plot %d: kind '%s' must be %s%s", L->path, p->line, idx + 1, p->kind,
                                        plot_kind_names(), near);
        free(near);
        return -1;
    }
    p->kind_id = (enum plot_kind)k;
    const struct plot_kind_info *ki = plot_kind_info(p->kind_id);
    if (ki->needs_metric && !p->metric) PFAIL("a %s needs 'metric' (a column such as \"gflops\", or an expression)", p->kind);
    if (ki->needs_x && !p->x) PFAIL("a %s needs 'x' (a column)", p->kind);
    if (ki->needs_y && !p->y) PFAIL("a %s needs 'y' (a column)", p->kind);
    /* A heat map's cells are x by y: no room for series; the other kinds draw no y categories. */
    if (ki->needs_y && p->series) PFAIL("a heatmap has no series (use panels or figures)");
    if (!ki->needs_y && p->y) PFAIL("'y' is for heat maps (use series, panels or figures)");
    if (ki->own_series && p->series) PFAIL("an %s plot's series are the %ss (use panels or figures)", p->kind, ki->default_series);
    if (p->own_ranges && !ki->shared_ranges)
        PFAIL("'own_ranges' is for a plot whose panels share their axes' ranges (lines, bars, optnoopt, scatter), not a %s", p->kind);
    if (p->agg && !one_of(p->agg, aggs)) PFAIL("agg '%s' must be best, max, min, mean or median", p->agg);
    if (p->better && strcmp(p->better, "higher") && strcmp(p->better, "lower")) PFAIL("better '%s' must be higher or lower", p->better);
    if (p->xformat && !one_of(p->xformat, formats)) PFAIL("xformat '%s' must be plain, bytes or count", p->xformat);
    if (p->yformat && !one_of(p->yformat, formats)) PFAIL("yformat '%s' must be plain, bytes or count", p->yformat);
    double x;
    if (p->peak && strcmp(p->peak, "fp32") && strcmp(p->peak, "bw") && parse_number(p->peak, &x))
        PFAIL("peak '%s' must be fp32, bw or a number", p->peak);
    if (p->name) {
        char *slug = slugify(p->name);
        int bad = strcmp(slug, p->name) != 0;
        free(slug);
        if (bad) PFAIL("name '%s' must be letters, digits, '-', '.' and '_' (it names files)", p->name);
        /* clx's own chart of that name would overwrite its files in plots/, and take its heading. */
        const char *own = plot_name_reserved(p->name);
        if (own && !L->err)
            L->err = xasprintf("%s:%d: plot %d: name '%s' is clx's own: %s is plots/%s.png; the names %s are "
                               "reserved: choose another", L->path, spec_plot_key_line(p, "name"), idx + 1, p->name, own, p->name,
                               plot_reserved_names());
        if (own) return -1;
    } else {
        char *m = slugify(p->metric ? p->metric : "gflops");
        p->name = xasprintf("%s_%.40s", p->kind, m);
        free(m);
    }
    for (int j = 0; j < idx; j++)
        if (!strcmp(s->plots[j].name, p->name)) {
            /* Two plots of the same kind and metric: number the later one. */
            char *n = xasprintf("%s_%d", p->name, idx + 1);
            free(p->name);
            p->name = n;
        }
#undef PFAIL
    int rc = check_columns(L, s, spec_plot_key_line(p, "x"), "plot x", p->x) || check_columns(L, s, spec_plot_key_line(p, "y"), "plot y", p->y) ||
             check_columns(L, s, spec_plot_key_line(p, "series"), "plot series", p->series) ||
             check_columns(L, s, spec_plot_key_line(p, "panels"), "plot panels", p->panels) ||
             check_columns(L, s, spec_plot_key_line(p, "figures"), "plot figures", p->figures) ||
             check_columns(L, s, spec_plot_key_line(p, "label"), "plot label", p->label) ||
             spec_check_where(L, s, spec_plot_key_line(p, "where"), "plot where", p->where);
    if (!rc && p->metric && !spec_is_column(s, p->metric)) {
        struct vars v = {0};
        spec_column_vars(s, &v);
        rc = spec_check_vars(L, "plot metric", p->metric, spec_plot_key_line(p, "metric"), &v);
        vars_free(&v);
        /* A name near no column ("bandwidth") was said with nothing to write instead. */
        if (rc && L->err && strstr(L->err, "unknown name") && !strstr(L->err, "did you mean")) {
            char *e = xasprintf("%s: a plot's metric is a column of results.tsv (gbs, gflops, median_ms, rel_time, "
                                "pct_bw_peak, ...: docs/results.md) or an expression over a row's numbers", L->err);
            free(L->err);
            L->err = e;
        }
    }
    return rc;
}

int spec_check_view(struct loader *L, struct spec *s)
{
    for (int i = 0; i < s->nplots; i++)
        if (check_plot(L, s, i)) return -1;
    return 0;
}

void spec_free_view(struct spec *s)
{
    for (int i = 0; i < s->nplots; i++)
        for (size_t k = 0; k < NPLOT_KEYS; k++)
            if (plot_keys[k].type == K_STR) free(*(char **)((char *)&s->plots[i] + plot_keys[k].off));
    free(s->plots);
}
