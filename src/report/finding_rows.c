/* finding_rows.c — the rows each part of a finding is checked on ("on rows"), and what its measured
 * column shows: a finding's parts may read other rows than its where (a selector's own conditions
 * win), and a part measured is shown beside one that is missing, so that the line and the column
 * name the same rows (maths' quick run: "on rows: GPC=0, local=32" above GPC=8, local=256's words). */
#include "finding_rows.h"
#include "spec/finding_form.h"
#include "spec/select.h"
#include <stdlib.h>
#include <string.h>

/* check_rows: where's conditions, each replaced by c's selectors' condition on its column where every
 * selector of c names that one condition (c NULL: the where's own): "build=default, GPC=8, local=256".
 * Selectors that read other rows on a column (memcopy_ilp's max(gbs[GPC=8]) >= 0.5 * max(gbs[VEC>=1,
 * ILP>=1]) beside a where of VEC=1, ILP=1) leave the where's condition said: no one set is theirs. A
 * new string. */
static char *check_rows(const struct filter *where, const struct check *c)
{
    struct sbuf b = {0};
    for (int i = 0; i < where->n; i++) {
        const struct cond *use = NULL;
        char *first = NULL;
        int all = c && c->nsel > 0;
        for (int s = 0; all && s < c->nsel; s++) {
            const struct filter *f = &c->sel[s].f;
            const struct cond *own = NULL;
            for (int j = 0; j < f->n && !own; j++)
                if (!strcmp(f->c[j].col, where->c[i].col)) own = &f->c[j];
            char *t = own ? filter_cond_text(own) : NULL;
            all = t && (!first || !strcmp(first, t));
            if (all && !first) { first = t; use = own; }
            else free(t);
        }
        free(first);
        char *t = filter_cond_text(all && use ? use : &where->c[i]);
        sb_printf(&b, "%s%s", b.len ? ", " : "", t);
        free(t);
    }
    return b.s ? b.s : xstrdup("");
}

/* part_rows: a check's rows, or a pair's: one set where its sides read the same rows, else "A vs B".
 * A new string. */
static char *part_rows(const struct filter *where, const struct check *a, const struct check *b)
{
    char *ra = check_rows(where, a);
    if (!b) return ra;
    char *rb = check_rows(where, b);
    if (!strcmp(ra, rb)) { free(rb); return ra; }
    char *both = xasprintf("%s vs %s", ra, rb);
    free(ra);
    free(rb);
    return both;
}

/* The sets of rows met, each with the parts that read it, in the order first met. */
struct rowsets { struct strlist rows, parts; };

static void rowsets_add(struct rowsets *r, char *rows, const char *part)
{
    for (int i = 0; i < r->rows.n; i++)
        if (!strcmp(r->rows.v[i], rows)) {
            char *both = xasprintf("%s, %s", r->parts.v[i], part);
            free(r->parts.v[i]);
            r->parts.v[i] = both;
            free(rows);
            return;
        }
    sl_push_own(&r->rows, rows);
    sl_push(&r->parts, part);
}

/* add_check: the rows of a check or size part (text parsed as a check); one that does not parse
 * reads the where's (its error is said by the part's verdict). */
static void add_check(struct rowsets *r, const struct filter *where, const char *text, const char *part)
{
    struct check c;
    char *err = NULL;
    if (check_parse(text, &c, &err)) { free(err); rowsets_add(r, check_rows(where, NULL), part); return; }
    rowsets_add(r, check_rows(where, &c), part);
    check_free(&c);
}

char *finding_rows_said(const struct spec_finding *f)
{
    if (!f->where || !*f->where) return NULL;
    struct filter where;
    char *err = NULL;
    if (filter_parse(f->where, &where, &err)) { free(err); return xstrdup(f->where); }
    struct rowsets r = {0};
    if (f->check) add_check(&r, &where, f->check, "check");
    struct compare c;
    if (f->compare && !compare_parse(f->compare, &c, &err)) {
        for (int i = 0; i < c.n; i++) {
            char *part = xasprintf("pair %d", i + 1);
            rowsets_add(&r, part_rows(&where, &c.pair[i].a, &c.pair[i].b), part);
            free(part);
        }
        compare_free(&c);
    }
    free(err);
    if (f->size) add_check(&r, &where, f->size, "size");
    if (f->given) add_check(&r, &where, f->given, "premise");
    struct sbuf b = {0};
    /* One set of rows for every part, the where's own: the where as the spec wrote it; one set of
     * other rows, those without the parts' names. */
    char *own = check_rows(&where, NULL);
    if (r.rows.n == 0 || (r.rows.n == 1 && !strcmp(r.rows.v[0], own))) sb_printf(&b, "%s", f->where);
    else if (r.rows.n == 1) sb_printf(&b, "%s", r.rows.v[0]);
    else
        for (int i = 0; i < r.rows.n; i++) sb_printf(&b, "%s%s (%s)", b.len ? "; " : "", r.rows.v[i], r.parts.v[i]);
    free(own);
    sl_free(&r.rows);
    sl_free(&r.parts);
    filter_free(&where);
    return b.s;
}

char *finding_result_said(int nodata, const char *measured, const char *why)
{
    int m = measured && *measured;
    if (!nodata) return xstrdup(m ? measured : "");
    if (!m) return xstrdup(why ? why : "");
    return xasprintf("%s; cannot be checked: %s", measured, why && *why ? why : "");
}
