/* rundir.c — reads a run folder back: results.tsv as a table, run.json for provenance and axes. */
#include "rundir.h"
#include "results.h"
#include "rowstatus.h"
#include "runsin.h"
#include "mergebusy.h"
#include "mergeleft.h"
#include "rundevs.h"
#include "jsonval.h"
#include "lib/calledas.h"
#include "lib/expr.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* identify: the identifying columns: variant, build, then the launch axes sorted by name. */
static void identify(struct rundir *r)
{
    int n = r->axes.n, *idx = xcalloc((size_t)n + 1, sizeof *idx);
    for (int a = 0; a < n; a++) idx[a] = a;
    sort_by_keys(idx, n, r->axes.v);
    sl_push(&r->id_names, "variant");
    sl_push(&r->id_names, "build");
    r->id_col = xcalloc((size_t)n + 3, sizeof *r->id_col);
    r->id_col[0] = r->c_variant;
    r->id_col[1] = r->c_build;
    for (int a = 0; a < n; a++) {
        sl_push(&r->id_names, r->axes.v[idx[a]]);
        r->id_col[a + 2] = r->axis_col[idx[a]];
    }
    free(idx);
}

/* rundir_group_rows: group ids by sorting the rows' keys (a sweep has thousands of rows), numbered
 * in the order the groups first appear in the file. */
void rundir_group_rows(struct rundir *r)
{
    int n = r->t.nrows;
    char **keys = xcalloc((size_t)n + 1, sizeof *keys);
    int *idx = xcalloc((size_t)n + 1, sizeof *idx), *tmp = xcalloc((size_t)n + 1, sizeof *tmp);
    for (int i = 0; i < n; i++) { keys[i] = rundir_key(r, i, 0); idx[i] = i; }
    sort_by_keys(idx, n, keys);
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

/* latest_of: dir's run to read: dir itself, or where dir holds no results.tsv but is a folder of
 * runs (clx run --out DIR) its `latest` (a new string; NULL: dir itself). */
static char *latest_of(const char *dir)
{
    char *tsv = path_join(dir, "results.tsv"), *latest = NULL;
    if (!file_exists(tsv)) {
        char *link = path_join(dir, "latest"), *ltsv = path_join(link, "results.tsv");
        if (file_exists(ltsv)) latest = link;
        else free(link);
        free(ltsv);
    }
    free(tsv);
    return latest;
}

/* How many runs of a folder of runs its refusal names, newest first. */
enum { RUNS_NAMED = 3 };

/* folder_of_runs: where dir is a folder of runs (clx run --out DIR) with no `latest` to read
 * through (no run in it had a configuration that ran, or the link was removed), why it is read
 * as none: the runs it holds, newest first, to give one in its place (a new string); else NULL. */
static char *folder_of_runs(const char *dir)
{
    struct runs_in rs;
    if (runs_in_read(dir, &rs) || !rs.runs.n) {
        runs_in_free(&rs);
        return NULL;
    }
    char *link = path_join(dir, "latest");
    struct stat st;
    int dangling = lstat(link, &st) == 0;
    free(link);
    struct sbuf b = {0};
    int n = rs.runs.n;
    sb_printf(&b, "%s is not a run's folder but a folder of %d run%s (the folder given to clx run --out), %s (clx run "
              "points it at the last run in which a configuration ran): give %s in its place", dir, n, n > 1 ? "s" : "",
              dangling ? "whose latest leads to no run's results.tsv" : "with no latest to read through",
              n > 1 ? "one of its runs" : "its run");
    for (int i = 0; i < n && i < RUNS_NAMED; i++)
        sb_printf(&b, "%s%s", i ? ", " : n > 1 ? ", newest first: " : ": ", rs.runs.v[i]);
    if (n > RUNS_NAMED) sb_printf(&b, " (and %d more)", n - RUNS_NAMED);
    runs_in_free(&rs);
    return b.s;
}

const char *rundir_output_of(const char *dir)
{
    static const char *const cmds[] = { "compare", "history" };
    for (size_t k = 0; k < sizeof cmds / sizeof *cmds; k++) {
        char *md = xasprintf("%s/%s.md", dir, cmds[k]), *tsv = path_join(dir, "results.tsv");
        int is = file_exists(md) && !file_exists(tsv);
        free(md);
        free(tsv);
        if (is) return cmds[k];
    }
    return NULL;
}

/* has_mark: whether dir holds a merge's MERGE_UNFINISHED (mergeleft.h). */
static int has_mark(const char *dir)
{
    char *mark = path_join(dir, MERGE_UNFINISHED);
    int has = file_exists(mark);
    free(mark);
    return has;
}

int rundir_open(const char *dir_asked, struct rundir *r, char **err) { return rundir_open_seen(dir_asked, r, err, NULL); }

int rundir_open_seen(const char *dir_asked, struct rundir *r, char **err, struct lockholders *locks)
{
    memset(r, 0, sizeof *r);
    char *latest = latest_of(dir_asked), real[PATH_MAX];
    if (latest) {
        /* The folder `latest` names now: the next run there moves the link. */
        if (realpath(latest, real)) {
            free(latest);
            latest = xstrdup(real);
        }
        warn("%s is a folder of runs: reading its latest, %s", dir_asked, latest);
    }
    r->dir = latest ? latest : xstrdup(dir_asked);
    const char *dir = r->dir;
    char *tsv = path_join(dir, "results.tsv"), *js = path_join(dir, "run.json"), *merging = NULL;
    int rc = -1, is_dir = 0;
    /* "DIR/results.tsv: No such file" blamed a file where the folder itself was missing or was no
     * run's (a comparison's, a parent of several --out folders). */
    struct stat st;
    if (stat(dir, &st)) { *err = xasprintf("%s: %s", dir, strerror(errno)); goto out; }
    if (!S_ISDIR(st.st_mode)) { *err = xasprintf("%s is a file, not a run's folder", dir); goto out; }
    is_dir = 1;
    char *modes = path_join(dir, "modes.tsv");
    int is_modes = !file_exists(tsv) && file_exists(modes);
    free(modes);
    if (is_modes) {
        *err = xasprintf("%s is a --modes run's folder (modes.tsv, no results.tsv): clx report reads it; compare, "
                         "history and merge take a sweep's", dir);
        goto out;
    }
    if (!file_exists(tsv)) {
        if (!(*err = merge_left(dir))) *err = folder_of_runs(dir);   /* a merge stopped before its rows */
        /* A comparison's or a history's folder (clx compare's, clx history's): what it holds is read there. */
        const char *cmd = *err ? NULL : rundir_output_of(dir);
        if (cmd)
            *err = xasprintf("%s is not a run's folder but clx %s's: read its %s.md (a run's folder holds "
                             "results.tsv and run.json)", dir, cmd, cmd);
        if (!*err)
            *err = xasprintf("%s is not a run's folder: it holds no results.tsv (clx run writes results.tsv and run.json "
                             "into a run's folder; the folder given to clx run --out holds runs and their latest)", dir);
        goto out;
    }
    r->tsv_read = filestamp_of(tsv);     /* before: a rewrite while it is read makes it differ, never agree */
    if (table_read(tsv, &r->t, err)) goto out;
    if (r->t.cut) warn("%s ends with a row cut off (the run was stopped while writing it): left out", tsv);
    char *e = NULL;
    if (runjson_read(dir, &r->rj, &e)) {
        *err = e;   /* one without run.json: runjson_read says what happened */
        goto out;
    }
    const struct runjson *j = &r->rj;
    r->experiment = rj_str(j->experiment);
    r->started = rj_str(j->started);
    r->command = rj_str(j->command_line);
    r->clx_version = rj_str(j->clx_version);
    r->spec_text = rj_str(j->spec);
    r->spec_file = rj_str(j->spec_file);
    r->device = j->device.name;
    r->platform = j->device.platform;
    r->driver = j->device.driver_version;
    r->fp32_gflops = rj_num(j->peak.fp32_gflops);
    r->mem_gbs = rj_num(j->peak.mem_gbs);
    if (!*r->experiment) { *err = xasprintf("%s: no \"" RJ_EXPERIMENT "\"", js); goto out; }
    /* The launch axes (every sweep has local): all an older run.json says of its axes but derived. */
    const struct rj_as_run *as_run = &j->as_run;
    if (!as_run->naxes) { *err = xasprintf("%s: no " RJ_AS_RUN ".launch object (the axes as run)", js); goto out; }
    r->axis_len = xcalloc((size_t)as_run->naxes + 1, sizeof *r->axis_len);
    for (int a = 0; a < as_run->naxes; a++) {
        sl_push(&r->axes, as_run->axes[a].name);
        r->axis_len[a] = as_run->axes[a].values.n;
    }
    for (int d = 0; d < as_run->derived.n; d++) sl_push(&r->derived, as_run->derived.v[d]);
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
    identify(r);
    r->ok = xcalloc((size_t)t->nrows + 1, sizeof *r->ok);
    for (int i = 0; i < t->nrows; i++) {
        const char *st = table_cell(t, i, r->c_status);
        /* A rate above the device's peak is no result (the work was optimised away, or the timer
         * lies): it is never a best configuration, a finding's evidence or a verdict. */
        r->ok[i] = row_status_measured(st) && table_num(t, i, r->c_median) > 0 && !rundir_impossible(r, i);
    }
    rundir_group_rows(r);
    r->point = xcalloc((size_t)t->nrows + 1, sizeof *r->point);
    for (int i = 0; i < t->nrows; i++) r->point[i] = rundir_point(r, i, 0);
    rc = 0;
out:
    /* A merge writing dir now (mergebusy.h): what it holds is read as it stands, and said to be partial.
     * Asked only where a merge may be writing it: a folder not read whole (a new --out, a leftover), a
     * merge's (run again over it, or replacing it) or one with a merge's mark. A plain run's folder is
     * no merge's to write (a merge into it is refused), and asking costs a read of /proc/locks, whose
     * length is the host's: `clx history` of 300 runs took 4.2 s beside 2000 locks, 1.2 s beside none
     * (and a reader of many folders passes locks, read once for all of them). */
    if (is_dir && (rc || runjson_part(&r->rj, RJ_MERGED) || has_mark(dir))) merging = merge_in_progress_seen(dir, locks);
    free(tsv);
    free(js);
    /* Asked before r (and dir, its r->dir) goes. */
    long named = rc && merging ? merge_left_writer(dir) : 0;
    if (rc) rundir_free(r);      /* r empty again: not every caller frees a run it could not open */
    if (rc && merging && !named) {
        /* Not written far enough to read (no rows, no run.json yet): the merge is why, not a lost file.
         * Where its mark names it, merge_left has said so above (with its pid, and when to read it). */
        free(*err);
        *err = xasprintf("%s: nothing whole to read yet; read it again once that merge has ended", merging);
        free(merging);
    } else if (rc) free(merging);
    else r->merging = merging;
    return rc;
}

char *rundir_realdir(const struct rundir *r)
{
    char real[PATH_MAX];
    return xstrdup(r->dir && realpath(r->dir, real) ? real : r->dir ? r->dir : "");
}

void rundir_free(struct rundir *r)
{
    for (int i = 0; r->point && i < r->t.nrows; i++) free(r->point[i]);
    free(r->point);
    free(r->ok);
    sl_free(&r->id_names);
    free(r->id_col);
    table_free(&r->t);
    runjson_free(&r->rj);
    sl_free(&r->axes);
    sl_free(&r->derived);
    free(r->merging);
    free(r->axis_len);
    free(r->axis_col);
    free(r->group);
    free(r->group_first);
    free(r->dir);
    memset(r, 0, sizeof *r);
}

static int number(const char *s, double *x)
{
    char *end;
    *x = strtod(s, &end);
    return *s && !*end;
}

int rundir_planned(const struct rundir *r, const char *axis, const char *value)
{
    const struct rj_as_run *as_run = &r->rj.as_run;
    for (int a = 0; a < as_run->naxes; a++) {
        if (strcmp(as_run->axes[a].name, axis)) continue;
        const struct strlist *vs = &as_run->axes[a].values;
        double x, w;
        int numeric = number(value, &x);
        for (int k = 0; k < vs->n; k++) {
            if (!strcmp(vs->v[k], value)) return 1;
            if (numeric && !number(vs->v[k], &w)) return 1;     /* an expression: cannot tell */
            if (numeric && w == x) return 1;
        }
        return 0;
    }
    return 1;
}

char *rundir_key_but(const struct rundir *r, int i, int with_local, int skip)
{
    struct sbuf b = {0};
    for (int k = 0; k < r->id_names.n; k++) {
        if (k == skip || (!with_local && r->id_col[k] == r->c_local && k >= 2)) continue;
        sb_printf(&b, "%s%s=%s", b.len ? "\t" : "", r->id_names.v[k], table_cell(&r->t, i, r->id_col[k]));
    }
    return b.s ? b.s : xstrdup("");
}

char *rundir_key(const struct rundir *r, int i, int with_local)
{
    return rundir_key_but(r, i, with_local, -1);
}

int rundir_id_index(const struct rundir *r, const char *name)
{
    for (int k = 0; k < r->id_names.n; k++)
        if (!strcmp(r->id_names.v[k], name)) return k;
    return -1;
}

int rundir_id_differs(const struct rundir *r, int k, const int *rows, int n)
{
    for (int j = 1; j < n; j++)
        if (strcmp(table_cell(&r->t, rows[j], r->id_col[k]), table_cell(&r->t, rows[0], r->id_col[k]))) return 1;
    return 0;
}

int rundir_replicates(const struct rundir *r, int i, double **x)
{
    int c = table_col(&r->t, "round_ms");
    const char *cell = c >= 0 ? table_cell(&r->t, i, c) : "";
    if (!strchr(cell, ';')) {
        c = table_col(&r->t, "trials_ms");
        cell = c >= 0 ? table_cell(&r->t, i, c) : "";
    }
    struct strlist parts = {0};
    sl_split(&parts, cell, ';');
    *x = xcalloc((size_t)parts.n + 1, sizeof **x);
    int n = 0;
    for (int k = 0; k < parts.n; k++) {
        double t = atof(parts.v[k]);
        if (t > 0) (*x)[n++] = t;
    }
    sl_free(&parts);
    double m = table_num(&r->t, i, r->c_median);
    if (!n && m > 0) (*x)[n++] = m;          /* a row without its trials */
    return n;
}

/* starts: row i's round_at_s into at (at most max); how many. */
static int starts(const struct rundir *r, int i, double *at, int max)
{
    int c = table_col(&r->t, "round_at_s"), n = 0;
    if (c < 0) return 0;
    struct strlist parts = {0};
    sl_split(&parts, table_cell(&r->t, i, c), ';');
    for (int k = 0; k < parts.n && n < max; k++) at[n++] = atof(parts.v[k]);
    sl_free(&parts);
    return n;
}

int rundir_paired(const struct rundir *r, int ia, int ib, int na, int nb)
{
    double x[64], y[64];
    int n = na;
    /* Each row's time is the median of all its rounds (rounds.c): a pair stands on those, every one
     * of both, or the paired ratio is of other rounds than the rows' times (an episode's five against
     * the ten a row's time stood on: 6.01x paired, 4.94x by the rows). */
    if (ia == ib || na != nb || n < 2 || n > 64 || starts(r, ia, x, 64) != n || starts(r, ib, y, 64) != n) return 0;
    for (int k = 1; k < n; k++)
        if (!(x[k] > y[k - 1] && y[k] > x[k - 1])) return 0;
    return 1;
}

struct launchwork rundir_work(const struct rundir *r, int i)
{
    return (struct launchwork){ .gflops = table_num(&r->t, i, r->c_gflops), .gbs = table_num(&r->t, i, r->c_gbs),
                                .ms = table_num(&r->t, i, r->c_median) };
}

double rundir_speedup(const struct rundir *a, int ia, const struct rundir *b, int ib)
{
    struct launchwork x = rundir_work(a, ia), y = rundir_work(b, ib);
    return launchwork_speedup(&x, &y);
}

char *rundir_title(const struct rundir *r)
{
    /* A --split-any's rows ran on several devices: named all, not by its first part's. */
    if (rundevs_count(&r->rj) > 1) {
        char *devs = rundevs_words(&r->rj, 1), *t = xasprintf("%s on %s%s%.10s", r->experiment, devs,
                                                              *r->started ? ", " : "", r->started);
        free(devs);
        return t;
    }
    return xasprintf("%s on %s (%s, driver %s)%s%.10s", r->experiment, *r->device ? r->device : "an unnamed device",
                     *r->platform ? r->platform : "unknown platform", *r->driver ? r->driver : "unknown",
                     *r->started ? ", " : "", r->started);
}

int rundir_is_search(const struct rundir *r) { return cJSON_IsObject(runjson_part(&r->rj, RJ_SEARCH)); }

int rundir_search_stopped(const struct rundir *r)
{
    const cJSON *s = runjson_part(&r->rj, RJ_SEARCH);
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s, "killed")) || !strncmp(json_str(s, "end"), "stopped", 7);
}

char *rundir_search_best(const struct rundir *r)
{
    const cJSON *s = runjson_part(&r->rj, RJ_SEARCH);
    if (!cJSON_IsObject(s) || !*json_str(s, "best")) return NULL;
    char fig[32];
    const char *unit = *json_str(s, "unit") ? json_str(s, "unit") : "ms";
    return xasprintf("the best %s: %s, %s %s", rundir_search_stopped(r) ? "so far (stopped)" : "found", json_str(s, "best"),
                     fmt_fig(fig, sizeof fig, json_num(s, "best_figure")), unit);
}

int rundir_is_tune_pass(const struct rundir *r)
{
    return !strcmp(json_str(runjson_part(&r->rj, RJ_TUNE), "mode"), "pass");
}

const char *rundir_cut_resume(const struct rundir *r, int n) { return rounds_cut_resume(rundir_is_search(r), n); }

int rundir_rows_cut(const struct rundir *r)
{
    int n = 0;
    for (int i = 0; i < r->t.nrows; i++) n += rundir_row_cut(r, i);
    return n;
}

enum rundir_end rundir_end_of(const struct runjson *j)
{
    if (j->interrupted && *j->interrupted) return RUNDIR_STOPPED;
    if ((j->finished && *j->finished) || runjson_part(j, RJ_MERGED)) return RUNDIR_FINISHED;
    return RUNDIR_UNFINISHED;
}

int rundir_cut_past_end(const struct rundir *r)
{
    if (rundir_end_of(&r->rj) != RUNDIR_FINISHED || runjson_part(&r->rj, RJ_MERGED) || rundir_is_search(r) ||
        rundir_is_tune_pass(r))
        return 0;
    return rundir_rows_cut(r);
}

enum rundir_end rundir_end(const struct rundir *r)
{
    /* A sweep's rows cut short are measured again by a resume before it says finished: ones left in
     * a run that says so are that resume's rewrite lost (an older clx), not results. */
    return rundir_cut_past_end(r) ? RUNDIR_STOPPED : rundir_end_of(&r->rj);
}

int rundir_rows_all(const struct rundir *r)
{
    double planned = r->rj.planned_rows;
    return planned > 0 && r->t.nrows >= planned;
}

double rundir_value(const struct rundir *r, const char *metric, int i, char **err)
{
    int c = table_col(&r->t, metric);
    if (c >= 0) return table_num(&r->t, i, c);
    /* A column name this file does not have (a run of an older clx): no value, not an error. */
    int name = *metric != 0;
    for (const char *p = metric; *p && name; p++) name = isalnum((unsigned char)*p) || *p == '_';
    if (name) return NAN;
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
        if (err && e && rc == -1) { *err = e; e = NULL; }
        free(e);
        return NAN;
    }
    return x;
}
