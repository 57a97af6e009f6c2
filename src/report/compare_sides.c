/* compare_sides.c — the runs `clx compare` compares, as both outputs name them: each side's folder,
 * device, driver, start and command, and a side whose rows another clock timed than A's. */
#include "compare_sides.h"
#include "device/drvenv.h"
#include "store/rundevs.h"
#include "lib/texttab.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* a_link: whether dir, as given, is a symbolic link (results/latest), which the next run moves: a
 * relative path or one through a linked parent names the same folder later, and is not said. */
static int a_link(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;         /* "latest/" follows the link: lstat the name */
    char *name = xasprintf("%.*s", (int)n, dir);
    struct stat st;
    int link = !lstat(name, &st) && S_ISLNK(st.st_mode);
    free(name);
    return link;
}

char *cmp_side_folder(const struct rundir *r, int markdown)
{
    /* The folder the run is in, a `latest` link resolved: a file read after the next run would name
     * that one. What was given, where it differs, beside it. */
    const char *q = markdown ? "`" : "";
    char *real = rundir_realdir(r), *said = a_link(r->dir) ? xasprintf("%s%s%s (given as %s%s%s)", q, real, q, q, r->dir, q)
                                                           : xasprintf("%s%s%s", q, real, q);
    free(real);
    return said;
}

void cmp_print_sides(FILE *out, const struct cmp_join *j, int markdown)
{
    /* A texttab, whose Markdown escapes what would end a cell: a command's '|' (--set 'X=1|2'). */
    struct texttab t = {0};
    tt_head(&t, (const char *const []){ "side", "folder", "device", "platform, driver", "started", "command", NULL });
    for (int s = 0; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        char *folder = cmp_side_folder(r, markdown);
        /* A device is its name, platform and driver; its P:D is only where its run found it: an
         * index into the OpenCL implementations installed then (PoCL is 0:0 alone, 1:0 beside
         * Intel's CPU runtime), so two sides' "0:0" may be two devices. It stays, said as the
         * run's, because two devices of one model (--device all on a two-GPU machine) differ only
         * in it. */
        const char *pd = rj_str(r->rj.device_index);
        char *in_run = *pd ? xasprintf("device%s %s in its run", strchr(pd, ',') ? "s" : "", pd) : xstrdup("");
        /* A run of several devices (a --split-any) is named by all, each with its platform and driver,
         * not by its first part's, which read as the run's one device. */
        int several = rundevs_count(&r->rj) > 1;
        char *dev = several ? rundevs_words(&r->rj, 1) : xstrdup(r->device);
        char *plat = several ? NULL : xasprintf("%s, driver %s", r->platform, r->driver);
        if (markdown) {
            tt_cell(&t, "%s", j->side[s].label);
            tt_cell(&t, "%s", folder);
            tt_cell(&t, "%s%s%s%s", dev, *in_run ? " (" : "", in_run, *in_run ? ")" : "");
            tt_cell(&t, "%s", plat ? plat : "each device's, beside it");
            tt_cell(&t, "%s", r->started);
            char *as_run = drvenv_command_run(&r->rj);   /* with the variable its device needs (RUSTICL_ENABLE) */
            tt_cell(&t, "`%s`", as_run);
            free(as_run);
        } else
            /* The index beside the name it is of, as compare.md has it: after the driver, two runs'
             * "device 0:0 in its run" read as one device. */
            printf("  %s  %s  (%s%s%s%s, %s%s%s)\n", j->side[s].label, folder, dev, *in_run ? " (" : "", in_run,
                   *in_run ? ")" : "", plat ? plat : "", plat ? ", " : "", r->started);
        free(dev);
        free(plat);
        free(in_run);
        free(folder);
    }
    if (markdown) tt_print(&t, out, 1);
    tt_free(&t);
}

/* timer_used: what timed a run's rows (run.json timer.used): "host" where its device's events do
 * not time kernels, else "events" (a run from before the timer check has events). */
static const char *timer_used(const struct rundir *r)
{
    const char *u = r->rj.timer.used;
    return u && *u ? u : "events";
}

void cmp_print_timers(FILE *out, const struct cmp_join *j, int markdown)
{
    const char *a = timer_used(j->side[0].r);
    for (int s = 1; s < j->n; s++) {
        const char *t = timer_used(j->side[s].r);
        if (!strcmp(t, a)) continue;
        fprintf(out, "%s%s's rows were timed by %s, A's by %s: a time by the host clock holds the launch's cost, "
                "which the events leave out, so part of the difference is that (docs/timing.md)%s\n",
                markdown ? "\n" : "clx: compare: ", j->side[s].label,
                !strcmp(t, "host") ? "the host clock (its device's events do not time kernels)" : "its events",
                !strcmp(a, "host") ? "the host clock" : "their events", markdown ? "." : "");
    }
}
