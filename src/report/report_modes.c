/* report_modes.c — report.md of a modes run (clx run EXP --modes): its devices from run.json, the
 * table of modes.tsv and which modes its trials tell apart; a modes folder has no results.tsv, so
 * the sweep's report does not apply. */
#include "report.h"
#include "lib/table.h"
#include "lib/texttab.h"
#include "store/rundir.h"
#include "store/rowstatus.h"
#include "store/runjson.h"
#include <errno.h>
#include <math.h>
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
                                        "transfer_ms", "wall_ms", "wall_range", "wall_iqr", "cpu_ms", "speedup", "status", NULL };
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
        const char *num[] = { "kernel_ms", "transfer_ms", "wall_ms" };
        for (int k = 0; k < 3; k++) tt_num(&tt, table_num(&t, i, table_col(&t, num[k])), 3);
        /* The fastest and the slowest trial (a folder from before these columns: "-"). */
        double lo = table_num(&t, i, table_col(&t, "wall_min_ms")), hi = table_num(&t, i, table_col(&t, "wall_max_ms"));
        char fa[32], fb[32];
        if (isfinite(lo) && isfinite(hi)) {
            snprintf(fa, sizeof fa, "%.3f", lo);
            snprintf(fb, sizeof fb, "%.3f", hi);
            /* Trials that all read the same: one figure, not a range of one. */
            if (strcmp(fa, fb)) tt_cell(&tt, "%s-%s", fa, fb);
            else tt_cell(&tt, "%s", fa);
        } else
            tt_cell(&tt, "-");
        tt_num(&tt, table_num(&t, i, table_col(&t, "wall_iqr_ms")), 3);
        tt_num(&tt, table_num(&t, i, table_col(&t, "cpu_ms")), 3);
        tt_num(&tt, table_num(&t, i, table_col(&t, "speedup_vs_cpu")), 2);
        tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, "status")));
    }
    tt_print(&tt, out, markdown);
    tt_free(&tt);
    table_free(&t);
    return 0;
}

/* A mode measured, as the words on which is faster see it: its wall_ms median and IQR. */
struct mode_fig { const char *name; double median, iqr; };

static int by_median(const void *a, const void *b)
{
    double x = ((const struct mode_fig *)a)->median, y = ((const struct mode_fig *)b)->median;
    return (x > y) - (x < y);
}

/* modes_apart: which mode is fastest by wall_ms, said only where the trials tell it apart: a mode
 * whose median is above the lowest by no more than the two modes' IQRs together (or that has no
 * IQR, one trial) is not called slower, since a loaded machine moves medians that far. Nothing
 * with fewer than two modes measured (a FAIL mode's times are the wrong answer's: not among them),
 * nor for a folder from before modes.tsv kept the spread. */
static void modes_apart(const char *dir, FILE *out)
{
    char *path = path_join(dir, "modes.tsv"), *err = NULL;
    struct table t;
    int rc = file_exists(path) ? table_read(path, &t, &err) : -1;
    free(path);
    free(err);
    if (rc) return;
    int cm = table_col(&t, "mode"), cw = table_col(&t, "wall_ms"), ci = table_col(&t, "wall_iqr_ms"), n = 0;
    int cs = table_col(&t, "status");
    if (ci < 0) { table_free(&t); return; }
    struct mode_fig *f = xcalloc((size_t)t.nrows + 1, sizeof *f);
    for (int i = 0; i < t.nrows; i++) {
        const char *name = table_cell(&t, i, cm);
        double w = table_num(&t, i, cw);
        int seen = 0;
        for (int k = 0; k < n; k++) seen |= !strcmp(f[k].name, name);   /* a row per part: the mode once */
        if (seen || !isfinite(w) || !row_status_is_measured(row_status_of(table_cell(&t, i, cs)))) continue;
        f[n++] = (struct mode_fig){ name, w, table_num(&t, i, ci) };
    }
    if (n >= 2) {
        qsort(f, (size_t)n, sizeof *f, by_median);
        /* The lowest median's mode, and each mode its spread does not tell apart from it. */
        int tied = 0;
        for (int k = 1; k < n; k++) tied += !(f[k].median - f[0].median > f[0].iqr + f[k].iqr);
        if (!tied)
            fprintf(out, "\nFastest by wall_ms: `%s` (median %.3f ms); every other mode's median is above it by more "
                         "than the two modes' IQRs together.\n", f[0].name, f[0].median);
        else {
            fprintf(out, "\nNot told apart by these trials: ");
            for (int k = 0; k < n; k++) {
                if (k && f[k].median - f[0].median > f[0].iqr + f[k].iqr) continue;
                fprintf(out, "%s`%s` (median %.3f ms, IQR ", k ? ", " : "", f[k].name, f[k].median);
                if (isfinite(f[k].iqr)) fprintf(out, "%.3f ms)", f[k].iqr);
                else fprintf(out, "none: one trial)");
            }
            fprintf(out, ": their medians differ from the lowest by no more than their IQRs together, so none of "
                         "them is called faster; more trials (the spec's modes `trials`) or a quieter machine may "
                         "tell them apart.%s\n", tied + 1 < n ? " The other modes are slower by more than that." : "");
        }
    }
    free(f);
    table_free(&t);
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
    fputs(REPORT_MD_WRITTEN, out);
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
                 "download, wall_range its fastest and slowest trial, wall_iqr its interquartile range; speedup = cpu_ms (host reference, all cores) / wall_ms ([modes.tsv](modes.tsv)).\n\n");
    modes_table(run_dir, out, 1);
    modes_apart(run_dir, out);
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
