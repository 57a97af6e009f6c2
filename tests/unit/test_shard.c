/* test_shard.c — the partition behind --shard K/N for many sweep shapes and N: every configuration
 * owned by exactly one part, the same answer every time, parts balanced to one unit, whole groups
 * when there are enough; the rows' places in the unsharded order; --shard and Slurm's variables;
 * the helpers a shard runs for the baseline and relative variants. */
#include "check.h"
#include "spec/shard.h"
#include "store/sweepid.h"
#include <stdlib.h>

/* for_shapes: calls fn on every shape with up to 5 variants, 3 builds, 4 lines and 3 local sizes. */
static void for_shapes(void (*fn)(const struct sweep_shape *sh, int n))
{
    for (long v = 1; v <= 5; v++)
        for (long b = 1; b <= 3; b++)
            for (long li = 1; li <= 4; li++)
                for (long lo = 1; lo <= 3; lo++)
                    for (int n = 1; n <= 70; n++) {
                        struct sweep_shape sh = { v, b, li, lo };
                        fn(&sh, n);
                    }
}

/* unit_size: configurations per unit of the kind chosen for n parts. */
static long unit_size(const struct sweep_shape *sh, int n)
{
    enum shard_unit u = shard_unit_for(sh, n);
    return u == SHARD_GROUPS ? sh->lines * sh->locals : u == SHARD_LINES ? sh->locals : 1;
}

static void complete_and_balanced(const struct sweep_shape *sh, int n)
{
    long *count = calloc((size_t)n + 1, sizeof *count), total = shard_configs(sh);
    for (long i = 0; i < sh->variants; i++)
        for (long b = 0; b < sh->builds; b++)
            for (long li = 0; li < sh->lines; li++)
                for (long l = 0; l < sh->locals; l++) {
                    int k = shard_owner(sh, n, i, b, li, l);
                    CHECK(k >= 1 && k <= n);
                    if (k >= 1 && k <= n) count[k]++;
                    /* The same question, the same answer. */
                    CHECK(shard_owner(sh, n, i, b, li, l) == k);
                }
    long sum = 0, lo = total, hi = 0;
    for (int k = 1; k <= n; k++) {
        sum += count[k];
        lo = count[k] < lo ? count[k] : lo;
        hi = count[k] > hi ? count[k] : hi;
    }
    /* Each configuration in exactly one part (the counts add up and every owner is in range). */
    CHECK(sum == total);
    /* Balanced: parts differ by one unit at most. */
    CHECK(hi - lo <= unit_size(sh, n));
    free(count);
}

static void partition_complete_disjoint_balanced(void) { for_shapes(complete_and_balanced); }

static void unit_choice(const struct sweep_shape *sh, int n)
{
    long groups = sh->variants * sh->builds;
    enum shard_unit u = shard_unit_for(sh, n);
    CHECK(u == (groups >= n ? SHARD_GROUPS : groups * sh->lines >= n ? SHARD_LINES : SHARD_CONFIGS));
    for (long i = 0; i < sh->variants; i++)
        for (long b = 0; b < sh->builds; b++) {
            int kmin, kmax;
            shard_group_owners(sh, n, i, b, &kmin, &kmax);
            /* With groups as the unit a group has one owner: each part builds only what it runs. */
            if (u == SHARD_GROUPS) CHECK(kmin == kmax);
            CHECK(kmin <= kmax);
            /* Every configuration of the group is owned within [kmin, kmax]. */
            for (long li = 0; li < sh->lines; li++)
                for (long l = 0; l < sh->locals; l++) {
                    int k = shard_owner(sh, n, i, b, li, l);
                    CHECK(k >= kmin && k <= kmax);
                }
            /* Lines stay whole unless single configurations are the unit. */
            if (u != SHARD_CONFIGS)
                for (long li = 0; li < sh->lines; li++)
                    CHECK(shard_owner(sh, n, i, b, li, 0) == shard_owner(sh, n, i, b, li, sh->locals - 1));
        }
}

static void unit_is_coarsest_possible(void) { for_shapes(unit_choice); }

/* Blocks: contiguous, sizes within one, covering 0 .. T-1 once; shard_block agrees with the ranges. */
static void blocks(void)
{
    for (long t = 1; t <= 60; t++)
        for (int n = 1; n <= 70; n++) {
            long next = 0, lo = t, hi = 0;
            for (int p = 0; p < n; p++) {
                long first, end;
                shard_block_range(t, n, p, &first, &end);
                CHECK(first == next);
                next = end;
                lo = end - first < lo ? end - first : lo;
                hi = end - first > hi ? end - first : hi;
                for (long i = first; i < end; i++) CHECK(shard_block(t, n, i) == p);
            }
            CHECK(next == t);
            CHECK(hi - lo <= 1);
        }
}

/* A known answer, so that a change to the partition (which would mix shards of two clx versions)
 * shows here: 4 variants x 2 builds in 3 parts: groups 0-1, 2-4, 5-7. */
static void known_answer(void)
{
    struct sweep_shape sh = { 4, 2, 3, 2 };
    static const int want[8] = { 1, 1, 2, 2, 2, 3, 3, 3 };
    for (long g = 0; g < 8; g++) CHECK(shard_owner(&sh, 3, g / 2, g % 2, 2, 1) == want[g]);
    CHECK(shard_unit_for(&sh, 3) == SHARD_GROUPS);
    CHECK(shard_unit_for(&sh, 9) == SHARD_LINES);
    CHECK(shard_unit_for(&sh, 25) == SHARD_CONFIGS);
}

/* Row indexes: build-phase rows first, then the sweep's order (line, place, build, local); each
 * decodes to what made it. */
static void row_indexes(void)
{
    struct sweep_shape sh = { 3, 2, 4, 5 };
    long prev = -1, v, i, b, line, l;
    for (long vv = 0; vv < 3; vv++)
        for (long bb = 0; bb < 2; bb++) {
            long x = shard_build_row_index(&sh, vv, bb);
            CHECK(x == prev + 1);
            prev = x;
            CHECK(shard_decode(&sh, x, &v, &i, &b, &line, &l) == 1 && v == vv && b == bb);
        }
    for (long li = 0; li < 4; li++)
        for (long ii = 0; ii < 3; ii++)
            for (long bb = 0; bb < 2; bb++)
                for (long ll = 0; ll < 5; ll++) {
                    long x = shard_sweep_row_index(&sh, ii, bb, li, ll);
                    CHECK(x == prev + 1);
                    prev = x;
                    CHECK(shard_decode(&sh, x, &v, &i, &b, &line, &l) == 0 && i == ii && b == bb && line == li && l == ll);
                }
    CHECK(shard_decode(&sh, prev + 1, &v, &i, &b, &line, &l) == -1);
    CHECK(shard_decode(&sh, -1, &v, &i, &b, &line, &l) == -1);
}

static void parse_k_of_n(void)
{
    struct shard s;
    char *err = NULL;
    CHECK(shard_parse("2/8", &s, &err) == 0 && s.k == 2 && s.n == 8);
    CHECK(shard_parse("1/1", &s, &err) == 0 && s.k == 1 && s.n == 1);
    CHECK(shard_parse("100000/100000", &s, &err) == 0 && s.k == 100000);
    static const char *const bad[] = { "0/3", "4/3", "3", "a/b", "1/0", "-1/3", "1/3x", "", "/3", "1/", "+1/3",
                                       " 1/3", "1/100001", "1//3", "1.5/3", "2/3/4", NULL };
    for (int i = 0; bad[i]; i++) {
        err = NULL;
        CHECK(shard_parse(bad[i], &s, &err) == -1);
        CHECK_CONTAINS(err, "--shard");
        free(err);
    }
}

static void slurm_env_max(const char *id, const char *min, const char *step, const char *count, const char *max)
{
    const char *names[5] = { "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
                             "SLURM_ARRAY_TASK_MAX" };
    const char *vals[5] = { id, min, step, count, max };
    for (int i = 0; i < 5; i++) {
        if (vals[i]) setenv(names[i], vals[i], 1);
        else unsetenv(names[i]);
    }
}

static void slurm_env(const char *id, const char *min, const char *step, const char *count)
{
    slurm_env_max(id, min, step, count, NULL);
}

static void parse_slurm(void)
{
    struct shard s;
    char *err = NULL;
    slurm_env("1", "1", "1", "3");
    CHECK(shard_parse("slurm", &s, &err) == 0 && s.k == 1 && s.n == 3);
    /* Sparse ids: --array=0-14:2 has ids 0, 2, ..., 14: id 10 is the 6th of 8. */
    slurm_env("10", "0", "2", "8");
    CHECK(shard_parse("slurm", &s, &err) == 0 && s.k == 6 && s.n == 8);
    slurm_env_max("10", "0", "2", "8", "14");
    CHECK(shard_parse("slurm", &s, &err) == 0 && s.k == 6 && s.n == 8);
    /* --array=1,3,8 as Slurm 22.05 says it to task 3: MIN 1, MAX 8, STEP 1, COUNT 3. Without MAX it
     * passed for part 3 of 3 (and task 1 for part 1), while task 8 was refused. */
    slurm_env_max("3", "1", "1", "3", "8");
    err = NULL;
    CHECK(shard_parse("slurm", &s, &err) == -1);
    CHECK_CONTAINS(err, "disagree (SLURM_ARRAY_TASK_ID=3, _MIN=1, _MAX=8, _STEP=1, _COUNT=3)");
    free(err);
    /* Task 2 of 3 submitted again alone (sbatch --array=2), as Slurm 22.05 says it: an array of one
     * task, ID = MIN = MAX = 2, STEP 1, COUNT 1; refused, not run as part 1 of 1. */
    slurm_env_max("2", "2", "1", "1", "2");
    err = NULL;
    CHECK(shard_parse("slurm", &s, &err) == -1);
    CHECK_CONTAINS(err, "--shard slurm: this array job has a single task (SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=1)");
    CHECK_CONTAINS(err, "give --shard K/N");
    /* make install installs no tools/: the script is named where it is. */
    CHECK_CONTAINS(err, "tools/slurm-sweep.sh's DIR/shard.sbatch does: in clx's source tree)");
    free(err);
    slurm_env_max(NULL, NULL, NULL, NULL, NULL);
    struct { const char *id, *min, *step, *count, *says; } bad[] = {
        { NULL, "1", "1", "3", "SLURM_ARRAY_TASK_ID is not set" },
        { NULL, "1", "1", "3", "tools/slurm-sweep.sh in clx's source tree submits one" },
        { "2", "1", "1", NULL, "SLURM_ARRAY_TASK_COUNT is not set" },
        { "x", "1", "1", "3", "not a whole number" },
        { "3", "0", "2", "8", "disagree" },      /* not MIN + a multiple of STEP */
        { "8", "1", "1", "3", "disagree" },      /* --array=1,3,8: no series */
        { "1", "2", "1", "3", "disagree" },      /* below MIN */
        { "1", "1", "0", "3", "disagree" },
        { "1", "1", "1", "1", "single task" },   /* --array=1 alone */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        slurm_env(bad[i].id, bad[i].min, bad[i].step, bad[i].count);
        err = NULL;
        CHECK(shard_parse("slurm", &s, &err) == -1);
        CHECK_CONTAINS(err, bad[i].says);
        CHECK_CONTAINS(err, "--shard slurm");
        free(err);
    }
    slurm_env(NULL, NULL, NULL, NULL);
}

/* A plan by hand: variants "ref", "base", "a", "b", "c" (order as run: base, ref, then the others),
 * builds, and a line axis N and local axis. */
static void fake_plan(struct plan *p, struct spec *s, int nbuilds, int nlines, int nlocals)
{
    static const char *const names[] = { "a", "ref", "b", "base", "c" };
    memset(p, 0, sizeof *p);
    memset(s, 0, sizeof *s);
    p->nvariants = 5;
    p->variants = calloc(5, sizeof *p->variants);
    for (int v = 0; v < 5; v++) p->variants[v].name = names[v];
    for (int b = 0; b < nbuilds; b++) sl_push(&p->builds, b ? "-cl-opt-disable" : "");
    p->naxes = 2;
    p->axis_values = calloc(2, sizeof *p->axis_values);
    for (int i = 0; i < nlines; i++) sl_push_own(&p->axis_values[0], xasprintf("%d", 1000 + i));
    for (int i = 0; i < nlocals; i++) sl_push_own(&p->axis_values[1], xasprintf("%d", 32 << i));
    p->npoints = (size_t)(nlines * nlocals);
    s->relative = "ref";
    s->baseline = "base";
}

static void free_fake(struct plan *p)
{
    sl_free(&p->builds);
    sl_free(&p->axis_values[0]);
    sl_free(&p->axis_values[1]);
    free(p->axis_values);
    free(p->variants);
}

/* The shards of a sweep with a baseline and a relative variant: owned rows cover it once; a shard
 * that owns anything at a point runs the relative variant there, and every baseline configuration
 * of that line; builds follow what runs. */
static void helpers(void)
{
    static const int order[5] = { 3, 1, 0, 2, 4 };
    for (int nb = 1; nb <= 2; nb++)
        for (int n = 1; n <= 25; n++) {
            struct plan p;
            struct spec s;
            fake_plan(&p, &s, nb, 2, 3);
            char *own = calloc((size_t)(5 * nb * 6), 1);
            for (int k = 1; k <= n; k++) {
                struct shard sh = { k, n };
                struct shard_map m;
                shard_map_init(&m, &sh, &s, &p, order);
                long owned = 0;
                for (int v = 0; v < 5; v++)
                    for (int b = 0; b < nb; b++) {
                        int any = 0;
                        for (long pt = 0; pt < 6; pt++) {
                            enum shard_role r = shard_map_role(&m, v, b, pt);
                            any |= r != SHARD_NONE;
                            if (r == SHARD_OWN) { own[(v * nb + b) * 6 + pt]++; owned++; }
                            /* Only the baseline and the relative variant help. */
                            if (r == SHARD_HELP) CHECK(v == 1 || v == 3);
                            if (r != SHARD_OWN) continue;
                            CHECK(shard_map_role(&m, 1, b, pt) != SHARD_NONE);
                            for (int bb = 0; bb < nb; bb++)
                                for (long l = 0; l < 3; l++)
                                    CHECK(shard_map_role(&m, 3, bb, pt / 3 * 3 + l) != SHARD_NONE);
                        }
                        CHECK(shard_map_builds(&m, v, b) == any);
                        CHECK((shard_map_runs(&m, v, b) > 0) == any);
                    }
                CHECK(owned == m.owned);
                shard_map_free(&m);
            }
            for (int i = 0; i < 5 * nb * 6; i++) CHECK(own[i] == 1);
            free(own);
            free_fake(&p);
        }
}

/* Not sharded: everything is the run's own, no helper. */
static void unsharded_map(void)
{
    static const int order[5] = { 3, 1, 0, 2, 4 };
    struct plan p;
    struct spec s;
    fake_plan(&p, &s, 2, 2, 3);
    struct shard none = { 0, 0 };
    struct shard_map m;
    shard_map_init(&m, &none, &s, &p, order);
    CHECK(m.owned == 60 && m.helpers == 0);
    CHECK(shard_map_role(&m, 4, 1, 5) == SHARD_OWN);
    CHECK(shard_map_runs(&m, 0, 0) == 6);
    /* A row's index: place of variant 0 is 2; point 4 is line 1, local 1. */
    CHECK(shard_map_index(&m, 0, 1, 4) == 10 + ((1 * 5 + 2) * 2 + 1) * 3 + 1);
    CHECK(shard_map_index(&m, 4, 1, -1) == 9);
    shard_map_free(&m);
    free_fake(&p);
}

static void names_and_args(void)
{
    struct shard sh = { 2, 8 };
    char *n = shard_run_name("vecsum", &sh);
    CHECK_STR(n, "vecsum-shard2of8");
    free(n);
    struct strlist a = {0};
    sl_push(&a, "vecsum");
    sl_push(&a, "--shard");
    sl_push(&a, "slurm");
    sl_push(&a, "--shard=slurm");
    shard_args_resolved(&a, &sh);
    CHECK_STR(a.v[2], "2/8");
    CHECK_STR(a.v[3], "--shard=2/8");
    sl_free(&a);
}

/* The identity: the options that shape the sweep are kept, the others left out; the hash follows. */
static void identity(void)
{
    static const int order[5] = { 0, 1, 2, 3, 4 };
    struct plan p;
    struct spec s;
    fake_plan(&p, &s, 1, 1, 1);
    struct shard sh = { 1, 2 };
    struct shard_map m;
    shard_map_init(&m, &sh, &s, &p, order);
    struct strlist a = {0};
    const char *args[] = { "vecsum", "--quick", "--shard", "1/2", "--out", "x", "--device=1:0", "--quiet", "--set", "ILP=1", NULL };
    for (int i = 0; args[i]; i++) sl_push(&a, args[i]);
    struct runjson j;
    runjson_init(&j);
    j.spec = "text";
    shard_record(&m, &a, &j.shard);
    cJSON *run = runjson_doc(&j);
    char *opts = cJSON_PrintUnformatted(sweepid_at(run, "shard.options"));
    CHECK_STR(opts, "[\"vecsum\",\"--quick\",\"--set\",\"ILP=1\"]");
    cJSON_free(opts);
    /* The writer's sweep hashes what came before it, the shard's n and options with it. */
    char *h1 = sweepid_hash(run);
    CHECK_STR(h1, cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(run, "shard"), "sweep")->valuestring);
    cJSON_Delete(run);
    j.spec = "other";
    run = runjson_doc(&j);
    char *h2 = sweepid_hash(run);
    CHECK(strcmp(h1, h2) != 0);
    free(h1);
    free(h2);
    cJSON_Delete(run);
    runjson_free(&j);
    sl_free(&a);
    shard_map_free(&m);
    free_fake(&p);
}

int main(void)
{
    RUN(partition_complete_disjoint_balanced);
    RUN(unit_is_coarsest_possible);
    RUN(blocks);
    RUN(known_answer);
    RUN(row_indexes);
    RUN(parse_k_of_n);
    RUN(parse_slurm);
    RUN(helpers);
    RUN(unsharded_map);
    RUN(names_and_args);
    RUN(identity);
    CHECK_EXIT();
}
