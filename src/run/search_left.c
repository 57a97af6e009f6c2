/* search_left.c — a search that ended with its best not confirmed and most of its budget unspent:
 * the race gives a configuration RACE_ROUNDS_LIMIT rounds at most and no option raises that, so a
 * larger --budget buys no firmer answer (PoCL's quick sgemm: 7 seeds of 8 ended at 0.49-0.71 of 20 s,
 * 2-4 contenders not decided, 3 of the picks not the one two sweeps ranked first). Said, with what
 * may decide them: the best and its contenders measured side by side, with more rounds. */
#include "search_impl.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* A budget left unspent at least this share of it is said (90% and more went unspent in the runs
 * above; half is already more than a user who gave it would expect to leave). */
#define LEFT_SHARE 0.5

/* left_words: search_left_said's words, appended to b. */
static void left_words(const struct search *se, const struct spick *pk, struct sbuf *b)
{
    const struct race *ra = se->race;
    if (ra->end != RACE_DECIDED || !ra->open || !isfinite(ra->budget_s) || ra->budget_s <= 0) return;
    double left = ra->budget_s - ra->spent_s;
    if (left < LEFT_SHARE * ra->budget_s) return;
    sb_printf(b, "; the search ended with %.0f%% of its budget unspent, and a larger --budget would not decide it: the race "
                 "gives a configuration %d rounds at most (no option raises that)", 100 * left / ra->budget_s, ra->max_rounds);
    if (ra->open_close == ra->open) {
        sb_printf(b, ", and more rounds would not either: %s within %.0f%% of it, less than a verdict decides",
                  ra->open == 1 ? "the one not decided is" : "each not decided is", 100 * VERDICT_MIN_EFFECT);
        return;
    }
    /* The contenders not decided that the command can pick beside it: at its build and launch point
     * (one that differs there is another build or problem, which a --set variant= does not pick). */
    int also[3], nalso = 0;
    const struct sconf *bc = &se->cf[pk->best];
    for (int k = 0; k < pk->nnext; k++) {
        int i = pk->next[k];
        int open = ra->status[i] != RACE_SLOWER && pk->vr[k].v != VERDICT_SLOWER && pk->vr[k].v != VERDICT_SAME;
        if (open && se->cf[i].b == bc->b && se->cf[i].pt == bc->pt) also[nalso++] = i;
    }
    if (!nalso) return;
    char *cmd = search_pick_command(se, pk->best, also, nalso);
    sb_printf(b, "; measuring it and %s side by side, with more rounds, may: `%s`",
              nalso == 1 ? "the one not decided" : "those not decided", cmd);
    free(cmd);
}

void search_left_said(const struct search *se, struct spick *pk)
{
    if (pk->best < 0 || pk->confirmed || !pk->unconfirmed) return;
    struct sbuf b = {0};
    sb_printf(&b, "%s", pk->unconfirmed);
    left_words(se, pk, &b);
    free(pk->unconfirmed);
    pk->unconfirmed = b.s;
}
