/* report_modes.c — report.md of a modes run (clx run EXP --modes): its devices from run.json and
 * the table of modes.tsv; a modes folder has no results.tsv, so the sweep's report does not apply. */
#include "report.h"
#include "lib/table.h"
#include "lib/texttab.h"
#include "store/rundir.h"
#include "store/runjson.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int report_is_modes(const char *run_dir)
{
    char *m = path_join(run_dir, "modes.tsv"), *r = path_join(run_dir, "results.tsv");
    int yes = file_exists(m) && !file_exists(r);
    free(m);
    free(r);
    return yes;
}

int modes_table(const char *dir, FILE *out, int markdown)
{
    static const char *const head[] = { "mode", "part", "device", "variant", "share", "columns", "chunks", "kernel_ms",
                                        "transfer_ms", "wall_ms", "cpu_ms", "speedup", "status", NULL };
    char *path = path_join(dir, "modes.tsv"), *err = NULL;
    struct table t;
    int rc = file_exists(path) ? table_read(path, &t, &err) : -1;
    free(path);
    free(err);
    if (rc) return -1;
    struct texttab tt = {0};
    tt_head(&tt, head);
    for (int i = 0; i < t.nrows; i++) {
        const char *cell[] = { "mode", "part", "device", "variant", "share" };
        for (int k = 0; k < 5; k++) tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, cell[k])));
        const char *a = table_cell(&t, i, table_col(&t, "from")), *b = table_cell(&t, i, table_col(&t, "to"));
        tt_cell(&tt, "%s%s%s", a, *a ? "-" : "", b);
        tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, "chunks")));
        const char *num[] = { "kernel_ms", "transfer_ms", "wall_ms", "cpu_ms", "speedup_vs_cpu" };
        for (int k = 0; k < 5; k++) tt_num(&tt, table_num(&t, i, table_col(&t, num[k])), k == 4 ? 2 : 3);
        tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, "status")));
    }
    tt_print(&tt, out, markdown);
    tt_free(&tt);
    table_free(&t);
    return 0;
}

/* devices: one line per device of the run, and whether its timings can stand for GPUs. */
static void devices(FILE *out, const struct runjson *j)
{
    int cpus = 0, n = 0;
    fprintf(out, "| device | index | name | platform | driver | type |\n|---|---|---|---|---|---|\n");
    for (int k = 0; k < j->ndevices; k++) {
        const struct rj_mdevice *d = &j->devices[k];
        /* The driver's words, which may hold a '|' that would end the cell. */
        char *name = tt_md_escape(d->name), *platform = tt_md_escape(d->platform), *driver = tt_md_escape(d->driver);
        fprintf(out, "| %d | %s | %s | %s | %s | %s |\n", ++n, d->index, name, platform, driver, d->type);
        free(name);
        free(platform);
        free(driver);
        cpus += !strcmp(d->type, "CPU");
    }
    if (n == 1) fprintf(out, "\nOne device: every part of every mode ran on it.\n");
    if (cpus) fprintf(out, "\nCPU devices share the host's cores: these timings check the mechanism; they are not "
                           "meaningful as a GPU comparison.\n");
}

int report_modes(const char *run_dir)
{
    char *err = NULL;
    struct runjson j;
    if (runjson_read(run_dir, &j, &err)) die("report: %s", err);
    char *path = path_join(run_dir, "report.md"), *tmp = xasprintf("%s.tmp", path);
    FILE *out = fopen(tmp, "w");
    if (!out) die("cannot write %s: %s", tmp, strerror(errno));
    fprintf(out, "# %s: modes\n\nCommand: `%s`; started %s.\n\n", rj_str(j.experiment), rj_str(j.command_line),
            rj_str(j.started));
    /* A stopped run holds the modes finished before the stop; without this it reads as all of them. */
    /* A run that did not say it finished (killed outright, a full disk, or still running) holds
     * part of its modes too: exit 4 for either, as a sweep's report does (report_part_status). */
    enum rundir_end end = rundir_end_of(&j);
    int stopped = end == RUNDIR_STOPPED, unfinished = end == RUNDIR_UNFINISHED;
    if (stopped || unfinished) {
        char *why = stopped ? xasprintf("%s was stopped%s%s at %s: it holds the modes finished before that alone (the "
                                        "one in flight is dropped, and modes have no --resume: run it again for the rest)",
                                        run_dir, *rj_str(j.interrupted_by) ? " by " : "", rj_str(j.interrupted_by),
                                        j.interrupted)
                            : xasprintf("%s is unfinished (still running, or ended without saying so: killed, or a full "
                                        "disk): it holds the modes written so far alone", run_dir);
        fprintf(out, "**Part of a run:** %s.\n\n", why);
        warn("report: %s", why);
        free(why);
    }
    devices(out, &j);
    fprintf(out, "\n## Modes\n\nVariants at once on the devices, each part a share of the dim-0 range, downloads "
                 "overlapped with kernels; medians of the trials; wall_ms from the first upload to the last "
                 "download; speedup = cpu_ms (host reference, all cores) / wall_ms ([modes.tsv](modes.tsv)).\n\n");
    modes_table(run_dir, out, 1);
    runjson_free(&j);
    if (ferror(out) | fclose(out) || rename(tmp, path)) {
        int e = errno;
        remove(tmp);
        die("cannot write %s: %s", path, strerror(e));
    }
    printf("clx: report: %s\n", path);
    free(path);
    free(tmp);
    return stopped || unfinished ? EXIT_CANNOT_RUN : 0;
}
