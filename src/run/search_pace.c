/* search_pace.c — a search's budget against what one round costs: said as soon as a round shows that
 * the budget pays for too few of them to race, with a smaller problem to search instead, or, where
 * the round was mostly its first launch's one-off (a driver's compile), what spares that; and the
 * seconds a --budget P% came to, once worked out. */
#include "search_impl.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* same_items: whether the axis's values are the quick list's, as numbers where they are ("256" and
 * "256.0"), in any order. */
static int same_items(const struct strlist *axis, const struct strlist *quick)
{
    if (axis->n != quick->n) return 0;
    for (int k = 0; k < quick->n; k++) {
        int found = 0;
        for (int j = 0; j < axis->n && !found; j++) {
            char *ea, *eq;
            double a = strtod(axis->v[j], &ea), b = strtod(quick->v[k], &eq);
            found = !strcmp(axis->v[j], quick->v[k]) || (ea != axis->v[j] && !*ea && eq != quick->v[k] && !*eq && a == b);
        }
        if (!found) return 0;
    }
    return 1;
}

/* smaller: how to search a smaller problem, appended to b: each launch axis the spec's work counts
 * by (flops, bytes) set to the spec's quick value where it has one, else named; and --quick, the
 * spec's quick space, where the run is not quick. 0 where it has nothing to say. */
static int smaller(const struct search *se, struct sbuf *b)
{
    const struct runner *r = se->r;
    const struct spec *s = r->s;
    const struct plan *p = &r->plan;
    int said = 0;
    for (int a = 0; a < p->naxes; a++) {
        const char *name = p->axis_names[a];
        if (!strcmp(name, "local") || !(search_reads_name(s->flops, name) || search_reads_name(s->bytes, name))) continue;
        const struct strlist *q = NULL;
        for (int k = 0; k < s->nquick && !r->o->quick; k++)
            if (!strcmp(s->quick[k].name, name)) q = &s->quick[k].items;
        /* The run at the spec's quick size already (`--set MNK=256`, or a resume of such a run): no
         * suggestion it follows, a resume said "a smaller problem searches further: `--set MNK=256`". */
        if (q && q->n && same_items(&p->axis_values[a], q)) continue;
        struct sbuf words = {0};
        if (q && q->n) {
            struct sbuf v = {0};
            for (int k = 0; k < q->n; k++) sb_printf(&v, "%s%s", k ? "," : "", q->v[k]);
            args_shaping_words(&words, name, v.s);
            sb_free(&v);
        } else args_shaping_words(&words, name, "...");
        sb_printf(b, "%s`%s`%s", said ? ", " : "", words.s + 1, q && q->n ? " (the spec's quick size)" : " (smaller)");
        sb_free(&words);
        said = 1;
    }
    if (!r->o->quick && s->nquick) {
        sb_printf(b, "%s`--quick` (the spec's quick space)", said ? "; or " : "");
        said = 1;
    }
    return said;
}

/* SEARCH_ONCE_MOST: a round whose first launch's one-off is more than this share of it is said as
 * that one-off's, not the problem's: PoCL with a cold kernel cache took 5.008 s a first round of a
 * kernel of 1.7 ms, and the line asked a smaller MNK of a run at the quick size already. On PoCL's
 * quick sgemm (2026-12-02) the compile was 96% of a cold first round, 53-58% of the search's first
 * (it carries the process's other first-time costs too), and 0-6% of a warm one. */
#define SEARCH_ONCE_MOST 0.25

void search_pace_round(struct search *se, int i, double round_s, double once_s)
{
    double budget = se->race->budget_s;
    if (se->pace_said || !(budget > 0) || !isfinite(budget) || !(round_s * SEARCH_PACE_ROUNDS > budget)) return;
    se->pace_said = 1;
    char label[512], took[32], all[32], pays[64], share[48];
    fmt_fig(took, sizeof took, round_s);
    /* A share past twice the budget reads better as a multiple ("1580x", not "157959%"). */
    if (round_s < 2 * budget) snprintf(share, sizeof share, "%.0f%% of", 100 * round_s / budget);
    else snprintf(share, sizeof share, round_s < 100 * budget ? "%.3gx" : "%.0fx", round_s / budget);
    double n = floor(budget / round_s);
    /* A budget that pays for the race's least, as search_budget_for rounds it: the larger --budget
     * said is one that searches (beside a smaller problem, or alone where none is left to name). */
    char need[32];
    fmt_fig(need, sizeof need, search_budget_for(SEARCH_PACE_ROUNDS * round_s));
    if (n < 1) snprintf(pays, sizeof pays, "less than one such round");
    else snprintf(pays, sizeof pays, "about %.0f such round%s", n, n == 1 ? "" : "s");
    struct sbuf how = {0};
    /* Where much of the round was its first launch's one-off, that is said; a smaller problem only
     * where the rest of the round, which grows with it, is too dear for the budget by itself. */
    int compiled = once_s > SEARCH_ONCE_MOST * round_s;
    int has = (!compiled || (round_s - once_s) * SEARCH_PACE_ROUNDS > budget) && smaller(se, &how);
    struct sbuf tail = {0};
    char once[32];
    if (compiled)
        sb_printf(&tail, "%s s of it was its first launch, the driver compiling the kernel then: a one-off of each "
                  "configuration's first round, whatever the problem's size%s; a driver that keeps what it compiled pays "
                  "it once (PoCL's kernel cache, unless POCL_KERNEL_CACHE=0: the same search again does not); %s",
                  fmt_fig(once, sizeof once, once_s), has ? "" : ", so a smaller problem would not shorten it",
                  has ? "the rest of it grows with the problem: " : "");
    if (has) sb_printf(&tail, "a smaller problem searches further: %s; or a larger budget: `--budget %s` pays for %d such rounds",
                       how.s, need, SEARCH_PACE_ROUNDS);
    else sb_printf(&tail, "a larger budget searches further: `--budget %s` pays for %d such rounds", need, SEARCH_PACE_ROUNDS);
    printf("clx: search: one round of %s took %s s (its build aside), %s the budget of %s s: it pays for %s, where "
           "a race needs %d at the least (a first sample of %d configurations, then 3 rounds of its best); a round is started "
           "only where, at what its configuration's last round (or the dearest first round) cost, it fits the budget left, "
           "and once started it is finished however long it takes (this one took %s s; the first has nothing to go by), and "
           "the best's confirming rounds go past the budget while, at its last round's cost, they stay within %.0f%% of it; "
           "%s\n", search_config_label(se, i, label, sizeof label), took, share, fmt_fig(all, sizeof all, budget), pays,
           SEARCH_PACE_ROUNDS, RACE_BUDGET_FROM, took, 100 * RACE_CONFIRM_SHARE,
           tail.s);
    sb_free(&tail);
    sb_free(&how);
    fflush(stdout);
}

/* Said before the end: a budget of sgemm's sweep at 1% came to 434.7 s and nothing said so past "a
 * budget of 1% of the sweep, estimated after 16 rounds" until the search ended (at 20%, 2.4 hours). */
void search_share_said(struct search *se, const struct race *ra)
{
    if (se->share_said || !(ra->sweep_estimate_s > 0) || !isfinite(ra->budget_s)) return;
    se->share_said = 1;
    char budget[32], sweep[32], again[96];
    if (ra->sweep_laters >= RACE_LATER_FROM) snprintf(again, sizeof again, "kept from here");
    else snprintf(again, sizeof again, "priced again until %d later rounds are measured", RACE_LATER_FROM);
    printf("clx: search: its budget came to %s device seconds: %.3g%% of the sweep's %s s, as its first %d rounds "
           "price it (%s; the end says its basis)\n", fmt_fig(budget, sizeof budget, ra->budget_s),
           100 * ra->budget_s / ra->sweep_estimate_s, fmt_fig(sweep, sizeof sweep, ra->sweep_estimate_s), ra->nlog, again);
    fflush(stdout);
}
