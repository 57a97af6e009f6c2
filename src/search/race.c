/* race.c — the racing search (race.h): sample, race on verdicts, explore the survivors'
 * neighbours, within a budget; every step logged so that a log replays into the same search. */
#include "race_impl.h"
#include "timed.h"
#include "lib/rng.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Random batches drawn once the survivors and their neighbours are decided, before the search
 * calls itself done; a new incumbent gives them back. */
#define RESTARTS 8
/* and beyond them, while less than this share of the budget is spent */
#define RESTART_UNTIL 0.5
/* The first sample's share of the budget at most (but SAMPLE_LEAST configurations at least): the
 * climb from its best finds more than more of the sample does (test_race's test_climb at 2% of a
 * sweep: 0.3 held the best within 1% after 45 s in the median of 60 seeds, 0.1 after 17 s). */
#define SAMPLE_SHARE 0.1
#define SAMPLE_LEAST 16
/* The best survivors whose neighbours are explored once fewer than a few contenders are left. */
#define EXPLORE_FROM 3


static void opts_defaults(struct race_opts *o, int n)
{
    if (o->initial <= 0) o->initial = n / 64 < 16 ? 16 : n / 64 > 256 ? 256 : n / 64;
    if (o->initial > n) o->initial = n;
    if (o->max_rounds <= 0) o->max_rounds = RACE_MAX_ROUNDS;
    if (o->sweep_rounds <= 0) o->sweep_rounds = RACE_MAX_ROUNDS;
    if (o->budget_share > 0) o->budget_s = INFINITY;
    if (!(o->prior_noise > 0)) o->prior_noise = RACE_PRIOR_NOISE;
    if (!(o->rule.alpha > 0)) o->rule.alpha = VERDICT_ALPHA;
    if (!(o->rule.min_effect > 0)) o->rule.min_effect = VERDICT_MIN_EFFECT;
}

static void log_push(struct race *r, const struct race_step *st)
{
    if (r->nlog == r->caplog) {
        r->caplog = r->caplog ? 2 * r->caplog : 256;
        r->log = xrealloc(r->log, sizeof *r->log * (size_t)r->caplog);
        r->best_ms = xrealloc(r->best_ms, sizeof *r->best_ms * (size_t)r->caplog);
        r->best_at = xrealloc(r->best_at, sizeof *r->best_at * (size_t)r->caplog);
    }
    r->log[r->nlog++] = *st;
}

/* sweep_price: the sweep of n configurations in builds builds (those of one variant and build share
 * one: a sweep makes it once, at the mean build), each row worth rounds rounds: its first at the mean first round, the later ones at ratio of it (the later rounds'
 * seconds over their own configurations' first rounds', as run/estimate.c prices a sweep's: a mean of
 * each one's ratio would let one round held up by the host count many times). What a first round
 * carries once (warm-ups, set-up, a driver's compile at the first launch) a sweep pays once a
 * configuration too; counted in every round, PoCL's sgemm said 26 s for a sweep of 11 s. */
double race_sweep_price(long n, long builds, int rounds, double build_mean, double first_mean, double ratio, double once)
{
    return (double)builds * build_mean + (double)n * first_mean * (1 + (rounds - 1) * ratio) +
           (once > first_mean ? once - first_mean : 0);
}

/* estimate_budget: with a budget_share, the sweep's device seconds as the rounds so far show them
 * (race_sweep_price), and the budget that share of it: first made after RACE_BUDGET_FROM rounds
 * (every round priced as a first round then: no later round is in the first sample), made again at
 * each round until RACE_LATER_FROM later rounds price a sweep's later rounds, then kept. Made of
 * logged costs alone, so a replay makes the same. */
static void estimate_budget(struct ctx *c, const struct race_step *st, int first, int new_build)
{
    struct race *r = c->r;
    double round = st->cost_s - st->build_s;
    /* A build is priced from the rounds that made one: a configuration whose variant and build were
     * made already costs none, and a sweep makes each once. Priced at every configuration, memcopy_ilp's
     * 768 configurations in 24 builds said "the sweep's 24.15 s" of a sweep that took 5.9. */
    if (new_build) {
        c->builds++;
        c->built_s += st->build_s;
    }
    /* The search's very first round carries what the process does once (its first launch, its first
     * buffers): a sweep pays it once too. In the mean of 16 first rounds, memcopy_ilp's first (0.12 s
     * beside 0.003) made the sweep of 5.9 s 15 s; it is priced once, and its configuration's later
     * rounds are not set against it (first_round stays 0). */
    if (first) c->first_built_s += st->build_s;
    if (first && r->nlog == 1 && !c->o.price_older) c->first_once = round > 0 ? round : 0;
    else if (first) {
        c->firsts++;
        c->first_s += round;
        c->first_round[st->config] = round > 0 ? round : 0;
    } else if (c->first_round[st->config] > 0 && round > 0) {
        c->laters++;
        c->later_s += round;
        c->later_first_s += c->first_round[st->config];
    }
    if (!(c->o.budget_share > 0) || r->nlog < RACE_BUDGET_FROM || !c->firsts) return;
    if (r->sweep_estimate_s > 0 && r->sweep_laters >= RACE_LATER_FROM) return;
    double ratio = c->laters >= RACE_LATER_FROM && c->later_first_s > 0 ? fmin(1, c->later_s / c->later_first_s) : 1;
    double first_mean = c->first_s / c->firsts;
    int older = c->o.price_older;
    r->sweep_estimate_s = older ? race_sweep_price(c->sp->n, c->sp->n, c->o.sweep_rounds, c->first_built_s / c->firsts, first_mean,
                                                   ratio, 0)
                                : race_sweep_price(c->sp->n, c->ngroups, c->o.sweep_rounds, c->builds ? c->built_s / c->builds : 0,
                                                   first_mean, ratio, c->first_once);
    r->sweep_first_once = c->first_once > first_mean ? c->first_once : 0;
    r->sweep_firsts = c->firsts;
    r->sweep_priced_older = older;
    r->sweep_builds = older ? c->sp->n : c->ngroups;
    r->sweep_built = older ? c->firsts : c->builds;
    r->sweep_laters = c->laters >= RACE_LATER_FROM ? c->laters : 0;
    r->sweep_later_ratio = ratio;
    c->o.budget_s = r->budget_s = c->o.budget_share * r->sweep_estimate_s;
}

/* measure: one round of configuration i, from the replay while it lasts. 0; 1 when the search
 * ends here (the budget spent, or stopped: r->end); 2 when i is passed over, its build dearer than
 * the budget left (decided by the log alone, so a replay passes over the same); -1 with *err when
 * the replay is another's. */
static int measure(struct ctx *c, int i)
{
    struct race *r = c->r;
    if (r->spent_s >= c->o.budget_s && !c->confirming) { r->end = RACE_BUDGET; return 1; }
    if (c->sp->group && !c->built[c->sp->group[i]] && !c->confirming && r->spent_s + c->build_max > c->o.budget_s) {
        c->too_dear[i] = 1;
        r->unbuilt++;
        return 2;
    }
    /* Nor a round: at what its last round cost, or a first round at the dearest first round so far
     * less its build (a configuration's first visit sets it up: volkov_fma's unoptimised builds'
     * host references took 0.7 s on the H200, where a round takes 3 ms). A replay decides the same.
     * On the H200 ten volkov_fma searches at 20% of a sweep's seconds ended at 20.0-20.2% of it,
     * the last round over. */
    if (!c->confirming && r->nlog > 0 && (!c->sp->group || c->built[c->sp->group[i]]) &&
        r->spent_s + (c->last_round[i] > 0 ? c->last_round[i] : c->first_max) > c->o.budget_s) {
        c->too_dear[i] = 1;
        c->rounds_refused = 1;
        return 2;
    }
    struct race_step st = { .config = i };
    int k = r->nlog;
    if (k < c->nreplay) {
        st = c->replay[k];
        if (st.config != i) {
            *c->err = xasprintf("the log's step %d measured configuration %d where this search asks for %d: it is another "
                                "search's (its seed, space or budget differ)", k + 1, st.config, i);
            return -1;
        }
    } else {
        if (c->o.ahead) c->o.ahead(c->arg, c->next, c->nnext);
        int rc = c->m(c->arg, i, &st.median_ms, &st.cost_s, &st.build_s);
        if (rc == -2) { r->end = RACE_STOPPED; return 1; }
        st.ok = rc == 0 && st.median_ms > 0;
    }
    int new_build = !c->sp->group ? r->status[i] == RACE_UNSEEN : !c->built[c->sp->group[i]];
    log_push(r, &st);
    r->spent_s += st.cost_s;
    c->last_round[i] = st.cost_s - st.build_s;
    if (r->status[i] == RACE_UNSEEN && c->last_round[i] > c->first_max) c->first_max = c->last_round[i];
    if (c->sp->group) c->built[c->sp->group[i]] = 1;
    if (st.build_s > c->build_max) c->build_max = st.build_s;
    estimate_budget(c, &st, r->status[i] == RACE_UNSEEN, new_build);
    if (!st.ok) {
        r->status[i] = RACE_FAILED;
    } else {
        if (r->nrounds[i] == 0) {
            r->rounds[i] = xmalloc(sizeof **r->rounds * (size_t)c->o.max_rounds);
            c->seen[c->nseen++] = i;
            r->measured++;
            r->status[i] = RACE_ALIVE;
        }
        r->rounds[i][r->nrounds[i]++] = st.median_ms;
    }
    race_pick_incumbent(c);
    r->best_ms[r->nlog - 1] = r->incumbent >= 0 ? race_median(r, r->incumbent) : NAN;
    r->best_at[r->nlog - 1] = r->incumbent;
    if (k >= c->nreplay && c->o.logged) c->o.logged(c->arg, r);
    return 0;
}

/* The pass being built: configurations to measure once each, in order; from `base` on, those new to
 * the search (neighbours explored, a random batch). */
struct pass { int *at, n, base; };

static void pass_add(struct ctx *c, struct pass *p, int i)
{
    if (i < 0 || c->queued[i] || c->too_dear[i]) return;
    c->queued[i] = 1;
    p->at[p->n++] = i;
}

/* unseen: configuration i was never measured and may join a pass (not in it, not passed over). */
static int unseen(const struct ctx *c, int i)
{
    return c->r->status[i] == RACE_UNSEEN && !c->queued[i] && !c->too_dear[i];
}

/* draw: up to want configurations never measured, in the shuffle's order. */
static void draw(struct ctx *c, struct pass *p, int want)
{
    for (int got = 0; got < want && c->drawn < c->sp->n; c->drawn++) {
        int i = c->perm[c->drawn];
        if (unseen(c, i)) { pass_add(c, p, i); got++; }
    }
}

/* take_unseen: neighbours.h's take: a configuration never measured joins the pass being explored. */
static int take_unseen(void *arg, int j)
{
    struct ctx *c = arg;
    if (!unseen(c, j)) return 0;
    pass_add(c, c->explored, j);
    return 1;
}

/* far_climb: once the climb has nothing left around the incumbent, the neighbours of the fastest
 * configuration measured far from it and from every earlier such start whose neighbours are not
 * all seen (basins.h): a climb in another basin. sgemm's basins are narrow: on the H200 a search
 * whose climb ended at 35.5 TFLOP/s drew some 350 more at random without one faster (0.3% of the
 * space is), where a climb from its best tile that stages A would have reached 39 (docs/search.md). */
static void far_climb(struct ctx *c, struct pass *p, int inc, int room)
{
    struct race *r = c->r;
    double *t = xmalloc(sizeof *t * (size_t)(c->nseen ? c->nseen : 1));
    int *far = xmalloc(sizeof *far * (size_t)(c->nseen ? c->nseen : 1));
    for (int k = 0; k < c->nseen; k++)
        t[k] = r->status[c->seen[k]] == RACE_FAILED || !r->nrounds[c->seen[k]] ? NAN : race_median(r, c->seen[k]);
    int n = basins_far(&c->basins, c->sp, c->seen, t, c->nseen, inc, far);
    for (int k = 0; k < n && p->n == 0; k++) {
        neighbours_one(&c->nb, far[k], room, take_unseen, c);
        if (p->n == 0) neighbours_two(&c->nb, far[k], room, take_unseen, c);
        if (p->n) basins_started(&c->basins, far[k]);
    }
    free(t);
    free(far);
}

/* next_pass: decides what the rounds so far decide, then lists the next pass: a round for the
 * incumbent and every contender short of max_rounds (the closest first); where few are left, the
 * unseen neighbours of the best survivors; where none, a climb in another basin (far_climb); where
 * none is left, a random batch (RESTARTS of them since the incumbent last changed). An empty pass:
 * the search is decided. */
static void next_pass(struct ctx *c, struct pass *p, int *restarts)
{
    struct race *r = c->r;
    int inc = r->incumbent;
    p->n = 0;
    race_learn_noise(c);
    /* Nothing is decided against an incumbent of fewer than LEARN_ROUNDS rounds: one lucky round
     * (PoCL's copies ran a third faster in one than in the next) would decide configurations SLOWER
     * than a time it never repeats, and a decided one is never measured again. It takes them first. */
    if (inc >= 0 && r->nrounds[inc] < LEARN_ROUNDS) {
        pass_add(c, p, inc);
        c->queued[inc] = 0;
        return;
    }
    if (race_withdraw(c) && (inc = r->incumbent) >= 0 && r->nrounds[inc] < LEARN_ROUNDS) {
        pass_add(c, p, inc);
        c->queued[inc] = 0;
        return;
    }
    for (int k = 0; k < c->nseen && inc >= 0; k++) {
        int i = c->seen[k];
        if (i != inc && r->status[i] == RACE_ALIVE && race_decided_slower(c, inc, i)) {
            r->status[i] = RACE_SLOWER;
            r->slower_at[i] = r->nlog;
        }
    }
    struct timed *alive = xmalloc(sizeof *alive * (size_t)(c->nseen ? c->nseen : 1));
    int nalive = 0;
    for (int k = 0; k < c->nseen; k++)
        if (r->status[c->seen[k]] == RACE_ALIVE) alive[nalive++] = (struct timed){ race_median(r, c->seen[k]), c->seen[k] };
    qsort(alive, (size_t)nalive, sizeof *alive, timed_order);
    int contenders = 0, base;
    for (int k = 0; k < nalive; k++)
        if (r->nrounds[alive[k].config] < c->o.max_rounds) {
            pass_add(c, p, alive[k].config);
            contenders += alive[k].config != inc;
        }
    base = p->base = p->n;
    int few = c->o.initial / 8 > 4 ? c->o.initial / 8 : 4, batch = c->o.initial / 4 > 4 ? c->o.initial / 4 : 4;
    c->explored = p;
    if (contenders < few)
        for (int k = 0; k < nalive && k < EXPLORE_FROM; k++) {
            neighbours_one(&c->nb, alive[k].config, batch - (p->n - base), take_unseen, c);
            /* The incumbent's neighbours all seen: two parameters at once, before the others'
             * neighbours (the next best are often its twins, a step along PAD or KWI, whose
             * neighbours are its own again). */
            if (k == 0 && p->n == base) neighbours_two(&c->nb, alive[k].config, batch, take_unseen, c);
        }
    if (p->n == 0 && inc >= 0) far_climb(c, p, inc, batch);
    /* With no far climb left and half the budget, a search draws again: a basin no sample fell in
     * is found only so (on the synthetic space of test_race, one seed in ten stopped 7% off otherwise). */
    if (p->n == 0 && (*restarts > 0 || r->spent_s < RESTART_UNTIL * c->o.budget_s)) {
        if (*restarts > 0) (*restarts)--;
        draw(c, p, c->o.initial / 2 > 4 ? c->o.initial / 2 : 4);
    }
    /* Nothing else left, and contenders not decided at the cap: more rounds for them and the
     * incumbent, the cap doubled (race_decide.c), before the search calls itself done. */
    if (p->n == 0 && race_more_rounds(c)) {
        for (int k = 0; k < nalive; k++) pass_add(c, p, alive[k].config);
        p->base = p->n;
    }
    for (int k = 0; k < p->n; k++) c->queued[p->at[k]] = 0;
    free(alive);
}

/* Rounds past the budget that confirm the best (confirm), at most. */
#define CONFIRM_MAX 6

/* confirm: as race_run ends, the best's confirming rounds past the budget (*rc as the loop left it,
 * set to the end's), and the contenders left said (race_open_said). */
static void confirm(struct ctx *c, int *rc)
{
    struct race *r = c->r;
    /* Out of budget with a best of fewer than LEARN_ROUNDS rounds (found in the last pass, one lucky
     * round perhaps: on PoCL one said 20 GFLOP/s of a tile that measured 10.5 again): its rounds
     * are taken past the budget, and those of the one that takes its place, CONFIRM_MAX at most,
     * within RACE_CONFIRM_SHARE of the budget. A best with no rival measured has nothing to be
     * confirmed against: its rounds would say nothing a rank could change. */
    c->confirming = 1;
    c->nnext = 0;
    double before = r->spent_s;
    /* What the search says it decided holds against its best as it ends (withdraw): those the last
     * rounds no longer decide are not decided when it ended. Before each confirming round too: one
     * taken back may be the best now, and it is confirmed in its turn. */
    if (*rc == 0 && r->end != RACE_STOPPED) race_withdraw(c);
    for (int k = 0; *rc >= 0 && r->end == RACE_BUDGET && k < CONFIRM_MAX && r->incumbent >= 0 &&
                    r->nrounds[r->incumbent] < LEARN_ROUNDS; k++) {
        if (r->measured <= 1) { r->confirm_alone = 1; break; }
        /* At what its last round cost: decided by the log alone, so a replay confirms the same. */
        double round = c->last_round[r->incumbent];
        if (r->spent_s - before + round > RACE_CONFIRM_SHARE * r->budget_s) { r->confirm_dear = round; break; }
        int got = measure(c, r->incumbent);
        if (got) { *rc = got; break; }
        r->confirm_rounds++;
        race_learn_noise(c);
        race_withdraw(c);
    }
    r->confirm_s = r->spent_s - before;
    race_open_said(c);
}

int race_run(const struct race_space *sp, const struct race_opts *opts, const struct race_step *replay, int nreplay,
             race_measure m, void *arg, struct race *r, char **err)
{
    memset(r, 0, sizeof *r);
    struct ctx c = { .sp = sp, .o = *opts, .replay = replay, .nreplay = nreplay, .m = m, .arg = arg, .r = r, .err = err };
    opts_defaults(&c.o, sp->n);
    r->rule = c.o.rule;
    r->z = verdict_z(c.o.rule.alpha);
    r->budget_s = c.o.budget_s;
    r->noise = c.o.prior_noise;
    r->n = sp->n;
    r->incumbent = -1;
    r->max_rounds = c.o.max_rounds;
    r->status = xcalloc((size_t)sp->n + 1, 1);
    r->nrounds = xcalloc((size_t)sp->n + 1, sizeof *r->nrounds);
    r->rounds = xcalloc((size_t)sp->n + 1, sizeof *r->rounds);
    r->slower_at = xmalloc(sizeof *r->slower_at * ((size_t)sp->n + 1));
    for (int i = 0; i < sp->n; i++) r->slower_at[i] = -1;
    c.seen = xmalloc(sizeof *c.seen * ((size_t)sp->n + 1));
    c.queued = xcalloc((size_t)sp->n + 1, 1);
    c.too_dear = xcalloc((size_t)sp->n + 1, 1);
    c.last_round = xcalloc((size_t)sp->n + 1, sizeof *c.last_round);
    c.first_round = xcalloc((size_t)sp->n + 1, sizeof *c.first_round);
    int ngroups = 0;
    for (int i = 0; sp->group && i < sp->n; i++) ngroups = sp->group[i] >= ngroups ? sp->group[i] + 1 : ngroups;
    c.built = xcalloc((size_t)ngroups + 1, 1);
    /* The builds a sweep of the space makes: the groups it holds (a variant whose configurations the
     * restrictions all leave out has a number and no build). */
    c.ngroups = sp->group ? 0 : sp->n;
    unsigned char *held = xcalloc((size_t)ngroups + 1, 1);
    for (int i = 0; sp->group && i < sp->n; i++)
        if (!held[sp->group[i]]) { held[sp->group[i]] = 1; c.ngroups++; }
    free(held);
    c.perm = xmalloc(sizeof *c.perm * ((size_t)sp->n + 1));
    struct rng g;
    rng_seed(&g, opts->seed);
    for (int i = 0; i < sp->n; i++) c.perm[i] = i;
    rng_shuffle(&g, c.perm, sp->n);            /* the sample spread over the space */
    neighbours_make(&c.nb, sp, &g);
    struct pass p = { .at = xmalloc(sizeof *p.at * ((size_t)sp->n + 1)) };
    draw(&c, &p, c.o.initial);
    for (int k = 0; k < p.n; k++) c.queued[p.at[k]] = 0;
    int rc = 0, restarts = RESTARTS;
    r->end = RACE_DECIDED;
    int first = 1;
    while (p.n > 0 && rc == 0) {
        int before = r->incumbent;
        for (int k = 0; k < p.n && rc == 0; k++) {
            /* A first sample that costs more than SAMPLE_SHARE of the budget is cut short: where
             * every configuration is a build of half a second (sgemm on an H200), the racing
             * would have nothing left. What was spent is in the log, so a replay cuts it alike. */
            if (first && k >= SAMPLE_LEAST && r->spent_s > SAMPLE_SHARE * c.o.budget_s) {
                c.drawn = 0;               /* the ones left out stay for later draws */
                break;
            }
            c.next = p.at + k + 1;
            c.nnext = p.n - k - 1;
            rc = measure(&c, p.at[k]);
            if (rc == 2) rc = 0;
            /* A configuration new to the search that takes the lead ends the pass: its rounds and
             * its neighbours come next (a climb), not the rest of the old incumbent's. */
            if (!first && k >= p.base && r->incumbent == p.at[k] && r->incumbent != before) break;
        }
        first = 0;
        if (rc) break;
        if (r->incumbent != before) restarts = RESTARTS;
        next_pass(&c, &p, &restarts);
    }
    /* Nothing left that the budget pays for is the budget's end too. */
    if (rc == 0) r->end = r->unbuilt || c.rounds_refused ? RACE_BUDGET : RACE_DECIDED;
    confirm(&c, &rc);
    /* A log the race ended before it replayed whole is another search's too (its budget spent before
     * the stop that made the log): gone on, the rounds past it would be lost from the race. */
    if (rc >= 0 && r->nlog < nreplay) {
        *err = xasprintf("the log has %d steps where this search ends after %d: it is another search's (its seed, space or "
                         "budget differ)", nreplay, r->nlog);
        rc = -1;
    }
    free(p.at);
    free(c.seen);
    basins_free(&c.basins);
    free(c.queued);
    free(c.too_dear);
    free(c.last_round);
    free(c.first_round);
    free(c.built);
    free(c.perm);
    neighbours_free(&c.nb);
    return rc < 0 ? -1 : 0;
}

void race_free(struct race *r)
{
    for (int i = 0; i < r->n; i++) free(r->rounds[i]);
    free(r->rounds);
    free(r->status);
    free(r->nrounds);
    free(r->slower_at);
    free(r->log);
    free(r->best_ms);
    free(r->best_at);
    memset(r, 0, sizeof *r);
}
