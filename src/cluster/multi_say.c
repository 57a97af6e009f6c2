/* multi_say.c — what a run on several devices says of each device as it starts and ends (its
 * warnings under its line), of the energy none of them measured, and of the host's load during a CPU
 * device's sweep (multi_impl.h). */
#include "multi_impl.h"
#include "store/runjson.h"
#include "run/run_energy.h"
#include "run/run_hostload.h"
#include "report/summary.h"
#include "store/rundir.h"
#include "lib/util.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *status_words(int rc)
{
    static char sig[64];
    switch (rc) {
    case 0: return "all ok";
    case EXIT_ROWS_FAILED: return "some rows failed";
    case EXIT_USAGE: return "refused";
    case EXIT_NOTHING_RAN: return "nothing ran";
    case EXIT_CANNOT_RUN: return "could not run";
    }
    if (rc < 128) return "could not run";
    /* SIGKILL is no stop a process takes: it was killed outright (kill -9, the OOM killer). */
    snprintf(sig, sizeof sig, "%s by signal %d (%s)", rc - 128 == SIGKILL ? "killed" : "stopped", rc - 128,
             strsignal(rc - 128));
    return sig;
}

/* counts_of: "24 ok, 0 FAIL, 0 error, 0 skipped, 0 build-failed" from dir's run.json; NULL when it
 * has none (a run that did not finish). */
static char *counts_of(const char *dir)
{
    char *err = NULL;
    struct runjson j;
    runjson_read(dir, &j, &err);
    free(err);
    char *t = runjson_counts_line(&j);
    runjson_free(&j);
    return t;
}

/* say_log_tail: the last lines of a console that no results folder took: why the device could not
 * run. The file goes: what it said is on the console now. */
static void say_log_tail(const char *log)
{
    size_t n = 0;
    char *text = read_file(log, &n);
    struct strlist lines = {0};
    if (text) sl_split(&lines, text, '\n');
    int last = lines.n;
    while (last > 0 && !*lines.v[last - 1]) last--;
    if (!last) printf("    (nothing)\n");
    for (int i = last > 8 ? last - 8 : 0; i < last; i++) printf("    %s\n", lines.v[i]);
    sl_free(&lines);
    free(text);
    unlink(log);
}

/* say_warnings: the WARNING lines of the device's summary, read from its folder (what a run on one
 * device prints at its end, under --quiet too), each indented under the device's line: its console
 * is a file, and the lines of devices that ran at the same time would otherwise have no owner.
 * Nothing where its rows cannot be read back (a run stopped before its first row). */
static void say_warnings(const char *dir)
{
    struct rundir rd;
    char *err = NULL, *text = NULL;
    size_t len = 0;
    if (rundir_open(dir, &rd, &err)) {
        free(err);
        return;
    }
    FILE *m = open_memstream(&text, &len);
    if (m) {
        summary_print(&rd, SUMMARY_QUIET, m, 0);
        fclose(m);
    }
    rundir_free(&rd);
    struct strlist lines = {0};
    if (text) sl_split(&lines, text, '\n');
    for (int i = 0; i < lines.n; i++)
        if (*lines.v[i]) printf("    %s\n", lines.v[i]);
    sl_free(&lines);
    free(text);
}

void multi_say_started(const struct multi_job *j, int nparts)
{
    if (j->part) printf("clx: %s %s: part %d/%d started\n", j->device, j->dev->name, j->part, nparts);
    else printf("clx: %s %s: started\n", j->device, j->dev->name);
    fflush(stdout);
}

void multi_say_ended(const struct multi_job *j)
{
    char *counts = j->dir ? counts_of(j->dir) : NULL;
    printf("clx: %s %s: exit %d (%s%s%s) after %.1f s", j->device, j->dev->name, j->rc, status_words(j->rc),
           counts ? ": " : "", counts ? counts : "", j->wall_s);
    if (j->dir) {
        printf("; results in %s\n", j->dir);
        /* A --split's part: the merged run's summary says its warnings over every part's rows. */
        if (!j->part) say_warnings(j->dir);
    } else {
        printf("; no results folder; its console said:\n");
        say_log_tail(j->log);
    }
    fflush(stdout);
    free(counts);
}

/* Each device's console.log said it, the terminal did not: said once at the end as a run on one
 * device says it, the devices of one reason on its line. */
void multi_say_energy(const struct multi_job *jobs, int n)
{
    if (!n || !jobs[0].o.energy) return;
    struct runjson *rj = xcalloc((size_t)n, sizeof *rj);
    const char **why = xcalloc((size_t)n, sizeof *why);
    for (int i = 0; i < n; i++) {
        char *err = NULL;
        if (!jobs[i].dir) runjson_init(&rj[i]);          /* a device that made no folder: nothing to say */
        else if (!runjson_read(jobs[i].dir, &rj[i], &err)) why[i] = run_energy_unmeasured(&rj[i]);
        free(err);
    }
    for (int i = 0; i < n; i++) {
        int first = why[i] != NULL, count = 0;
        for (int k = 0; k < i && first; k++) first = !why[k] || strcmp(why[k], why[i]);
        if (!first) continue;
        for (int k = i; k < n; k++) count += why[k] && !strcmp(why[k], why[i]);
        struct sbuf on = {0};
        for (int k = i, left = count; k < n; k++)
            if (why[k] && !strcmp(why[k], why[i])) {
                left--;
                sb_printf(&on, "%s %s%s", jobs[k].device, jobs[k].dev->name, left > 1 ? ", " : left == 1 ? " and " : "");
            }
        run_energy_say_unmeasured(stdout, on.s, why[i]);
        free(on.s);
    }
    for (int i = 0; i < n; i++) runjson_free(&rj[i]);
    free(rj);
    free(why);
    fflush(stdout);
}

/* Each CPU device's console.log said it, the terminal did not: said at the end as a run on one
 * device says it, a line a device (each its own share: the other devices' runs are among the others
 * of each). */
void multi_say_hostload(const struct multi_job *jobs, int n)
{
    for (int i = 0; i < n; i++) {
        struct runjson rj;
        char *err = NULL;
        if (jobs[i].dir && !runjson_read(jobs[i].dir, &rj, &err)) {
            char *on = xasprintf("%s %s", jobs[i].device, jobs[i].dev->name);
            run_hostload_say(stdout, on, cJSON_IsObject(runjson_part(&rj, RJ_SEARCH)) ? HOSTLOAD_SEARCH : HOSTLOAD_SWEEP,
                             &rj.host_load);
            free(on);
        }
        if (jobs[i].dir) runjson_free(&rj);
        free(err);
    }
    fflush(stdout);
}
