/* test_compare_noise.c — the line compare prints under each side's table: the floor always; how far
 * the runs differ beyond their rounds only where they do; and for configurations left UNSURE the
 * advice that fits: more rounds within one run, or, where runs differ by twice their rounds or
 * more, that rounds narrow only their share. */
#include "check.h"
#include "report/compare_noise.h"
#include <stdlib.h>
#include <string.h>

/* said: the line for n (caller frees). */
static char *said(const struct noise_said *n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    compare_noise_line(f, n);
    fclose(f);
    return buf;
}

static void test_decided(void)
{
    struct noise_said n = { "B", 0.004, 1.0, 0.01, 0, 32, 2, 5, 0.05, 1, 0, 1 };
    char *s = said(&n);
    CHECK(strstr(s, "B vs A: the noise floor is 0.4% in the median configuration") != NULL);
    CHECK(strstr(s, "the runs differ by") == NULL);       /* runs within their rounds */
    CHECK(strstr(s, "UNSURE") == NULL);                   /* none left undecided */
    CHECK(s[strlen(s) - 1] == '\n' && s[strlen(s) - 2] == '.');
    free(s);
}

static void test_rounds_narrow(void)
{
    /* Runs 1.5x what their rounds show: more rounds still narrow it. */
    struct noise_said n = { "B", 0.08, 1.5, 0.01, 20, 32, 2, 0, 0, 1, 0, 1 };
    char *s = said(&n);
    CHECK(strstr(s, "the runs differ by 1.5x what their rounds show") != NULL);
    CHECK(strstr(s, "20 of 32 configurations are UNSURE: run-to-run noise here is about 8%") != NULL);
    CHECK(strstr(s, "more rounds (--rounds) narrow it, and a comparison within one run (--by) is steadier") != NULL);
    free(s);
    /* Within one run (--by): round-to-round noise, nothing to say of runs. */
    struct noise_said by = { "B: build -cl-opt-disable", 0.12, 1.0, 0.01, 11, 12, 1, 0, 0, 1, 0, 1 };
    s = said(&by);
    CHECK(strstr(s, "round-to-round noise here is about 12%, differences below it cannot be decided; more rounds "
                    "(--rounds) narrow it.\n") != NULL);
    free(s);
}

static void test_run_levels(void)
{
    /* Runs 8.4x what their rounds show (two identical taylor runs on an H200): rounds narrow only
     * their share; the rest is each run's own level. */
    struct noise_said n = { "B", 0.082, 8.4, 0.01, 4189, 4800, 2, 5, 0.05, 1, 0, 1 };
    char *s = said(&n);
    CHECK(strstr(s, "more rounds (--rounds) narrow only their share of it: the rest is each run's own level") != NULL);
    CHECK(strstr(s, "narrow it,") == NULL);
    free(s);
    /* The same noise but few configurations UNSURE: no advice at all. */
    n.unsure = 100;
    s = said(&n);
    CHECK(strstr(s, "the runs differ by 8.4x") != NULL && strstr(s, "more rounds") == NULL);
    free(s);
}

/* What would decide a comparison left UNSURE, with its numbers: the rounds that bring the floor under
 * SAME's 5x --min-effect (two identical runs on Intel's CPU runtime: floor 9.3%, 8 UNSURE of 8). */
static void test_what_decides(void)
{
    CHECK(compare_rounds_for(0.093, 5, 0.05) == 18);         /* 5 x (9.3 / 5)^2 = 17.3 */
    CHECK(compare_rounds_for(0.04, 5, 0.05) == 4);
    CHECK(compare_rounds_for(0, 5, 0.05) == 0 && compare_rounds_for(0.1, 0, 0.05) == 0);
    struct noise_said n = { "B", 0.093, 1.2, 0.01, 8, 8, 2, 5, 0.05, 1, 0, 1 };
    char *s = said(&n);
    CHECK_CONTAINS(s, "to tell SAME here, a floor under 5% (5x --min-effect), each side needs about 18 rounds a row "
                      "(--rounds 18; these had 5).\n");
    free(s);
    n.floor = 0.44;                                            /* a loaded 2-core machine: 388 rounds */
    s = said(&n);
    CHECK_CONTAINS(s, "would take about 388 rounds a row (these had 5): a quieter device, or a comparison within one "
                      "run (--by), will.\n");
    free(s);
    n.floor = 0.093;
    n.run_noise = 8.4;                                         /* each run's own level: rounds do not reach it */
    s = said(&n);
    CHECK_CONTAINS(s, "to decide here, compare within one run (clx compare RUN --by build, or --by variant)");
    CHECK(strstr(s, "rounds a row") == NULL);
    free(s);
}

/* Every configuration 2x slower between runs of one setup: said as the whole run's move, with what
 * tells it from the code's; not between runs of two setups (an edit's shift is no noise), nor for a
 * median 10% off, nor where a fifth went the other way. */
static void test_whole_run_moved(void)
{
    struct noise_said n = { .label = "B", .floor = 12.28, .run_noise = 1.0, .min_effect = 0.01, .unsure = 24,
                            .ncommon = 24, .runs = 2, .rounds = 5, .same_floor = 0.05, .shift = 0.5, .shifted = 24,
                            .same_setup = 1 };
    char *s = said(&n);
    CHECK_CONTAINS(s, "; the whole run moved: B slower than A in 24 of 24 configurations (0.50x in the median), which "
                      "between runs of one setup is their own level (the machine's load or clocks), not the code's: run "
                      "both again on a quiet device, or compare within one run (--by)");
    free(s);
    n.same_setup = 0;
    s = said(&n);
    CHECK(strstr(s, "the whole run moved") == NULL);
    free(s);
    n.same_setup = 1;
    n.shift = 1.1;
    s = said(&n);
    CHECK(strstr(s, "the whole run moved") == NULL);
    free(s);
    n.shift = 2.0;
    n.shifted = 19;
    s = said(&n);
    CHECK(strstr(s, "the whole run moved") == NULL);
    free(s);
    n.shifted = 22;
    s = said(&n);
    CHECK_CONTAINS(s, "the whole run moved: B faster than A in 22 of 24 configurations (2.00x in the median)");
    free(s);
}

int main(void)
{
    RUN(test_whole_run_moved);
    RUN(test_what_decides);
    RUN(test_decided);
    RUN(test_rounds_narrow);
    RUN(test_run_levels);
    CHECK_EXIT();
}
