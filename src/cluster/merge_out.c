/* merge_out.c — the merged run folder of clx merge: results.tsv in the unsharded order (without
 * the shards' sweep_index; rel_time, speedup and dev_row_avg anew, merge_rel.c), kernels.tsv and
 * each variant and build's source, binary and log from the shard that owns it, probes.tsv, and
 * run.json with the merge's provenance (merge_json.c; merge.unfinished beside them until it is
 * written). */
#include "merge_impl.h"
#include "measure/rounds.h"
#include "device/energy.h"
#include "report/report_stale.h"
#include "store/results.h"
#include "store/rowstatus.h"
#include "lib/calledas.h"
#include "lib/stderrcatch.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- files ------------------------------------------------------------------------------------ */

/* copy_new: copies src to dst unless dst exists; 0, or -1 after saying why. */
static int copy_new(const char *src, const char *dst)
{
    if (file_exists(dst) || !file_exists(src)) return 0;
    size_t n = 0;
    char *data = read_file(src, &n);
    int rc = data ? write_file_atomic(dst, data, n) : -1;
    if (rc) fprintf(stderr, "clx merge: cannot copy %s to %s: %s\n", src, dst, strerror(errno));
    free(data);
    return rc;
}

/* copy_tree_new: every file under src that dst lacks, sub-folders too (PoCL's binaries may come
 * with a folder of their parts); with records, the crash records of builds too (a logs/ folder's
 * markers and the file they point in: stderrcatch_record), else those are left in src, since in the
 * merged run they would say that it died in a build. */
static int copy_tree_new(const char *src, const char *dst, int records)
{
    DIR *d = opendir(src);
    if (!d) return 0;
    int rc = mkdir_p(dst) ? -1 : 0;
    for (struct dirent *e; !rc && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *s = path_join(src, e->d_name), *t = path_join(dst, e->d_name);
        struct stat st;
        if (lstat(s, &st) == 0 && S_ISDIR(st.st_mode)) rc = copy_tree_new(s, t, records);
        else if (lstat(s, &st) == 0 && S_ISREG(st.st_mode) && (records || !stderrcatch_record(e->d_name)))
            rc = copy_new(s, t);
        free(s);
        free(t);
    }
    closedir(d);
    return rc;
}

/* copy_group_files: a variant and build's log, binary (bin/STEM.*) and source (cl/SLUG.cl) from
 * shard folder dir, named after its kernels.tsv log cell ("logs/SLUG__BUILD.log"). */
static int copy_group_files(const char *dir, const char *out, const char *log)
{
    if (!str_starts(log, "logs/") || !str_ends(log, ".log")) return 0;
    char *stem = xasprintf("%.*s", (int)(strlen(log) - 9), log + 5), *sep = strstr(stem, "__");
    char *src = path_join(dir, log), *dst = path_join(out, log);
    int rc = copy_new(src, dst);
    free(src); free(dst);
    char *bins = path_join(dir, "bin");
    DIR *d = opendir(bins);
    for (struct dirent *e; !rc && d && (e = readdir(d));) {
        size_t sl = strlen(stem);
        if (strncmp(e->d_name, stem, sl) || (e->d_name[sl] && e->d_name[sl] != '.')) continue;
        char *name = xasprintf("bin/%s", e->d_name);
        src = path_join(dir, name);
        dst = path_join(out, name);
        rc = copy_new(src, dst);
        free(src); free(dst); free(name);
    }
    if (d) closedir(d);
    free(bins);
    if (sep && !rc) {
        char *cl = xasprintf("cl/%.*s.cl", (int)(sep - stem), stem);
        src = path_join(dir, cl);
        dst = path_join(out, cl);
        rc = copy_new(src, dst);
        free(src); free(dst); free(cl);
    }
    free(stem);
    return rc;
}

/* ---- results.tsv ------------------------------------------------------------------------------ */

/* device_of: the P:D of the device that ran input in: a --split's rows say it (NULL for shards). */
static const char *device_of(const struct merge *m, const struct merge_in *in)
{
    return m->kind == MERGE_SHARDS ? NULL : rj_str(in->rj.device_index);
}

static void tally_row(struct row_tally *rt, const struct table *t, int row)
{
    const char *note = table_cell(t, row, table_col(t, "timing_note")), *flag = table_cell(t, row, table_col(t, "flag"));
    rounds_tally_row(&rt->rounds, table_cell(t, row, table_col(t, "rounds")), table_cell(t, row, table_col(t, "spread")),
                     table_cell(t, row, table_col(t, "time_se")), flag, note, rt->target_se);
    if (!*table_cell(t, row, table_col(t, "energy_j"))) return;
    rt->energy++;
    rt->mismatched += strstr(flag, "energy-mismatch") != NULL;
    rt->unaligned += strstr(note, ENERGY_NOTE_UNALIGNED) != NULL;
}

/* The merged results.tsv as it is written: its file o, the column left out (sweep_index), the
 * columns a swept row has anew (rel), and the tallies its rows are counted into. */
struct results_out {
    const struct merge *m;
    struct tsv_out *o;
    int skip_col;
    const struct merge_rel *rel;
    struct status_counts *t;
    struct row_tally *rt;
};

/* write_row: row of input in in the merged file w, without sweep_index, with the columns measured
 * against other rows anew where it is configuration c's (c < 0: a build-phase row's are as they
 * are), a --split's device column last; counted. */
static void write_row(const struct results_out *w, const struct merge_in *in, int row, long c)
{
    const struct merge *m = w->m;
    struct strlist vals = {0};
    for (int k = 0; k < in->t.cols.n; k++) {
        if (k == w->skip_col) continue;
        char *anew = c >= 0 ? merge_rel_cell(w->rel, c, k) : NULL;
        if (anew) sl_push_own(&vals, anew);
        else sl_push(&vals, table_cell(&in->t, row, k));
    }
    if (device_of(m, in)) sl_push(&vals, device_of(m, in));
    tsv_row(w->o, &vals);
    sl_free(&vals);
    status_counts_add(w->t, table_cell(&in->t, row, table_col(&in->t, "status")));
    tally_row(w->rt, &in->t, row);
}

static int write_results(const struct merge *m, const char *out, struct status_counts *t, struct row_tally *rt)
{
    const struct merge_in *first = NULL;
    for (int x = 0; x < m->nin && !first; x++)
        if (m->in[x].finished) first = &m->in[x];
    int skip = table_col(&first->t, "sweep_index");
    struct strlist cols = {0};
    for (int k = 0; k < first->t.cols.n; k++)
        if (k != skip) sl_push(&cols, first->t.cols.v[k]);
    if (m->kind != MERGE_SHARDS) sl_push(&cols, "device");
    char *path = path_join(out, "results.tsv");
    struct tsv_out o;
    if (tsv_open(&o, path)) {
        fprintf(stderr, "clx merge: cannot write %s: %s\n", path, strerror(errno));
        free(path);
        sl_free(&cols);
        return -1;
    }
    tsv_header(&o, &cols);
    /* The unsharded order: the build phase's rows, then the sweep's. */
    struct merge_rel *rel = merge_rel_new(m, &first->t);
    struct results_out w = { .m = m, .o = &o, .skip_col = skip, .rel = rel, .t = t, .rt = rt };
    for (long g = 0; g < m->groups; g++)
        if (m->build_in[g] >= 0) write_row(&w, &m->in[m->build_in[g]], m->build_row[g], -1);
    for (long c = 0; c < m->configs; c++)
        if (m->sweep_in[c] >= 0) write_row(&w, &m->in[m->sweep_in[c]], m->sweep_row[c], c);
    merge_rel_free(rel);
    int rc = tsv_close(&o);
    if (rc) fprintf(stderr, "clx merge: cannot write %s: %s\n", path, strerror(errno));
    free(path);
    sl_free(&cols);
    return rc;
}

/* ---- kernels.tsv and the files of each variant and build -------------------------------------- */

/* write_kernels: one kernels.tsv row per variant and build in the plan's order, from the first
 * shard that owns part of it and built it, with its source, binary and log from the same shard. */
static int write_kernels(const struct merge *m, const char *out)
{
    struct table *kt = xcalloc((size_t)m->nin + 1, sizeof *kt);
    const struct table *head = NULL;
    for (int x = 0; x < m->nin; x++) {
        char *p = path_join(m->in[x].dir, "kernels.tsv"), *err = NULL;
        if (m->in[x].finished && file_exists(p) && table_read(p, &kt[x], &err) == 0 && !head) head = &kt[x];
        free(err);
        free(p);
    }
    int rc = 0;
    if (head) {
        char *path = path_join(out, "kernels.tsv");
        struct tsv_out o;
        rc = tsv_open(&o, path);
        if (rc) fprintf(stderr, "clx merge: cannot write %s: %s\n", path, strerror(errno));
        free(path);
        if (!rc) tsv_header(&o, &head->cols);
        const struct rj_as_run *as_run = &m->ref->as_run;
        for (long v = 0; v < m->shape.variants && !rc; v++)
            for (long b = 0; b < m->shape.builds && !rc; b++) {
                const char *id = v < as_run->nvariants ? as_run->variants[v].id : "";
                const char *label = b < as_run->builds.n && *as_run->builds.v[b] ? as_run->builds.v[b] : "default";
                int kmin, kmax;
                shard_group_owners(&m->shape, m->n, m->place[v], b, &kmin, &kmax);
                int done = 0;
                for (int x = 0; x < m->nin && !done; x++) {
                    const struct table *t = &kt[x];
                    if (m->in[x].k < kmin || m->in[x].k > kmax || !t->cols.n) continue;
                    for (int row = 0; row < t->nrows && !done; row++) {
                        if (strcmp(table_cell(t, row, table_col(t, "variant")), id) ||
                            strcmp(table_cell(t, row, table_col(t, "build")), label)) continue;
                        struct strlist vals = {0};
                        for (int k = 0; k < head->cols.n; k++) sl_push(&vals, table_cell(t, row, table_col(t, head->cols.v[k])));
                        tsv_row(&o, &vals);
                        sl_free(&vals);
                        rc = copy_group_files(m->in[x].dir, out, table_cell(t, row, table_col(t, "log")));
                        done = 1;
                    }
                }
            }
        if (tsv_close(&o)) rc = -1;
    }
    for (int x = 0; x < m->nin; x++) table_free(&kt[x]);
    free(kt);
    return rc;
}

/* write_files: out's folders, results.tsv and kernels.tsv, each variant and build's files and
 * probes.tsv (all but run.json), the rows counted into t and rt; 0, or -1 after saying why. */
static int write_files(struct merge *m, const char *out, struct status_counts *t, struct row_tally *rt)
{
    static const char *const subs[] = { "cl", "bin", "logs" };
    for (size_t i = 0; i < sizeof subs / sizeof *subs; i++) {
        char *p = path_join(out, subs[i]);
        int bad = mkdir_p(p);
        if (bad) fprintf(stderr, "clx merge: cannot make %s: %s\n", p, strerror(errno));
        free(p);
        if (bad) return -1;
    }
    if (write_results(m, out, t, rt) || write_kernels(m, out)) return -1;
    /* What no kernels.tsv row names (a variant skipped before it was built), and probes.tsv: from
     * the first shard that has it. */
    for (int x = 0; x < m->nin; x++) {
        if (!m->in[x].finished) continue;
        for (size_t i = 0; i < sizeof subs / sizeof *subs; i++) {
            char *s = path_join(m->in[x].dir, subs[i]), *o = path_join(out, subs[i]);
            /* A build's crash records stay with the shard: its log, carried, begins with what
             * they caught (run_build.c's died_said). */
            int bad = copy_tree_new(s, o, strcmp(subs[i], "logs") != 0);
            free(s);
            free(o);
            if (bad) return -1;
        }
        char *s = path_join(m->in[x].dir, "probes.tsv"), *o = path_join(out, "probes.tsv");
        int bad = copy_new(s, o);
        free(s);
        free(o);
        if (bad) return -1;
    }
    return 0;
}

int merge_write(struct merge *m, const char *out, const char *command_line)
{
    /* Marked first, unmarked once run.json is written: a merge stopped on the way (killed, a full
     * disk) leaves a folder that readers and the next merge know as its leftover, not as a run that
     * lost its run.json. */
    struct status_counts t = {0};
    struct row_tally rt = { .target_se = rj_num(m->ref->target_se) };
    /* A stop (clx merge's: merge_stop.c) ends it between steps as a failed write does; write_new or
     * merge_into clears what it made. */
    if (merge_mark(m, out) || merge_stopped(1) || write_files(m, out, &t, &rt) || merge_stopped(2)) return -1;
    m->rows = t;
    m->probes_failed = merge_probes_failed(out);
    struct runjson j;
    merge_record(m, &t, &rt, command_line, &j);
    m->files_unwritten = (int)j.counts.files_unwritten;
    int rc = runjson_write(out, &j);
    if (rc) fprintf(stderr, "clx merge: cannot write %s/run.json: %s\n", out, strerror(errno));
    runjson_free(&j);
    if (rc) return -1;
    merge_unmark(out);
    /* A report.md drawn from the rows this merge replaced and put in place while it wrote (its draft
     * begun after the old merge was moved aside): said stale, as the report does when it ends last. */
    char *stale = NULL;
    if (report_stale_mark(out, &stale) == 1) printf("clx merge: %s\n", stale);
    free(stale);
    printf("clx merge: %s: %d %s of %d (%s), %ld of %ld configurations: %d rows in %s\n",
           rj_str(m->ref->experiment), m->nin,
           m->kind == MERGE_SHARDS ? (m->nin == 1 ? "shard" : "shards") : (m->nin == 1 ? "part" : "parts"), m->n,
           shard_unit_words(m->unit), m->configs - m->missing, m->configs, t.rows, out);
    char *counts = status_counts_line_against(&t, runjson_baseline(m->ref));
    char *q = shell_word(out);
    printf("clx merge: %s; %s report %s draws it\n", counts, clx_cmd(), q);
    free(q);
    free(counts);
    return 0;
}
