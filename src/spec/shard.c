/* shard.c — cutting a sweep into N deterministic, disjoint, balanced parts, the rows' places in
 * the unsharded order, and the shard record run.json keeps for clx merge (what else makes shards
 * one sweep is store/sweepid.c's table). */
#include "shard.h"
#include "lib/args.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- --shard K/N and --shard slurm ---------------------------------------------------------- */

/* whole: s[0..n) as a whole number without sign, at most max; 0 or -1. */
static int whole(const char *s, size_t n, long max, long *out)
{
    if (n == 0 || n > 18) return -1;
    long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        x = x * 10 + (s[i] - '0');
    }
    if (x > max) return -1;
    *out = x;
    return 0;
}

int shard_parse(const char *text, struct shard *out, char **err)
{
    if (!strcmp(text, "slurm")) return shard_from_slurm(out, err);
    const char *slash = strchr(text, '/');
    long k, n;
    if (!slash || whole(text, (size_t)(slash - text), SHARD_MAX, &k) || whole(slash + 1, strlen(slash + 1), SHARD_MAX, &n) ||
        n < 1 || k < 1 || k > n) {
        *err = xasprintf("--shard needs K/N, whole numbers with 1 <= K <= N <= %d (the K-th of N parts: 2/8), or "
                         "'slurm' (K and N from the Slurm array task), not '%s'", SHARD_MAX, text);
        return -1;
    }
    out->k = (int)k;
    out->n = (int)n;
    return 0;
}

/* slurm_number: a SLURM_ARRAY_TASK_* variable as a whole number; -1 and *err when it is not one. */
static int slurm_number(const char *name, const char *value, long *out, char **err)
{
    if (!value || !*value) {
        *err = xasprintf("--shard slurm: %s is not set: this is not a task of a Slurm array job (sbatch --array=1-N "
                         "runs one; tools/slurm-sweep.sh in clx's source tree submits one), or give --shard K/N", name);
        return -1;
    }
    if (whole(value, strlen(value), 1000000000L, out)) {
        *err = xasprintf("--shard slurm: %s is '%s', not a whole number", name, value);
        return -1;
    }
    return 0;
}

int shard_from_slurm(struct shard *out, char **err)
{
    /* Read by name here, so that the man page's list of variables finds them. */
    const char *id_s = getenv("SLURM_ARRAY_TASK_ID"), *min_s = getenv("SLURM_ARRAY_TASK_MIN");
    const char *step_s = getenv("SLURM_ARRAY_TASK_STEP"), *count_s = getenv("SLURM_ARRAY_TASK_COUNT");
    long id, min, step, count;
    if (slurm_number("SLURM_ARRAY_TASK_ID", id_s, &id, err) || slurm_number("SLURM_ARRAY_TASK_MIN", min_s, &min, err) ||
        slurm_number("SLURM_ARRAY_TASK_STEP", step_s, &step, err) ||
        slurm_number("SLURM_ARRAY_TASK_COUNT", count_s, &count, err))
        return -1;
    /* Ids may be sparse (--array=0-14:2), so the task's place comes from MIN and STEP; ids that are
     * no arithmetic series (--array=1,3,8) cannot say which part they are. Slurm (22.05) gives those
     * STEP 1 and MAX 8: a MAX (read where set) other than the series' last says so. */
    const char *max_s = getenv("SLURM_ARRAY_TASK_MAX");
    long max = -1;
    if (max_s && *max_s && slurm_number("SLURM_ARRAY_TASK_MAX", max_s, &max, err)) return -1;
    if (step < 1 || count < 1 || count > SHARD_MAX || id < min || (id - min) % step || (id - min) / step >= count ||
        (max >= 0 && max != min + (count - 1) * step)) {
        char with_max[48] = "";
        if (max >= 0) snprintf(with_max, sizeof with_max, ", _MAX=%ld", max);
        *err = xasprintf("--shard slurm: the array task's variables disagree (SLURM_ARRAY_TASK_ID=%ld, _MIN=%ld%s, _STEP=%ld, "
                         "_COUNT=%ld): the task ids must be MIN, MIN+STEP, ..., MAX (sbatch --array=A-B or A-B:S), with "
                         "K = (ID - MIN) / STEP + 1 between 1 and COUNT", id, min, with_max, step, count);
        return -1;
    }
    /* N is the task count of the job running this, not of the sweep: one task submitted again alone
     * (sbatch --array=2 ...) is an array of one, and would run the whole sweep as part 1 of 1 without
     * a word, which merge then refuses beside the other parts. */
    if (count == 1) {
        *err = xasprintf("--shard slurm: this array job has a single task (SLURM_ARRAY_TASK_ID=%ld, SLURM_ARRAY_TASK_COUNT=1), "
                         "so its part would be 1 of 1, the whole sweep; a task of a larger array submitted again alone "
                         "(sbatch --array=%ld ...) cannot say how many parts its sweep has: give --shard K/N (the part "
                         "and the sweep's number of parts; tools/slurm-sweep.sh's DIR/shard.sbatch does: in clx's source tree), or --shard 1/1 "
                         "for the whole sweep as one part", id, id);
        return -1;
    }
    out->k = (int)((id - min) / step + 1);
    out->n = (int)count;
    return 0;
}

/* ---- the partition ------------------------------------------------------------------------ */

enum shard_unit shard_unit_for(const struct sweep_shape *sh, int n)
{
    long groups = sh->variants * sh->builds;
    if (groups >= n) return SHARD_GROUPS;
    if (groups * sh->lines >= n) return SHARD_LINES;
    return SHARD_CONFIGS;
}

const char *shard_unit_name(enum shard_unit u)
{
    return u == SHARD_GROUPS ? "groups" : u == SHARD_LINES ? "lines" : "configurations";
}

const char *shard_unit_words(enum shard_unit u)
{
    return u == SHARD_GROUPS ? "whole variant x build groups"
         : u == SHARD_LINES  ? "work-group sweeps (a variant, build and point, every local size)"
                             : "single configurations";
}

int shard_block(long nitems, int n, long i)
{
    /* Part p holds [floor(p * T / n), floor((p + 1) * T / n)): the last p whose start is <= i. */
    return (int)((((unsigned long long)i + 1) * (unsigned long long)n - 1) / (unsigned long long)nitems);
}

void shard_block_range(long nitems, int n, int p, long *first, long *end)
{
    *first = (long)((unsigned long long)p * (unsigned long long)nitems / (unsigned long long)n);
    *end = (long)(((unsigned long long)p + 1) * (unsigned long long)nitems / (unsigned long long)n);
}

long shard_configs(const struct sweep_shape *sh)
{
    return sh->variants * sh->builds * sh->lines * sh->locals;
}

/* unit_of: the unit (of the kind shard_unit_for chooses) holding a configuration, and how many
 * units there are. Units are numbered variant place first, then build, so that a variant's builds
 * are neighbours (its source expanded and its reference computed on one node). */
static long unit_of(const struct sweep_shape *sh, int n, long i, long b, long line, long l, long *count)
{
    long u = i * sh->builds + b;
    *count = sh->variants * sh->builds;
    enum shard_unit kind = shard_unit_for(sh, n);
    if (kind == SHARD_GROUPS) return u;
    u = u * sh->lines + line;
    *count *= sh->lines;
    if (kind == SHARD_LINES) return u;
    *count *= sh->locals;
    return u * sh->locals + l;
}

int shard_owner(const struct sweep_shape *sh, int n, long i, long b, long line, long l)
{
    long count;
    long u = unit_of(sh, n, i, b, line, l, &count);
    return shard_block(count, n, u) + 1;
}

void shard_group_owners(const struct sweep_shape *sh, int n, long i, long b, int *kmin, int *kmax)
{
    *kmin = shard_owner(sh, n, i, b, 0, 0);
    *kmax = shard_owner(sh, n, i, b, sh->lines - 1, sh->locals - 1);
}

long shard_build_row_index(const struct sweep_shape *sh, long v, long b)
{
    return v * sh->builds + b;
}

long shard_sweep_row_index(const struct sweep_shape *sh, long i, long b, long line, long l)
{
    return sh->variants * sh->builds + ((line * sh->variants + i) * sh->builds + b) * sh->locals + l;
}

int shard_decode(const struct sweep_shape *sh, long index, long *v, long *i, long *b, long *line, long *l)
{
    long groups = sh->variants * sh->builds;
    if (index < 0 || groups <= 0 || sh->locals <= 0) return -1;
    if (index < groups) {
        *v = index / sh->builds;
        *b = index % sh->builds;
        return 1;
    }
    long s = index - groups;
    *l = s % sh->locals;
    s /= sh->locals;
    *b = s % sh->builds;
    s /= sh->builds;
    *i = s % sh->variants;
    *line = s / sh->variants;
    return *line < sh->lines ? 0 : -1;
}

/* ---- a run's shard ------------------------------------------------------------------------ */

/* The kinds of variant that others need: the baseline's output is what the others are checked
 * against (the first of its rows at a launch point stores it, the later ones are checked against
 * it, so every one of them runs where anything of that point runs); rel_time divides by the
 * relative variant's time at the same build and point. */
enum { DEP_RELATIVE = 1, DEP_BASELINE = 2 };

static int named(const struct variant *v, const char *name) { return name && v->name && !strcmp(v->name, name); }

/* What shard_map_role looks up instead of asking every variant: at_point[b * points + pt]: the
 * shard owns some variant there; at_line[line]: it owns something at that line. */
struct shard_marks { char *at_point, *at_line; };

static long points_of(const struct shard_map *m) { return m->shape.lines * m->shape.locals; }

void shard_map_init(struct shard_map *m, const struct shard *sh, const struct spec *s, const struct plan *p,
                    const int *order)
{
    memset(m, 0, sizeof *m);
    m->sh = *sh;
    m->nvariants = p->nvariants;
    long locals = p->naxes > 0 ? p->axis_values[p->naxes - 1].n : 1;
    m->shape = (struct sweep_shape){ .variants = p->nvariants, .builds = p->builds.n, .lines = (long)p->npoints / locals,
                                     .locals = locals };
    m->order = xcalloc((size_t)p->nvariants + 1, sizeof *m->order);
    m->place = xcalloc((size_t)p->nvariants + 1, sizeof *m->place);
    m->dep = xcalloc((size_t)p->nvariants + 1, 1);
    for (int i = 0; i < p->nvariants; i++) {
        m->order[i] = order[i];
        m->place[order[i]] = i;
    }
    for (int v = 0; v < p->nvariants; v++)
        m->dep[v] = (char)((named(&p->variants[v], s->relative) ? DEP_RELATIVE : 0) |
                           (named(&p->variants[v], s->baseline) ? DEP_BASELINE : 0));
    m->unit = sh->n ? shard_unit_for(&m->shape, sh->n) : SHARD_GROUPS;
    if (!sh->n) { m->owned = shard_configs(&m->shape); return; }
    long npt = points_of(m);
    struct shard_marks *mk = xcalloc(1, sizeof *mk);
    mk->at_point = xcalloc((size_t)(m->shape.builds * npt) + 1, 1);
    mk->at_line = xcalloc((size_t)m->shape.lines + 1, 1);
    for (int v = 0; v < m->nvariants; v++)
        for (long b = 0; b < m->shape.builds; b++)
            for (long pt = 0; pt < npt; pt++)
                if (shard_owner(&m->shape, sh->n, m->place[v], b, pt / locals, pt % locals) == sh->k) {
                    mk->at_point[b * npt + pt] = 1;
                    mk->at_line[pt / locals] = 1;
                    m->owned++;
                }
    m->marks = mk;
    for (int v = 0; v < m->nvariants; v++)
        for (long b = 0; b < m->shape.builds; b++)
            for (long pt = 0; pt < npt; pt++)
                m->helpers += shard_map_role(m, v, (int)b, pt) == SHARD_HELP;
}

void shard_map_free(struct shard_map *m)
{
    if (m->marks) {
        free(m->marks->at_point);
        free(m->marks->at_line);
        free(m->marks);
    }
    free(m->order);
    free(m->place);
    free(m->dep);
    free(m->keep);
    memset(m, 0, sizeof *m);
}

void shard_map_keep(struct shard_map *m, char *keep)
{
    free(m->keep);
    m->keep = keep;
    long npt = points_of(m);
    m->owned = m->helpers = 0;
    for (int v = 0; v < m->nvariants; v++)
        for (long b = 0; b < m->shape.builds; b++)
            for (long pt = 0; pt < npt; pt++) {
                enum shard_role role = shard_map_role(m, v, (int)b, pt);
                m->owned += role == SHARD_OWN;
                m->helpers += role == SHARD_HELP;
            }
}

enum shard_role shard_map_role(const struct shard_map *m, int v, int b, long pt)
{
    if (m->keep && !m->keep[((long)v * m->shape.builds + b) * points_of(m) + pt]) return SHARD_NONE;
    if (!m->sh.n) return SHARD_OWN;
    long locals = m->shape.locals, line = pt / locals;
    if (shard_owner(&m->shape, m->sh.n, m->place[v], b, line, pt % locals) == m->sh.k) return SHARD_OWN;
    if ((m->dep[v] & DEP_BASELINE) && m->marks->at_line[line]) return SHARD_HELP;
    if ((m->dep[v] & DEP_RELATIVE) && m->marks->at_point[b * points_of(m) + pt]) return SHARD_HELP;
    return SHARD_NONE;
}

long shard_map_runs(const struct shard_map *m, int v, int b)
{
    long npt = points_of(m), n = 0;
    if (!m->sh.n && !m->keep) return npt;
    for (long pt = 0; pt < npt; pt++) n += shard_map_role(m, v, b, pt) != SHARD_NONE;
    return n;
}

int shard_map_builds(const struct shard_map *m, int v, int b)
{
    if (b >= 0) return shard_map_runs(m, v, b) > 0;
    for (long k = 0; k < m->shape.builds; k++)
        if (shard_map_runs(m, v, (int)k) > 0) return 1;
    return 0;
}

long shard_map_index(const struct shard_map *m, int v, int b, long pt)
{
    if (pt < 0) return shard_build_row_index(&m->shape, v, b);
    return shard_sweep_row_index(&m->shape, m->place[v], b, pt / m->shape.locals, pt % m->shape.locals);
}

char *shard_map_describe(const struct shard_map *m)
{
    char *t = xasprintf("shard %d/%d (%s): %ld of the sweep's %ld configurations%s", m->sh.k, m->sh.n,
                        shard_unit_words(m->unit), m->owned, shard_configs(&m->shape),
                        m->owned ? "" : " (more shards than units: nothing here)");
    if (!m->helpers) return t;
    char *u = xasprintf("%s, and %ld of the baseline or relative variant that those are checked or timed against "
                        "(their rows are written too; clx merge keeps the owner's)", t, m->helpers);
    free(t);
    return u;
}

/* ---- names, arguments and identity ---------------------------------------------------------- */

char *shard_run_name(const char *experiment, const struct shard *sh)
{
    return sh->n ? xasprintf("%s-shard%dof%d", experiment, sh->k, sh->n) : xstrdup(experiment);
}

void shard_args_resolved(struct strlist *args, const struct shard *sh)
{
    static const struct args_option shard_option = { "--shard", 1 };
    for (int i = 0; i < args->n; i++) {
        int span;
        const char *val;
        if (!args_option_at(args->v, args->n, i, &shard_option, &span, &val) || !val || strcmp(val, "slurm")) continue;
        int at = i + span - 1;
        free(args->v[at]);
        args->v[at] = span == 2 ? xasprintf("%d/%d", sh->k, sh->n) : xasprintf("--shard=%d/%d", sh->k, sh->n);
    }
}

void shard_record(const struct shard_map *m, const struct strlist *args, struct rj_shard *out)
{
    out->k = m->sh.k;
    out->n = m->sh.n;
    out->unit = shard_unit_name(m->unit);
    out->configurations = (double)shard_configs(&m->shape);
    out->owned = (double)m->owned;
    out->helpers = (double)m->helpers;
    out->variants = m->shape.variants;
    out->builds = m->shape.builds;
    out->lines = m->shape.lines;
    out->locals = m->shape.locals;
    out->norder = m->nvariants;
    out->order = xcalloc((size_t)m->nvariants + 1, sizeof *out->order);
    memcpy(out->order, m->order, (size_t)m->nvariants * sizeof *out->order);
    /* Shards of one sweep may differ in the options that measure nothing (lib/args.h). */
    args_without_neutral(args->v, args->n, ARGS_SHARDS, &out->options);
}
