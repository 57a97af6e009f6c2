/* sweepcheck.c — a plot's or a finding's conditions against the rows of the spec's own sweep
 * (sweepcheck.h). */
#include "sweepcheck.h"
#include "plan_table.h"
#include "spec.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

/* The most rows checked: vecsum's sweep has 108, sgemm's (restricted, not checked) millions. */
#define SWEEPCHECK_MOST 100000
/* What 'max' in a work-group range stands for without a device: a GPU's largest work-group. The
 * values above it that a CPU runtime adds change no build, variant or parameter a row has, and two
 * work-group sizes make a selector ambiguous as well as two thousand (a variant's condition is
 * matched by its id's grammar on each row: maths' 32:max:32 at 65536 took seconds). */
#define SWEEPCHECK_MAX_WG 1024
/* The values differ() lists of a column, and then how many more there are. */
#define SWEEPCHECK_SHOWN 6

void sweepcheck_open(const struct spec *s, struct sweepcheck *c)
{
    char *err = NULL;
    memset(c, 0, sizeof *c);
    c->s = s;
    if (s->restrictions || plan_make(s, NULL, 0, 0, SWEEPCHECK_MAX_WG, &c->p, &err)) {
        free(err);
        return;
    }
    c->known = plan_table(s, &c->p, SWEEPCHECK_MOST, &c->t) == 0 && c->t.nrows > 0;
}

void sweepcheck_close(struct sweepcheck *c)
{
    table_free(&c->t);
    plan_free(&c->p);
    memset(c, 0, sizeof *c);
}

/* is_launch: whether col is a launch axis of the spec. */
static int is_launch(const struct sweepcheck *c, const char *col)
{
    for (int a = 0; a < c->p.naxes; a++)
        if (!strcmp(c->p.axis_names[a], col)) return 1;
    return 0;
}

/* kept: into sub (its conditions shared with f, not copies: free sub.c only), f's conditions on a
 * column of the rows (not launch axes where launch is 0), bound to it; *left: how many were not. */
static void kept(const struct sweepcheck *c, const struct filter *f, int launch, struct filter *sub, int *left)
{
    sub->c = xmalloc(sizeof *sub->c * (size_t)(f->n + 1));
    sub->n = 0;
    for (int i = 0; i < f->n; i++) {
        int col = table_col(&c->t, f->c[i].col);
        if (col < 0 || f->c[i].extreme || (!launch && is_launch(c, f->c[i].col))) {
            (*left)++;
            continue;
        }
        sub->c[sub->n] = f->c[i];
        sub->c[sub->n++].colidx = col;
    }
}

/* matching: the rows of c that meet sub, their indexes into rows (c->t.nrows of room); how many. */
static int matching(const struct sweepcheck *c, const struct filter *sub, int *rows)
{
    int n = 0;
    for (int r = 0; r < c->t.nrows; r++)
        if (filter_match(sub, &c->t, r)) rows[n++] = r;
    return n;
}

char *sweepcheck_none(const struct sweepcheck *c, const struct filter *f)
{
    if (!c->known || !f || f->n == 0) return NULL;
    struct filter sub;
    int left = 0;
    kept(c, f, 0, &sub, &left);
    int *rows = xmalloc(sizeof *rows * (size_t)c->t.nrows), n = sub.n ? matching(c, &sub, rows) : 1;
    char *said = NULL;
    if (n == 0) {
        /* The rows the where's launch-axis conditions leave (N=2048: a third of a sweep of three N),
         * among which the others are counted. The count is said only where every condition is
         * judged on the sweep's rows: one on a launch value the full sweep lacks (quick's, an
         * override's), a column the plan's rows lack or an extreme leaves a run's count unknown. */
        struct filter lf, every;
        int unjudged = 0, eligible = 0;
        kept(c, f, 1, &every, &unjudged);
        lf.c = every.c;
        lf.n = 0;
        for (int i = 0; i < every.n; i++)
            if (is_launch(c, every.c[i].col)) lf.c[lf.n++] = every.c[i];
        int *ok = xmalloc(sizeof *ok * (size_t)c->t.nrows);
        for (int r = 0; r < c->t.nrows; r++) eligible += ok[r] = filter_match(&lf, &c->t, r);
        if (!eligible)
            for (int r = 0; r < c->t.nrows; r++) ok[r] = 1;
        said = unjudged || !eligible ? filter_explain_uncounted(&sub, &c->t, ok) : filter_explain(&sub, &c->t, ok);
        free(ok);
        free(every.c);
        if (!said) {
            struct sbuf b = {0};
            for (int i = 0; i < sub.n; i++) {
                char *one = filter_cond_text(&sub.c[i]);
                sb_printf(&b, "%s%s", i ? ", " : "", one);
                free(one);
            }
            said = xasprintf("no row has %s together", b.s);
            sb_free(&b);
        }
    }
    free(rows);
    free(sub.c);
    return said;
}

/* differ: the columns in which rows[0..n) differ, with their values: "N: 4M/16M; local: 64/256". */
static char *differ(const struct sweepcheck *c, const int *rows, int n)
{
    struct sbuf b = {0};
    for (int col = 0; col < c->t.cols.n; col++) {
        struct strlist vals = {0};
        for (int k = 0; k < n; k++) {
            /* A size as the spec writes one (4M, not 4000000). */
            double num;
            const char *cell = table_cell(&c->t, rows[k], col);
            char *x = parse_number(cell, &num) ? xstrdup(cell) : number_words(num);
            int seen = 0;
            for (int j = 0; j < vals.n && !seen; j++) seen = !strcmp(vals.v[j], x);
            if (!seen) sl_push(&vals, x);
            free(x);
        }
        /* The variant's id differs wherever a parameter does: named only where it alone does. */
        if (vals.n > 1 && (strcmp(c->t.cols.v[col], "variant") || c->p.params.n == 0)) {
            int all = vals.n;
            if (all > SWEEPCHECK_SHOWN) vals.n = SWEEPCHECK_SHOWN;
            char *j = sl_join(&vals, "/");
            vals.n = all;
            sb_printf(&b, "%s%s: %s", b.len ? "; " : "", c->t.cols.v[col], j);
            if (all > SWEEPCHECK_SHOWN) sb_printf(&b, "/... (%d values)", all);
            free(j);
        }
        sl_free(&vals);
    }
    return b.s ? b.s : xstrdup("nothing the plan names");
}

char *sweepcheck_several(const struct sweepcheck *c, const struct selector *sel, const struct filter *where)
{
    if (!c->known || sel->agg != AGG_ONE) return NULL;
    /* The selector's own conditions win over the where's, as finding_pick merges them. */
    struct filter all = { xmalloc(sizeof *all.c * (size_t)(sel->f.n + (where ? where->n : 0) + 1)), 0 };
    for (int i = 0; i < sel->f.n; i++) all.c[all.n++] = sel->f.c[i];
    for (int i = 0; where && i < where->n; i++)
        if (!filter_names(&sel->f, where->c[i].col)) all.c[all.n++] = where->c[i];
    struct filter sub;
    int left = 0;
    kept(c, &all, 1, &sub, &left);
    char *said = NULL;
    int *rows = xmalloc(sizeof *rows * (size_t)c->t.nrows), n = left ? 0 : matching(c, &sub, rows);
    if (n > 1) {
        char *d = differ(c, rows, n);
        said = xasprintf("%s is ambiguous: %d rows of the spec's sweep match (they differ in %s), as they will in any run of "
                         "it: name one in the finding's where or the selector, or aggregate with max(...), mean(...)",
                         sel->text, n, d);
        free(d);
    }
    free(rows);
    free(sub.c);
    free(all.c);
    return said;
}
