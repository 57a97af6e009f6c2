/* finding_points.c — two aggregates a finding sets against each other checked for standing on the same
 * points, and a best that stands on the rows that passed alone (finding_points.h). */
#include "finding_points.h"
#include "store/columns.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int aggregates(enum sel_agg a)
{
    return a == AGG_MEAN || a == AGG_GMEAN || a == AGG_MEDIAN || a == AGG_SUM;
}

/* conds_on: f's conditions on col as written, sorted and joined: what two sides compare. */
static char *conds_on(const struct filter *f, const char *col)
{
    struct strlist l = {0};
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->c[i].col, col)) sl_push_own(&l, filter_cond_text(&f->c[i]));
    sl_sort(&l);
    char *s = sl_join(&l, ", ");
    sl_free(&l);
    return s;
}

/* apart_cols: the columns (their indexes in r's table) on which the two selectors' conditions
 * differ: what sets one side against the other (variant, DATA_BYTES). */
static int apart_cols(const struct rundir *r, const struct filter *fa, const struct filter *fb, int *cols)
{
    int n = 0;
    for (int s = 0; s < 2; s++) {
        const struct filter *f = s ? fb : fa;
        for (int i = 0; i < f->n; i++) {
            int c = table_col(&r->t, f->c[i].col), seen = c < 0;
            for (int j = 0; j < n && !seen; j++) seen = cols[j] == c;
            if (seen) continue;
            char *x = conds_on(fa, f->c[i].col), *y = conds_on(fb, f->c[i].col);
            if (strcmp(x, y)) cols[n++] = c;
            free(x);
            free(y);
        }
    }
    return n;
}

/* follows: whether column c's value follows from the values of cols[0..n) in every row of the run
 * (taylor's N from DATA_BYTES, a variant from its parameters): then it differs between the sides
 * because their conditions do, and is no point of theirs. */
static int follows(const struct rundir *r, int c, const int *cols, int n)
{
    int m = r->t.nrows, ok = 1;
    char **k = xmalloc(sizeof *k * (size_t)(m + 1));
    for (int i = 0; i < m; i++) {
        struct sbuf b = {0};
        for (int j = 0; j < n; j++) sb_printf(&b, "%s\x1f", table_cell(&r->t, i, cols[j]));
        sb_printf(&b, "\x1e%s", table_cell(&r->t, i, c));
        k[i] = b.s;
    }
    qsort(k, (size_t)m, sizeof *k, str_ptr_cmp);
    for (int i = 1; i < m && ok; i++) {
        size_t la = strcspn(k[i - 1], "\x1e"), lb = strcspn(k[i], "\x1e");
        ok = !(la == lb && !strncmp(k[i - 1], k[i], la) && strcmp(k[i - 1] + la, k[i] + lb));
    }
    for (int i = 0; i < m; i++) free(k[i]);
    free(k);
    return ok;
}

/* point_keys: the point of each of p's rows that has a value of s's metric (the rows its aggregate
 * takes), "local=256" (the columns pc[0..npc)), sorted, one of each. */
static int point_keys(const struct rundir *r, const struct selector *s, const struct pick *p, const int *pc,
                      char *const *names, int npc, char ***out)
{
    char **k = xmalloc(sizeof *k * (size_t)(p->n + 1));
    int n = 0;
    for (int i = 0; i < p->n; i++) {
        if (!isfinite(rundir_value(r, s->metric, p->rows[i], NULL))) continue;
        struct sbuf b = {0};
        for (int j = 0; j < npc; j++) sb_printf(&b, "%s%s=%s", j ? " " : "", names[j], table_cell(&r->t, p->rows[i], pc[j]));
        k[n++] = b.s ? b.s : xstrdup("");
    }
    qsort(k, (size_t)n, sizeof *k, str_ptr_cmp);
    int u = 0;
    for (int i = 0; i < n; i++) {
        if (u && !strcmp(k[u - 1], k[i])) free(k[i]);
        else k[u++] = k[i];
    }
    *out = k;
    return u;
}

/* only_in: how many of x[0..nx) y[0..ny) lacks, the first three of them into b. */
static int only_in(char **x, int nx, char **y, int ny, struct sbuf *b)
{
    int n = 0;
    for (int i = 0; i < nx; i++) {
        if (bsearch(&x[i], y, (size_t)ny, sizeof *y, str_ptr_cmp)) continue;
        if (n < 3) sb_printf(b, "%s%s", n ? "; " : "", x[i]);
        n++;
    }
    if (n > 3) sb_printf(b, "; ...");
    return n;
}

/* said_only: " local=256 has rows in the second and none in the first", or "2 points (...) have". */
static void said_only(struct sbuf *w, const char *sep, int n, const char *keys, const char *in, const char *not_in)
{
    if (n > 1) sb_printf(w, "%s %d points (%s) have rows in the %s and none in the %s", sep, n, keys, in, not_in);
    else sb_printf(w, "%s %s has rows in the %s and none in the %s", sep, keys, in, not_in);
}

/* extremes_apart: where sa and sb both keep the rows at one end of a configuration's column
 * (ORDERS=max) and their picks stand at different values of it, why, in a new string; else NULL. */
static char *extremes_apart(const struct rundir *r, const struct selector *sa, const struct pick *a,
                            const struct selector *sb, const struct pick *b)
{
    if (!a->n || !b->n) return NULL;
    for (int i = 0; i < sa->f.n; i++) {
        const struct cond *c = &sa->f.c[i];
        if (!c->extreme || c->colidx < 0 || rundir_id_index(r, c->col) < 0) continue;
        for (int j = 0; j < sb->f.n; j++) {
            const struct cond *d = &sb->f.c[j];
            const char *x = table_cell(&r->t, a->rows[0], c->colidx), *y = table_cell(&r->t, b->rows[0], c->colidx);
            if (d->extreme != c->extreme || strcmp(d->col, c->col) || !strcmp(x, y)) continue;
            char *ct = filter_cond_text(c), *w;
            w = xasprintf("%s and %s stand on different points: %s is %s in the first and %s in the second (a row skipped, "
                          "or that did not pass, on one side): their ratio sets one size of work against another, no "
                          "measure of the claim", sa->text, sb->text, ct, x, y);
            free(ct);
            return w;
        }
    }
    return NULL;
}

char *finding_points_apart(const struct rundir *r, const struct selector *sa, const struct pick *a,
                           const struct selector *sb, const struct pick *b)
{
    char *ext = extremes_apart(r, sa, a, sb, b);
    if (ext) return ext;
    if (!aggregates(sa->agg) || !aggregates(sb->agg) || !a->n || !b->n) return NULL;
    int *apart = xmalloc(sizeof *apart * (size_t)(sa->f.n + sb->f.n + 1));
    int na = apart_cols(r, &sa->f, &sb->f, apart);
    /* The point columns: identifying columns the conditions do not set apart, nor follow from
     * them, that take more than one value on the two sides' rows. */
    int *pc = xmalloc(sizeof *pc * (size_t)(r->id_names.n + 1)), npc = 0;
    char **names = xmalloc(sizeof *names * (size_t)(r->id_names.n + 1));
    for (int k = 0; na && k < r->id_names.n; k++) {
        int c = r->id_col[k], skip = c < 0;
        for (int j = 0; j < na && !skip; j++) skip = apart[j] == c;
        if (skip || (!rundir_id_differs(r, k, a->rows, a->n) && !rundir_id_differs(r, k, b->rows, b->n) &&
                     !strcmp(table_cell(&r->t, a->rows[0], c), table_cell(&r->t, b->rows[0], c))))
            continue;
        if (follows(r, c, apart, na)) continue;
        names[npc] = r->id_names.v[k];
        pc[npc++] = c;
    }
    char *why = NULL;
    if (npc) {
        char **ka, **kb;
        int nka = point_keys(r, sa, a, pc, names, npc, &ka), nkb = point_keys(r, sb, b, pc, names, npc, &kb);
        struct sbuf s1 = {0}, s2 = {0};
        int only_b = only_in(kb, nkb, ka, nka, &s1), only_a = only_in(ka, nka, kb, nkb, &s2);
        if (only_a || only_b) {
            struct sbuf w = {0};
            sb_printf(&w, "%s and %s aggregate different points:", sa->text, sb->text);
            if (only_b) said_only(&w, "", only_b, s1.s, "second", "first");
            if (only_a) said_only(&w, only_b ? ";" : "", only_a, s2.s, "first", "second");
            sb_printf(&w, " (a row that did not pass, or a sweep cut short): their ratio sets one mix of work "
                          "against another, no measure of the claim");
            why = w.s;
        }
        free(s1.s);
        free(s2.s);
        for (int i = 0; i < nka; i++) free(ka[i]);
        for (int i = 0; i < nkb; i++) free(kb[i]);
        free(ka);
        free(kb);
    }
    free(apart);
    free(pc);
    free(names);
    return why;
}

int finding_points_check(const struct rundir *r, const struct check *c, const struct pick *picks, struct finding_why *why)
{
    int n = 0;
    for (int i = 0; i < c->nsel; i++)
        for (int j = i + 1; j < c->nsel; j++) {
            if (!strcmp(c->sel[i].text, c->sel[j].text)) continue;
            char *apart = finding_points_apart(r, &c->sel[i], &picks[i], &c->sel[j], &picks[j]);
            if (apart) n++;
            finding_why_add(why, NULL, apart);
        }
    return n;
}

/* How far a value a row that did not pass could have had is taken to lie: as far as a value goes. */
#define UNPASSED_FAR 1e9
/* More values than this are not varied (2^N combinations): the part may be anything. */
#define UNPASSED_MOST 16

/* far: x moved as far as it goes up (dir +1) or down (-1), keeping on its side of its origin (a time
 * above 0, a deviation above -1) where it is there. */
static double far(double x, double origin, int dir)
{
    if (x + origin > 0) return dir > 0 ? (x + origin) * UNPASSED_FAR - origin : (x + origin) / UNPASSED_FAR - origin;
    return x + dir * UNPASSED_FAR * (fabs(x) + 1);
}

void finding_points_unpassed_ends(const struct selector *s, const struct pick *p, double *lo, double *hi)
{
    *lo = *hi = p->x;
    if (!p->unpassed) return;
    double o = column_origin(column_find(s->metric));
    /* A bound the rows that did not pass are known to keep within (timed-out rows': finding_timeout.h),
     * else as far as a value goes. */
    if (p->unpassed_dir <= 0) *lo = p->bounded ? fmin(p->x, p->reach) : far(p->x, o, -1);
    if (p->unpassed_dir >= 0) *hi = p->bounded ? fmax(p->x, p->reach) : far(p->x, o, 1);
}

char *finding_points_unpassed_why(const struct selector *s, const struct pick *p, int n)
{
    struct sbuf w = {0};
    int failed = 0, unreached = 0;
    char nb[32];
    for (int i = 0; i < n; i++) {
        int again = 0;
        for (int j = 0; j < i && !again; j++) again = !strcmp(s[j].text, s[i].text);
        if (!p[i].unpassed || again) continue;
        sb_printf(&w, "%s%s = %s is %s (%s%s)", w.len ? "; " : "", s[i].text, finding_num(nb, sizeof nb, p[i].x),
                  finding_pick_unpassed_words(&p[i]), p[i].unpassed_at, finding_pick_unpassed_did(&p[i]));
        failed |= p[i].unpassed > p[i].unreached;
        unreached |= p[i].unreached > 0;
    }
    /* A configuration a stopped run never reached is its --resume's to measure; a row that did not
     * pass fails as it did in a fuller sweep (FINDING_UNPASSED_SAID: finding_sweep_decides). */
    if (w.len && failed) sb_printf(&w, ": a row that " FINDING_UNPASSED_SAID ", had it passed");
    if (w.len && unreached)
        sb_printf(&w, "%s a configuration " FINDING_UNREACHED_SAID " (its --resume measures it)", failed ? ", as could" : ":");
    return w.s;
}

int finding_points_unpassed_span(const struct check *c, const struct pick *picks, struct vars *v, const char *expr,
                                 double *lo, double *hi, int truth[2])
{
    /* The values that move: one bit each, a selector written twice one value. */
    int *bit = xcalloc((size_t)c->nsel + 1, sizeof *bit), nbits = 0;
    for (int i = 0; i < c->nsel; i++) {
        bit[i] = picks[i].unpassed ? nbits : -1;
        for (int j = 0; j < i && bit[i] >= 0; j++)
            if (bit[j] >= 0 && !strcmp(c->sel[j].text, c->sel[i].text)) bit[i] = bit[j];
        if (bit[i] == nbits) nbits++;
    }
    if (nbits > UNPASSED_MOST) {
        *lo = -INFINITY;
        *hi = INFINITY;
        truth[0] = truth[1] = 1;
    }
    char name[32];
    for (long mask = 0; nbits && nbits <= UNPASSED_MOST && mask < 1L << nbits; mask++) {
        for (int i = 0; i < c->nsel; i++) {
            if (bit[i] < 0) continue;
            double a, b;
            finding_points_unpassed_ends(&c->sel[i], &picks[i], &a, &b);
            snprintf(name, sizeof name, "sel_%d", i + 1);
            vars_set(v, name, mask >> bit[i] & 1 ? b : a);
        }
        double y;
        if (expr_eval(expr, v, &y, NULL)) {          /* no value there (a division by 0): anything */
            *lo = -INFINITY;
            *hi = INFINITY;
            truth[0] = truth[1] = 1;
            continue;
        }
        *lo = fmin(*lo, y);
        *hi = fmax(*hi, y);
        truth[y == 0] = 1;
    }
    for (int i = 0; i < c->nsel; i++) {
        snprintf(name, sizeof name, "sel_%d", i + 1);
        vars_set(v, name, picks[i].x);
    }
    free(bit);
    return nbits;
}

int finding_points_unpassed_check(const struct check *c, const struct pick *picks, struct vars *v, const char *expr,
                                  struct finding_why *why)
{
    double y = NAN, lo, hi;
    if (expr_eval(expr, v, &y, NULL)) return 0;
    int truth[2] = { y != 0, y == 0 };
    lo = hi = y;
    if (!finding_points_unpassed_span(c, picks, v, expr, &lo, &hi, truth) || !(truth[0] && truth[1])) return 0;
    finding_why_add(why, NULL, finding_points_unpassed_why(c->sel, picks, c->nsel));
    return 1;
}
