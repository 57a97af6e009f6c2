/* rowwork.c — the work a row did a launch, and whether rows set side by side did the same (rowwork.h). */
#include "rowwork.h"
#include "store/columns.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double rowwork_of(const struct rundir *r, int i, enum launchwork_unit u)
{
    struct launchwork x = rundir_work(r, i);
    return launchwork_of(&x, u);
}

enum launchwork_unit rowwork_pair(const struct rundir *a, int ia, const struct rundir *b, int ib, double *wa, double *wb)
{
    struct launchwork x = rundir_work(a, ia), y = rundir_work(b, ib);
    return launchwork_pair(&x, &y, wa, wb);
}

double rowwork_common(const struct rundir *r, const int *rows, int n, enum launchwork_unit u)
{
    double w = NAN;
    for (int k = 0; k < n; k++) {
        double x = rowwork_of(r, rows[k], u);
        if (!(x > 0) || (k && !launchwork_same(w, x))) return NAN;
        if (!k) w = x;
    }
    return w;
}

int rowwork_per_launch(const char *metric)
{
    const struct column_info *c = column_find(metric);
    return c && c->better < 0 && (!strcmp(c->unit, "ms") || !strcmp(c->unit, "cycles") || !strcmp(c->unit, "J"));
}

/* A measured row and its configuration but for its build: rows of one key differ in the build alone. */
struct keyed { char *key; int row; };

static int by_key(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->row > y->row) - (x->row < y->row);
}

void rowwork_span_add(struct rowwork_span *s, enum launchwork_unit u, double x)
{
    if (u == LAUNCHWORK_NONE || !(x > 0) || launchwork_same(x, 1)) return;
    s->lo = s->n ? fmin(s->lo, x) : x;
    s->hi = s->n ? fmax(s->hi, x) : x;
    s->n++;
    s->units |= 1u << u;
}

void rowwork_span_said(struct sbuf *b, const char *who, const char *than, const struct rowwork_span *s)
{
    char w[64];
    if (s->n) sb_printf(b, "%s's rows did %s work a launch than %s's", who, launchwork_times_words(w, sizeof w, s->lo, s->hi), than);
}

void rowwork_units_said(struct sbuf *b, unsigned units, const char *each, const char **rate)
{
    int both = units == ((1u << LAUNCHWORK_GFLOP) | (1u << LAUNCHWORK_GB)), flops = (units & (1u << LAUNCHWORK_GFLOP)) != 0;
    sb_printf(b, " (%s: the spec's %s at each %s's values)", both ? "GFLOP or GB" : flops ? "GFLOP" : "GB",
              both ? "flops or bytes" : flops ? "flops" : "bytes", each);
    if (rate) *rate = both ? "GFLOP/s or GB/s" : flops ? "GFLOP/s" : "GB/s";
}

char *rowwork_builds_differ(const struct rundir *r, const char *base, const char **rate)
{
    int kb = rundir_id_index(r, "build"), n = 0;
    if (kb < 0) return NULL;
    struct keyed *k = xmalloc(sizeof *k * (size_t)(r->t.nrows + 1));
    for (int i = 0; i < r->t.nrows; i++)
        if (rundir_row_ok(r, i)) k[n++] = (struct keyed){ rundir_key_but(r, i, 1, kb), i };
    qsort(k, (size_t)n, sizeof *k, by_key);
    /* Per other build: the span of its work over base's. */
    struct strlist builds = {0};
    struct rowwork_span *span = xcalloc((size_t)(n + 1), sizeof *span);
    unsigned units = 0;
    for (int a = 0, e; a < n; a = e) {
        int bi = -1;
        for (e = a; e < n && !strcmp(k[e].key, k[a].key); e++)
            if (!strcmp(table_cell(&r->t, k[e].row, r->c_build), base)) bi = k[e].row;
        for (int x = a; x < e && bi >= 0; x++) {
            int j = k[x].row;
            double wb, wj;
            enum launchwork_unit u = rowwork_pair(r, bi, r, j, &wb, &wj);
            if (j == bi || u == LAUNCHWORK_NONE || launchwork_same(wb, wj)) continue;
            const char *b = table_cell(&r->t, j, r->c_build);
            int at = 0;
            while (at < builds.n && strcmp(builds.v[at], b)) at++;
            if (at == builds.n) sl_push(&builds, b);
            rowwork_span_add(&span[at], u, wj / wb);
            units |= 1u << u;
        }
    }
    char *said = NULL;
    if (builds.n) {
        struct sbuf s = {0};
        for (int b = 0; b < builds.n; b++) {
            if (b) sb_printf(&s, "; ");
            rowwork_span_said(&s, builds.v[b], base, &span[b]);
        }
        sb_printf(&s, " at the same variant, launch point and work-group size");
        rowwork_units_said(&s, units, "build", rate);
        said = s.s;
    }
    for (int i = 0; i < n; i++) free(k[i].key);
    free(k);
    free(span);
    sl_free(&builds);
    return said;
}
