/* merge_missing.c — what clx merge says of the configurations no finished part has a row for: per
 * part, how many and one of them named (merge_describe, which names a duplicated row's too), and
 * what gives them rows: the part run again (its command), resumed, or waited for. */
#include "merge_impl.h"
#include "device/drvenv.h"
#include "store/rowstatus.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

const char *merge_part_word(const struct merge *m)
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

void merge_check_missing(struct merge *m)
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
                fprintf(stderr, "  %s %d/%d: not given (%ld configurations, such as %s); %s runs it\n", merge_part_word(m), k,
                        m->n, count[k], e, cmd);
                free(cmd);
            } else if (m->in[x].running) {
                /* Not "did not finish ... resume it": a resume waits for it, and the same part run again
                 * beside it (tools/slurm-sweep.sh's sbatch line) ends as a second finished run of it,
                 * which merge refuses. */
                fprintf(stderr, "  %s %d/%d in %s: still running (another clx is writing its results.tsv; %ld "
                        "configurations left out, such as %s): wait for it to end, then merge again\n", merge_part_word(m), k,
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
                        "%s finishes it\n", merge_part_word(m), k, m->n, m->in[x].dir, count[k], e, held, resume);
                free(resume);
            } else {
                fprintf(stderr, "  %s %d/%d in %s: no row for %ld of its configurations, such as %s\n", merge_part_word(m), k,
                        m->n, m->in[x].dir, count[k], e);
            }
            free(e);
        }
    }
    free(example);
}
