/* spec_findings.c — the seed's findings of a spec (docs/spec.md, "Findings"): read with the rest of
 * it, then each form (check, compare, size, claimed, direction) checked once every column is known,
 * so that a typo is "file:line: what" before anything runs. */
#include "finding_form.h"
#include "spec_impl.h"
#include "lib/names.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The settings of a finding, each a string in quotes, with the field that keeps its line (-1: the
 * finding's). To add one: a field (and its line) in struct spec_finding, a row here, its check
 * below and its use in report/findings.c. */
#define FIELD(f) offsetof(struct spec_finding, f)
static const struct { const char *key; size_t off; long line_off; int required; } finding_keys[] = {
    {"claim", FIELD(claim), -1, 1},
    {"check", FIELD(check), (long)FIELD(check_line), 0},
    {"compare", FIELD(compare), (long)FIELD(compare_line), 0},
    {"size", FIELD(size), (long)FIELD(size_line), 0},
    {"claimed", FIELD(claimed), (long)FIELD(claimed_line), 0},
    {"direction", FIELD(direction), (long)FIELD(direction_line), 0},
    {"where", FIELD(where), (long)FIELD(where_line), 0},
    {"given", FIELD(given), (long)FIELD(given_line), 0},
    {"seed", FIELD(seed), -1, 0},
    {"note", FIELD(note), -1, 0},
    {"unrunnable", FIELD(unrunnable), -1, 0},
};
#undef FIELD
#define NKEYS (sizeof finding_keys / sizeof *finding_keys)

/* key_index: the row of key in finding_keys, or -1. */
static int key_index(const char *key)
{
    for (size_t k = 0; k < NKEYS; k++)
        if (!strcmp(finding_keys[k].key, key)) return (int)k;
    return -1;
}

static int read_finding(struct loader *L, struct spec *s, const config_setting_t *g, int i, void *entry)
{
    struct spec_finding *f = entry;
    (void)s; (void)i;
    for (int k = 0; k < config_setting_length(g); k++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)k);
        if (key_index(config_setting_name(m)) < 0) {
            char *names[NKEYS];
            for (size_t j = 0; j < NKEYS; j++) names[j] = (char *)finding_keys[j].key;
            char *near = spec_did_you_mean_unset(g, config_setting_name(m), names, (int)NKEYS);
            int rc = spec_fail(L, m, "finding: unknown setting '%s'%s (claim, check, compare, size, claimed, direction, where, "
                               "given, seed, note, unrunnable)", config_setting_name(m), near);
            free(near);
            return rc;
        }
    }
    for (size_t k = 0; k < NKEYS; k++) {
        if (spec_get_string(L, g, finding_keys[k].key, finding_keys[k].required, (char **)((char *)f + finding_keys[k].off)))
            return -1;
        if (finding_keys[k].line_off < 0) continue;
        const config_setting_t *m = config_setting_get_member(g, finding_keys[k].key);
        *(int *)((char *)f + finding_keys[k].line_off) = m ? (int)config_setting_source_line(m) : f->line;
    }
    return 0;
}

/* The findings section as spec_read_list reads it (spec.c's parse), one entry by read_finding. */
const struct spec_list spec_findings_list = {
    .name = "findings", .noun = "finding",
    .form = "{ claim = \"...\"; check = \"...\"; }",
    .size = sizeof (struct spec_finding), .line = offsetof(struct spec_finding, line), .read = read_finding };

/* The names of spec_builtin_names that describe the device, and the peaks; to add one, add a row. */
const struct spec_device_name spec_finding_devices[] = {
    {"CU", RJF_COMPUTE_UNITS},           {"CLOCK_MHZ", RJF_MAX_CLOCK_MHZ},   {"MAX_WG", RJF_MAX_WG},
    {"LOCAL_MEM", RJF_LOCAL_MEM},        {"GLOBAL_MEM", RJF_GLOBAL_MEM},     {"MAX_ALLOC", RJF_MAX_ALLOC},
    {"CACHE", RJF_CACHE},                {"FP64", RJF_FP64},                 {"FP16", RJF_FP16},
    {"PEAK_GFLOPS", RJF_PEAK_FP32},      {"PEAK_GBS", RJF_PEAK_GBS},
    {"PEAK_FP64_GFLOPS", RJF_PEAK_FP64}, {"PEAK_FP16_GFLOPS", RJF_PEAK_FP16},
    {NULL, 0}
};

/* check_selector: a selector's metric is a column, or an expression over a row's columns, and
 * its filter names columns. */
static int check_selector(struct loader *L, const struct spec *s, const struct selector *sel, int line, const char *what,
                          const struct vars *cols)
{
    const char *m = sel->metric;
    int rc = 0;
    if (strpbrk(m, " +-*/^()?<>=!&|")) {
        char *w = xasprintf("%s: %s", what, sel->text);
        rc = spec_check_vars(L, w, m, line, cols);
        free(w);
    } else if (!spec_is_column(s, m)) {
        char *w = xasprintf("%s: %s", what, sel->text);
        rc = spec_not_column(L, s, line, w, m);
        free(w);
    }
    return rc ? rc : spec_check_filter(L, s, line, what, &sel->f);
}

/* names_said: after an expression's unknown name that is near none of those it may use (ILP in
 * "gbs[...] > ILP"), those names, so that the writer sees that a column is read through a selector
 * and which of the device's names there are. */
static void names_said(struct loader *L, const struct spec *s, const char *expr, const struct vars *v)
{
    char *unknown = expr_unknown_name(expr, v);
    char *near = unknown ? did_you_mean(unknown, v->names, v->n) : NULL;
    if (unknown && !*near) {
        struct sbuf b = {0};
        if (spec_is_column(s, unknown))
            sb_printf(&b, " (a column is read through a selector: %s[COLUMN=VALUE, ...]; the other names are the device's: ",
                      unknown);
        else
            sb_printf(&b, " (the names it may use: selectors, metric[COLUMN=VALUE, ...], and the device's ");
        for (const struct spec_device_name *d = spec_finding_devices; d->name; d++)
            sb_printf(&b, "%s%s", d == spec_finding_devices ? "" : d[1].name ? ", " : " and ", d->name);
        sb_printf(&b, ")");
        char *e = xasprintf("%s%s", L->err, b.s);
        free(L->err);
        L->err = e;
        sb_free(&b);
    }
    free(near);
    free(unknown);
}

/* check_expression: a check's or a size's text: selectors (check_selector), and arithmetic over
 * them and the device's names. A size is a number: no comparison at its top. */
static int check_expression(struct loader *L, const struct spec *s, const char *text, int line, const char *what, int is_size)
{
    struct check c;
    char *err = NULL;
    if (check_parse(text, &c, &err)) {
        spec_fail_line(L, line, "%s: %s", what, err);
        free(err);
        return -1;
    }
    int rc = is_size && c.ops.n ? spec_fail_line(L, line, "%s: '%s' is a comparison: a size is a number, and 'claimed' "
                                                          "the range it is claimed to lie in", what, text) : 0;
    struct vars v = {0}, cols = {0};
    for (const struct spec_device_name *d = spec_finding_devices; d->name; d++) vars_set(&v, d->name, 1);
    spec_column_vars(s, &cols);
    for (int i = 0; i < c.nsel && !rc; i++) {
        rc = check_selector(L, s, &c.sel[i], line, what, &cols);
        char name[32];
        snprintf(name, sizeof name, "sel_%d", i + 1);
        vars_set(&v, name, 1);
    }
    if (!rc) {
        int earlier = L->err != NULL;
        rc = spec_check_vars(L, what, c.expr, line, &v);
        if (rc && !earlier) names_said(L, s, c.expr, &v);
    }
    /* The message names the check as written, not with its selectors as the parser's sel_N. */
    if (rc && L->err) {
        char *shown = check_text(&c, L->err);
        free(L->err);
        L->err = shown;
    }
    vars_free(&v);
    vars_free(&cols);
    check_free(&c);
    return rc;
}

/* check_compare: every pair parses (finding_form.h) and its sides' filters name columns. */
static int check_compare(struct loader *L, const struct spec *s, const struct spec_finding *f)
{
    struct compare c;
    char *err = NULL;
    if (compare_parse(f->compare, &c, &err)) {
        spec_fail_line(L, f->compare_line, "finding compare: %s", err);
        free(err);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < c.n && !rc; i++)
        rc = spec_check_filter(L, s, f->compare_line, "finding compare", &c.pair[i].a.sel[0].f) ||
             spec_check_filter(L, s, f->compare_line, "finding compare", &c.pair[i].b.sel[0].f);
    compare_free(&c);
    return rc;
}

/* check_ranges: claimed is a range; a direction is one side of a value, on which claimed lies. */
static int check_ranges(struct loader *L, const struct spec_finding *f)
{
    struct claim_range c, d;
    char *err = NULL;
    if (claim_range_parse(f->claimed, &c, &err)) {
        spec_fail_line(L, f->claimed_line, "finding claimed: %s", err);
        free(err);
        return -1;
    }
    if (!f->direction) return 0;
    if (claim_range_parse(f->direction, &d, &err) || !claim_range_one_sided(&d)) {
        spec_fail_line(L, f->direction_line, "finding direction: '%s' is not one side of a value (> 1, < 1, >= 0)", f->direction);
        free(err);
        return -1;
    }
    double pivot = isinf(d.hi) ? d.lo : d.hi;
    if (claim_range_side(&c, pivot) != (isinf(d.hi) ? 1 : -1))
        return spec_fail_line(L, f->claimed_line, "finding claimed: '%s' does not lie on the side of %g that direction '%s' states",
                              f->claimed, pivot, f->direction);
    return 0;
}

/* check_forms: which settings go together: a measured size (compare or size, not both) with the
 * range claimed for it, a direction with a size only. */
static int check_forms(struct loader *L, const struct spec_finding *f)
{
    if (!f->check && !f->compare && !f->size)
        return spec_fail_line(L, f->line, "a finding needs a check, a compare or a size (docs/spec.md, \"Findings\")");
    if (f->compare && f->size)
        return spec_fail_line(L, f->size_line, "finding: compare and size are two measured sizes: keep one");
    if ((f->compare || f->size) && !f->claimed)
        return spec_fail_line(L, f->compare ? f->compare_line : f->size_line,
                              "finding: %s needs 'claimed', the range the claim states (1.01..1.03, >= 10, > 1)",
                              f->compare ? "compare" : "size");
    if (f->claimed && !f->compare && !f->size)
        return spec_fail_line(L, f->claimed_line, "finding claimed: goes with compare or size, the size it bounds");
    if (f->direction && !f->size)
        return spec_fail_line(L, f->direction_line, "finding direction: goes with size (a compare's direction is the side "
                                                    "of 1 its claimed range lies on)");
    return 0;
}

static int check_finding(struct loader *L, const struct spec *s, const struct spec_finding *f)
{
    return check_forms(L, f) || spec_check_where(L, s, f->where_line, "finding where", f->where) ||
           (f->check && check_expression(L, s, f->check, f->check_line, "finding check", 0)) ||
           (f->given && check_expression(L, s, f->given, f->given_line, "finding given", 0)) ||
           (f->size && check_expression(L, s, f->size, f->size_line, "finding size", 1)) ||
           (f->compare && check_compare(L, s, f)) || (f->claimed && check_ranges(L, f)) ? -1 : 0;
}

int spec_check_findings(struct loader *L, const struct spec *s)
{
    for (int i = 0; i < s->nfindings; i++)
        if (check_finding(L, s, &s->findings[i])) return -1;
    return 0;
}

const char *spec_findings_whose(const struct spec *s)
{
    for (int i = 0; i < s->nfindings; i++)
        if (s->findings[i].seed) return "seed";
    return s->description && strstr(s->description, "seed") ? "seed" : "spec";
}

void spec_free_findings(struct spec *s)
{
    for (int i = 0; i < s->nfindings; i++)
        for (size_t k = 0; k < NKEYS; k++) free(*(char **)((char *)&s->findings[i] + finding_keys[k].off));
    free(s->findings);
}
