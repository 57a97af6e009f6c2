/* test_compare_noise.c — the line compare prints under each side's table: the floor always; how far
 * the runs differ beyond their rounds only where they do; a whole run that moved, and decided
 * configurations all one way between runs of one setup, said as a run's own level looks (and as a
 * change would); and for configurations left UNSURE the advice that fits their own floors and
 * differences: more rounds, a steadier run where a row's own rounds scatter, or, where runs differ
 * by twice their rounds or more, a comparison within one run (never offered between two devices or
 * implementations, nor between runs whose setup changed, which no run holds both of). */
#include "check.h"
#include "report/compare_noise.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ROW: an UNSURE configuration of ratio r and floor f (far: its round far out, or NULL), its rounds
 * not said (the noise line's own, rounds, taken). */
#define ROW(r_, f_, far_) ((struct unsure_row){ .ratio = (r_), .floor = (f_), .far = (far_) })

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

/* A floor one round far out makes (Intel's CPU runtime against PoCL: "noise floor is 402150%" from
 * one round of 5.2 ms among rounds of 0.18 ms) is said as that round's, the configuration named, and
 * the median floor without such rounds beside it; nothing offers rounds for it. */
static void test_far_round(void)
{
    struct unsure_row rows[2] = { ROW(1.05, 4021.5, "naive default N=1000 local=64: A's round of 5.2 ms against 0.18 ms, "
                                      "its other rounds' median (28.9x), puts its floor at a factor of 4022 (3.1% without it)"),
                                  ROW(1.02, 0.031, NULL) };
    struct noise_said n = { .label = "B", .floor = 4021.5, .floor_without = 0.031, .run_noise = 1.0, .min_effect = 0.01,
                            .unsure = 2, .ncommon = 3, .runs = 2, .rounds = 10, .same_floor = 0.05,
                            .move = { .median = 1 }, .other_device = 1, .rows = rows };
    char *s = said(&n);
    /* A floor above 100% is said as the factor noise spans, not as a percentage of 4 digits or more. */
    CHECK(strstr(s, "B vs A: the noise floor is a factor of 4022 in the median configuration: noise alone moves its times "
                    "that far, and no difference below that is decided (differences below a row's floor, or below "
                    "--min-effect 1%, are not called FASTER or SLOWER), made by rounds far out: 3.1% without them;") != NULL);
    CHECK(strstr(s, "the noise floor is 402150%") == NULL);
    CHECK(strstr(s, "; 1 configuration is UNSURE by one round far out (without it, its floor would be a tenth of it or "
                    "less; the rule keeps such a floor, docs/compare.md, and a run without such a round decides it: run "
                    "both again): naive default N=1000 local=64: A's round of 5.2 ms against 0.18 ms") != NULL);
    CHECK(strstr(s, "run-to-run noise here is about 3.1% (without the rounds far out)") != NULL);
    CHECK(strstr(s, "402150% and more") == NULL);       /* the round's row is no "floor over its difference" */
    free(s);
    /* No such round: not a word of it. */
    rows[0].far = NULL;
    n.floor_without = 0;
    s = said(&n);
    CHECK(strstr(s, "far out") == NULL);
    free(s);
    /* A configuration's floor is said as the median's is (compare_outcome.c's far_said reads it). */
    char b[32];
    CHECK(!strcmp(compare_floor_said(b, sizeof b, 4021.5), "a factor of 4022"));
    CHECK(!strcmp(compare_floor_said(b, sizeof b, 0.031), "3.1%"));
    CHECK(!strcmp(compare_floor_said(b, sizeof b, 0.86), "86%"));
}

/* Merged shards against a later quick run on a loaded host: a floor of 2280% everywhere, said as the
 * factor noise spans ("up to 23.8x"), in the line and in what the UNSURE rows need. */
static void test_floor_as_factor(void)
{
    struct noise_said n = { .label = "B", .floor = 22.8, .run_noise = 1.0, .min_effect = 0.01, .unsure = 3,
                            .ncommon = 3, .runs = 2, .rounds = 5, .same_floor = 0.05, .move = { .median = 1 } };
    char *s = said(&n);
    /* By floor_said's one rule: "its noise floor, above 100%" named the rule where the floor belongs. */
    CHECK(strstr(s, "B vs A: the noise floor is a factor of 23.8 in the median configuration: noise alone moves its "
                    "times that far, and no difference below that is decided") != NULL);
    CHECK(strstr(s, "above 100%") == NULL);
    CHECK(strstr(s, "run-to-run noise here is about a factor of 23.8, differences below it cannot be decided") != NULL);
    CHECK(strstr(s, "2280%") == NULL);
    free(s);
}

static void test_decided(void)
{
    struct noise_said n = { .label = "B", .floor = 0.004, .run_noise = 1.0, .min_effect = 0.01, .ncommon = 32, .runs = 2,
                            .rounds = 5, .same_floor = 0.05, .move = { .median = 1 }, .same_setup = 1 };
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
    struct noise_said n = { .label = "B", .floor = 0.08, .run_noise = 1.5, .min_effect = 0.01, .unsure = 20, .ncommon = 32,
                            .runs = 2, .move = { .median = 1 }, .same_setup = 1 };
    char *s = said(&n);
    CHECK(strstr(s, "the runs differ by 1.5x what their rounds show") != NULL);
    CHECK(strstr(s, "20 of 32 configurations are UNSURE: run-to-run noise here is about 8%") != NULL);
    CHECK(strstr(s, "more rounds (--rounds) narrow it, and a comparison within one run (--by) is steadier") != NULL);
    free(s);
    /* Within one run (--by): round-to-round noise, nothing to say of runs. */
    struct noise_said by = { .label = "B: build -cl-opt-disable", .floor = 0.12, .run_noise = 1.0, .min_effect = 0.01,
                             .unsure = 11, .ncommon = 12, .runs = 1, .move = { .median = 1 }, .same_setup = 1 };
    s = said(&by);
    CHECK(strstr(s, "round-to-round noise here is about 12%, differences below it cannot be decided; more rounds "
                    "(--rounds) narrow it.\n") != NULL);
    free(s);
}

static void test_run_levels(void)
{
    /* Runs 8.4x what their rounds show (two identical taylor runs on an H200): rounds narrow only
     * their share; the rest is each run's own level. */
    struct noise_said n = { .label = "B", .floor = 0.082, .run_noise = 8.4, .min_effect = 0.01, .unsure = 4189,
                            .ncommon = 4800, .runs = 2, .rounds = 5, .same_floor = 0.05, .move = { .median = 1 },
                            .same_setup = 1 };
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
    struct unsure_row rows[8];
    for (int i = 0; i < 8; i++) rows[i] = ROW(1.01 + 0.002 * i, 0.082 + 0.0016 * i, NULL);
    struct noise_said n = { .label = "B", .floor = 0.093, .run_noise = 1.2, .min_effect = 0.01, .unsure = 8, .ncommon = 8,
                            .runs = 2, .rounds = 5, .same_floor = 0.05, .move = { .median = 1 }, .same_setup = 1,
                            .rows = rows };
    char *s = said(&n);
    CHECK_CONTAINS(s, "8 of 8 configurations are UNSURE: run-to-run noise here is about 9.3%, differences below it "
                      "cannot be decided; to tell SAME here, a floor under 5% (5x --min-effect): for the 8 whose differences "
                      "are each under their own noise floor (floors 8.2-9.3%), each side needs about 18 rounds a row (both runs made again with --rounds 18; these "
                      "had 5).\n");
    free(s);
    for (int i = 0; i < 8; i++) rows[i].floor = 0.44;          /* a loaded 2-core machine: 388 rounds */
    n.floor = 0.44;
    s = said(&n);
    CHECK_CONTAINS(s, "for the 8 whose differences are each under their own noise floor (row by row: floors of 44% and more, "
                      "differences of at most 2.4%), it would take about "
                      "388 rounds a row or more (these had 5): a quieter device, or a comparison within one run (--by), "
                      "will.\n");
    free(s);
    n.floor = 0.093;
    n.run_noise = 8.4;                                         /* each run's own level: rounds do not reach it */
    s = said(&n);
    CHECK_CONTAINS(s, "to decide here, compare within one run (clx compare RUN --by build, or --by variant)");
    CHECK(strstr(s, "rounds a row") == NULL);
    free(s);
}

/* The UNSURE rows' own floors and differences decide the advice, not the median floor: optflags
 * --quick on PoCL, 1 of 6 UNSURE at 1.8% with a floor of 41% (one first round at twice the others)
 * under a median floor of 2.1%: more rounds hardly dilute that (about 338 a row), the row needs a
 * steadier run. The old words said "these differ by more than it ... (--rounds 10) decide them". */
static void test_unsure_own_floor(void)
{
    struct unsure_row one = ROW(1.01834, 0.411, NULL);
    struct noise_said n = { .label = "B", .floor = 0.021, .run_noise = 1.0, .min_effect = 0.01, .unsure = 1, .ncommon = 6,
                            .runs = 2, .rounds = 5, .same_floor = 0.05, .move = { .median = 1.002 }, .same_setup = 1,
                            .rows = &one };
    char *s = said(&n);
    CHECK_CONTAINS(s, "; 1 of 6 configurations is UNSURE: run-to-run noise here is about 2.1%, differences below it "
                      "cannot be decided; to tell SAME here, a floor under 5% (5x --min-effect): for the 1 whose difference "
                      "is under its own noise floor (a floor of 41%, a difference of 1.8%), it would take about 338 rounds a row (it had 5): its own "
                      "rounds scatter (the median configuration's floor is 2.1%; a single slow round gives such a floor), so it needs "
                      "a steadier run (run both again), not more rounds.\n");
    CHECK(strstr(s, "--rounds 10") == NULL && strstr(s, "more rounds (--rounds) narrow it") == NULL);
    free(s);
    /* A row beyond its own floor that the rank test did not separate: more rounds decide it. */
    struct unsure_row rows[2] = { ROW(1.03, 0.02, NULL), ROW(0.975, 0.015, NULL) };
    n.rows = rows;
    n.unsure = 2;
    s = said(&n);
    CHECK_CONTAINS(s, "; the 2 that differ by more than their floor (the slower side's time exceeds the faster's by 2.6-3%, row "
                      "by row; their floors up to 2%): with 5 rounds the "
                      "rank test decides only where every round of one side lies beyond the other's, and more "
                      "rounds decide them (both runs made again with --rounds 10).\n");
    CHECK(strstr(s, "steadier") == NULL && strstr(s, "to tell SAME") == NULL);
    free(s);
    n.rounds = 10;                                             /* 10 against 10 need not lie fully apart */
    s = said(&n);
    CHECK_CONTAINS(s, "their floors up to 2%): the rank test did not tell their rounds apart, and more rounds "
                      "decide them (both runs made again with --rounds 20).\n");
    free(s);
    n.rounds = 5;
    /* Both kinds at once, each said with its own numbers; a row of one replicate has no floor. */
    struct unsure_row mixed[4] = { ROW(1.01834, 0.411, NULL), ROW(1.03, 0.02, NULL), ROW(1.01, INFINITY, NULL),
                                   ROW(1.01, 0.07, NULL) };
    n.rows = mixed;
    n.unsure = 4;
    s = said(&n);
    CHECK_CONTAINS(s, "; to tell SAME here, a floor under 5% (5x --min-effect): for the 1 whose difference is under its "
                      "own noise floor (a floor of 7%), each side needs about 10 rounds a row (both runs made again with --rounds 10; it had 5); "
                      "for the 1 whose difference is under its own noise floor (a floor of 41%, a difference of 1.8%), "
                      "it would take about 338 rounds");
    CHECK(strstr(strstr(s, "to tell SAME") + 1, "to tell SAME") == NULL);
    CHECK_CONTAINS(s, "; the 1 that differs by more than its floor (its slower side's time exceeds the faster's by 3%; "
                      "its floor 2%): with 5 rounds");
    CHECK_CONTAINS(s, "decide it (both runs made again with --rounds 10); the 1 with no floor (one replicate a side) gets one from rounds (--rounds).\n");
    free(s);
}

/* The one beyond its floor by name, and what its share is of (Intel's CPU runtime against PoCL: "the 1
 * that differs by more than its floor (by 75%, its floor 65%)" named neither the configuration nor
 * what 75% was of); several say the span row by row, a difference above 100% as a factor. */
static void test_beyond_named(void)
{
    struct unsure_row rows[2] = { ROW(1.754, 0.65, NULL), ROW(1.0 / 3.4, 1.2, NULL) };
    rows[0].name = "gs_f4_ilp2 -cl-opt-disable local=64";
    struct noise_said n = { .label = "B", .floor = 0.65, .run_noise = 1.0, .min_effect = 0.01, .unsure = 1, .ncommon = 4,
                            .runs = 2, .rounds = 10, .same_floor = 0.05, .move = { .median = 1 }, .other_device = 1,
                            .rows = rows };
    char *s = said(&n);
    CHECK_CONTAINS(s, "; the 1 that differs by more than its floor (gs_f4_ilp2 -cl-opt-disable local=64: its slower side's "
                      "time exceeds the faster's by 75%; its floor 65%): ");
    free(s);
    n.unsure = 2;
    s = said(&n);
    CHECK_CONTAINS(s, "; the 2 that differ by more than their floor (the slower side's time exceeds the faster's by 75% to "
                      "a factor of 3.4, row by row; their floors up to a factor of 2.2): ");
    CHECK(strstr(s, "240%") == NULL && strstr(s, "gs_f4_ilp2") == NULL);
    free(s);
}

/* The advice says the rounds of the rows it is about, not the median over all rows (volkov_fma
 * --quick --by build on PoCL: "these had 8", the median of rows of 5 and 10 rounds, where the
 * UNSURE ones had 5 and 10): a row of 5 rounds a side with a 7% floor needs about 10, not 16; rows of
 * 5 and 10 say "5-10"; a row of 10 rounds beyond its floor is no "with 5 rounds" one. */
static void test_unsure_own_rounds(void)
{
    struct unsure_row rows[3] = { ROW(1.01, 0.07, NULL), ROW(1.01834, 0.411, NULL), ROW(1.03, 0.02, NULL) };
    rows[0].rounds = 5, rows[0].rounds_lo = rows[0].rounds_hi = 5;
    rows[1].rounds = 5, rows[1].rounds_lo = 5, rows[1].rounds_hi = 10;       /* paired: the 5 both took */
    rows[2].rounds = 10, rows[2].rounds_lo = rows[2].rounds_hi = 10;
    struct noise_said n = { .label = "B", .floor = 0.021, .run_noise = 1.0, .min_effect = 0.01, .unsure = 3, .ncommon = 8,
                            .runs = 1, .rounds = 8, .same_floor = 0.05, .move = { .median = 1 }, .rows = rows };
    char *s = said(&n);
    CHECK_CONTAINS(s, "; 3 of 8 configurations are UNSURE: round-to-round noise here");
    CHECK_CONTAINS(s, "for the 1 whose difference is under its own noise floor (a floor of 7%), each side needs about 10 rounds a row "
                      "(the run made again with --rounds 10; it had 5)");
    CHECK_CONTAINS(s, "it would take about 338 rounds a row (it had 5-10)");
    CHECK_CONTAINS(s, "; the 1 that differs by more than its floor (its slower side's time exceeds the faster's by 3%; "
                      "its floor 2%): the rank test did not tell its "
                      "rounds apart, and more rounds decide it (the run made again with --rounds 20).\n");
    CHECK(strstr(s, "had 8") == NULL && strstr(s, "with 8 rounds") == NULL);
    free(s);
    /* One configuration UNSURE of 8: "is", not "are". */
    n.unsure = 1;
    s = said(&n);
    CHECK_CONTAINS(s, "; 1 of 8 configurations is UNSURE: ");
    free(s);
}

/* A search's run (clx run --search): its race gave each row its rounds, and its --rounds only splits
 * a round's trials, so "both runs made again with --rounds 10" of it gave no row more; said as a sweep
 * of those configurations with --rounds, the rows of one round too. Two quick memcopy_ilp searches on
 * PoCL were told "both runs made again with --rounds 38" and "get one from rounds (--rounds)". */
static void test_searched(void)
{
    struct unsure_row mixed[3] = { ROW(1.03, 0.02, NULL), ROW(1.01, INFINITY, NULL), ROW(1.01, 0.07, NULL) };
    struct noise_said n = { .label = "B", .floor = 0.021, .run_noise = 1.0, .min_effect = 0.01, .unsure = 3, .ncommon = 6,
                            .runs = 2, .rounds = 5, .same_floor = 0.05, .move = { .median = 1.002 }, .same_setup = 1,
                            .rows = mixed, .searched = 1 };
    char *s = said(&n);
    CHECK_CONTAINS(s, "each side needs about 10 rounds a row (a sweep of them, where a search's race set their rounds, with "
                      "--rounds 10; it had 5)");
    CHECK_CONTAINS(s, "more rounds decide it (a sweep of them, where a search's race set their rounds, with --rounds 10)");
    CHECK_CONTAINS(s, "the 1 with no floor (one replicate a side) gets one from rounds (a sweep's --rounds: a search's race "
                      "sets its rows' rounds).\n");
    CHECK(strstr(s, "made again with") == NULL && strstr(s, "(--rounds)") == NULL);
    free(s);
    /* With no UNSURE row's own floor known: "more rounds (--rounds) narrow it" is a sweep's too. */
    n.rows = NULL;
    s = said(&n);
    CHECK_CONTAINS(s, "; more rounds (a sweep's --rounds: a search's race sets its rows' rounds) narrow it");
    free(s);
}

/* Every configuration 2x slower between runs of one setup: said as the whole run's move, with what
 * tells it from the code's; not between runs of two setups (an edit's shift is no noise), nor for a
 * median 10% off, nor where a fifth went the other way. */
static void test_whole_run_moved(void)
{
    struct noise_said n = { .label = "B", .floor = 12.28, .run_noise = 1.0, .min_effect = 0.01, .unsure = 24,
                            .ncommon = 24, .runs = 2, .rounds = 5, .same_floor = 0.05,
                            .move = { .median = 0.5, .shifted = 24, .nearest = 1, .farthest = 1 }, .same_setup = 1 };
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
    n.move.median = 1.1;
    s = said(&n);
    CHECK(strstr(s, "the whole run moved") == NULL);
    free(s);
    n.move.median = 2.0;
    n.move.shifted = 19;
    s = said(&n);
    CHECK(strstr(s, "the whole run moved") == NULL);
    free(s);
    n.move.shifted = 22;
    s = said(&n);
    CHECK_CONTAINS(s, "the whole run moved: B faster than A in 22 of 24 configurations (2.00x in the median)");
    free(s);
}

/* A small sweep whose decided configurations all went one way between runs of one setup: four
 * identical optflags --quick --rounds 10 runs on PoCL, the third against the first 6 of 6 SLOWER at
 * 0.966-0.982x. Said as how a run's own level looks and as what a change of those configurations
 * would give, naming the count and the shift; never said as the level itself (that is the clear
 * case's, 8 configurations and 1.2x up). The old code said nothing. */
static void test_run_alike(void)
{
    struct noise_said n = { .label = "C", .floor = 0.011, .run_noise = 1.0, .min_effect = 0.01, .ncommon = 6, .runs = 2,
                            .rounds = 10, .same_floor = 0.05, .same_setup = 1,
                            .move = { .median = 0.968, .shifted = 6, .slower = 6, .decided = 6, .decided_slower = 6,
                                      .nearest = 0.982, .farthest = 0.966 } };
    char *s = said(&n);
    CHECK_CONTAINS(s, "; C slower than A in 6 of 6 configurations (0.968x in the median; the 6 decided, all SLOWER, at "
                      "0.966x to 0.982x): between runs of one setup a run's own level looks like this (the machine's "
                      "load or clocks: steady within a run, not between runs, and moving rows of other kinds by other "
                      "amounts), and with 6 configurations (under 8: too few to measure how far runs differ beyond their "
                      "rounds) it cannot be told from a change that slowed every configuration as much: run both again "
                      "(a run's level changes from run to run, a change stays), or compare within one run (--by), where "
                      "both sides share one level.\n");
    CHECK(strstr(s, "the whole run moved") == NULL);
    CHECK(compare_run_alike(&n) && !compare_run_moved(&n));
    free(s);
    /* The same words for --fail-on slower and clx history, after their lead. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(compare_say_level(f, "; ", &n) == 1);
    fclose(f);
    const char *lead = "; C slower than A in 6 of 6 configurations (0.968x in the median;";
    CHECK(strncmp(buf, lead, strlen(lead)) == 0);
    free(buf);
    /* Amounts as far apart as a loaded machine's level gave identical runs (6 of 6 SLOWER at
     * 0.440-0.973x), and a level that moved one build's rows alone (3 SLOWER at 0.779-0.791x, 3 SAME
     * around 1): said all the same, with the counts that went that way. */
    struct noise_said x = n;
    x.move.median = 0.759, x.move.nearest = 0.973, x.move.farthest = 0.440;
    s = said(&x);
    CHECK_CONTAINS(s, "; C slower than A in 6 of 6 configurations (0.759x in the median; the 6 decided, all SLOWER, at "
                      "0.440x to 0.973x): between runs of one setup");
    free(s);
    x.move = (struct run_shift){ .median = 0.892, .shifted = 4, .slower = 4, .faster = 2, .decided = 3,
                                 .decided_slower = 3, .nearest = 0.791, .farthest = 0.779 };
    s = said(&x);
    CHECK_CONTAINS(s, "; C slower than A in 4 of 6 configurations (0.892x in the median; the 3 decided, all SLOWER, at "
                      "0.779x to 0.791x): ");
    CHECK_CONTAINS(s, "it cannot be told from a change that slowed the decided ones as much");
    free(s);
    /* One decided, faster, of 24 configurations nearly all faster (no "under 8"). */
    struct noise_said one = n;
    one.move = (struct run_shift){ .median = 1.02, .shifted = 24, .faster = 24, .decided = 1, .nearest = 1.03,
                                   .farthest = 1.03 };
    one.ncommon = 24;
    s = said(&one);
    CHECK_CONTAINS(s, "; C faster than A in 24 of 24 configurations (1.020x in the median; the one decided FASTER at "
                      "1.030x): ");
    CHECK_CONTAINS(s, "with 24 configurations it cannot be told from a change that sped up the decided one as much");
    free(s);
    /* Not said: nothing decided; decided both ways; from 8 configurations up (where the runs' scatter
     * widened the floors) where fewer than nine in ten went the decided way; runs of two setups (an
     * edit's move is the code's); a comparison within one run; and where the whole run moved clearly
     * (24 configurations, 0.5x) the clear words alone. */
    x = n;
    x.move.decided = x.move.decided_slower = 0;
    CHECK(!compare_run_alike(&x));
    x = n;
    x.move.decided = 6, x.move.decided_slower = 5;
    CHECK(!compare_run_alike(&x));
    x = one;
    x.move.faster = 21, x.move.slower = 3;
    CHECK(!compare_run_alike(&x));
    x = n;
    x.same_setup = 0;
    CHECK(!compare_run_alike(&x));
    x = n;
    x.runs = 1;
    CHECK(!compare_run_alike(&x));
    x = n;
    x.ncommon = 24, x.move.median = 0.5, x.move.shifted = x.move.slower = 24, x.move.nearest = 0.55, x.move.farthest = 0.45;
    s = said(&x);
    CHECK(compare_run_moved(&x) && !compare_run_alike(&x));
    CHECK_CONTAINS(s, "; the whole run moved: C slower than A in 24 of 24 configurations (0.50x in the median)");
    CHECK(strstr(s, "cannot be told") == NULL);
    free(s);
}

#define SETUP_BY "--by compares the builds or variants of one run, which ran one template, spec and driver setup, not a " \
    "change of them between runs; a kernel edit made a variant of the spec is compared within one run: clx compare RUN " \
    "--by variant"

/* Runs on other devices or implementations (Intel's CPU runtime against PoCL on one CPU): no
 * comparison within one run holds both, so the advice never offers --by; it said "a quieter device,
 * or a comparison within one run (--by), will" there, which cannot compare them. */
static void test_other_device(void)
{
    struct unsure_row rows[4];
    for (int i = 0; i < 4; i++) rows[i] = ROW(1.1 + 0.04 * i, 0.24 + 0.02 * i, NULL);
    struct noise_said n = { .label = "B", .floor = 0.17, .run_noise = 1.0, .min_effect = 0.01, .unsure = 4, .ncommon = 24,
                            .runs = 2, .rounds = 10, .same_floor = 0.05, .move = { .median = 0.67 }, .other_device = 1,
                            .rows = rows };
    char *s = said(&n);
    CHECK_CONTAINS(s, "(these had 10): runs of both on a quieter machine will (--by compares within one run, on one "
                      "device: never two devices or implementations).\n");
    CHECK(strstr(s, "(--by)") == NULL);
    free(s);
    /* The same on one device, runs of one setup: --by offered, as before. */
    n.other_device = 0;
    n.same_setup = 1;
    s = said(&n);
    CHECK_CONTAINS(s, "(these had 10): a quieter device, or a comparison within one run (--by), will.\n");
    free(s);
    /* Runs of one device whose setup changed (a template edited, the driver's variables): no run holds
     * both sides, so --by is no help ("compare within one run (clx compare RUN --by build, or --by
     * variant)" after a template edit); runs of both again, and the edit as a variant. */
    n.same_setup = 0;
    s = said(&n);
    CHECK_CONTAINS(s, "(these had 10): runs of both on a quieter device will (" SETUP_BY ").\n");
    CHECK(strstr(s, "(--by)") == NULL);
    free(s);
    n.run_noise = 3;
    s = said(&n);
    CHECK_CONTAINS(s, "which no count of rounds in one run sees; to decide here, run both again on a quieter device (" SETUP_BY
                      ").\n");
    CHECK(strstr(s, "(--by)") == NULL && strstr(s, "compare within one run (clx compare RUN --by build") == NULL);
    free(s);
    n.rows = NULL;
    n.run_noise = 1.0;
    s = said(&n);
    CHECK_CONTAINS(s, "differences below it cannot be decided; more rounds (--rounds) narrow it.\n");
    free(s);
    n.rows = rows;
    n.same_setup = 1;
    /* Each run's own level dominating (one device model, two implementations): run both again. */
    n.other_device = 1;
    n.run_noise = 3;
    s = said(&n);
    CHECK_CONTAINS(s, "which no count of rounds in one run sees; to decide here, run both again on a quieter machine "
                      "(--by compares within one run, on one device: never two devices or implementations).\n");
    CHECK(strstr(s, "(--by)") == NULL && strstr(s, "clx compare RUN --by") == NULL);
    free(s);
    /* Without the rows' own floors: more rounds, no --by. */
    n.run_noise = 1.0;
    n.rows = NULL;
    s = said(&n);
    CHECK_CONTAINS(s, "differences below it cannot be decided; more rounds (--rounds) narrow it.\n");
    free(s);
}

/* One replicate a side (--trials 1 --rounds 1 on both): no row has a floor, the median none. The line
 * said "the noise floor is unknown" and "run-to-run noise here is about none", which reads as no
 * noise at all; it says the floor cannot be told, and why. */
static void test_no_floor(void)
{
    struct unsure_row rows[2] = { ROW(1.2, INFINITY, NULL), ROW(0.9, INFINITY, NULL) };
    struct noise_said n = { .label = "B", .floor = INFINITY, .run_noise = 1.0, .min_effect = 0.01, .unsure = 2,
                            .ncommon = 2, .runs = 2, .rounds = 1, .same_floor = 0.05, .move = { .median = 1 },
                            .same_setup = 1, .rows = rows };
    char *s = said(&n);
    CHECK_CONTAINS(s, "B vs A: the noise floor cannot be told in the median configuration (one replicate a side: no "
                      "scatter to measure it from; a row without a floor is not decided");
    CHECK_CONTAINS(s, "2 of 2 configurations are UNSURE: their noise cannot be told; the 2 with no floor");
    CHECK_CONTAINS(s, "the 2 with no floor (one replicate a side) get one from rounds (--rounds)");
    CHECK(strstr(s, "about none") == NULL);
    CHECK(strstr(s, "unknown") == NULL);
    CHECK(strstr(s, "inf") == NULL);
    free(s);
}

int main(void)
{
    RUN(test_no_floor);
    RUN(test_unsure_own_rounds);
    RUN(test_beyond_named);
    RUN(test_searched);
    RUN(test_other_device);
    RUN(test_whole_run_moved);
    RUN(test_what_decides);
    RUN(test_unsure_own_floor);
    RUN(test_run_alike);
    RUN(test_floor_as_factor);
    RUN(test_decided);
    RUN(test_far_round);
    RUN(test_rounds_narrow);
    RUN(test_run_levels);
    CHECK_EXIT();
}
