/* test_supervise_say.c — what the supervisor says when a worker dies in a build (supervise_say_pinned):
 * the driver's last line caught in the build's marker, and whose it may be, every clause the marker
 * gives (a build ahead beside the main thread's calls and beside other builds said both); and what it says
 * for a worker that died in a stop (supervise_say_died_in_stop) or was stopped at once
 * (supervise_say_stopped), or that died where no row takes the blame (supervise_say_unpinned): each
 * counts the rows of results.tsv alike, and a stop's end with the worker's own line where
 * results/latest was not moved (no row ran), the same words (latest_unmoved's). */
#include "check.h"
#include "errcap.h"
#include "run/supervise_impl.h"
#include "store/latest.h"
#include "spec/plan.h"
#include "lib/util.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A run's folder in a results folder of its own (ROOT): the stop's latest line speaks of ROOT/latest. */
#define ROOT "tests/tmp/unit_supervise_say"
#define DIR ROOT "/run"

/* No option given: what each call below takes for the run's options. */
static const struct run_opts no_opts;

/* in_dir: the supervisor's record of a worker at place at, its folder DIR (made), whose results.tsv
 * holds rows (a TSV body), or is not there where rows is NULL. */
static struct inflight in_dir(enum place at, const char *rows)
{
    CHECK(mkdir_p(DIR) == 0);
    unlink(DIR "/results.tsv");
    if (rows) CHECK(write_file_atomic(DIR "/results.tsv", rows, strlen(rows)) == 0);
    struct inflight f;
    memset(&f, 0, sizeof f);
    f.at = at;
    f.dir = (char *)DIR;
    return f;
}

/* said_with: what supervise_say_pinned writes on descriptor 2 for a worker killed in variant 0's
 * first build, its marker saying how (e.g. "shared beside") and the driver's text "LLVM ERROR: x".
 * A new string. */
static char *said_with(const char *how)
{
    struct spec s;
    struct plan p;
    char *err = NULL;
    CHECK(spec_load("tests/unit/fixtures/plan.spec", &s, &err) == 0);
    CHECK(plan_make(&s, NULL, 0, 0, 0, &p, &err) == 0);
    char *bslug = plan_build_slug(p.builds.v[0]);
    char *marker = xasprintf(DIR "/logs/%s__%s.stderr", p.variants[0].slug, bslug);
    char *line = xasprintf("#clx-stderrcatch .driver-stderr-abcdef 0 %s\n", how);
    CHECK(mkdir_p(DIR "/logs") == 0);
    CHECK(write_file_atomic(DIR "/logs/.driver-stderr-abcdef", "LLVM ERROR: x\n", 14) == 0);
    CHECK(write_file_atomic(marker, line, strlen(line)) == 0);

    struct inflight f = in_dir(IN_BUILD, NULL);
    struct worker_end end = { .how = ENDED_PINNED, .sig = SIGSEGV };
    struct run_mark mk = { .sig = SIGSEGV };

    int saved = errcap_begin(DIR "/said.txt");
    CHECK(saved >= 0);
    supervise_say_pinned(&s, &no_opts, &f, &end, &mk);
    char *t = errcap_end(saved, DIR "/said.txt");
    free(line);
    free(marker);
    free(bslug);
    plan_free(&p);
    spec_free(&s);
    free(err);
    return t;
}

static void test_shared_and_beside(void)
{
    char *t = said_with("shared beside");
    CHECK_CONTAINS(t, "the driver's last line on stderr: \"LLVM ERROR: x\"");
    CHECK_CONTAINS(t, "the main thread called the driver");
    CHECK_CONTAINS(t, "other builds ran beside it");
    free(t);
}

static void test_each_alone(void)
{
    char *t = said_with("shared alone");
    CHECK_CONTAINS(t, "other builds ran beside it: it may be theirs");
    CHECK(!strstr(t, "main thread"));
    free(t);
    t = said_with("single beside");
    CHECK_CONTAINS(t, "it may be the main thread's");
    CHECK(!strstr(t, "other builds"));
    free(t);
    t = said_with("single alone");
    CHECK_CONTAINS(t, "LLVM ERROR: x");
    CHECK(!strstr(t, "main thread") && !strstr(t, "other builds"));
    free(t);
}

/* died_said: what supervise_say_died_in_stop writes on descriptor 2 for a worker asked to stop by
 * SIGINT that ended with wait status st at place at, its folder's results.tsv holding one row. A new
 * string. */
static char *died_said_rows(enum place at, int st, const char *rows)
{
    struct spec s;
    char *err = NULL;
    CHECK(spec_load("tests/unit/fixtures/plan.spec", &s, &err) == 0);
    unlink(ROOT "/latest");
    struct inflight f = in_dir(at, rows);
    int saved = errcap_begin(DIR "/died.txt");
    CHECK(saved >= 0);
    supervise_say_died_in_stop(&s, &no_opts, &f, st, SIGINT);
    char *said = errcap_end(saved, DIR "/died.txt");
    spec_free(&s);
    free(err);
    return said;
}

static char *died_said(enum place at, int st) { return died_said_rows(at, st, "experiment\tstatus\nplan\tok\n"); }

/* latest_line: the line a worker's own stop ends with where no row of DIR ran (run.c stopped: latest_unmoved's,
 * through run_say_latest), as it reads with ROOT/latest absent. A new string. */
static char *latest_line(void)
{
    struct latest l;
    latest_arm(&l, ROOT, DIR);
    unlink(ROOT "/latest");
    char *u = latest_unmoved(&l), *line = xasprintf("clx: %s\n", u);
    CHECK_CONTAINS(line, "latest is not made: no configuration of this run ran on the device");
    free(u);
    latest_free(&l);
    return line;
}

/* latest_at: where ROOT/latest points (a new string; NULL: no link). */
static char *latest_at(void)
{
    char to[256];
    ssize_t n = readlink(ROOT "/latest", to, sizeof to - 1);
    if (n < 0) return NULL;
    to[n] = '\0';
    return xstrdup(to);
}

/* A worker that died in a stop said nothing: its supervisor says the stop's closing lines (the rows
 * kept, the resume), and the driver's part only where the driver ended it (SIGABRT: PoCL's failed
 * link), not where the stop's own signal did. */
static void test_died_in_stop(void)
{
    char *t = died_said(IN_BUILD, SIGABRT);      /* a wait status: killed by SIGABRT */
    CHECK_CONTAINS(t, "clx: stopped by SIGINT: 1 row in " DIR "/results.tsv\n");
    CHECK_CONTAINS(t, "as the stop reached it, in the build of variant ");
    CHECK_CONTAINS(t, "compiler or linker runs as a child process in clx's process group");
    CHECK_CONTAINS(t, "clx: to continue: ");
    CHECK_CONTAINS(t, "run --resume " DIR "\n");
    free(t);
    t = died_said(IN_CONFIG, SIGINT);
    CHECK_CONTAINS(t, "in the launch of variant ");
    CHECK(!strstr(t, "linker") && !strstr(t, "first launch"));
    CHECK_CONTAINS(t, "clx: to continue: ");
    free(t);
    /* An exit of its own (a reference's fault ends a worker with EXIT_REF_FAULTED) that a stop
     * overtook: no driver named. */
    t = died_said(IN_CONFIG, EXIT_REF_FAULTED << 8);
    CHECK_CONTAINS(t, "clx: stopped by SIGINT: 1 row in " DIR "/results.tsv\n");
    CHECK(!strstr(t, "linker") && !strstr(t, "driver"));
    free(t);
}

/* Its last line is the worker's own about latest: where no row ran, the same words, last; where one
 * ran, none, and latest is on the run, as the worker's first such row had put it. */
static void test_died_in_stop_latest(void)
{
    char *want = latest_line();
    char *t = died_said_rows(IN_BUILD, SIGABRT, "experiment\tstatus\n");
    CHECK(strlen(t) >= strlen(want) && !strcmp(t + strlen(t) - strlen(want), want));
    char *at = latest_at();
    CHECK(at == NULL);
    free(t);
    t = died_said_rows(IN_CONFIG, SIGINT, "experiment\tstatus\nplan\tstopped\n");
    CHECK_CONTAINS(t, want);
    free(t);
    t = died_said(IN_CONFIG, SIGINT);
    CHECK(!strstr(t, "latest"));
    at = latest_at();
    CHECK(at && !strcmp(at, "run"));
    free(at);
    free(t);
    free(want);
}

/* stopped_said: what supervise_say_stopped writes on descriptor 2 for a worker stopped at once by
 * SIGINT, its folder's results.tsv holding rows (a TSV body), or none where rows is NULL. A new string. */
static char *stopped_said_kept(const char *rows, int resumed, int kept_ran)
{
    unlink(ROOT "/latest");
    struct inflight f = in_dir(IN_CONFIG, rows);
    f.resumed = resumed;
    f.kept_ran = kept_ran;
    int saved = errcap_begin(DIR "/stopped.txt");
    CHECK(saved >= 0);
    supervise_say_stopped(&f, &no_opts, 1, SIGINT);
    return errcap_end(saved, DIR "/stopped.txt");
}

static char *stopped_said(const char *rows) { return stopped_said_kept(rows, 0, 0); }

/* A worker killed by a second stop: its rows counted as a worker that died in a stop has them, and
 * the uncounted words where results.tsv cannot be read. */
static void test_stopped_at_once(void)
{
    char *t = stopped_said("experiment\tstatus\nplan\tok\nplan\tcut\n");
    CHECK_CONTAINS(t, "clx: stopped by SIGINT: 2 rows in " DIR "/results.tsv\n");
    CHECK_CONTAINS(t, "clx: to continue: ");
    free(t);
    t = stopped_said(NULL);
    CHECK_CONTAINS(t, "clx: stopped by SIGINT: the rows written so far are in " DIR "/results.tsv\n");
    CHECK_CONTAINS(t, "clx: to continue: ");
    free(t);
}

/* unpinned_said: what supervise_say_unpinned writes on descriptor 2 for a worker that died in the
 * heater (SIGABRT), its folder's results.tsv holding rows (a TSV body), or none where rows is NULL. A
 * new string. */
static char *unpinned_said(const char *rows)
{
    struct inflight f = in_dir(IN_BUILD, rows);
    f.heating = 1;
    struct worker_end end = { .how = ENDED_UNPINNED, .sig = SIGABRT };
    int saved = errcap_begin(DIR "/unpinned.txt");
    CHECK(saved >= 0);
    supervise_say_unpinned(NULL, &no_opts, &f, &end, 0, 0);
    return errcap_end(saved, DIR "/unpinned.txt");
}

/* A worker that died where no row takes the blame: its rows counted as a stop's end counts them,
 * and the uncounted words where results.tsv cannot be read. */
static void test_unpinned_counts(void)
{
    char *t = unpinned_said("experiment\tstatus\nplan\tok\nplan\tok\nplan\tcut\n");
    CHECK_CONTAINS(t, "in the heater (");
    CHECK_CONTAINS(t, "clx: 3 rows in " DIR "/results.tsv; to continue: ");
    CHECK(!strstr(t, "written so far"));
    free(t);
    t = unpinned_said("experiment\tstatus\nplan\tok\n");
    CHECK_CONTAINS(t, "clx: 1 row in " DIR "/results.tsv; to continue: ");
    free(t);
    t = unpinned_said(NULL);
    CHECK_CONTAINS(t, "clx: the rows written so far are in " DIR "; to continue: ");
    free(t);
}

/* Killed at once, as dead in the stop: the worker's latest line last where no row ran (a new run's, or
 * a resume's whose kept rows had none), none where a row ran or the resume's kept rows had one. */
static void test_stopped_at_once_latest(void)
{
    char *want = latest_line();
    char *t = stopped_said("experiment\tstatus\nplan\tstopped\n");
    CHECK(strlen(t) >= strlen(want) && !strcmp(t + strlen(t) - strlen(want), want));
    free(t);
    t = stopped_said_kept("experiment\tstatus\nplan\tbuild-failed\n", 1, 0);
    CHECK_CONTAINS(t, want);
    free(t);
    t = stopped_said_kept("experiment\tstatus\nplan\tstopped\n", 1, 1);
    CHECK(!strstr(t, "latest"));
    char *at = latest_at();
    CHECK(at == NULL);
    free(t);
    t = stopped_said("experiment\tstatus\nplan\tok\nplan\tstopped\n");
    CHECK(!strstr(t, "latest"));
    at = latest_at();
    CHECK(at && !strcmp(at, "run"));
    free(at);
    free(t);
    free(want);
}

int main(void)
{
    RUN(test_shared_and_beside);
    RUN(test_each_alone);
    RUN(test_died_in_stop);
    RUN(test_died_in_stop_latest);
    RUN(test_stopped_at_once);
    RUN(test_unpinned_counts);
    RUN(test_stopped_at_once_latest);
    CHECK_EXIT();
}
