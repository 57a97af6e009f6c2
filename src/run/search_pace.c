/* search_pace.c — a search's budget against what one round costs: said as soon as a round shows that
 * the budget pays for too few of them to race, with a smaller problem to search instead. */
#include "search_impl.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rounds a race needs at the least: its first sample of RACE_BUDGET_FROM configurations, one
 * round each, and the best's three (docs/search.md, "The race"). A budget that pays for fewer of one
 * configuration's rounds measures a handful of configurations and decides nothing: on PoCL sgemm at
 * its full size (2048^3) took 62 s a round against a budget of 60 s. */
#define PACE_ROUNDS (RACE_BUDGET_FROM + 3)

/* reads_name: whether expression text reads name (a whole word of it). */
static int reads_name(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text ? strstr(text, name) : NULL; p; p = strstr(p + 1, name)) {
        int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        int after = isalnum((unsigned char)p[n]) || p[n] == '_';
        if (!before && !after) return 1;
    }
    return 0;
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
        if (!strcmp(name, "local") || !(reads_name(s->flops, name) || reads_name(s->bytes, name))) continue;
        const struct strlist *q = NULL;
        for (int k = 0; k < s->nquick && !r->o->quick; k++)
            if (!strcmp(s->quick[k].name, name)) q = &s->quick[k].items;
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

void search_pace_round(struct search *se, int i, double round_s)
{
    double budget = se->race->budget_s;
    if (se->pace_said || !(budget > 0) || !isfinite(budget) || !(round_s * PACE_ROUNDS > budget)) return;
    se->pace_said = 1;
    char label[512], took[32], all[32], pays[64], share[48];
    /* A share past twice the budget reads better as a multiple ("1580x", not "157959%"). */
    if (round_s < 2 * budget) snprintf(share, sizeof share, "%.0f%% of", 100 * round_s / budget);
    else snprintf(share, sizeof share, round_s < 100 * budget ? "%.3gx" : "%.0fx", round_s / budget);
    double n = floor(budget / round_s);
    if (n < 1) snprintf(pays, sizeof pays, "less than one such round");
    else snprintf(pays, sizeof pays, "about %.0f such round%s", n, n == 1 ? "" : "s");
    struct sbuf how = {0};
    int has = smaller(se, &how);
    printf("clx: search: one round of %s took %s s (its build aside), %s the budget of %s s: it pays for %s, where "
           "a race needs %d at the least (a first sample of %d configurations, then 3 rounds of its best, which it takes "
           "past the budget, by %.0f%% of it at most); %s%s\n", search_config_label(se, i, label, sizeof label), fmt_fig(took, sizeof took, round_s),
           share, fmt_fig(all, sizeof all, budget), pays, PACE_ROUNDS, RACE_BUDGET_FROM, 100 * RACE_CONFIRM_SHARE,
           has ? "a smaller problem searches further: " : "a larger --budget searches further", has ? how.s : "");
    sb_free(&how);
    fflush(stdout);
}
