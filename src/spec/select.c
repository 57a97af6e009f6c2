/* select.c — filters and checks over the rows of a results table (plots, findings). */
#include "select.h"
#include "lib/expr.h"
#include "variantid.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_name_char(int c) { return isalnum(c) || c == '_'; }

static int valid_name(const char *s)
{
    if (!*s || isdigit((unsigned char)*s)) return 0;
    for (; *s; s++)
        if (!is_name_char((unsigned char)*s)) return 0;
    return 1;
}

/* Operators, longest first so "<=" is not read as "<". */
static const struct { const char *text; enum sel_op op; } ops[] = {
    {"!=", OP_NE}, {"<=", OP_LE}, {">=", OP_GE}, {"=", OP_EQ}, {"<", OP_LT}, {">", OP_GT},
};

static int parse_cond(const char *text, struct cond *c, char **err)
{
    memset(c, 0, sizeof *c);
    c->colidx = -1;
    const char *at = NULL;
    size_t k, oplen = 0;
    for (const char *p = text; *p && !at; p++)
        for (k = 0; k < sizeof ops / sizeof *ops; k++)
            if (!strncmp(p, ops[k].text, strlen(ops[k].text))) {
                at = p;
                oplen = strlen(ops[k].text);
                c->op = ops[k].op;
                break;
            }
    if (!at) { *err = xasprintf("'%s' is not a condition (COLUMN=VALUE, !=, <, <=, >, >=)", text); return -1; }
    char *name = xasprintf("%.*s", (int)(at - text), text), *value = xstrdup(at + oplen);
    str_trim(name);
    str_trim(value);
    int rc = 0;
    if (!valid_name(name)) { *err = xasprintf("'%s': '%s' is not a column name", text, name); rc = -1; }
    else if (!*value) { *err = xasprintf("'%s' has no value", text); rc = -1; }
    else if (strchr(value, '|') && c->op != OP_EQ && c->op != OP_NE) {
        *err = xasprintf("'%s': alternatives (a|b) go with = or != only", text);
        rc = -1;
    } else if (c->op != OP_EQ && c->op != OP_NE) {
        double x;
        if (parse_number(value, &x)) {
            *err = xasprintf("'%s': <, <=, > and >= compare numbers ('%s' is not one)", text, value);
            rc = -1;
        }
    }
    if (rc == 0) {
        c->col = name;
        if (c->op == OP_EQ) c->extreme = !strcmp(value, "max") ? 1 : !strcmp(value, "min") ? -1 : 0;
        sl_split(&c->alts, value, '|');
        for (int i = 0; i < c->alts.n; i++) str_trim(c->alts.v[i]);
    } else {
        free(name);
    }
    free(value);
    return rc;
}

int filter_parse(const char *text, struct filter *f, char **err)
{
    memset(f, 0, sizeof *f);
    struct strlist parts = {0};
    sl_split(&parts, text ? text : "", ',');
    int rc = 0;
    for (int i = 0; i < parts.n && rc == 0; i++) {
        char *p = str_trim(parts.v[i]);
        if (!*p) continue;
        f->c = xrealloc(f->c, sizeof *f->c * (size_t)(f->n + 1));
        if (parse_cond(p, &f->c[f->n], err)) rc = -1;
        else f->n++;
    }
    sl_free(&parts);
    if (rc) filter_free(f);
    return rc;
}

int filter_names(const struct filter *f, const char *col)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->c[i].col, col)) return 1;
    return 0;
}

const struct cond *filter_fixing(const struct filter *f, const char *col)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->c[i].col, col) && f->c[i].op == OP_EQ && !f->c[i].extreme && f->c[i].alts.n == 1) return &f->c[i];
    return NULL;
}

void filter_merge(struct filter *f, const struct filter *extra)
{
    for (int i = 0; i < extra->n; i++) {
        if (filter_names(f, extra->c[i].col)) continue;
        f->c = xrealloc(f->c, sizeof *f->c * (size_t)(f->n + 1));
        struct cond *c = &f->c[f->n++];
        memset(c, 0, sizeof *c);
        c->col = xstrdup(extra->c[i].col);
        c->op = extra->c[i].op;
        c->extreme = extra->c[i].extreme;
        c->colidx = -1;
        for (int k = 0; k < extra->c[i].alts.n; k++) sl_push(&c->alts, extra->c[i].alts.v[k]);
    }
}

int filter_bind(struct filter *f, const struct table *t, char **err)
{
    for (int i = 0; i < f->n; i++) {
        f->c[i].colidx = table_col(t, f->c[i].col);
        if (f->c[i].colidx < 0) { *err = xasprintf("no column '%s' in %s", f->c[i].col, t->path); return -1; }
    }
    return 0;
}

/* compare: <0, 0, >0 for cell against value (numbers when both are numbers); 2 when text values
 * cannot be ordered. */
static int compare(const char *cell, const char *value, int *ordered)
{
    double a, b;
    if (parse_number(cell, &a) == 0 && parse_number(value, &b) == 0) {
        *ordered = 1;
        return a < b ? -1 : a > b;
    }
    *ordered = 0;
    return strcmp(cell, value) != 0;
}

/* A row as vid_match sees it: its columns, then the pairs of its own id. */
struct row_ctx { const struct table *t; int row; const struct vid *id; };

static const char *row_value(void *ctx, const char *key)
{
    const struct row_ctx *r = ctx;
    int col = table_col(r->t, key);
    return col >= 0 ? table_cell(r->t, r->row, col) : vid_value(r->id, key);
}

/* variant_match: the variant column by the id grammar (variantid.h): "naive" picks every naive row
 * whatever its parameters, "naive:TILE=16" those at TILE 16 (by the row's columns). */
static int variant_match(const char *cell, const char *pattern, const struct table *t, int row)
{
    if (!strcmp(cell, pattern)) return 1;
    struct vid p, id;
    char *err = NULL;
    if (vid_parse(pattern, &p, &err)) { free(err); return 0; }
    if (vid_parse(cell, &id, &err)) { free(err); vid_free(&p); return 0; }
    struct row_ctx ctx = { t, row, &id };
    int ok = vid_match(&p, id.name, row_value, &ctx);
    vid_free(&p);
    vid_free(&id);
    return ok;
}

static int cond_match(const struct cond *c, const struct table *t, int row)
{
    if (c->extreme) return 1;
    const char *cell = table_cell(t, row, c->colidx);
    int ordered;
    if (c->op == OP_EQ || c->op == OP_NE) {
        int any = 0, is_variant = !strcmp(c->col, "variant");
        for (int k = 0; k < c->alts.n && !any; k++)
            any = is_variant ? variant_match(cell, c->alts.v[k], t, row) : compare(cell, c->alts.v[k], &ordered) == 0;
        return c->op == OP_EQ ? any : !any;
    }
    int r = compare(cell, c->alts.v[0], &ordered);
    if (!ordered) return 0;
    switch (c->op) {
    case OP_LT: return r < 0;
    case OP_LE: return r <= 0;
    case OP_GT: return r > 0;
    default:    return r >= 0;
    }
}

int filter_match(const struct filter *f, const struct table *t, int row)
{
    for (int i = 0; i < f->n; i++)
        if (!cond_match(&f->c[i], t, row)) return 0;
    return 1;
}

char *filter_cond_text(const struct cond *c)
{
    static const char *const ops[] = { "=", "!=", "<", "<=", ">", ">=" };
    struct sbuf b = {0};
    sb_printf(&b, "%s%s", c->col, ops[c->op]);
    for (int k = 0; k < c->alts.n; k++) sb_printf(&b, "%s%s", k ? "|" : "", c->alts.v[k]);
    return b.s;
}

/* The values of a column filter_explain lists in full; more are said as a range. */
#define VALUES_SHOWN 8

/* by_number: qsort's order of two value texts that read as numbers. */
static int by_number(const void *a, const void *b)
{
    double x = 0, y = 0;
    parse_number(*(char *const *)a, &x);
    parse_number(*(char *const *)b, &y);
    return (x > y) - (x < y);
}

static int strlist_numbers(const struct strlist *l)
{
    double x;
    for (int i = 0; i < l->n; i++)
        if (parse_number(l->v[i], &x)) return 0;
    return 1;
}

/* explain: filter_explain's words, with the count of rows left where counted, else "every row". */
static char *explain(const struct filter *f, const struct table *t, const int *eligible, int counted)
{
    for (int j = 0; j < f->n; j++) {
        int left = 0;
        struct strlist vals = {0};
        for (int row = 0; row < t->nrows; row++) {
            if (!eligible[row]) continue;
            int ok = 1;
            for (int i = 0; i < f->n && ok; i++) ok = i == j || cond_match(&f->c[i], t, row);
            if (!ok) continue;
            left++;
            const char *v = table_cell(t, row, f->c[j].colidx);
            int seen = 0;
            for (int k = 0; k < vals.n && !seen; k++) seen = !strcmp(vals.v[k], v);
            if (!seen) sl_push(&vals, v);
        }
        if (left) {
            struct sbuf b = {0};
            /* Up to VALUES_SHOWN of them in full, in the file's order; more are a range, the numbers in
             * their order, cut where it says so and ending at the last ("64, 128, ..., 1024 (16 values)"):
             * a list cut at its eighth read as the values the run had. */
            int cut = vals.n > VALUES_SHOWN;
            if (cut && strlist_numbers(&vals)) qsort(vals.v, (size_t)vals.n, sizeof *vals.v, by_number);
            for (int k = 0; k < vals.n; k++) {
                if (cut && k == 2) {
                    sb_printf(&b, ", ...");
                    k = vals.n - 1;
                }
                /* A size as a spec writes it (1Mi, not results.tsv's 1048576), beside the condition's. */
                double x;
                char *shown = parse_number(vals.v[k], &x) == 0 && x == floor(x) && fabs(x) >= 10000 ? number_words(x)
                                                                                             : xstrdup(vals.v[k]);
                sb_printf(&b, "%s%s", k ? ", " : "", *shown ? shown : "(empty)");
                free(shown);
            }
            if (cut) sb_printf(&b, " (%d values)", vals.n);
            char *c = filter_cond_text(&f->c[j]);
            char *why = !counted ? xasprintf("%s excludes every row the other conditions leave (%s there: %s)", c, f->c[j].col, b.s)
                      : left == 1 ? xasprintf("%s excludes the one row the other conditions leave (%s there: %s)", c,
                                              f->c[j].col, b.s)
                                  : xasprintf("%s excludes all %d rows the other conditions leave (%s there: %s)", c, left,
                                              f->c[j].col, b.s);
            free(c);
            sb_free(&b);
            sl_free(&vals);
            return why;
        }
        sl_free(&vals);
    }
    return NULL;
}

char *filter_explain(const struct filter *f, const struct table *t, const int *eligible)
{
    return explain(f, t, eligible, 1);
}

char *filter_explain_uncounted(const struct filter *f, const struct table *t, const int *eligible)
{
    return explain(f, t, eligible, 0);
}

int filter_extremes(const struct filter *f, const struct table *t, int *rows, int n)
{
    for (int i = 0; i < f->n; i++) {
        const struct cond *c = &f->c[i];
        if (!c->extreme) continue;
        double best = NAN;
        for (int k = 0; k < n; k++) {
            double x = table_num(t, rows[k], c->colidx);
            if (isfinite(x) && (isnan(best) || (c->extreme > 0 ? x > best : x < best))) best = x;
        }
        int m = 0;
        for (int k = 0; k < n; k++)
            if (table_num(t, rows[k], c->colidx) == best) rows[m++] = rows[k];
        n = m;
    }
    return n;
}

void filter_free(struct filter *f)
{
    for (int i = 0; i < f->n; i++) { free(f->c[i].col); sl_free(&f->c[i].alts); }
    free(f->c);
    memset(f, 0, sizeof *f);
}

/* ---- checks ------------------------------------------------------------------------------- */

static const char *const agg_names[] = { "", "min", "max", "mean", "median", "sum", "count", "gmean", NULL };

const char *sel_agg_name(enum sel_agg a) { return agg_names[a]; }

static int agg_find(const char *name, size_t n)
{
    for (int i = 1; agg_names[i]; i++)
        if (strlen(agg_names[i]) == n && !strncmp(agg_names[i], name, n)) return i;
    return -1;
}

/* split_top: the top-level comparisons of expr (parts joined by && or ||), for showing both sides. */
static void split_top(struct check *c)
{
    const char *e = c->expr;
    int depth = 0;
    for (const char *p = e; *p; p++) {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        if (depth == 0 && *p == '?') return;       /* a choice, not a list of comparisons */
    }
    const char *part = e;
    for (;;) {
        const char *end = part;
        depth = 0;
        while (*end && !(depth == 0 && ((end[0] == '&' && end[1] == '&') || (end[0] == '|' && end[1] == '|')))) {
            depth += *end == '(' ? 1 : *end == ')' ? -1 : 0;
            end++;
        }
        const char *opat = NULL, *optext = NULL;
        depth = 0;
        for (const char *p = part; p < end && !opat; p++) {
            depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
            if (depth) continue;
            static const char *const cmp[] = {">=", "<=", "==", "!=", ">", "<", NULL};
            for (int k = 0; cmp[k]; k++)
                if (!strncmp(p, cmp[k], strlen(cmp[k]))) { opat = p; optext = cmp[k]; break; }
        }
        if (opat) {
            char *l = xasprintf("%.*s", (int)(opat - part), part), *r = xasprintf("%.*s", (int)(end - opat - strlen(optext)), opat + strlen(optext));
            sl_push_own(&c->sides, xstrdup(str_trim(l)));
            sl_push_own(&c->sides, xstrdup(str_trim(r)));
            sl_push(&c->ops, optext);
            free(l);
            free(r);
        }
        if (!*end) break;
        part = end + 2;
    }
}

int check_parse(const char *text, struct check *c, char **err)
{
    memset(c, 0, sizeof *c);
    struct sbuf out = {0};
    const char *done = text;                 /* text before this is in out */
    for (const char *p = text; *p; p++) {
        if (*p != '[') continue;
        const char *m = p;
        while (m > done && is_name_char((unsigned char)m[-1])) m--;
        int expr = m == p && m > done && m[-1] == ')';
        if (expr) {
            /* (median_ms * 1e6 / OPS)[...]: an expression over the row in parentheses. */
            int depth = 0;
            do {
                m--;
                depth += *m == ')' ? 1 : *m == '(' ? -1 : 0;
            } while (m > done && depth > 0);
            if (depth) { *err = xasprintf("unbalanced parentheses before '[' in '%s'", text); goto fail; }
        }
        if (m == p) { *err = xasprintf("'[' with no column name (or expression in parentheses) before it in '%s'", text); goto fail; }
        const char *close = strchr(p, ']');
        if (!close) { *err = xasprintf("'[' without ']' in '%s'", text); goto fail; }
        /* agg( metric[...] ): an aggregate when nothing else is inside its parentheses. */
        const char *start = m, *stop = close + 1;
        enum sel_agg agg = AGG_ONE;
        const char *q = m;
        while (q > done && q[-1] == ' ') q--;
        if (q > done && q[-1] == '(') {
            const char *a = q - 1;
            while (a > done && isalpha((unsigned char)a[-1])) a--;
            const char *after = close + 1;
            while (*after == ' ') after++;
            int k = agg_find(a, (size_t)(q - 1 - a));
            if (*after == ')' && k > 0) { agg = (enum sel_agg)k; start = a; stop = after + 1; }
        }
        struct selector s = {0};
        s.agg = agg;
        s.metric = expr ? xasprintf("%.*s", (int)(p - m - 2), m + 1) : xasprintf("%.*s", (int)(p - m), m);
        s.text = xasprintf("%.*s", (int)(stop - start), start);
        char *ftext = xasprintf("%.*s", (int)(close - p - 1), p + 1), *ferr = NULL;
        int rc = filter_parse(ftext, &s.f, &ferr);
        free(ftext);
        if (rc) {
            *err = xasprintf("%s: %s", s.text, ferr);
            free(ferr);
            free(s.metric);
            free(s.text);
            goto fail;
        }
        c->sel = xrealloc(c->sel, sizeof *c->sel * (size_t)(c->nsel + 1));
        c->sel[c->nsel++] = s;
        sb_putn(&out, done, (size_t)(start - done));
        sb_printf(&out, "sel_%d", c->nsel);
        done = stop;
        p = stop - 1;
    }
    sb_printf(&out, "%s", done);
    c->expr = out.s ? out.s : xstrdup("");
    if (c->nsel == 0) { *err = xasprintf("'%s' selects no rows: write metric[COLUMN=VALUE, ...]", text); check_free(c); return -1; }
    split_top(c);
    return 0;
fail:
    sb_free(&out);
    check_free(c);
    return -1;
}

char *check_text(const struct check *c, const char *expr)
{
    struct sbuf b = {0};
    for (const char *p = expr; *p;) {
        int i, end = 0;
        if ((p == expr || !is_name_char((unsigned char)p[-1])) && !strncmp(p, "sel_", 4) && isdigit((unsigned char)p[4]) &&
            sscanf(p, "sel_%d%n", &i, &end) == 1 &&
            !is_name_char((unsigned char)p[end]) && i >= 1 && i <= c->nsel) {
            sb_printf(&b, "%s", c->sel[i - 1].text);
            p += end;
        } else {
            sb_putn(&b, p++, 1);
        }
    }
    return b.s ? b.s : xstrdup("");
}

void check_free(struct check *c)
{
    for (int i = 0; i < c->nsel; i++) { free(c->sel[i].text); free(c->sel[i].metric); filter_free(&c->sel[i].f); }
    free(c->sel);
    free(c->expr);
    sl_free(&c->sides);
    sl_free(&c->ops);
    memset(c, 0, sizeof *c);
}
