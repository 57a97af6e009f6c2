/* test_search_left.c — a search whose best is not confirmed with most of its budget unspent (no
 * device): said, with why a larger --budget would not decide it (the race's most rounds a
 * configuration, which no option raises), and that more rounds would not either where each
 * contender is within a verdict's smallest effect; nothing said where the budget was spent, or the
 * race stopped. */
#include "check.h"
#include "run/search_impl.h"
#include <math.h>
#include <stdlib.h>

/* A fake race over 4 configurations of different builds (no command picks them beside the best). */
struct fake { struct runner r; struct race ra; struct search se; struct spick pk; struct sconf cf[4];
              unsigned char status[4]; };

static void fake_make(struct fake *f, double spent_s, int open_close)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; i < 4; i++) f->cf[i] = (struct sconf){ 0, i, 0 };
    f->se.r = &f->r;
    f->se.cf = f->cf;
    f->se.n = 4;
    f->se.race = &f->ra;
    f->ra.status = f->status;
    f->ra.end = RACE_DECIDED;
    f->ra.budget_s = 20;
    f->ra.spent_s = spent_s;
    f->ra.max_rounds = RACE_ROUNDS_LIMIT;
    f->ra.open = 2;
    f->ra.open_close = open_close;
    f->pk.best = 0;
    f->pk.nnext = 2;
    f->pk.next[0] = 1;
    f->pk.next[1] = 2;
    f->pk.vr[0].v = f->pk.vr[1].v = VERDICT_UNSURE;
}

/* said: search_left_said's words after a "not confirmed" one (NULL: nothing was); a new string. */
static char *said(struct fake *f)
{
    f->pk.unconfirmed = xstrdup("it is not confirmed");
    search_left_said(&f->se, &f->pk);
    char *s = strcmp(f->pk.unconfirmed, "it is not confirmed") ? xstrdup(f->pk.unconfirmed) : NULL;
    free(f->pk.unconfirmed);
    return s;
}

static void test_left_said(void)
{
    struct fake f;
    fake_make(&f, 0.6, 0);
    char *b = said(&f);
    CHECK_CONTAINS(b, "the search ended with 97% of its budget unspent, and a larger --budget would not decide it: the "
                        "race gives a configuration 40 rounds at most (no option raises that)");
    CHECK(!b || !strstr(b, "side by side"));         /* another build each: no --set variant= picks them */
    free(b);
    fake_make(&f, 0.6, 2);
    b = said(&f);
    CHECK_CONTAINS(b, "and more rounds would not either: each not decided is within 1% of it");
    free(b);
}

static void test_nothing_said(void)
{
    struct fake f;
    fake_make(&f, 15, 0);                           /* most of it spent */
    CHECK(said(&f) == NULL);
    fake_make(&f, 0.6, 0);
    f.ra.end = RACE_STOPPED;
    CHECK(said(&f) == NULL);
    fake_make(&f, 0.6, 0);
    f.ra.budget_s = INFINITY;                       /* a share's budget never set */
    CHECK(said(&f) == NULL);
    fake_make(&f, 0.6, 0);
    f.pk.confirmed = 1;                             /* confirmed: nothing to say */
    CHECK(said(&f) == NULL);
}

int main(void)
{
    RUN(test_left_said);
    RUN(test_nothing_said);
    CHECK_EXIT();
}
