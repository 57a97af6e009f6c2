/* rundir.c — reads a run folder back: results.tsv as a table, run.json for provenance and axes. */
#include "rundir.h"
#include "expr.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *json_str(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(x) && x->valuestring ? x->valuestring : "";
}

double json_num(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(x) ? x->valuedouble : 0;
}

/* group_key: variant, build and every launch axis but local, as one string. */
static char *group_key(const struct rundir *r, int i)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s\t%s", table_cell(&r->t, i, r->c_variant), table_cell(&r->t, i, r->c_build));
    for (int a = 0; a < r->axes.n; a++)
        if (r->axis_col[a] != r->c_local) sb_printf(&b, "\t%s", table_cell(&r->t, i, r->axis_col[a]));
    return b.s;
}

static char **sort_keys;
static int by_key(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    int c = strcmp(sort_keys[x], sort_keys[y]);
    return c ? c : x - y;
}

/* make_groups: group ids by sorting the rows' keys (a sweep has thousands of rows), numbered in
 * the order the groups first appear in the file. */
static void make_groups(struct rundir *r)
{
    int n = r->t.nrows;
    char **keys = xcalloc((size_t)n + 1, sizeof *keys);
    int *idx = xcalloc((size_t)n + 1, sizeof *idx), *tmp = xcalloc((size_t)n + 1, sizeof *tmp);
    for (int i = 0; i < n; i++) { keys[i] = group_key(r, i); idx[i] = i; }
    sort_keys = keys;
    qsort(idx, (size_t)n, sizeof *idx, by_key);
    /* In sorted order each run of equal keys starts at its first row in the file. */
    for (int k = 0; k < n; k++) tmp[idx[k]] = k > 0 && !strcmp(keys[idx[k]], keys[idx[k - 1]]) ? tmp[idx[k - 1]] : idx[k];
    r->group = xcalloc((size_t)n + 1, sizeof *r->group);
    r->group_first = xcalloc((size_t)n + 1, sizeof *r->group_first);
    int *id_of_first = xcalloc((size_t)n + 1, sizeof *id_of_first);
    for (int i = 0; i < n; i++) {
        if (tmp[i] == i) { id_of_first[i] = r->ngroups; r->group_first[r->ngroups++] = i; }
        r->group[i] = id_of_first[tmp[i]];
    }
    for (int i = 0; i < n; i++) free(keys[i]);
    free(keys); free(idx); free(tmp); free(id_of_first);
}

int rundir_open(const char *dir, struct rundir *r, char **err)
{
    memset(r, 0, sizeof *r);
    r->dir = xstrdup(dir);
    char *tsv = path_join(dir, "results.tsv"), *js = path_join(dir, "run.json");
    int rc = -1;
    if (table_read(tsv, &r->t, err)) goto out;
    char *text = read_file(js, NULL);
    if (!text) { *err = xasprintf("%s: %s (a run folder has results.tsv and run.json)", js, strerror(errno)); goto out; }
    r->json = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsObject(r->json)) { *err = xasprintf("%s: not valid JSON", js); goto out; }
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(r->json, "device");
    const cJSON *pk = cJSON_GetObjectItemCaseSensitive(r->json, "peak");
    const cJSON *as_run = cJSON_GetObjectItemCaseSensitive(r->json, "as_run");
    r->experiment = json_str(r->json, "experiment");
    r->started = json_str(r->json, "started");
    r->command = json_str(r->json, "command_line");
    r->clx_version = json_str(r->json, "clx_version");
    r->spec_text = json_str(r->json, "spec");
    r->spec_file = json_str(r->json, "spec_file");
    r->device = json_str(dev, "name");
    r->platform = json_str(dev, "platform");
    r->driver = json_str(dev, "driver_version");
    r->fp32_gflops = json_num(pk, "fp32_gflops");
    r->mem_gbs = json_num(pk, "mem_gbs");
    if (!*r->experiment) { *err = xasprintf("%s: no \"experiment\"", js); goto out; }
    const cJSON *launch = cJSON_GetObjectItemCaseSensitive(as_run, "launch"), *a;
    int n = cJSON_GetArraySize(launch), k = 0;
    r->axis_len = xcalloc((size_t)n + 1, sizeof *r->axis_len);
    cJSON_ArrayForEach(a, launch) {
        sl_push(&r->axes, a->string);
        r->axis_len[k++] = cJSON_IsArray(a) ? cJSON_GetArraySize(a) : 1;
    }
    const cJSON *d;
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(as_run, "derived"))
        if (cJSON_IsString(d)) sl_push(&r->derived, d->valuestring);
    const struct table *t = &r->t;
    r->c_variant = table_col(t, "variant");
    r->c_build = table_col(t, "build");
    r->c_status = table_col(t, "status");
    r->c_local = table_col(t, "local");
    r->c_median = table_col(t, "median_ms");
    r->c_stddev = table_col(t, "stddev_ms");
    r->c_mean = table_col(t, "mean_ms");
    r->c_gflops = table_col(t, "gflops");
    r->c_gbs = table_col(t, "gbs");
    r->c_flag = table_col(t, "flag");
    if (r->c_variant < 0 || r->c_build < 0 || r->c_status < 0 || r->c_median < 0) {
        *err = xasprintf("%s: not a clx results file (no variant, build, status or median_ms column)", tsv);
        goto out;
    }
    r->axis_col = xcalloc((size_t)r->axes.n + 1, sizeof *r->axis_col);
    for (int a = 0; a < r->axes.n; a++)
        r->axis_col[a] = !strcmp(r->axes.v[a], "local") ? r->c_local : table_col(t, r->axes.v[a]);
    make_groups(r);
    r->point = xcalloc((size_t)t->nrows + 1, sizeof *r->point);
    for (int i = 0; i < t->nrows; i++) r->point[i] = rundir_point(r, i, 0);
    rc = 0;
out:
    free(tsv);
    free(js);
    return rc;
}

void rundir_free(struct rundir *r)
{
    for (int i = 0; r->point && i < r->t.nrows; i++) free(r->point[i]);
    free(r->point);
    table_free(&r->t);
    cJSON_Delete(r->json);
    sl_free(&r->axes);
    sl_free(&r->derived);
    free(r->axis_len);
    free(r->axis_col);
    free(r->group);
    free(r->group_first);
    free(r->dir);
    memset(r, 0, sizeof *r);
}

int rundir_row_ok(const struct rundir *r, int i)
{
    const char *st = table_cell(&r->t, i, r->c_status);
    return (!strcmp(st, "ok") || !strcmp(st, "unverified")) && table_num(&r->t, i, r->c_median) > 0;
}

char *rundir_point(const struct rundir *r, int i, int with_local)
{
    struct sbuf b = {0};
    for (int a = 0; a < r->axes.n; a++) {
        int is_local = !strcmp(r->axes.v[a], "local");
        if (is_local ? !with_local : r->axis_len[a] < 2) continue;
        sb_printf(&b, "%s%s=%s", b.len ? " " : "", r->axes.v[a], table_cell(&r->t, i, r->axis_col[a]));
    }
    return b.s ? b.s : xstrdup("");
}

char *rundir_key(const struct rundir *r, int i)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s\t%s", table_cell(&r->t, i, r->c_variant), table_cell(&r->t, i, r->c_build));
    for (int a = 0; a < r->axes.n; a++) {
        sb_printf(&b, "\t%s=%s", r->axes.v[a], table_cell(&r->t, i, r->axis_col[a]));
    }
    return b.s;
}

char *rundir_title(const struct rundir *r)
{
    return xasprintf("%s on %s (%s, driver %s)%s%.10s", r->experiment, *r->device ? r->device : "an unnamed device",
                     *r->platform ? r->platform : "unknown platform", *r->driver ? r->driver : "unknown",
                     *r->started ? ", " : "", r->started);
}

double rundir_value(const struct rundir *r, const char *metric, int i, char **err)
{
    int c = table_col(&r->t, metric);
    if (c >= 0) return table_num(&r->t, i, c);
    /* Every column is a name, NAN where the row has no number: "COPY ? pct_bw_peak : pct_fp32_peak"
     * needs only the branch it takes, and a NAN that is used gives no value. */
    struct vars v = {0};
    for (int k = 0; k < r->t.cols.n; k++) vars_set(&v, r->t.cols.v[k], table_num(&r->t, i, k));
    double x;
    char *e = NULL;
    int rc = expr_eval(metric, &v, &x, &e);
    vars_free(&v);
    if (rc) {
        /* A value this row lacks is no fault of the expression's. */
        if (err && e && !strstr(e, "finite")) { *err = e; e = NULL; }
        free(e);
        return NAN;
    }
    return x;
}
