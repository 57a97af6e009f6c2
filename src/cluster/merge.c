/* merge.c — clx merge: reads the shard folders, refuses shards of another sweep, device or driver
 * (naming the folder and what differs), takes each configuration's row from the shard that owns
 * it, names what is duplicated, has merge_missing.c say what is missing and merge_out.c write the
 * merged folder. */
#include "merge.h"
#include "merge_impl.h"
#include "store/results.h"
#include "store/rowstatus.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* refuse: "clx merge: message" on stderr and exit 4: nothing was written. */
static void refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void refuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fprintf(stderr, "clx merge: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(EXIT_CANNOT_RUN);
}

/* ---- the shards and what identifies their sweep ----------------------------------------------- */

/* check_same_sweep: b must be a shard of a's sweep, of the same kernels; else the refusal names b
 * and what differs. The parts of a --split-any may differ in the device (model, platform, driver, setup) alone. */
static void check_same_sweep(const struct merge *m, const struct merge_in *a, const struct merge_in *b)
{
    char *why = merge_sweep_why(m, a->rj.doc, a->dir, b->rj.doc, 0);
    if (!why && !(why = merge_sources_why(a->dir, b->dir))) return;
    /* --split where the parts differ in the device alone: a stopped --split-any's, whose way on an
     * older clx (or a --resume of its folder) said with --split. */
    const struct rj_device *da = &a->rj.device, *db = &b->rj.device;
    int any = 0;
    /* Of another model, platform or driver (not only another setup of one device: that part is run
     * again under the others' setup, as the refusal says). */
    if (m->kind == MERGE_SPLIT && (strcmp(da->name, db->name) || strcmp(da->platform, db->platform) ||
                                   strcmp(da->driver_version, db->driver_version))) {
        struct merge m2 = *m;
        m2.kind = MERGE_SPLIT_ANY;
        char *why2 = merge_sweep_why(&m2, a->rj.doc, a->dir, b->rj.doc, 0);
        /* The kernels' sources too: --split-any refuses parts whose cl/ differs as --split does. */
        if (!why2) why2 = merge_sources_why(a->dir, b->dir);
        any = !why2;
        free(why2);
    }
    /* Freed before the exit: a sanitizer build's leak check runs at it (make check-asan). */
    char msg[8192];
    snprintf(msg, sizeof msg, "%s", why);
    free(why);
    refuse("%s is not a shard of the same sweep as %s: %s%s", b->dir, a->dir, msg,
           any ? "; they differ in the device alone, as a --split-any's parts do: --split-any in place of --split "
                 "merges them" : "");
}

static int by_k(const void *x, const void *y)
{
    const struct merge_in *a = x, *b = y;
    return (a->k > b->k) - (a->k < b->k);
}

/* drop_superseded: one folder per part. A part run again after its first run stopped (a node
 * lost, a time limit) has one finished folder: that one counts and the others are left out, saying
 * so. Two finished folders of one part are refused: which one is meant is not clx's to guess. */
static void drop_superseded(struct merge *m)
{
    int kept = 0;
    for (int e = 0; e < m->nin;) {
        int end = e, done = -1, again = -1;
        while (end < m->nin && m->in[end].k == m->in[e].k) {
            if (m->in[end].finished) { if (done < 0) done = end; else if (again < 0) again = end; }
            end++;
        }
        int n = m->in[e].rj.shard.n;
        if (again >= 0)
            refuse("shard %d/%d is given twice, finished both times: %s and %s (its configurations would be duplicated; "
                   "give one of them)", m->in[e].k, n, m->in[done].dir, m->in[again].dir);
        int keep = done >= 0 ? done : e;
        for (int x = e; x < end; x++) {
            if (x == keep) continue;
            fprintf(stderr, "clx merge: shard %d/%d: %s %s and %s %s: left out\n", m->in[e].k, n, m->in[x].dir,
                    m->in[x].running ? "is still running" : "did not finish", m->in[keep].dir,
                    done >= 0 ? "did" : "is taken instead");
            runjson_free(&m->in[x].rj);
        }
        m->in[kept++] = m->in[keep];
        e = end;
    }
    m->nin = kept;
}

/* load: every folder's run.json (a folder given twice, as a link or a path, counts once), checked
 * to be shards of one sweep, each part at most once; sorted by part. */
static void load(struct merge *m, const char *const *dirs, int n)
{
    char **real = m->real = xcalloc((size_t)n + 1, sizeof *real);   /* in m: a refusal exits from here */
    m->in = xcalloc((size_t)n + 1, sizeof *m->in);
    for (int d = 0; d < n; d++) {
        char buf[PATH_MAX];
        if (!realpath(dirs[d], buf)) refuse("%s: %s", dirs[d], strerror(errno));
        int seen = -1;
        for (int e = 0; e < m->nin && seen < 0; e++)
            if (!strcmp(real[e], buf)) seen = e;
        if (seen >= 0) {
            fprintf(stderr, "clx merge: %s and %s are the same folder: counted once\n", m->in[seen].dir, dirs[d]);
            continue;
        }
        char *err = NULL;
        struct merge_in *x = &m->in[m->nin];
        char *what = merge_not_a_shard(dirs[d]);
        if (what) {
            /* On the stack, the heap freed: refuse exits, and LeakSanitizer (make check-asan) counts
             * what it leaves unreachable. */
            char msg[2 * PATH_MAX + 512];
            snprintf(msg, sizeof msg, "%s", what);
            free(what);
            refuse("%s", msg);
        }
        if (runjson_read(dirs[d], &x->rj, &err)) refuse("%s", err);
        if (x->rj.shard.n <= 0)
            refuse("%s is not a shard: its run.json has no \"" RJ_SHARD "\" (clx run --shard K/N writes one)", dirs[d]);
        real[m->nin++] = xstrdup(buf);
        x->dir = dirs[d];
        x->k = x->rj.shard.k;
        x->finished = x->rj.finished != NULL;
        x->running = !x->finished && merge_running(x->dir);
        /* Its lock let go during the grace: a shard at its very end writes run.json's "finished"
         * before it lets go, which the run.json read before the wait did not have yet. */
        if (!x->finished && !x->running) {
            runjson_free(&x->rj);
            if (runjson_read(dirs[d], &x->rj, &err)) refuse("%s", err);
            x->finished = x->rj.finished != NULL;
        }
        if (x->k < 1 || x->k > x->rj.shard.n) refuse("%s: its run.json's shard part is not 1 .. N", x->dir);
    }
    for (int e = 1; e < m->nin; e++) check_same_sweep(m, &m->in[0], &m->in[e]);
    qsort(m->in, (size_t)m->nin, sizeof *m->in, by_k);
    drop_superseded(m);
    for (int e = 0; e < n; e++) free(real[e]);
    free(real);
    m->real = NULL;
}

/* shape: the sweep's shape and variant order, from the shards' run.json (the same in every one). */
static void shape(struct merge *m)
{
    const struct rj_shard *sh = &m->in[0].rj.shard;
    m->n = sh->n;
    m->shape = (struct sweep_shape){ .variants = sh->variants, .builds = sh->builds, .lines = sh->lines,
                                     .locals = sh->locals };
    long nv = m->shape.variants;
    if (nv < 1 || m->shape.builds < 1 || m->shape.lines < 1 || m->shape.locals < 1 || sh->norder != nv)
        refuse("%s: its run.json's \"" RJ_SHARD "\" has no usable shape or order", m->in[0].dir);
    m->unit = shard_unit_for(&m->shape, m->n);
    m->groups = nv * m->shape.builds;
    m->configs = shard_configs(&m->shape);
    m->order = xcalloc((size_t)nv, sizeof *m->order);
    m->place = xcalloc((size_t)nv, sizeof *m->place);
    for (long i = 0; i < nv; i++) m->place[i] = -1;
    for (long i = 0; i < nv; i++) {
        int v = sh->order[i];
        if (v < 0 || v >= nv || m->place[v] >= 0) refuse("%s: its run.json's shard order is not the variants'", m->in[0].dir);
        m->order[i] = v;
        m->place[v] = (int)i;
    }
}

/* ---- the rows ------------------------------------------------------------------------------ */

/* read_rows: every finished shard's results.tsv; a swept row counts for the shard that owns its
 * configuration (the others ran it to check or time theirs against), a build-phase row for every
 * shard that owns part of its variant and build. A configuration with two rows is refused. */
static void read_rows(struct merge *m)
{
    m->build_in = xcalloc((size_t)m->groups, sizeof *m->build_in);
    m->build_row = xcalloc((size_t)m->groups, sizeof *m->build_row);
    m->sweep_in = xcalloc((size_t)m->configs, sizeof *m->sweep_in);
    m->sweep_row = xcalloc((size_t)m->configs, sizeof *m->sweep_row);
    m->has_build = xcalloc((size_t)(m->nin * m->groups) + 1, 1);
    for (long g = 0; g < m->groups; g++) m->build_in[g] = -1;
    for (long c = 0; c < m->configs; c++) m->sweep_in[c] = -1;
    const struct merge_in *first = NULL;
    long dups = 0;
    for (int x = 0; x < m->nin; x++) {
        struct merge_in *in = &m->in[x];
        if (!in->finished) continue;
        char *path = path_join(in->dir, "results.tsv"), *err = NULL;
        if (table_read(path, &in->t, &err)) refuse("%s", err);
        free(path);
        int ci = table_col(&in->t, "sweep_index");
        if (ci < 0) refuse("%s/results.tsv has no sweep_index column: it is not a shard's", in->dir);
        if (!first) {
            first = in;
            m->ref = &in->rj;
        }
        int same = in->t.cols.n == first->t.cols.n;
        for (int k = 0; same && k < in->t.cols.n; k++) same = !strcmp(in->t.cols.v[k], first->t.cols.v[k]);
        if (!same) refuse("%s/results.tsv has other columns than %s/results.tsv", in->dir, first->dir);
        for (int row = 0; row < in->t.nrows; row++) {
            const char *cell = table_cell(&in->t, row, ci);
            char *end;
            errno = 0;
            long idx = strtol(cell, &end, 10), v, i, b, line, l;
            int kind = *cell && !*end && !errno ? shard_decode(&m->shape, idx, &v, &i, &b, &line, &l) : -1;
            if (kind < 0) refuse("%s/results.tsv row %d: sweep_index '%s' is not a place in this sweep", in->dir, row + 1, cell);
            if (kind == 1) {
                int kmin, kmax;
                shard_group_owners(&m->shape, m->n, m->place[v], b, &kmin, &kmax);
                if (in->k < kmin || in->k > kmax) continue;
                m->has_build[x * m->groups + idx] = 1;
                if (m->build_in[idx] < 0) { m->build_in[idx] = x; m->build_row[idx] = row; }
                continue;
            }
            if (shard_owner(&m->shape, m->n, i, b, line, l) != in->k) continue;
            long c = idx - m->groups;
            if (m->sweep_in[c] >= 0) {
                if (dups++ < 5) {
                    char *what = merge_describe(m, c);
                    fprintf(stderr, "clx merge: %s has two rows (%d and %d of results.tsv) for %s\n", in->dir,
                            m->sweep_row[c] + 1, row + 1, what);
                    free(what);
                }
                continue;
            }
            m->sweep_in[c] = x;
            m->sweep_row[c] = row;
        }
    }
    int running = 0;
    for (int x = 0; x < m->nin; x++) running += m->in[x].running;
    if (!first && running)
        refuse("no shard given has finished: %d of them %s still running (another clx is writing its results.tsv): wait "
               "for %s to end, then merge again", running, running == 1 ? "is" : "are", running == 1 ? "it" : "them");
    if (!first) refuse("no shard given has finished (run.json has no \"" RJ_FINISHED "\"): %s run --resume DIR finishes one", clx_cmd());
    if (dups) refuse("%ld configurations have duplicated rows (above): a results.tsv was edited or appended to", dups);
}

/* merge_free: what load, shape and read_rows allocated in m. */
static void merge_free(struct merge *m)
{
    for (int x = 0; x < m->nin; x++) {
        runjson_free(&m->in[x].rj);
        table_free(&m->in[x].t);
    }
    free(m->in);
    free(m->order); free(m->place);
    free(m->build_in); free(m->build_row); free(m->sweep_in); free(m->sweep_row); free(m->has_build); free(m->missing_in);
}

int merge_runs(const char *const *dirs, int n, const char *out, int partial, enum merge_kind kind,
               const char *command_line)
{
    struct merge m;
    memset(&m, 0, sizeof m);
    m.partial = partial;
    m.kind = kind;
    load(&m, dirs, n);
    shape(&m);
    read_rows(&m);
    merge_check_missing(&m);
    int running = 0;
    for (int x = 0; x < m.nin; x++) running += m.in[x].running;
    if (m.missing && !partial)
        refuse("nothing written to %s: %s the missing %ss, or --partial to write what there is", out,
               running ? "wait for those still running, give" : "give", merge_part_word(&m));
    /* there: out holds this very merge already, whole (merge_into wrote nothing): a pipeline's merge
     * step run again ends as the merge it repeats ended, as clx run --resume of a finished run does. */
    /* A stop caught before a file is written leaves nothing; one on the way, what merge_into clears. */
    int got = merge_stopped(0) ? -1 : merge_into(&m, out, command_line), there = got == 1, written = got == 0 || there;
    if (got < 0 && merge_stopped(0)) {
        merge_free(&m);
        return merge_stop_said(out);
    }
    merge_stop_end();
    /* The merged rows give the exit status clx run gives its own (store/rowstatus.h): a sweep whose
     * rows FAIL is 1 whether it ran in one piece or in shards, so that a job gating on the merge
     * sees it. A partial merge is 1 too. */
    /* Files: the merged folder's are this merge's own, all written where written is set (else 4).
     * Those a shard could not write are missing here too (run.json counts.files_unwritten carries
     * their sum, and clx report of the merged run exits 4 on it, as of the shard): said, but not in
     * this exit status, whose 4 is a merge that refused or could not write its own files
     * (tools/slurm-sweep.sh reads it so). */
    int rows = written ? status_counts_exit(&m.rows, m.probes_failed, 0) : 0;
    int rc = !written ? EXIT_CANNOT_RUN : rows == EXIT_ROWS_FAILED || m.missing ? EXIT_ROWS_FAILED : rows;
    if (there)
        printf("clx merge: %s holds this merge already, of these %d %ss, every configuration with its row: nothing to "
               "merge again, nothing written (exit %d, as when it was merged)\n", out, m.nin, merge_part_word(&m), rc);
    if (written && m.files_unwritten > 0) {
        printf("clx merge: %d of the %ss' files could not be written when they ran (", m.files_unwritten, merge_part_word(&m));
        for (int x = 0, said = 0; x < m.nin; x++) {
            int n = m.in[x].finished ? (int)rj_num(m.in[x].rj.counts.files_unwritten) : 0;
            if (n > 0) printf("%s%s %d/%d: %d", said++ ? ", " : "", merge_part_word(&m), m.in[x].k, m.n, n);
        }
        printf("; their run.json counts.files_unwritten): %s lacks them too, and its run.json counts them; its rows "
               "are whole\n", out);
    }
    if (written && rows == EXIT_ROWS_FAILED) {
        struct status_counts bad = {0};
        for (int k = 0; k < RS_N; k++)
            if (row_status_is_failed((enum row_status)k)) bad.rows += bad.n[k] = m.rows.n[k];
        char *some = status_counts_some(&bad);
        printf("clx merge: exit 1, as clx run of the whole sweep would:");
        if (bad.rows) printf(" %d row%s did not pass (%s)", bad.rows, bad.rows == 1 ? "" : "s", some);
        if (m.probes_failed)
            printf("%s %d probe measurement%s failed (probes.tsv)", bad.rows ? ";" : "", m.probes_failed,
                   m.probes_failed == 1 ? "" : "s");
        printf("\n");
        free(some);
    } else if (written && rows == EXIT_NOTHING_RAN && !m.missing) {
        printf("clx merge: nothing ran: every configuration of the sweep was skipped (exit 3, as clx run's; its rows' "
               "notes say why)\n");
    }
    if (written && m.missing) {
        char *again = merge_again_command(&m, out);
        printf("clx merge: %s is partial: %ld configurations have no row (run.json \"" RJ_MERGED "\" says so); once "
               "they have rows, %s replaces it\n", out, m.missing, again);
        free(again);
    }
    merge_free(&m);
    return rc;
}
