/* shard.h — cutting a sweep into N deterministic, disjoint, balanced parts (clx run --shard K/N,
 * and later the devices of --split): which part owns each configuration, where each row goes in
 * the unsharded sweep's order, and run.json's "shard" object for clx merge. */
#ifndef SHARD_H
#define SHARD_H
#include "plan.h"
#include "spec.h"
#include "store/runjson.h"

/* --shard K/N: part k of n (1 <= k <= n); n == 0 when the sweep is not sharded. */
struct shard { int k, n; };

/* The most parts a sweep is cut into. */
#define SHARD_MAX 100000

/* shard_parse: "K/N" (whole numbers, 1 <= K <= N <= SHARD_MAX) or "slurm" (shard_from_slurm).
 * Returns 0, or -1 and *err (a new string naming --shard). */
int shard_parse(const char *text, struct shard *out, char **err);
/* shard_from_slurm: K and N of a Slurm array task: K = (SLURM_ARRAY_TASK_ID -
 * SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1 (array ids may be sparse), N =
 * SLURM_ARRAY_TASK_COUNT (the task count of the job running it, not of a sweep: an array of one
 * task, a task submitted again alone, is refused rather than run as the whole sweep, part 1 of 1).
 * Returns 0, or -1 and *err when one is missing, they disagree (SLURM_ARRAY_TASK_MAX, where set,
 * included) or the array has a single task. */
int shard_from_slurm(struct shard *out, char **err);

/* The shape of a sweep: variants (in the order the sweep runs them at each point), builds, launch
 * points without the last axis ("lines": a work-group sweep), and values of the last axis (local). */
struct sweep_shape { long variants, builds, lines, locals; };

/* What the parts are made of: whole variant x build groups (a part builds only what it runs) when
 * there are at least n of them, else lines (every local size of one variant, build and point, so
 * dev_row_avg stays whole), else single configurations. */
enum shard_unit { SHARD_GROUPS, SHARD_LINES, SHARD_CONFIGS };
enum shard_unit shard_unit_for(const struct sweep_shape *sh, int n);
/* shard_unit_name: "groups", "lines", "configurations" (run.json); shard_unit_words: for people. */
const char *shard_unit_name(enum shard_unit u);
const char *shard_unit_words(enum shard_unit u);

/* shard_block: the part (0 .. n-1) of item i (0 <= i < nitems) when nitems items in order are cut
 * into n contiguous blocks whose sizes differ by at most one. shard_block_range: part p's items,
 * [*first, *end). Contiguous, so that neighbours (a variant's builds) stay together. */
int shard_block(long nitems, int n, long i);
void shard_block_range(long nitems, int n, int p, long *first, long *end);

/* shard_owner: the part (1 .. n) that owns the configuration at variant place i, build b, line
 * and local index l. */
int shard_owner(const struct sweep_shape *sh, int n, long i, long b, long line, long l);
/* shard_group_owners: the parts that own some configuration of variant place i with build b. */
void shard_group_owners(const struct sweep_shape *sh, int n, long i, long b, int *kmin, int *kmax);

/* Where a row goes in the unsharded sweep's results.tsv: the rows of the build phase first, one
 * per plan variant v and build b (index v * builds + b), then the swept rows in the sweep's
 * order: line, variant place, build, local. */
long shard_build_row_index(const struct sweep_shape *sh, long v, long b);
long shard_sweep_row_index(const struct sweep_shape *sh, long i, long b, long line, long l);
/* shard_decode: the inverse: 1 for a build-phase row (*v, *b set), 0 for a swept row (*i, *b,
 * *line, *l set), -1 when index is outside the sweep. */
int shard_decode(const struct sweep_shape *sh, long index, long *v, long *i, long *b, long *line, long *l);
/* shard_configs: the configurations of the sweep (variants x builds x lines x locals). */
long shard_configs(const struct sweep_shape *sh);

/* What a run needs to follow its shard: which configurations it owns, which it runs only because
 * the ones it owns need them (the spec's baseline variant's outputs verify the others; rel_time
 * compares with the relative variant measured in the same process), and each row's index. */
struct shard_marks;
struct shard_map {
    struct shard sh;             /* n == 0: not sharded (every configuration runs) */
    struct sweep_shape shape;
    enum shard_unit unit;
    int nvariants;
    int *order;                  /* [place]: the plan variant the sweep runs there (a copy) */
    int *place;                  /* [variant]: its place in the order */
    char *dep;                   /* [variant]: a baseline or relative variant others need */
    long owned, helpers;         /* configurations this shard owns, and runs for the others */
    struct shard_marks *marks;   /* where the shard owns something (shard.c) */
    char *keep;                  /* NULL, or [(v * builds + b) * points + pt]: 0 where the sweep does not run */
};

/* Whether a shard runs a configuration: not at all, as its own, or as a helper (its row is
 * written, and clx merge takes the owner's). */
enum shard_role { SHARD_NONE, SHARD_OWN, SHARD_HELP };

/* shard_map_init: the map of shard sh over plan p, whose variants the sweep runs in order (a
 * permutation of 0 .. nvariants-1); with sh->n == 0 every configuration is the run's own. */
void shard_map_init(struct shard_map *m, const struct shard *sh, const struct spec *s, const struct plan *p,
                    const int *order);
void shard_map_free(struct shard_map *m);
/* shard_map_keep: from now on only the configurations keep marks run (keep: [(v * builds + b) *
 * points + pt], taken over by the map): a tuned sweep's (run/tune_pick.h). */
void shard_map_keep(struct shard_map *m, char *keep);
/* shard_map_role: the role of variant v, build b, launch point pt. */
enum shard_role shard_map_role(const struct shard_map *m, int v, int b, long pt);
/* shard_map_builds: whether the shard runs anything of variant v with build b (b < 0: any build). */
int shard_map_builds(const struct shard_map *m, int v, int b);
/* shard_map_runs: the configurations of variant v, build b that the shard runs. */
long shard_map_runs(const struct shard_map *m, int v, int b);
/* shard_map_index: the sweep_index of a row of variant v, build b, point pt (< 0: build phase). */
long shard_map_index(const struct shard_map *m, int v, int b, long pt);

/* shard_map_describe: the console line of a sharded run: the part, its unit, what it runs (a new
 * string). */
char *shard_map_describe(const struct shard_map *m);

/* shard_run_name: the name a shard's results folder starts with: "vecsum-shard2of8" (a new string). */
char *shard_run_name(const char *experiment, const struct shard *sh);
/* shard_args_resolved: args with "--shard slurm" made "--shard K/N", so that run.json (and
 * clx run --resume) records the part this task ran. */
void shard_args_resolved(struct strlist *args, const struct shard *sh);

/* shard_record: run.json's shard record into out (as runjson_init leaves it): k, n, unit,
 * shape, the variant order, counts, and the options that shape the sweep (args without those that
 * do not: --shard, --out, --device, --quiet, --report, --resume, --no-cache); run.json's writer
 * adds "sweep", the hash of everything clx merge requires shards to share (store/sweepid.h). */
void shard_record(const struct shard_map *m, const struct strlist *args, struct rj_shard *out);
#endif
