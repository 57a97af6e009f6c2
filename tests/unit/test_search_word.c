/* test_search_word.c — the word a search's row ends with (search_end_word, no device): a stopped
 * search's best is its best so far whether or not it had all its rounds (before, one with all its
 * rounds read "the best found" beside the console's "best so far"); a finished search's is found. */
#include "check.h"
#include "run/search_impl.h"
#include <string.h>

struct fake { struct race ra; struct search se; unsigned char status[2]; int nrounds[2]; };

static void fake_make(struct fake *f, enum race_end end, int best_rounds)
{
    memset(f, 0, sizeof *f);
    f->se.n = 2;
    f->se.race = &f->ra;
    f->ra.status = f->status;
    f->ra.nrounds = f->nrounds;
    f->ra.end = end;
    f->ra.max_rounds = 10;
    f->ra.incumbent = 0;
    f->status[0] = f->status[1] = RACE_ALIVE;
    f->nrounds[0] = best_rounds;
    f->nrounds[1] = 2;
}

static void test_best_word(void)
{
    struct fake f;
    int cut;
    fake_make(&f, RACE_STOPPED, 10);
    CHECK_STR(search_end_word(&f.se, 0, &cut), "the best so far");
    CHECK(!cut);
    fake_make(&f, RACE_STOPPED, 3);
    CHECK_STR(search_end_word(&f.se, 0, &cut), "the best so far, stopped");
    CHECK(cut);
    CHECK_STR(search_end_word(&f.se, 1, &cut), "stopped");
    fake_make(&f, RACE_DECIDED, 10);
    CHECK_STR(search_end_word(&f.se, 0, &cut), "the best found");
    fake_make(&f, RACE_BUDGET, 4);
    CHECK_STR(search_end_word(&f.se, 0, &cut), "the best found");
    CHECK_STR(search_end_word(&f.se, 1, &cut), "not decided when the search ended");
}

int main(void)
{
    RUN(test_best_word);
    CHECK_EXIT();
}
