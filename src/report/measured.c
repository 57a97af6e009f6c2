/* measured.c — what a device measured in its latest `clx run peaks` (results folder), for `clx
 * devices --peaks`: each variant's best rate with its share of the theoretical peak, and the
 * probes (launch latency, transfers, the memory hierarchy's levels, ...). */
#include "measured.h"
#include "store/rundir.h"
#include "store/rowstatus.h"
#include "device/peak.h"
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

char *measured_find(const char *root, const char *device, const char *driver)
{
    DIR *d = opendir(root);
    if (!d) return NULL;
    /* The newest full run; a --quick run (small sizes, few trials) only when there is none. */
    char *best[2] = {NULL, NULL}, *started[2] = {NULL, NULL};
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "peaks-", 6)) continue;
        char *dir = path_join(root, e->d_name), *err = NULL;
        struct rundir r;
        /* A shard holds part of the sweep: the merge of its shards is the device's run. */
        if (rundir_open(dir, &r, &err) == 0 && !strcmp(r.experiment, "peaks") && !strcmp(r.device, device) &&
            !strcmp(r.driver, driver) && !cJSON_GetObjectItemCaseSensitive(r.json, "shard")) {
            int q = rundir_quick(&r);
            if (!started[q] || strcmp(r.started, started[q]) > 0) {
                free(best[q]);
                free(started[q]);
                best[q] = xstrdup(dir);
                started[q] = xstrdup(r.started);
            }
        }
        free(err);
        rundir_free(&r);
        free(dir);
    }
    closedir(d);
    free(started[0]);
    free(started[1]);
    if (best[0]) { free(best[1]); return best[0]; }
    return best[1];
}

/* best_of: per variant (and build), the row with the highest GFLOP/s, else GB/s, among those that
 * ran and verified; its index per group in out (-1 when none). */
struct best { const char *variant, *build; int row; int rate_col, flops; const char *unit; };

/* row_pct: the row's share of its own peak: a stream's of the bandwidth, a chain's of the peak of
 * its precision or matrix engine (whichever column the row filled), NAN when none. */
static double row_pct(const struct table *t, int row, int flops)
{
    if (!flops) return table_num(t, row, table_col(t, "pct_bw_peak"));
    const char *col;
    for (int i = 0; (col = peak_kind_column(i)); i++) {
        double v = table_num(t, row, table_col(t, col));
        if (!isnan(v)) return v;
    }
    return NAN;
}

static int collect(const struct rundir *r, struct best **out)
{
    int n = 0;
    *out = NULL;
    for (int i = 0; i < r->t.nrows; i++) {
        if (!rundir_row_ok(r, i)) continue;
        const char *v = table_cell(&r->t, i, r->c_variant), *b = table_cell(&r->t, i, r->c_build);
        int flops = !isnan(table_num(&r->t, i, r->c_gflops));
        int col = flops ? r->c_gflops : r->c_gbs;
        if (isnan(table_num(&r->t, i, col))) continue;
        int k;
        for (k = 0; k < n; k++)
            if (!strcmp((*out)[k].variant, v) && !strcmp((*out)[k].build, b)) break;
        if (k == n) {
            *out = xrealloc(*out, sizeof **out * (size_t)(n + 1));
            (*out)[n++] = (struct best){ v, b, -1, col, flops, flops ? "GFLOP/s" : "GB/s" };
        }
        struct best *bk = &(*out)[k];
        if (bk->row < 0 || table_num(&r->t, i, col) > table_num(&r->t, bk->row, col)) bk->row = i;
    }
    return n;
}

/* print_probes: the run's probes.tsv, one line per measure that ran and verified. */
static void print_probes(FILE *out, const char *dir)
{
    char *pp = path_join(dir, "probes.tsv");
    struct table t;
    char *terr = NULL;
    if (table_read(pp, &t, &terr) == 0) {
        int cp = table_col(&t, "probe"), cm = table_col(&t, "measure"), cv = table_col(&t, "median"),
            cu = table_col(&t, "unit"), cs = table_col(&t, "status"), cb = table_col(&t, "bytes");
        /* Where the levels were found, they stand for the latency curve's rows (in probes.tsv). */
        int levels = 0, curve = 0;
        double lo = 0, hi = 0;
        for (int i = 0; i < t.nrows; i++) {
            int ok = row_status_of(table_cell(&t, i, cs)) == RS_OK;
            levels += ok && !strcmp(table_cell(&t, i, cp), "levels");
            if (ok && !strcmp(table_cell(&t, i, cp), "latency")) {
                double b = table_num(&t, i, cb);
                if (!curve++) lo = b;
                hi = b;
            }
        }
        for (int i = 0; i < t.nrows; i++) {
            if (row_status_of(table_cell(&t, i, cs)) != RS_OK) continue;
            if (levels && !strcmp(table_cell(&t, i, cp), "latency")) continue;
            fprintf(out, "    %-33s %10.4g %s", table_cell(&t, i, cm), table_num(&t, i, cv), table_cell(&t, i, cu));
            double b = table_num(&t, i, cb);
            if (!strcmp(table_cell(&t, i, cp), "levels") && b > 0) {
                char *w = size_words(b);
                fprintf(out, " (%s %s)", !strcmp(table_cell(&t, i, cu), "ns") ? "holds at least" : "a read of", w);
                free(w);
            }
            fprintf(out, "\n");
        }
        if (levels && curve) {
            char *a = size_words(lo), *b = size_words(hi);
            fprintf(out, "    (the levels of %d load latencies, %s to %s: probes.tsv)\n", curve, a, b);
            free(a);
            free(b);
        }
        table_free(&t);
    }
    free(terr);
    free(pp);
}

int measured_print(FILE *out, const char *dir)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) { fprintf(out, "  (cannot read %s: %s)\n", dir, err); free(err); return -1; }
    if (rundir_quick(&r))
        fprintf(out, "  from %s (clx run peaks --quick, %s): small sizes and few trials, not the device's peaks; "
                     "clx run peaks measures them:\n", dir, r.started);
    else
        fprintf(out, "  from %s (clx run peaks, %s):\n", dir, r.started);
    struct best *b;
    int n = collect(&r, &b);
    for (int k = 0; k < n; k++) {
        double pct = row_pct(&r.t, b[k].row, b[k].flops);
        fprintf(out, "    %-16s %-16s %10.1f %-8s", b[k].variant, *b[k].build ? b[k].build : "default",
                table_num(&r.t, b[k].row, b[k].rate_col), b[k].unit);
        if (!isnan(pct)) fprintf(out, " %5.1f%% of the theoretical peak", pct);
        fprintf(out, "\n");
    }
    if (!n) fprintf(out, "    (no row ran and verified)\n");
    free(b);
    print_probes(out, dir);
    rundir_free(&r);
    return 0;
}

cJSON *measured_json(const char *dir)
{
    struct rundir r;
    char *err = NULL;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "run", dir);
    if (rundir_open(dir, &r, &err)) { cJSON_AddStringToObject(o, "error", err); free(err); return o; }
    cJSON_AddStringToObject(o, "started", r.started);
    cJSON_AddBoolToObject(o, "quick", rundir_quick(&r));
    cJSON *rates = cJSON_AddArrayToObject(o, "rates");
    struct best *b;
    int n = collect(&r, &b);
    for (int k = 0; k < n; k++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "variant", b[k].variant);
        cJSON_AddStringToObject(x, "build", b[k].build);
        cJSON_AddNumberToObject(x, "rate", table_num(&r.t, b[k].row, b[k].rate_col));
        cJSON_AddStringToObject(x, "unit", b[k].unit);
        double pct = row_pct(&r.t, b[k].row, b[k].flops);
        if (isnan(pct)) cJSON_AddNullToObject(x, "pct_of_peak");
        else cJSON_AddNumberToObject(x, "pct_of_peak", pct);
        cJSON_AddItemToArray(rates, x);
    }
    free(b);
    cJSON *probes = cJSON_AddArrayToObject(o, "probes");
    char *pp = path_join(dir, "probes.tsv"), *terr = NULL;
    struct table t;
    if (table_read(pp, &t, &terr) == 0) {
        int cp = table_col(&t, "probe"), cm = table_col(&t, "measure"), cv = table_col(&t, "median"),
            cu = table_col(&t, "unit"), cc = table_col(&t, "cv"), cs = table_col(&t, "status");
        for (int i = 0; i < t.nrows; i++) {
            cJSON *x = cJSON_CreateObject();
            cJSON_AddStringToObject(x, "probe", table_cell(&t, i, cp));
            cJSON_AddStringToObject(x, "measure", table_cell(&t, i, cm));
            double m = table_num(&t, i, cv), c = table_num(&t, i, cc);
            if (isnan(m)) cJSON_AddNullToObject(x, "median"); else cJSON_AddNumberToObject(x, "median", m);
            cJSON_AddStringToObject(x, "unit", table_cell(&t, i, cu));
            if (isnan(c)) cJSON_AddNullToObject(x, "cv"); else cJSON_AddNumberToObject(x, "cv", c);
            cJSON_AddStringToObject(x, "status", table_cell(&t, i, cs));
            cJSON_AddItemToArray(probes, x);
        }
        table_free(&t);
    }
    free(terr);
    free(pp);
    rundir_free(&r);
    return o;
}
