/* finding_form.c — claimed ranges, directions and compare's pairs of a finding, parsed and tested. */
#include "finding_form.h"
#include "lib/expr.h"
#include "lib/names.h"
#include "store/columns.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The one-sided forms, longest operator first so ">=" is not read as ">". */
static const struct { const char *op; int below, open; } sides[] = {
    {">=", 0, 0}, {"<=", 1, 0}, {">", 0, 1}, {"<", 1, 1},
};

static int number(const char *text, double *x)
{
    char *t = xstrdup(text);
    int rc = parse_number(str_trim(t), x);
    free(t);
    return rc || !isfinite(*x) ? -1 : 0;
}

int claim_range_parse(const char *text, struct claim_range *r, char **err)
{
    *r = (struct claim_range){ .lo = -INFINITY, .hi = INFINITY, .lo_open = 1, .hi_open = 1 };
    while (*text == ' ') text++;
    double x, y;
    for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
        size_t n = strlen(sides[k].op);
        if (strncmp(text, sides[k].op, n)) continue;
        if (number(text + n, &x)) break;
        if (sides[k].below) { r->hi = x; r->hi_open = sides[k].open; }
        else { r->lo = x; r->lo_open = sides[k].open; }
        return 0;
    }
    const char *dots = strstr(text, "..");
    if (dots && !strchr(text, '<') && !strchr(text, '>')) {
        char *lo = xasprintf("%.*s", (int)(dots - text), text);
        int bad = number(lo, &x) || number(dots + 2, &y);
        free(lo);
        if (!bad && x < y) { *r = (struct claim_range){ .lo = x, .hi = y, .lo_open = 0, .hi_open = 0 }; return 0; }
        if (!bad) { *err = xasprintf("'%s': the range's low end must be below its high end", text); return -1; }
    }
    *err = xasprintf("'%s' is not a range: write LO..HI, >= X, > X, <= X or < X, as ratios (1.01..1.03: 1-3%% more)", text);
    return -1;
}

/* bound: one end as the spec writes it: 32370 rather than 3.237e+04. */
static char *bound(double x)
{
    return fabs(x) >= 1000 && fabs(x) < 1e12 ? xasprintf("%.0f", x) : xasprintf("%.6g", x);
}

char *claim_range_text(const struct claim_range *r)
{
    char *lo = bound(r->lo), *hi = bound(r->hi), *t;
    if (isinf(r->hi)) t = xasprintf("%s %s", r->lo_open ? ">" : ">=", lo);
    else if (isinf(r->lo)) t = xasprintf("%s %s", r->hi_open ? "<" : "<=", hi);
    else t = xasprintf("%s..%s", lo, hi);
    free(lo);
    free(hi);
    return t;
}

/* above_lo, below_hi: whether x clears each end of r. */
static int above_lo(const struct claim_range *r, double x) { return r->lo_open ? x > r->lo : x >= r->lo; }
static int below_hi(const struct claim_range *r, double x) { return r->hi_open ? x < r->hi : x <= r->hi; }

int claim_range_has(const struct claim_range *r, double x) { return above_lo(r, x) && below_hi(r, x); }

int claim_range_covers(const struct claim_range *r, double lo, double hi) { return above_lo(r, lo) && below_hi(r, hi); }

int claim_range_meets(const struct claim_range *r, double lo, double hi) { return above_lo(r, hi) && below_hi(r, lo); }

int claim_range_side(const struct claim_range *r, double pivot)
{
    return r->lo >= pivot ? 1 : r->hi <= pivot ? -1 : 0;
}

int claim_range_one_sided(const struct claim_range *r) { return isinf(r->lo) != isinf(r->hi); }

int claim_range_sizeless(const struct claim_range *r, double pivot)
{
    return claim_range_one_sided(r) && (isinf(r->hi) ? r->lo == pivot : r->hi == pivot);
}

enum metric_kind finding_metric_kind(const char *metric)
{
    const struct column_info *c = column_find(metric);
    /* A column whose value moves with the trials (error bars of a time, a rate, a time in cycles,
     * dev_row_avg's deviation from a mean of times) is timed by the rounds; the others (counts, sizes,
     * bounds reckoned, wall_ms and cpu_ms, which the host times apart from the rounds) are not. */
    if (!c || c->err == ERR_NONE) return MK_UNTIMED;
    return c->better < 0 ? MK_TIME : c->better > 0 ? MK_RATE : MK_UNTIMED;
}

/* timed_near: ": did you mean gbs?" for a word near a timed column's name (finding_metric_kind),
 * else NULL. A new string. */
static char *timed_near(const char *word)
{
    struct strlist timed = {0};
    for (int i = 0; column_table[i].name; i++)
        if (finding_metric_kind(column_table[i].name) != MK_UNTIMED) sl_push(&timed, column_table[i].name);
    char *near = did_you_mean(word, timed.v, timed.n);
    sl_free(&timed);
    if (*near) return near;
    free(near);
    return NULL;
}

/* side_parse: one side of a pair: a check of exactly one selector of a timed metric. */
static int side_parse(const char *text, struct check *c, char **err)
{
    char *e = NULL, *near = NULL;
    if (check_parse(text, c, &e)) {
        *err = xasprintf("'%s': %s", text, e);
        free(e);
        return -1;
    }
    if (c->nsel != 1 || strcmp(c->expr, "sel_1")) {
        *err = xasprintf("'%s': each side of 'vs' is one selector (metric[...], max(metric[...]), mean(...)), "
                         "no arithmetic", text);
    } else if (c->sel[0].agg == AGG_COUNT) {
        *err = xasprintf("'%s': a count has no time to compare", text);
    } else if (!column_find(c->sel[0].metric) && (near = timed_near(c->sel[0].metric))) {
        /* A typo of a timed column (gbz) is said as the column meant, as a check's is. */
        *err = xasprintf("'%s': '%s' is not a column%s", text, c->sel[0].metric, near);
    } else if (finding_metric_kind(c->sel[0].metric) == MK_UNTIMED) {
        *err = xasprintf("'%s': '%s' is not a time or a rate the rounds measure (median_ms, gbs, gflops, pct_*_peak, "
                         "rel_time, speedup): write it as a size or a check", text, c->sel[0].metric);
    } else if (column_origin(column_find(c->sel[0].metric))) {
        *err = xasprintf("'%s': '%s' is a deviation from a reference (0: the same), and a ratio of two deviations says "
                         "nothing: write it as a size or a check", text, c->sel[0].metric);
    } else {
        return 0;
    }
    free(near);
    check_free(c);
    return -1;
}

/* pair_parse: "A vs B" into p. */
static int pair_parse(const char *text, struct compare_pair *p, char **err)
{
    const char *vs = strstr(text, " vs ");
    if (!vs || strstr(vs + 4, " vs ")) {
        *err = xasprintf("'%s' must be two selectors with ' vs ' between them", text);
        return -1;
    }
    char *a = xasprintf("%.*s", (int)(vs - text), text);
    int rc = side_parse(str_trim(a), &p->a, err);
    free(a);
    if (rc) return -1;
    char *b = xstrdup(vs + 4);
    rc = side_parse(str_trim(b), &p->b, err);
    free(b);
    if (!rc && strcmp(p->a.sel[0].metric, p->b.sel[0].metric)) {
        *err = xasprintf("'%s': both sides measure one metric, not '%s' and '%s'", text, p->a.sel[0].metric, p->b.sel[0].metric);
        check_free(&p->b);
        rc = -1;
    }
    if (rc) check_free(&p->a);
    return rc;
}

int compare_parse(const char *text, struct compare *c, char **err)
{
    memset(c, 0, sizeof *c);
    struct strlist parts = {0};
    sl_split(&parts, text, ';');
    c->pair = xcalloc((size_t)parts.n + 1, sizeof *c->pair);
    int rc = 0;
    for (int i = 0; i < parts.n && !rc; i++) {
        char *p = str_trim(parts.v[i]);
        if (!*p) continue;
        rc = pair_parse(p, &c->pair[c->n], err);
        if (!rc) c->n++;
    }
    sl_free(&parts);
    if (!rc && !c->n) { *err = xstrdup("no pair: write \"metric[A] vs metric[B]\""); rc = -1; }
    if (rc) compare_free(c);
    return rc;
}

void compare_free(struct compare *c)
{
    for (int i = 0; i < c->n; i++) { check_free(&c->pair[i].a); check_free(&c->pair[i].b); }
    free(c->pair);
    memset(c, 0, sizeof *c);
}
