/* test_solpassed.c — a measured ceiling that a verified row of the run passed bounds no row
 * (sol/passed.h): the classes found, the note its rows get (the figure and its source, how many
 * passed it, the one that passed it most), the rows rewritten without their bound and the flag
 * sol>100, and the one line that takes back the flag the console showed; a theoretical ceiling a
 * row passes stays (the guard's flag), and so do a measured one no verified row passed, a row that
 * failed its check and rows another class binds. */
#include "check.h"
#include "runfixture.h"
#include "lib/util.h"
#include "sol/passed.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_solpassed"

/* The rows of a vecsum --quick on a CPU with a peaks run's l2 and dram figures: its variant, status,
 * sol_pct, bound and flag. */
static const struct { const char *variant, *status; double pct; const char *bound, *flag; } rows[] = {
    {"float4", "ok", 2262.8, "l2", "noisy,cache-resident,sol>100"},    /* 0: passed it most */
    {"naive", "cut", 1072.0, "l2", "rounds-cut,cache-resident,sol>100"}, /* 1: cut short by a stop, as ok */
    {"gridstride", "ok", 20.1, "l2", "cache-resident"},                /* 2: slow, bound by it */
    {"broken", "FAIL", 900.0, "l2", "sol>100"},                        /* 3: no verified row */
    {"chain", "ok", 150.0, "fp32", "sol>100"},                         /* 4: theoretical: the guard's */
    {"big", "ok", 90.0, "dram", ""},                                   /* 5: measured, not passed */
    {"tiny", "ok", 40.0, "launch", ""},                                /* 6 */
    {"wide", "ok", 300.0, "dram", "sol>100"},                          /* 7: dram passed too (test_two_classes) */
};

/* make_run: a run in dir of rows [first, first + n). */
static void make_run(const char *dir, int first, int n)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_lat_ms\t"
                  "sol_tput_ms\tsol_from\tsol_note\tflag\n");
    for (int i = first; i < first + n; i++)
        sb_printf(&t, "t\t%s\tdefault\t1000003\t64\t%s\t1\t%g\t%g\t%s\t\t%g\tspec\t%s\t%s\n", rows[i].variant,
                  rows[i].status, rows[i].pct / 100, rows[i].pct, rows[i].bound, rows[i].pct / 100,
                  strstr(rows[i].flag, "sol>100") ? "faster than its bound" : "", rows[i].flag);
    char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000003\"], \"local\": [\"64\", \"256\"] } } }");
    write_run(dir, t.s, t.len, json);
    free(json);
    sb_free(&t);
}

/* cpu: a CPU's ceilings: FP32 theoretical, memory measured by a peaks run. */
static void cpu(struct sol_ceilings *c)
{
    memset(c, 0, sizeof *c);
    c->c[SOL_FP32] = (struct sol_ceiling){ .rate = 528e9, .theoretical = 1 };
    c->c[SOL_L2] = (struct sol_ceiling){ .rate = 3.7e9, .source = "measured: cachebw: read, last-level cache in results/peaks-x" };
    c->c[SOL_DRAM] = (struct sol_ceiling){ .rate = 3.55e9, .source = "measured: read_f4:MILP=2 in results/peaks-x" };
    c->launch_ns = 20000;
    c->cpu = 1;
}

/* cell: row i's cell of column name in a TSV line of the run's columns (a new string). */
static char *cell(const struct rundir *r, const char *line, const char *name)
{
    int col = table_col(&r->t, name);
    const char *p = line;
    for (int k = 0; k < col && p; k++) {
        p = strchr(p, '\t');
        if (p) p++;
    }
    if (!p) return xstrdup("?");
    size_t n = strcspn(p, "\t\n");
    char *s = xmalloc(n + 1);
    memcpy(s, p, n);
    s[n] = 0;
    return s;
}

static void test_passed(void)
{
    make_run(DIR_ "/cpu", 0, 7);
    struct rundir r;
    char *err = NULL;
    if (rundir_open(DIR_ "/cpu", &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    struct sol_ceilings c;
    cpu(&c);
    struct sol_passed p;
    sol_passed_find(&r, &c, &p);
    CHECK(p.any);
    CHECK(p.rows[SOL_L2] == 2 && p.bound[SOL_L2] == 4);
    CHECK(!p.note[SOL_DRAM] && !p.note[SOL_FP32] && !p.note[SOL_LAUNCH]);
    CHECK_STR(p.note[SOL_L2], "no l2 (the CPU's last-level cache) ceiling: the measured one (3.7 GB/s, cachebw: read, last-level cache in "
                              "results/peaks-x) bounds nothing here: 2 verified rows of this run passed it by more than "
                              "2% (float4 default local=64 the most, 22.6 times it): the spec's bytes or that measurement "
                              "is wrong");
    /* The console's row lines showed sol>100 on the three l2 rows flagged so (the failed one too):
     * one line takes it back, saying against which ceiling and why. */
    CHECK(p.flagged[SOL_L2] == 3);
    char *withdrawn = sol_passed_withdrawn(&p);
    CHECK_STR(withdrawn, "speed of light: sol>100 withdrawn from 3 rows (shown on their lines as they were measured): "
                         "it was against the measured l2 (the CPU's last-level cache) ceiling, and a measured ceiling that verified rows pass by "
                         "more than 2% bounds no row of the run (the line above); results.tsv holds them without the "
                         "flag");
    free(withdrawn);
    /* Every row l2 bound, the slow and the failed ones too, without its bound; the other flags kept. */
    for (int i = 0; i < 4; i++) {
        char *line = sol_passed_line(&r, i, &p);
        CHECK(line != NULL);
        if (!line) continue;
        static const char *const gone[] = { "sol_ms", "sol_pct", "bound", "sol_lat_ms", "sol_tput_ms" };
        for (int k = 0; k < 5; k++) {
            char *v = cell(&r, line, gone[k]);
            CHECK_STR(v, "");
            free(v);
        }
        char *note = cell(&r, line, "sol_note"), *flag = cell(&r, line, "flag"), *from = cell(&r, line, "sol_from");
        CHECK_STR(note, p.note[SOL_L2]);
        CHECK(!strstr(flag, "sol>100"));
        CHECK_STR(from, "spec");
        if (i == 0) CHECK_STR(flag, "noisy,cache-resident");
        if (i == 3) CHECK_STR(flag, "");
        free(note); free(flag); free(from);
        CHECK(line[strlen(line) - 1] == '\n');
        free(line);
    }
    /* A row another class binds keeps its bound: the theoretical one it passed (the guard's), the
     * measured one no verified row passed, the launch floor. */
    for (int i = 4; i < 7; i++) CHECK(sol_passed_line(&r, i, &p) == NULL);
    sol_passed_free(&p);
    /* The same rows with a theoretical l2 (an upper limit): passing it is the guard's, not a ceiling's. */
    c.c[SOL_L2].theoretical = 1;
    c.c[SOL_L2].upper_limit = 1;
    sol_passed_find(&r, &c, &p);
    CHECK(!p.any && !p.note[SOL_L2]);
    CHECK(sol_passed_withdrawn(&p) == NULL);   /* the guard's flags stay: nothing to take back */
    sol_passed_free(&p);
    rundir_free(&r);
}

/* Past a measured ceiling only where a row failed its check (its output was wrong: no evidence of
 * what the device does): the ceiling stands, and the rows it binds keep their bound. */
static void test_failed_row_no_evidence(void)
{
    make_run(DIR_ "/failed", 2, 2);    /* gridstride (ok, 20.1%) and broken (FAIL, 900%, sol>100) */
    struct rundir r;
    char *err = NULL;
    if (rundir_open(DIR_ "/failed", &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    struct sol_ceilings c;
    cpu(&c);
    struct sol_passed p;
    sol_passed_find(&r, &c, &p);
    CHECK(!p.any && !p.note[SOL_L2] && p.bound[SOL_L2] == 2);
    CHECK(sol_passed_line(&r, 0, &p) == NULL && sol_passed_line(&r, 1, &p) == NULL);
    CHECK(sol_passed_withdrawn(&p) == NULL);
    sol_passed_free(&p);
    rundir_free(&r);
}

/* Two measured ceilings passed: one line names both, counting every row that loses the flag. */
static void test_two_classes(void)
{
    make_run(DIR_ "/two", 0, 8);
    struct rundir r;
    char *err = NULL;
    if (rundir_open(DIR_ "/two", &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    struct sol_ceilings c;
    cpu(&c);
    struct sol_passed p;
    sol_passed_find(&r, &c, &p);
    CHECK(p.note[SOL_L2] && p.note[SOL_DRAM] && p.flagged[SOL_DRAM] == 1);
    char *withdrawn = sol_passed_withdrawn(&p);
    CHECK_STR(withdrawn, "speed of light: sol>100 withdrawn from 4 rows (shown on their lines as they were measured): "
                         "it was against the measured dram and l2 (the CPU's last-level cache) ceilings, and a measured ceiling that verified rows "
                         "pass by more than 2% bounds no row of the run (the lines above); results.tsv holds them "
                         "without the flag");
    free(withdrawn);
    sol_passed_free(&p);
    rundir_free(&r);
}

/* A launch floor that verified rows took less than (rusticl's, timed by the host at set-up, 2.38 ms
 * beside rows of 0.9 ms) bounds no row: the rows it bound lose their bound, whatever bound the rows
 * shorter than it had; a floor below every row stays. */
static void test_floor_passed(void)
{
    make_run(DIR_ "/floor", 0, 7);     /* every row's median 1 ms; row 6 (tiny) bound by launch */
    struct rundir r;
    char *err = NULL;
    if (rundir_open(DIR_ "/floor", &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    struct sol_ceilings c;
    cpu(&c);
    c.launch_ns = 1e6;                 /* 1 ms: within 2% of the rows, no evidence */
    struct sol_passed p;
    sol_passed_find(&r, &c, &p);
    CHECK(!p.note[SOL_LAUNCH] && p.bound[SOL_LAUNCH] == 1);
    sol_passed_free(&p);
    c.launch_ns = 2.38e6;
    sol_passed_find(&r, &c, &p);
    CHECK(p.any && p.bound[SOL_LAUNCH] == 1 && p.rows[SOL_LAUNCH] == 6);   /* ok and cut rows, not the FAIL */
    CHECK_CONTAINS(p.note[SOL_LAUNCH], "no launch floor: the measured one (2380 us) bounds nothing here: 6 verified rows "
                                       "of this run took less than it by more than 2% (float4 default");
    CHECK_CONTAINS(p.note[SOL_LAUNCH], "the shortest, 1000 us)");
    char *line = sol_passed_line(&r, 6, &p), *b = line ? cell(&r, line, "bound") : NULL, *n = line ? cell(&r, line, "sol_note") : NULL;
    CHECK(line && !strcmp(b, "") && !strncmp(n, "no launch floor: ", 17));
    free(line);
    free(b);
    free(n);
    CHECK(sol_passed_line(&r, 5, &p) == NULL);   /* dram's row: dram was not passed here */
    sol_passed_free(&p);
    rundir_free(&r);
}

int main(void)
{
    RUN(test_passed);
    RUN(test_failed_row_no_evidence);
    RUN(test_two_classes);
    RUN(test_floor_passed);
    CHECK_EXIT();
}
