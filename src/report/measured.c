/* measured.c — what a device measured in a `clx run peaks` (results folder) as an atlas, for `clx
 * devices --peaks` and report.md: each variant's best rate beside the theoretical peak it counts
 * against, and the probes (launch latency, transfers, the memory hierarchy's levels, ...). */
#include "measured.h"
#include "measure/probes.h"
#include "spec/solkinds.h"
#include "store/rundir.h"
#include "store/rowstatus.h"
#include "device/peak.h"
#include "sol/measuredpeaks.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

char *measured_find(const char *root, const char *device, const char *driver)
{
    return sol_peaks_find(root, device, driver, NULL);
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

/* op_unit: row i's unit of operations a second: its class's (the PREC column, peaks' flops_peak:
 * integer classes count GOP/s), GFLOP/s where it names none. */
static const char *op_unit(const struct rundir *r, int i)
{
    int cp = table_col(&r->t, "PREC");
    return sol_code_unit(cp >= 0 ? table_num(&r->t, i, cp) : NAN);
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
            (*out)[n++] = (struct best){ .variant = v, .build = b, .row = -1, .rate_col = col, .flops = flops,
                                         .unit = flops ? op_unit(r, i) : "GB/s" };
        }
        struct best *bk = &(*out)[k];
        if (bk->row < 0 || table_num(&r->t, i, col) > table_num(&r->t, bk->row, col)) bk->row = i;
    }
    return n;
}

/* probe_line: an atlas line of probes.tsv's row i, or 0 when the row is not one: it did not pass, or
 * it is a point of the latency curve where the levels found in it stand for the curve. */
static int probe_line(const struct table *t, int i, int levels, struct atlas_line *a)
{
    int cp = table_col(t, "probe"), cm = table_col(t, "measure"), cb = table_col(t, "bytes"), cu = table_col(t, "unit");
    if (row_status_of(table_cell(t, i, table_col(t, "status"))) != RS_OK) return 0;
    const char *probe = table_cell(t, i, cp);
    if (levels && !strcmp(probe, "latency")) return 0;
    double b = table_num(t, i, cb), peak = table_num(t, i, table_col(t, "peak"));
    int ns = !strcmp(table_cell(t, i, cu), "ns");
    char *w = b > 0 ? size_words(b) : NULL;
    *a = (struct atlas_line){ .what = xasprintf("%s: %s", probe, table_cell(t, i, cm)), .where = NULL,
                              .value = table_num(t, i, table_col(t, "median")), .peak = peak > 0 ? peak : NAN,
                              .unit = xstrdup(table_cell(t, i, cu)) };
    if (w && !strcmp(probe, "levels")) a->where = xasprintf("%s %s", ns ? "holds at least" : "a read of", w);
    else if (w && (!strcmp(probe, "transfers") || !strcmp(probe, "cachebw"))) a->where = xasprintf("%s a trial", w);
    else if (w && ns) a->where = xasprintf("footprint %s", w);
    free(w);
    return 1;
}

/* not_ceiling: where the read of probes.tsv's row i (its line a) gives way, in the speed of light,
 * to a faster read of the same run (sol_read_ceiling, on m read from that run: the one rule), said as
 * no ceiling beside its figure: Intel's CPU runtime listed "cachebw: read, last-level cache 11.92 GB/s"
 * and "local memory reads 14.88" beside read_f4_cpu's 70.99 from the cache. On a CPU their work-items
 * each sum a few loads in one or two dependent chains, and a CPU runs a work-group's work-items one
 * after another on a core: the adds wait on each other, where a GPU's thousands of work-items in
 * flight hide them (no barrier is in the way: the cache read has none, the local read one, before
 * its loop). */
static void not_ceiling(const struct sol_measured *m, const struct table *t, int i, struct atlas_line *a)
{
    int cb = table_col(t, "bytes");
    int k = sol_probe_class(m, table_cell(t, i, table_col(t, "probe")), table_cell(t, i, table_col(t, "measure")),
                            cb >= 0 ? table_num(t, i, cb) : NAN);
    struct sol_faster f;
    if (k < 0 || strcmp(a->unit, "GB/s") || sol_read_ceiling(m, k, a->value, &f)) return;
    /* Why a read of another level bounds this one: each level is no slower than the one beyond it. */
    const char *why = k == SOL_LOCAL ? (f.k == SOL_DRAM ? " (local memory is no slower than memory)"
                                                        : " (local memory is no slower than the caches)")
                    : f.k != k ? " (the cache is no slower than memory)" : "";
    char *v = atlas_number(f.rate);
    char *w = xasprintf("%s%snot a ceiling: %s read %s GB/s in this run%s", a->where ? a->where : "",
                        a->where ? "; " : "", f.by, v, why);
    free(v);
    free(a->where);
    a->where = w;
}

/* theoretical: the peak a rate of pct percent of it counts against: run.json's figure that the rate
 * and its share (rounded in results.tsv) point at, else the figure they give; NAN without a share. */
static double theoretical(const struct rundir *r, double rate, double pct)
{
    if (!(pct > 0)) return NAN;
    /* results.tsv keeps a share to 0.1: the guess is that close, relatively 0.05 / pct. */
    double guess = rate * 100 / pct, best = guess, off = guess * (0.051 / pct + 0.0005);
    double peaks[32];
    for (int i = 0, n = runjson_peaks(&r->rj, peaks, 32); i < n; i++)
        if (fabs(peaks[i] - guess) <= off) {
            off = fabs(peaks[i] - guess);
            best = peaks[i];
        }
    return best;
}

/* cached: whether row i of r is flagged cache-resident (its GB/s the cache's). */
static int cached(const struct rundir *r, int i)
{
    return r->c_flag >= 0 && flag_has(table_cell(&r->t, i, r->c_flag), "cache-resident");
}

/* variant_line: a variant's name, with its build where it is not the default one. */
static char *variant_line(const char *variant, const char *build)
{
    return *build && strcmp(build, "default") ? xasprintf("%s (%s)", variant, build) : xstrdup(variant);
}

int measured_atlas(const struct rundir *r, const char *dir, struct atlas_line **out, char **curve)
{
    struct best *b;
    int n = collect(r, &b), m = 0;
    *out = xcalloc((size_t)(n ? n : 1), sizeof **out);
    *curve = NULL;
    for (int k = 0; k < n; k++) {
        double v = table_num(&r->t, b[k].row, b[k].rate_col), pct = row_pct(&r->t, b[k].row, b[k].flops);
        (*out)[m] = (struct atlas_line){ .what = variant_line(b[k].variant, b[k].build),
                                         .where = rundir_point(r, b[k].row, 1), .value = v,
                                         .peak = theoretical(r, v, pct), .unit = xstrdup(b[k].unit) };
        /* A stream whose data fit the cache read the cache: a --quick run's small buffers gave
         * "read_f4_cpu 75.55 GB/s" beside the memory's lines with no word of it. */
        if (cached(r, b[k].row)) {
            char *w = xasprintf("%s%scache-resident: the cache's rate, not memory's", (*out)[m].where ? (*out)[m].where : "",
                                (*out)[m].where && *(*out)[m].where ? "; " : "");
            free((*out)[m].where);
            (*out)[m].where = w;
        }
        m++;
    }
    free(b);
    char *pp = path_join(dir, "probes.tsv"), *terr = NULL;
    struct table t;
    if (table_read(pp, &t, &terr) == 0) {
        int cp = table_col(&t, "probe"), cs = table_col(&t, "status"), cb = table_col(&t, "bytes");
        /* Where the latency curve has levels they stand for its rows (which stay in probes.tsv). */
        int levels = 0, points = 0;
        double lo = 0, hi = 0;
        for (int i = 0; i < t.nrows; i++) {
            int ok = row_status_of(table_cell(&t, i, cs)) == RS_OK;
            levels += ok && !strcmp(table_cell(&t, i, cp), "levels");
            if (ok && !strcmp(table_cell(&t, i, cp), "latency")) {
                if (!points++) lo = table_num(&t, i, cb);
                hi = table_num(&t, i, cb);
            }
        }
        *out = xrealloc(*out, sizeof **out * (size_t)(m + t.nrows + 1));
        /* The ceilings the speed of light takes from this run, to say which probes are none. */
        struct sol_measured ms;
        char *merr = NULL;
        int have = sol_measured_read(dir, NULL, NULL, &ms, &merr) == 0;
        for (int i = 0; i < t.nrows; i++)
            if (probe_line(&t, i, levels, &(*out)[m])) {
                if (have) not_ceiling(&ms, &t, i, &(*out)[m]);
                m++;
            }
        if (have) sol_measured_free(&ms);
        free(merr);
        if (levels && points) {
            char *a = size_words(lo), *z = size_words(hi);
            *curve = xasprintf("the levels of %d load latencies, %s to %s (probes.tsv)", points, a, z);
            free(a);
            free(z);
        }
        table_free(&t);
    }
    free(terr);
    free(pp);
    return m;
}

char *atlas_number(double v)
{
    return fabs(v) >= 1000 ? xasprintf("%.0f", v) : xasprintf("%.4g", v);
}

void measured_atlas_free(struct atlas_line *a, int n)
{
    for (int i = 0; i < n; i++) { free(a[i].what); free(a[i].where); free(a[i].unit); }
    free(a);
}

int measured_print(FILE *out, const char *dir)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) { fprintf(out, "  (cannot read %s: %s)\n", dir, err); free(err); return -1; }
    /* What it is (sol_peaks_what: --quick, narrowed, how it was timed), in the words a run reading it
     * says; the options that made it in the command shown. */
    struct sol_peaks_what w;
    sol_peaks_what_of(&r, &w);
    char *is = sol_peaks_what_said(&w);
    if (w.quick || w.narrowed)
        /* Found only where no whole run is (sol_peaks_find), and read by no run unless --peaks names it:
         * shown as "clx run peaks", a narrowed one passed for the device's peaks. */
        fprintf(out, "  from %s (clx run peaks %s, %s): %s%s; a run reads none of its figures unless --peaks names it; "
                     "clx run peaks measures them:\n", dir, w.quick ? "--quick" : w.narrowed, r.started,
                w.quick ? "" : "narrowed by its options: ", is);
    else fprintf(out, "  from %s (clx run peaks, %s%s%s):\n", dir, r.started, is ? "; " : "", is ? is : "");
    free(is);
    sol_peaks_what_free(&w);
    struct atlas_line *a;
    char *curve;
    int n = measured_atlas(&r, dir, &a, &curve);
    for (int k = 0; k < n; k++) {
        char *v = atlas_number(a[k].value);
        fprintf(out, "    %-40s %10s %-7s", a[k].what, v, a[k].unit);
        free(v);
        if (!isnan(a[k].peak)) {
            char *p = atlas_number(a[k].peak);
            fprintf(out, " of %s (%.1f%%)", p, 100 * a[k].value / a[k].peak);
            free(p);
        }
        if (a[k].where && *a[k].where) fprintf(out, "  %s", a[k].where);
        fprintf(out, "\n");
    }
    if (!n) fprintf(out, "    (no row ran and verified)\n");
    if (curve) fprintf(out, "    (%s)\n", curve);
    measured_atlas_free(a, n);
    free(curve);
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
    struct sol_peaks_what w;
    sol_peaks_what_of(&r, &w);
    cJSON_AddBoolToObject(o, "quick", w.quick);
    if (w.narrowed) cJSON_AddStringToObject(o, "narrowed", w.narrowed);
    else cJSON_AddNullToObject(o, "narrowed");
    /* How it was timed where that lowers its figures, as the text's header and run.json's
     * sol.peaks_run_note say it. */
    if (w.timing) cJSON_AddStringToObject(o, "timing", w.timing);
    else cJSON_AddNullToObject(o, "timing");
    sol_peaks_what_free(&w);
    cJSON *rates = cJSON_AddArrayToObject(o, "rates");
    struct best *b;
    int n = collect(&r, &b);
    for (int k = 0; k < n; k++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "variant", b[k].variant);
        cJSON_AddStringToObject(x, "build", b[k].build);
        cJSON_AddNumberToObject(x, "rate", table_num(&r.t, b[k].row, b[k].rate_col));
        cJSON_AddStringToObject(x, "unit", b[k].unit);
        cJSON_AddBoolToObject(x, "cache_resident", cached(&r, b[k].row));
        double pct = row_pct(&r.t, b[k].row, b[k].flops);
        if (isnan(pct)) {
            cJSON_AddNullToObject(x, "pct_of_peak");
            cJSON_AddNullToObject(x, "theoretical");
        } else {
            cJSON_AddNumberToObject(x, "pct_of_peak", pct);
            cJSON_AddNumberToObject(x, "theoretical", theoretical(&r, table_num(&r.t, b[k].row, b[k].rate_col), pct));
        }
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
            double pk = table_num(&t, i, table_col(&t, "peak"));
            if (pk > 0) cJSON_AddNumberToObject(x, "peak", pk); else cJSON_AddNullToObject(x, "peak");
            cJSON_AddItemToArray(probes, x);
        }
        table_free(&t);
    }
    free(terr);
    free(pp);
    rundir_free(&r);
    return o;
}
