/* merge.c — clx merge: reads the shard folders, refuses shards of another sweep, device or driver
 * (naming the folder and what differs), takes each configuration's row from the shard that owns
 * it, names what is missing or duplicated, and has merge_out.c write the merged folder. */
#include "merge.h"
#include "merge_impl.h"
#include "device/drvenv.h"
#include "store/results.h"
#include "store/rowstatus.h"
#include "lib/calledas.h"
#include "lib/args.h"
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
    /* Freed before the exit: a sanitizer build's leak check runs at it (make check-asan). */
    char msg[8192];
    snprintf(msg, sizeof msg, "%s", why);
    free(why);
    refuse("%s is not a shard of the same sweep as %s: %s", b->dir, a->dir, msg);
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

/* coords: configuration c (in sweep order) as variant place, build, line, local. */
static void coords(const struct merge *m, long c, long *i, long *b, long *line, long *l)
{
    long v;
    shard_decode(&m->shape, m->groups + c, &v, i, b, line, l);
}

char *merge_describe(const struct merge *m, long c)
{
    long i, b, line, l;
    coords(m, c, &i, &b, &line, &l);
    const struct rj_as_run *as_run = &m->ref->as_run;
    const char *id = m->order[i] < as_run->nvariants ? as_run->variants[m->order[i]].id : "";
    const char *build = b < as_run->builds.n ? as_run->builds.v[b] : "?";
    struct sbuf t = {0};
    sb_printf(&t, "variant %s, build %s", id, *build ? build : "default");
    /* The launch point: the last axis varies fastest; axes with one value say nothing. */
    int na = as_run->naxes;
    const char **val = xcalloc((size_t)na + 1, sizeof *val);
    long idx = line * m->shape.locals + l;
    for (int a = na - 1; a >= 0; a--) {
        const struct strlist *ax = &as_run->axes[a].values;
        val[a] = ax->n > 1 ? ax->v[idx % ax->n] : NULL;
        if (ax->n > 0) idx /= ax->n;
    }
    for (int a = 0, shown = 0; a < na; a++)
        if (val[a]) sb_printf(&t, "%s%s=%s", shown++ ? " " : ", ", as_run->axes[a].name, val[a]);
    free(val);
    return t.s;
}

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

/* input_of: the input holding part k, or -1. */
static int input_of(const struct merge *m, int k)
{
    for (int x = 0; x < m->nin; x++)
        if (m->in[x].k == k) return x;
    return -1;
}

/* ordinal: "1st", "2nd", "3rd", "4th", ... (a static buffer: one use per expression). */
static const char *ordinal(int k)
{
    static char buf[24];
    int teen = k % 100 >= 11 && k % 100 <= 13;
    const char *suffix = teen ? "th" : k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th";
    snprintf(buf, sizeof buf, "%d%s", k, suffix);
    return buf;
}

/* part_word: what the inputs are called in messages: shards, or the parts of a --split. */
static const char *part_word(const struct merge *m)
{
    return m->kind == MERGE_SHARDS ? "shard" : "part";
}

/* rerun_command: how to run part k again: "clx run vecsum --quick --shard 2/3 --out shards", on
 * the device the given shard ran on as it was named (--device 1:0), into the folder it is in: the
 * options that shape the sweep alone ran on the default device and into results/, another device
 * whose part merge then refused and a folder the next clx merge SHARDS/ * did not take. */
static char *rerun_command(const struct merge *m, int k)
{
    const struct strlist *opts = &m->ref->shard.options;
    struct sbuf t = {0};
    /* Under the variable the given shard's device needs (RUSTICL_ENABLE); a split's part's: not known. */
    char *was = called_as_for(m->kind == MERGE_SHARDS ? drvenv_under_run(m->ref) : NULL);
    sb_printf(&t, "%s run", clx_cmd());
    called_as_back(was);
    for (int i = 0; i < opts->n; i++) sb_word(&t, opts->v[i]);
    sb_printf(&t, " --shard %d/%d", k, m->n);
    /* A split's part ran on the k-th device of its --device list, which no other part records. */
    if (m->kind != MERGE_SHARDS) sb_printf(&t, " --device D (D: the %s device of the split's --device list)", ordinal(k));
    else {
        static const struct args_option device = { "--device", 1 };
        const char *dev = args_value(m->ref->args.v, m->ref->args.n, &device);
        if (dev) {
            sb_printf(&t, " --device");
            sb_word(&t, dev);
        }
    }
    for (int x = 0; x < m->nin; x++)
        if (&m->in[x].rj == m->ref) {
            char *up = xstrdup(m->in[x].dir);
            size_t len = strlen(up);
            while (len > 1 && up[len - 1] == '/') up[--len] = 0;      /* clx merge DIR/ * / */
            char *slash = strrchr(up, '/');
            sb_printf(&t, " --out");
            sb_word(&t, !slash ? "." : slash == up ? "/" : (*slash = 0, up));
            free(up);
        }
    return t.s;
}

/* unfinished_rows: the rows a shard that did not finish (input x) holds of the configurations it
 * owns, and how many of them a stop cut short (ROUNDS_CUT_FLAG); -1 where its results.tsv cannot be
 * read. Left out of the merge: --resume measures the cut ones again and keeps the others, and the
 * shard's rows are merged once it has finished. */
static long unfinished_rows(const struct merge *m, int x, long *cut)
{
    struct table t;
    char *path = path_join(m->in[x].dir, "results.tsv"), *err = NULL;
    int bad = table_read(path, &t, &err);
    free(path);
    free(err);
    *cut = 0;
    if (bad) return -1;
    int ci = table_col(&t, "sweep_index"), cf = table_col(&t, "flag");
    long rows = 0;
    for (int row = 0; ci >= 0 && row < t.nrows; row++) {
        const char *cell = table_cell(&t, row, ci);
        char *end;
        errno = 0;
        long idx = strtol(cell, &end, 10), v, i, b, line, l;
        if (!*cell || *end || errno || shard_decode(&m->shape, idx, &v, &i, &b, &line, &l) != 0) continue;
        if (shard_owner(&m->shape, m->n, i, b, line, l) != m->in[x].k) continue;
        rows++;
        *cut += cf >= 0 && flag_has(table_cell(&t, row, cf), ROUNDS_CUT_FLAG);
    }
    table_free(&t);
    return ci >= 0 ? rows : -1;
}

/* check_missing: the configurations no finished shard has a row for (a failed build's one row
 * stands for its variant and build), said per shard with an example and what to run. */
static void check_missing(struct merge *m)
{
    long *count = xcalloc((size_t)m->n + 1, sizeof *count), *example = xcalloc((size_t)m->n + 1, sizeof *example);
    m->missing_in = count;
    for (long c = 0; c < m->configs; c++) {
        if (m->sweep_in[c] >= 0) continue;
        long i, b, line, l;
        coords(m, c, &i, &b, &line, &l);
        int k = shard_owner(&m->shape, m->n, i, b, line, l), x = input_of(m, k);
        if (x >= 0 && m->in[x].finished && m->has_build[x * m->groups + m->order[i] * m->shape.builds + b]) continue;
        if (!count[k]++) example[k] = c;
        m->missing++;
    }
    /* Those of a shard that did not finish may have rows there, which are left out: "no row"
     * alone read as if it had none (16 rows cut short by a stop were there). */
    int unfinished = 0;
    for (int k = 1; k <= m->n; k++) {
        int x = input_of(m, k);
        unfinished |= count[k] && x >= 0 && !m->in[x].finished;
    }
    if (m->missing) {
        fprintf(stderr, "clx merge: %ld of the sweep's %ld configurations have no row%s:\n", m->missing, m->configs,
                unfinished ? " from a finished shard" : "");
        for (int k = 1; k <= m->n; k++) {
            if (!count[k]) continue;
            int x = input_of(m, k);
            char *e = merge_describe(m, example[k]);
            if (x < 0) {
                char *cmd = rerun_command(m, k);
                fprintf(stderr, "  %s %d/%d: not given (%ld configurations, such as %s); %s runs it\n", part_word(m), k,
                        m->n, count[k], e, cmd);
                free(cmd);
            } else if (m->in[x].running) {
                /* Not "did not finish ... resume it": a resume waits for it, and the same part run again
                 * beside it (tools/slurm-sweep.sh's sbatch line) ends as a second finished run of it,
                 * which merge refuses. */
                fprintf(stderr, "  %s %d/%d in %s: still running (another clx is writing its results.tsv; %ld "
                        "configurations left out, such as %s): wait for it to end, then merge again\n", part_word(m), k,
                        m->n, m->in[x].dir, count[k], e);
            } else if (!m->in[x].finished) {
                long cut, rows = unfinished_rows(m, x, &cut);
                char held[160] = "";
                if (rows > 0 && cut)
                    snprintf(held, sizeof held, "; it holds %ld row%s of them, %ld cut short by the stop (flag "
                             ROUNDS_CUT_FLAG "), which --resume measures again", rows, rows == 1 ? "" : "s", cut);
                else if (rows > 0)
                    snprintf(held, sizeof held, "; it holds %ld row%s of them, merged once it finishes", rows,
                             rows == 1 ? "" : "s");
                char *was = called_as_for(drvenv_under_run(&m->in[x].rj)), *resume = clx_resume_cmd(m->in[x].dir);
                called_as_back(was);
                fprintf(stderr, "  %s %d/%d in %s: did not finish (%ld configurations left out, such as %s%s); "
                        "%s finishes it\n", part_word(m), k, m->n, m->in[x].dir, count[k], e, held, resume);
                free(resume);
            } else {
                fprintf(stderr, "  %s %d/%d in %s: no row for %ld of its configurations, such as %s\n", part_word(m), k,
                        m->n, m->in[x].dir, count[k], e);
            }
            free(e);
        }
    }
    free(example);
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
    check_missing(&m);
    int running = 0;
    for (int x = 0; x < m.nin; x++) running += m.in[x].running;
    if (m.missing && !partial)
        refuse("nothing written to %s: %s the missing %ss, or --partial to write what there is", out,
               running ? "wait for those still running, give" : "give", part_word(&m));
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
               "merge again, nothing written (exit %d, as when it was merged)\n", out, m.nin, part_word(&m), rc);
    if (written && m.files_unwritten > 0) {
        printf("clx merge: %d of the %ss' files could not be written when they ran (", m.files_unwritten, part_word(&m));
        for (int x = 0, said = 0; x < m.nin; x++) {
            int n = m.in[x].finished ? (int)rj_num(m.in[x].rj.counts.files_unwritten) : 0;
            if (n > 0) printf("%s%s %d/%d: %d", said++ ? ", " : "", part_word(&m), m.in[x].k, m.n, n);
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
