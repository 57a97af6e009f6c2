/* test_peaksfind.c — peaks run folders made up (results.tsv and run.json alone) and read back as a
 * run looking for its device's ceilings does (sol/measuredpeaks.c): how a peaks run's rows were
 * timed counts the rows that measured something, not a failed row's median; over a run's --out and
 * results/, the best run of them all is found (a full one timed alone, else a full one timed shared,
 * else a --quick one), the newest among equals, not the first folder's; and the one rule of which
 * runs a run of this device may read, the search's and --peaks' alike (sol_peaks_unusable). */
#include "check.h"
#include "sol/measuredpeaks.h"
#include "store/rundir.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

#define ROOT "tests/tmp/test_peaksfind"
#define DEVICE "cpu-fake"
#define DRIVER "9.9"

/* make_peaks: a finished peaks run folder ROOT/SUB/NAME of DEVICE and DRIVER, started at started,
 * --quick where quick, its results.tsv rows `rows` (variant, status, median_ms, flag per line). */
/* write_run: a run folder dir holding results.tsv and run.json of those texts. */
static void write_run(const char *dir, const char *tsv, const char *json)
{
    char *t = path_join(dir, "results.tsv"), *j = path_join(dir, "run.json");
    CHECK(mkdir_p(dir) == 0);
    CHECK(write_file_atomic(t, tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(j, json, strlen(json)) == 0);
    free(t);
    free(j);
}

static void make_peaks(const char *sub, const char *name, const char *started, int quick, const char *rows)
{
    char *dir = xasprintf(ROOT "/%s/%s", sub, name);
    char *tsv = xasprintf("experiment\tvariant\tbuild\tlocal\tstatus\tmedian_ms\tgbs\tgflops\tflag\n%s", rows);
    char *json = xasprintf("{ \"experiment\": \"peaks\", \"started\": \"%s\", \"finished\": \"%s\", \"quick\": %s, "
                           "\"device\": { \"name\": \"" DEVICE "\", \"platform\": \"Fake\", "
                           "\"driver_version\": \"" DRIVER "\" }, \"as_run\": { \"launch\": { \"local\": [\"64\"] } } }",
                           started, started, quick ? "true" : "false");
    write_run(dir, tsv, json);
    free(json);
    free(tsv);
    free(dir);
}

/* Rows: one ok and unflagged, three failed (FAIL, timeout) flagged shared and noisy: a wrong answer
 * has a median too, and so may a row cut off by its limit. */
#define FULL_ALONE "peaks\tcopy_f4\tdefault\t64\tok\t0.8\t20\t\t\n"
#define FULL_SHARED "peaks\tcopy_f4\tdefault\t64\tok\t0.8\t20\t\tshared\n"

#define ONE_OK_TWO_FAILED \
    "peaks\tcopy_f4\tdefault\t64\tok\t0.8\t20\t\t\n" \
    "peaks\tbad_a\tdefault\t64\tFAIL\t0.5\t30\t\tshared,noisy\n" \
    "peaks\tbad_b\tdefault\t64\tFAIL\t0.5\t30\t\tshared,noisy\n" \
    "peaks\tbad_c\tdefault\t64\ttimeout\t0.5\t30\t\tshared,noisy\n"

static void test_timing_counts_measured_rows(void)
{
    make_peaks("timing", "peaks-1", "2026-12-01T10:00:00+0000", 0, ONE_OK_TWO_FAILED
               "peaks\tcut_one\tdefault\t64\tcut\t0.7\t21\t\trounds-cut\n"
               "peaks\tcrashed_one\tdefault\t64\tcrashed\t\t\t\t\n");
    struct rundir r;
    char *err = NULL;
    if (rundir_open(ROOT "/timing/peaks-1", &r, &err) != 0) { fprintf(stderr, "  %s\n", err); CHECK(0); }
    struct sol_peaks_timing t;
    sol_peaks_timing(&r, &t);
    CHECK(t.timed == 2);                 /* the ok row and the cut one, not the FAIL rows */
    CHECK(t.shared == 0 && t.noisy == 0);
    char *said = sol_peaks_timing_said(&t);
    CHECK(said == NULL);
    free(said);
    rundir_free(&r);
    free(err);
    /* Found and taken: its failed rows' flags do not make it a run timed mostly shared. */
    int unread = -1;
    char *dir = sol_peaks_find(ROOT "/timing", DEVICE, DRIVER, &unread);
    CHECK_STR(dir, ROOT "/timing/peaks-1");
    CHECK(unread == SOL_PEAKS_TAKEN);
    free(dir);
}

/* find: sol_peaks_find_among over ROOT/a then ROOT/b (a run's --out, then results/); *unread its why. */
static char *find(int *unread)
{
    const char *roots[2] = { ROOT "/a", ROOT "/b" };
    return sol_peaks_find_among(roots, 2, DEVICE, DRIVER, unread);
}

/* A full run in the second root beats a --quick one in the first, also one timed mostly shared: a
 * device's peaks are the device's, and a full run is named before a quick one wherever it is. */
static void test_full_anywhere_beats_quick(void)
{
    make_peaks("a", "peaks-quick", "2026-12-02T10:00:00+0000", 1, FULL_ALONE);
    make_peaks("b", "peaks-shared", "2026-12-01T10:00:00+0000", 0, FULL_SHARED);
    int unread = -1;
    char *dir = find(&unread);
    CHECK_STR(dir, ROOT "/b/peaks-shared");
    CHECK(unread == SOL_PEAKS_SHARED);
    free(dir);
    make_peaks("b", "peaks-full", "2026-11-30T10:00:00+0000", 0, FULL_ALONE);
    dir = find(&unread);
    CHECK_STR(dir, ROOT "/b/peaks-full");
    CHECK(unread == SOL_PEAKS_TAKEN);
    free(dir);
}

/* Among full runs timed alone, the newest, whichever root holds it; started at the same time, the
 * first root's. */
static void test_newest_among_equals(void)
{
    make_peaks("a", "peaks-full", "2026-11-29T10:00:00+0000", 0, FULL_ALONE);
    int unread = -1;
    char *dir = find(&unread);
    CHECK_STR(dir, ROOT "/b/peaks-full");    /* 2026-11-30, after a's 11-29 */
    CHECK(unread == SOL_PEAKS_TAKEN);
    free(dir);
    make_peaks("a", "peaks-full", "2026-11-30T10:00:00+0000", 0, FULL_ALONE);
    dir = find(&unread);
    CHECK_STR(dir, ROOT "/a/peaks-full");
    free(dir);
    make_peaks("a", "peaks-full", "2026-12-03T10:00:00+0000", 0, FULL_ALONE);
    dir = find(&unread);
    CHECK_STR(dir, ROOT "/a/peaks-full");
    free(dir);
}

/* make_run: ROOT/usable/NAME, run.json of experiment exp on device and driver, finished unless
 * `finished` is NULL, with the members extra ("" none, else ending in a comma); one ok row. */
static void make_run(const char *name, const char *exp, const char *device, const char *driver, const char *finished,
                     const char *extra)
{
    char *dir = xasprintf(ROOT "/usable/%s", name), *fin = finished ? xasprintf("\"finished\": \"%s\", ", finished) : xstrdup("");
    char *tsv = xasprintf("experiment\tvariant\tbuild\tlocal\tstatus\tmedian_ms\tgbs\tgflops\tflag\n%s", FULL_ALONE);
    char *json = xasprintf("{ \"experiment\": \"%s\", \"started\": \"2026-12-01T10:00:00+0000\", %s%s\"quick\": false, "
                           "\"device\": { \"name\": \"%s\", \"platform\": \"Fake\", \"driver_version\": \"%s\" }, "
                           "\"as_run\": { \"launch\": { \"local\": [\"64\"] } } }",
                           exp, fin, extra, device, driver);
    write_run(dir, tsv, json);
    free(json);
    free(tsv);
    free(fin);
    free(dir);
}

/* A run of DEVICE and DRIVER may read a finished peaks run of them (a --quick one too, which the
 * search passes over and --peaks reads); not another experiment's, another device's or driver's, a
 * shard, a tuning pass, one stopped or not finished. sol_measured_read refuses what the search passes
 * over, naming why (before, --peaks read Intel's CPU runtime's run for PoCL's device, and a peaks run
 * stopped by SIGINT); without a device (a peaks run's own atlas) it reads a stopped one. */
static void test_usable(void)
{
    static const char *const done = "2026-12-01T10:10:00+0000";
    static const struct { const char *name, *exp, *device, *driver, *finished, *extra, *why; } runs[] = {
        { "peaks-ok", "peaks", DEVICE, DRIVER, done, "", NULL },
        { "peaks-vecsum", "vecsum", DEVICE, DRIVER, done, "", "a run of vecsum, not of peaks" },
        { "peaks-other", "peaks", "cpu-other", DRIVER, done, "",
          "a peaks run of cpu-other (driver 9.9), not of this run's device, cpu-fake (driver 9.9)" },
        { "peaks-driver", "peaks", DEVICE, "8.0", done, "", "a peaks run of cpu-fake (driver 8.0), not of" },
        { "peaks-shard", "peaks", DEVICE, DRIVER, done, "\"shard\": { \"k\": 1, \"n\": 2 }, ",
          "a shard of a peaks run (--shard 1/2)" },
        { "peaks-tune", "peaks", DEVICE, DRIVER, done, "\"tune\": { \"mode\": \"pass\" }, ", "a tuning pass" },
        { "peaks-stopped", "peaks", DEVICE, DRIVER, NULL,
          "\"interrupted\": \"2026-12-01T10:00:01+0000\", \"interrupted_by\": \"SIGINT\", ",
          "a peaks run stopped by SIGINT before it finished" },
        { "peaks-going", "peaks", DEVICE, DRIVER, NULL, "", "a peaks run that has not finished" },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        make_run(runs[i].name, runs[i].exp, runs[i].device, runs[i].driver, runs[i].finished, runs[i].extra);
        char *dir = xasprintf(ROOT "/usable/%s", runs[i].name), *err = NULL, *why;
        struct rundir r;
        if (rundir_open(dir, &r, &err)) {
            fprintf(stderr, "  %s\n", err);
            CHECK(0);
            free(err);
            free(dir);
            continue;
        }
        why = sol_peaks_unusable(&r, DEVICE, DRIVER);
        if (runs[i].why) CHECK_CONTAINS(why, runs[i].why);
        else CHECK(why == NULL);
        free(why);
        rundir_free(&r);
        struct sol_measured m;
        int rc = sol_measured_read(dir, DEVICE, DRIVER, &m, &err);
        CHECK(rc == (runs[i].why ? -1 : 0));
        if (rc) {
            CHECK_CONTAINS(err, dir);
            CHECK_CONTAINS(err, runs[i].why);
            free(err);
            err = NULL;
        }
        else sol_measured_free(&m);
        free(dir);
    }
    /* The search takes the one it may read, whatever the others' starts. */
    int unread = -1;
    char *dir = sol_peaks_find(ROOT "/usable", DEVICE, DRIVER, &unread);
    CHECK_STR(dir, ROOT "/usable/peaks-ok");
    free(dir);
    /* A peaks run's own report reads its figures, stopped or not. */
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(ROOT "/usable/peaks-stopped", NULL, NULL, &m, &err) == 0);
    sol_measured_free(&m);
    free(err);
}

int main(void)
{
    /* A folder of a test run before: the cases would find its runs. */
    if (system("rm -rf " ROOT) != 0) return 1;
    RUN(test_timing_counts_measured_rows);
    RUN(test_full_anywhere_beats_quick);
    RUN(test_newest_among_equals);
    RUN(test_usable);
    CHECK_EXIT();
}
