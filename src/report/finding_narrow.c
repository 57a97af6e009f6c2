/* finding_narrow.c — the small sweep that decides a --quick run's findings that cannot be checked
 * for want of rows: built from the findings' parsed filters (their where and selectors), never from
 * the words of their reasons. */
#include "finding_narrow.h"
#include "spec/finding_form.h"
#include "spec/select.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

/* The axes a command-line option of their own sets; every other axis is --set NAME=VALUES. */
static const struct { const char *axis, *option; } own_option[] = {
    {"local", "--local"},
    {"N", "--size"},
    {"build", "--build"},
};

static const char *option_of(const char *axis)
{
    for (size_t k = 0; k < sizeof own_option / sizeof *own_option; k++)
        if (!strcmp(own_option[k].axis, axis)) return own_option[k].option;
    return NULL;
}

/* axis_set_by: the axis an option of the command line sets: --set's NAME of NAME=VALUES, or the
 * axis of an option of its own. A new string. */
static char *axis_set_by(const char *option, const char *value)
{
    for (size_t k = 0; k < sizeof own_option / sizeof *own_option; k++)
        if (!strcmp(own_option[k].option, option)) return xstrdup(own_option[k].axis);
    const char *eq = strchr(value, '=');
    char *axis = xstrdup(value);
    if (eq) axis[eq - value] = '\0';
    return axis;
}

static int list_has(const struct strlist *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s)) return 1;
    return 0;
}

/* is_axis: whether col is a column of r that the command line sets: variant, build, a template
 * parameter of s, a launch axis of the run. */
static int is_axis(const struct rundir *r, const struct spec *s, const char *col)
{
    if (table_col(&r->t, col) < 0) return 0;
    if (!strcmp(col, "variant") || !strcmp(col, "build") || list_has(&r->axes, col)) return 1;
    for (int i = 0; i < s->nparams; i++)
        if (!strcmp(s->params[i].name, col)) return 1;
    return 0;
}

/* has_value: whether some row of r (whatever its status: the sweep ran that value) has value in c's
 * column, as a filter compares it (200M is 200000000; a variant by its id's grammar). */
static int has_value(const struct rundir *r, const struct cond *c, const char *value)
{
    struct cond one = { .col = c->col, .op = OP_EQ, .alts = { .v = (char *[]){ (char *)value }, .n = 1 }, .colidx = c->colidx };
    struct filter f = { &one, 1 };
    for (int k = 0; k < r->t.nrows; k++)
        if (filter_match(&f, &r->t, k)) return 1;
    return 0;
}

/* same_value: whether a and b are one value of an axis (as numbers where both read as numbers). */
static int same_value(const char *a, const char *b)
{
    double x, y;
    if (parse_number(a, &x) == 0 && parse_number(b, &y) == 0) return x == y;
    return !strcmp(a, b);
}

/* push: value into n's list of axis, once. */
static void push(struct narrow *n, const char *axis, const char *value)
{
    int k = 0;
    while (k < n->axis.n && strcmp(n->axis.v[k], axis)) k++;
    if (k == n->axis.n) {
        sl_push(&n->axis, axis);
        n->add = xrealloc(n->add, sizeof *n->add * (size_t)n->axis.n);
        memset(&n->add[k], 0, sizeof n->add[k]);
    }
    for (int i = 0; i < n->add[k].n; i++)
        if (same_value(n->add[k].v[i], value)) return;
    sl_push(&n->add[k], value);
}

/* reachable: whether sel, with where, picks a measured row of r once its conditions "AXIS=VALUE"
 * on axes are set aside (a row of another value of those axes stands for the one the fuller sweep
 * adds); the values of those conditions r has no row of go into mine. */
static int reachable(const struct rundir *r, const struct spec *s, struct selector *sel, const struct filter *where,
                     struct narrow *mine)
{
    char *err = NULL;
    filter_merge(&sel->f, where);
    if (filter_bind(&sel->f, &r->t, &err)) { free(err); return 0; }
    struct filter rest = { xcalloc((size_t)sel->f.n + 1, sizeof *rest.c), 0 };
    for (int i = 0; i < sel->f.n; i++) {
        const struct cond *c = &sel->f.c[i];
        if (c->op == OP_EQ && !c->extreme && is_axis(r, s, c->col)) {
            for (int k = 0; k < c->alts.n; k++)
                if (!has_value(r, c, c->alts.v[k])) push(mine, c->col, c->alts.v[k]);
        } else rest.c[rest.n++] = *c;    /* shared, not owned: freed with sel */
    }
    int any_status = filter_names(&sel->f, "status"), found = 0;
    for (int k = 0; k < r->t.nrows && !found; k++) found = (any_status || rundir_row_ok(r, k)) && filter_match(&rest, &r->t, k);
    free(rest.c);
    return found;
}

void narrow_add(struct narrow *n, const struct rundir *r, const struct spec *s, const struct spec_finding *f)
{
    struct filter where;
    char *err = NULL;
    if (filter_parse(f->where, &where, &err)) { free(err); return; }
    struct narrow mine = {0};
    int picked = 0, reached = 1;
    /* A check and a size are expressions over selectors; a compare, pairs of one selector a side. */
    const char *exprs[] = { f->check, f->size };
    for (size_t e = 0; e < sizeof exprs / sizeof *exprs; e++) {
        struct check c;
        if (!exprs[e]) continue;
        if (check_parse(exprs[e], &c, &err)) { free(err); err = NULL; reached = 0; continue; }
        for (int i = 0; i < c.nsel; i++) reached &= reachable(r, s, &c.sel[i], &where, &mine);
        picked += c.nsel;
        check_free(&c);
    }
    struct compare cp;
    if (f->compare && compare_parse(f->compare, &cp, &err)) { free(err); reached = 0; }
    else if (f->compare) {
        for (int i = 0; i < cp.n; i++)
            reached &= reachable(r, s, &cp.pair[i].a.sel[0], &where, &mine) & reachable(r, s, &cp.pair[i].b.sel[0], &where, &mine);
        picked += 2 * cp.n;
        compare_free(&cp);
    }
    /* Rows there and values missing: what the sweep adds is what it lacked. Rows there and none
     * missing: the finding lacks something else (a selector that several rows match). */
    if (reached && picked && mine.axis.n) {
        for (int k = 0; k < mine.axis.n; k++)
            for (int i = 0; i < mine.add[k].n; i++) push(n, mine.axis.v[k], mine.add[k].v[i]);
        n->decides++;
    }
    narrow_free(&mine);
    filter_free(&where);
}

/* by_number: qsort's order of two value texts that read as numbers. */
static int by_number(const void *a, const void *b)
{
    double x, y;
    parse_number(*(char *const *)a, &x);
    parse_number(*(char *const *)b, &y);
    return (x > y) - (x < y);
}

/* add_once: x into v unless it holds that value already; *numbers cleared when x is no number. */
static void add_once(struct strlist *v, const char *x, int *numbers)
{
    double d;
    for (int j = 0; j < v->n; j++)
        if (same_value(v->v[j], x)) return;
    *numbers &= parse_number(x, &d) == 0;
    sl_push(v, x);
}

/* axis_values: r's values of axis (its column's, in the file's order) and add's, each once, in
 * increasing order where all are numbers; the default build as "" (--build's word for it). A new
 * string, comma-separated. */
static char *axis_values(const struct rundir *r, const char *axis, const struct strlist *add)
{
    struct strlist v = {0};
    int col = table_col(&r->t, axis), numbers = 1;
    for (int k = 0; k < r->t.nrows; k++) add_once(&v, table_cell(&r->t, k, col), &numbers);
    for (int i = 0; i < add->n; i++) add_once(&v, add->v[i], &numbers);
    if (numbers) qsort(v.v, (size_t)v.n, sizeof *v.v, by_number);
    if (!strcmp(axis, "build"))
        for (int i = 0; i < v.n; i++)
            if (!strcmp(v.v[i], "default")) v.v[i][0] = '\0';
    char *joined = sl_join(&v, ",");
    sl_free(&v);
    return joined;
}

/* word: " " and s quoted for a shell, appended to b. */
static void word(struct sbuf *b, const char *s)
{
    char *q = shell_word(s);
    sb_printf(b, " %s", q);
    free(q);
}

char *narrow_command(const struct narrow *n, const struct rundir *r, const char *prefix)
{
    if (!n->axis.n) return NULL;
    struct sbuf b = {0};
    sb_printf(&b, "%s --quick", prefix);
    /* The run's own options of the axes that gain nothing, as run (a --set variant=naive stays). */
    char *const *args = r->rj.args.v;
    for (int i = 0; i < r->rj.args.n; i++) {
        for (int o = 0; o < ARGS_NSHAPING; o++) {
            int span = 1;
            const char *value = NULL;
            if (!args_option_at(args, r->rj.args.n, i, &args_shaping[o], &span, &value) || !value) continue;
            char *axis = axis_set_by(args_shaping[o].name, value);
            if (!list_has(&n->axis, axis)) {
                sb_printf(&b, " %s", args_shaping[o].name);
                word(&b, value);
            }
            free(axis);
            i += span - 1;
            break;
        }
    }
    for (int k = 0; k < n->axis.n; k++) {
        char *values = axis_values(r, n->axis.v[k], &n->add[k]);
        const char *option = option_of(n->axis.v[k]);
        if (option) {
            sb_printf(&b, " %s", option);
            word(&b, values);
        } else {
            char *set = xasprintf("%s=%s", n->axis.v[k], values);
            sb_printf(&b, " --set");
            word(&b, set);
            free(set);
        }
        free(values);
    }
    return b.s;
}

void narrow_free(struct narrow *n)
{
    for (int k = 0; k < n->axis.n; k++) sl_free(&n->add[k]);
    free(n->add);
    sl_free(&n->axis);
    memset(n, 0, sizeof *n);
}
