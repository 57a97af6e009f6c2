/* multi.c — clx run on several devices (--device all|LIST): each device's sweep in a process of its
 * own (multi_proc.c), GPUs at the same time and CPU devices one after the other, then a side-by-side
 * summary (compare.c); with --split, one sweep cut over the devices (shard.c) and merged into one
 * run folder (merge.c). */
#include "multi_impl.h"
#include "report/compare.h"
#include "merge.h"
#include "device/devtag.h"
#include "device/drvenv.h"
#include "report/report.h"
#include "store/dirfile.h"
#include "store/results.h"
#include "store/latest.h"
#include "lib/calledas.h"
#include "lib/args.h"
#include "lib/stopfwd.h"
#include "report/summary.h"
#include "run/wayon.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int multi_wanted(const char *device, const struct multi_opts *m)
{
    return devlist_is_list(device) || m->split || m->split_any;
}

int multi_worse(int a, int b)
{
    /* From best to worst; an unknown status counts as could not run. */
    static const int order[] = { 0, EXIT_NOTHING_RAN, EXIT_ROWS_FAILED, EXIT_USAGE, EXIT_CANNOT_RUN };
    int sev[2], rc[2] = { a, b };
    for (int k = 0; k < 2; k++) {
        sev[k] = rc[k] >= 128 ? 5 : 4;
        for (int i = 0; i < 5; i++)
            if (order[i] == rc[k]) sev[k] = i;
    }
    return sev[1] > sev[0] ? b : a;
}

/* ---- each device's options -------------------------------------------------------------------- */

void multi_child_args(const struct strlist *args, const char *device, const struct shard *part, struct strlist *out)
{
    /* The options this process decides for each device; and for a --split's part, --report: a part is
     * no run of its own until merged (the merged folder gets the report), and its run.json's arguments
     * are what its --resume, and the way on said after a stop, run again. */
    static const struct args_option decided[] = { {"--device", 1}, {"--split", 0}, {"--split-any", 0},
                                                  {"--report", 0} };
    size_t ndecided = sizeof decided / sizeof *decided - !(part && part->n);
    args_without(args->v, args->n, decided, ndecided, out);
    /* Appended, so that they win over any the user abbreviated (getopt takes --dev for --device). */
    sl_push(out, "--device");
    sl_push(out, device);
    if (part && part->n) {
        sl_push(out, "--shard");
        sl_push_own(out, xasprintf("%d/%d", part->k, part->n));
    }
}

/* ---- which devices ------------------------------------------------------------------------- */

/* one_device: a list that names one device runs as --device P:D would, recorded so in run.json. */
static void one_device(struct run_opts *o, const struct devlist_dev *d, int split)
{
    static char index[32];
    if (split)
        printf("clx: --split: --device %s names one device (%s %s): nothing to split; the sweep runs on it as usual\n",
               o->device, devlist_index(d), d->name);
    snprintf(index, sizeof index, "%s", devlist_index(d));
    struct strlist args = {0};
    multi_child_args(&o->args, index, NULL, &args);
    sl_free(&o->args);
    o->args = args;
    o->device = index;
}

/* check_runnable: what several devices cannot do, refused as a command-line mistake (exit 2). */
static void check_runnable(const struct run_opts *o, int split, int split_any, const struct devlist_dev *all,
                           const int *pick, int np)
{
    if (o->resume_dir)
        die_usage("--resume continues one run's folder: with several devices resume each device's folder on its "
                  "own (%s run --resume DIR: its run.json names its device)", clx_cmd());
    if (np > STOPFWD_MAX) die_usage("--device: %d devices: one run takes at most %d", np, STOPFWD_MAX);
    if (split && o->shard.n) die_usage("--split cuts the sweep over the devices itself: not with --shard");
    for (int k = 1; split && !split_any && k < np; k++) {
        const struct devlist_dev *a = &all[pick[0]], *b = &all[pick[k]];
        if (devlist_same_model(a, b)) continue;
        char ia[32];
        snprintf(ia, sizeof ia, "%s", devlist_index(a));
        die_usage("--split needs devices of one model and driver (their timings share one results.tsv): %s is %s "
                  "(%s, driver %s), %s is %s (%s, driver %s); --split-any splits anyway",
                  ia, a->name, a->platform, a->driver, devlist_index(b), b->name, b->platform, b->driver);
    }
}

/* index_list: "0:0, 0:1" of the jobs that are (cpu) or are not CPU devices; NULL when none. */
static char *index_list(const struct multi_job *jobs, int n, int cpu)
{
    struct sbuf b = {0};
    for (int i = 0; i < n; i++)
        if (jobs[i].dev->is_cpu == cpu) sb_printf(&b, "%s%s", b.len ? ", " : "", jobs[i].device);
    return b.s;
}

/* say_plan: which devices, where their consoles go, and which run at the same time. */
static void say_plan(const struct spec *s, const struct multi_job *jobs, int n, const char *merged)
{
    printf("clx: %s %s %d devices:", s->name, merged ? "split over" : "on", n);
    for (int i = 0; i < n; i++) printf("%s %s %s", i ? "," : "", jobs[i].device, jobs[i].dev->name);
    if (merged) printf("; a part of the sweep each, merged into %s\n", merged);
    else printf("\n");
    printf("clx: each device's console output goes to console.log in its results folder%s\n",
           merged ? " (under parts/)" : "");
    char *gpus = index_list(jobs, n, 0), *cpus = index_list(jobs, n, 1);
    if (gpus && strchr(gpus, ','))
        printf("clx: %s (GPUs or other devices that are not the host's CPU) run at the same time, each in a process "
               "of its own\n", gpus);
    if (cpus && strchr(cpus, ','))
        printf("clx: CPU devices (%s) run one after the other, %seach alone: sweeps sharing the host's cores, with "
               "each other or with host references, would disturb each other's timings\n", cpus,
               gpus ? "after the others, " : "");
    else if (cpus)
        printf("clx: the CPU device %s runs after the others, alone: a sweep sharing the host's cores with host "
               "references would disturb both timings\n", cpus);
    free(gpus);
    free(cpus);
}

/* ---- running them ----------------------------------------------------------------------------- */

/* run_jobs: the devices that are not CPUs at once, then the CPU devices one at a time; none starts
 * once a signal asked the run to stop. dir_file: --dir-file, written as each folder is named. */
static void run_jobs(struct multi_job *jobs, int n, const struct spec *s, int nparts, const char *dir_file)
{
    multi_catch();
    for (int i = 0; i < n; i++)
        if (!jobs[i].dev->is_cpu && !multi_stop_signal()) {
            multi_start(&jobs[i], s);
            multi_say_started(&jobs[i], nparts);
        }
    for (struct multi_job *j; (j = multi_wait(jobs, n, dir_file));) multi_say_ended(j);
    for (int i = 0; i < n; i++)
        if (jobs[i].dev->is_cpu && !multi_stop_signal()) {
            multi_start(&jobs[i], s);
            multi_say_started(&jobs[i], nparts);
            multi_say_ended(multi_wait(jobs, n, dir_file));
        }
    multi_release();
}

/* compare_after: after a stop, the clx compare over the devices' folders that the run would have made
 * at its end (side_by_side), onto steps; a device that made no folder yet is named by a placeholder,
 * the folder its run above will make, which a line after says. */
static void compare_after(struct strlist *steps, const struct multi_job *jobs, int n)
{
    int unmade = 0;
    struct sbuf b = {0};
    sb_printf(&b, "then the side-by-side summary: %s compare", clx_cmd());
    for (int i = 0; i < n; i++) {
        if (jobs[i].dir) sb_word(&b, jobs[i].dir);
        else {
            sb_printf(&b, " DIR_%s", jobs[i].device);
            unmade++;
        }
    }
    sl_push_own(steps, b.s);
    if (unmade) sl_push(steps, "(DIR_P:D: the results folder that the run of device P:D above makes; it says where)");
}

/* device_step: the command that finishes device job j's sweep: its --resume where it made a folder,
 * else its clx run (its arguments less the user's --out: this one says where its folder goes); under
 * what that device needs (RUSTICL_ENABLE, which this process has). A new string. */
static char *device_step(const struct multi_job *j)
{
    char env[512], *was;
    drvenv_of(j->dev->platform, env, sizeof env);
    was = called_as_for(drvenv_under(j->dev->platform, j->dev->name, env));
    struct sbuf b = {0};
    if (j->dir) {
        char *resume = clx_resume_cmd(j->dir);
        sb_printf(&b, "%s", resume);
        free(resume);
    } else {
        static const struct args_option out_opt[] = { {"--out", 1} };
        struct strlist a = {0};
        args_without(j->o.args.v, j->o.args.n, out_opt, 1, &a);
        sb_printf(&b, "%s run", clx_cmd());
        for (int k = 0; k < a.n; k++) sb_word(&b, a.v[k]);
        sb_printf(&b, " --out");
        sb_word(&b, j->o.results_root);
        sl_free(&a);
    }
    called_as_back(was);
    return b.s;
}

/* say_how_to_continue: after a stop, the commands that finish each device's sweep (and merge a
 * --split's parts: any, --split-any's; report, the clx report of the merged run that --report asked),
 * said as a run's way on is (run/wayon.h: on stderr, the last thing said). */
static void say_how_to_continue(const struct multi_job *jobs, int n, const char *merged, int any, int report)
{
    int sig = multi_stop_signal();
    struct strlist steps = {0};
    for (int i = 0; i < n; i++)
        if (!(jobs[i].done && jobs[i].rc < 128 && jobs[i].dir))    /* else it ended before the stop */
            sl_push_own(&steps, device_step(&jobs[i]));
    if (merged) {
        /* The glob outside the quotes, where the shell expands it. */
        char *q = shell_word(merged);
        sl_push_own(&steps, xasprintf("%s merge %s/parts/*/ --split%s --out %s", clx_cmd(), q, any ? "-any" : "", q));
        /* --report draws none on the parts: the report is the merged run's, once there is one. */
        if (report) sl_push_own(&steps, xasprintf("then its report (not drawn on a part): %s report %s", clx_cmd(), q));
        free(q);
    } else {
        compare_after(&steps, jobs, n);
    }
    char *lead = xasprintf("stopped by signal %d (%s%s); ", sig, strsignal(sig), sig == SIGPIPE ? ": stdout closed" : "");
    run_wayon_steps(lead, &steps);
    free(lead);
    sl_free(&steps);
}

/* side_by_side: clx compare over the devices' folders, into the results root. Returns compare's
 * status: where it failed (its folder or a file not written, the runs not joined, a picture not
 * drawn) the devices' rows are whole in their folders, and the clx compare that makes it is said. */
static int side_by_side(const struct multi_job *jobs, int n, const char *root, int quiet)
{
    const char **dirs = xcalloc((size_t)n, sizeof *dirs);
    int k = 0, rc = 0;
    for (int i = 0; i < n; i++)
        if (jobs[i].dir) dirs[k++] = jobs[i].dir;
    if (k < 2) printf("clx: no side-by-side summary: %s\n", k ? "only one device wrote results" : "no device wrote results");
    else {
        printf("\n");
        struct compare_opts co = COMPARE_OPTS_DEFAULT;
        co.root = root;
        co.quiet = quiet;        /* --quiet: each side's counts and where compare.md is, as clx compare --quiet */
        rc = compare_runs(dirs, k, &co);
        if (rc) {
            struct sbuf cmd = {0};
            for (int i = 0; i < k; i++) sb_word(&cmd, dirs[i]);
            fflush(stdout);        /* compare's console before this, where both go to one file */
            warn("the side-by-side summary failed (clx compare, above: exit %d); every device's rows are kept in its "
                 "folder; to make it: %s compare%s (--out FOLDER to choose where it goes)", rc, clx_cmd(),
                 cmd.s);
            free(cmd.s);
        }
    }
    free(dirs);
    return rc;
}

/* merge_parts: a --split's parts merged into merged (whatever finished: run.json says what is
 * missing), its summary printed (its warnings alone under --quiet) and results/latest pointed at it
 * where a row ran. Returns merge's status. */
static int merge_parts(const struct multi_job *jobs, int n, const char *merged, const struct run_opts *o, int any)
{
    const char **dirs = xcalloc((size_t)n, sizeof *dirs);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (jobs[i].dir) dirs[k++] = jobs[i].dir;
    int rc = EXIT_CANNOT_RUN;
    if (!k) printf("clx: no part wrote results: nothing to merge into %s\n", merged);
    else {
        printf("\n");
        rc = merge_runs(dirs, k, merged, 1, any ? MERGE_SPLIT_ANY : MERGE_SPLIT, o->command_line);
    }
    free(dirs);
    if (rc == EXIT_CANNOT_RUN) return rc;
    struct rundir rd;
    char *err = NULL;
    struct latest latest;
    latest_arm(&latest, o->results_root, merged);
    if (rundir_open(merged, &rd, &err)) {
        warn("cannot read %s back for its summary: %s", merged, err);
        free(err);
    } else {
        /* results/latest moves here where a row of the parts ran (store/latest.h). */
        struct status_counts st = {0};
        for (int i = 0; i < rd.t.nrows; i++) status_counts_add(&st, table_cell(&rd.t, i, rd.c_status));
        latest_rows(&latest, &st);
        printf("\n");
        summary_print(&rd, o->quiet ? SUMMARY_QUIET : SUMMARY_ALL, stdout, 0);
        char *unmoved = latest_unmoved(&latest);
        if (unmoved) printf("clx: %s\n", unmoved);
        free(unmoved);
    }
    latest_free(&latest);
    rundir_free(&rd);
    return rc;
}

/* say_folders: at the end, every device's folder on a line of its own, with the letter that clx
 * compare's summary gave it (A, B, ...: the devices with a folder, in order) where there was one;
 * a device that made none says so and its exit status. */
static void say_folders(const struct multi_job *jobs, int n)
{
    int sides = 0, k = 0;
    for (int i = 0; i < n; i++) sides += jobs[i].dir != NULL;
    for (int i = 0; i < n; i++) {
        printf("clx: %s %s", jobs[i].device, jobs[i].dev->name);
        if (!jobs[i].dir) {
            printf(": no results folder (exit %d)\n", jobs[i].done ? jobs[i].rc : EXIT_CANNOT_RUN);
            continue;
        }
        if (sides > 1 && k < 26) printf(" (%c)", 'A' + k);
        k++;
        printf(": %s\n", jobs[i].dir);
    }
}

/* split_folder: the merged run's folder, made now: its parts go in its parts/. */
static char *split_folder(const struct spec *s, const struct run_opts *o, const struct devlist_dev *all,
                          const int *pick, int np)
{
    int same = 1;
    for (int k = 1; k < np; k++) same &= devlist_same_model(&all[pick[0]], &all[pick[k]]);
    char *name = xasprintf("%s-split%d", s->name, np);
    const struct devlist_dev *d = &all[pick[0]];
    char *tag = same ? devtag(d->name, d->platform, d->is_cpu) : xstrdup("mixed");
    char *dir = results_make_dir(o->results_root, name, tag);
    if (!dir) die("cannot make a results folder under %s: %s", o->results_root, strerror(errno));
    free(tag);
    free(name);
    return dir;
}

/* reports: clx report on each folder, as --report does after a run on one device. */
static int reports(const struct multi_job *jobs, int n, const char *merged, int quiet)
{
    struct report_opts ro = { .spec_path = NULL, .quiet = quiet };
    int rc = 0;
    if (merged) return report_make(merged, &ro);
    for (int i = 0; i < n; i++) {
        int r = jobs[i].dir ? report_make(jobs[i].dir, &ro) : 0;
        if (r >= 128) return r;    /* stopped (said): no other report is begun */
        rc = multi_worse(rc, r);
    }
    return rc;
}

/* make_jobs: each device's options: its --device (and with --split its part and the folder the parts go to). */
static struct multi_job *make_jobs(const struct run_opts *o, const struct devlist_dev *all, const int *pick, int np,
                                   const char *parts_root)
{
    struct multi_job *jobs = xcalloc((size_t)np, sizeof *jobs);
    for (int k = 0; k < np; k++) {
        struct multi_job *j = &jobs[k];
        j->dev = &all[pick[k]];
        j->o = *o;
        snprintf(j->device, sizeof j->device, "%s", devlist_index(j->dev));
        j->o.device = j->device;
        j->o.args = (struct strlist){0};
        j->o.dir_file = NULL;    /* this process writes it: every device's folder, or the merged one */
        if (o->stop_after_rounds) j->o.stop_also = getpid();
        if (parts_root) {
            j->part = k + 1;
            j->o.shard = (struct shard){ k + 1, np };
            j->o.results_root = parts_root;
        }
        multi_child_args(&o->args, j->device, parts_root ? &j->o.shard : NULL, &j->o.args);
    }
    return jobs;
}

static void free_jobs(struct multi_job *jobs, int n)
{
    for (int i = 0; i < n; i++) {
        sl_free(&jobs[i].o.args);
        free(jobs[i].log);
        free(jobs[i].dir);
        sb_free(&jobs[i].told);
    }
    free(jobs);
}

int multi_run(const struct spec *s, struct run_opts *o, const struct multi_opts *m)
{
    int split = m->split || m->split_any;
    if (!devlist_is_list(o->device)) {
        printf("clx: --split: one device (%s): nothing to split; the sweep runs on it as usual\n",
               o->device ? o->device : "the default one");
        return MULTI_ONE;
    }
    struct devlist_dev *all;
    char *none = NULL;
    int n = devlist_discover(&all, &none);
    if (n < 0) return EXIT_CANNOT_RUN;
    /* Held where a refusal's exit leaves it reachable: check_runnable's die_usage() ends the process
     * with it in use (LeakSanitizer called it lost where no register kept it). */
    static int *pick;
    pick = xcalloc((size_t)n + 1, sizeof *pick);
    char *err = NULL;
    int np = devlist_parse(all, n, none, o->device, pick, &err);
    free(none);
    if (np == DEVLIST_MISSING) die("%s", err);
    if (np < 0) die_usage("%s", err);
    if (np == 1) {
        one_device(o, &all[pick[0]], split);
        free(pick);
        free(all);
        return MULTI_ONE;
    }
    check_runnable(o, split, m->split_any, all, pick, np);
    double t0 = now_seconds();
    char *merged = split ? split_folder(s, o, all, pick, np) : NULL, *parts = merged ? path_join(merged, "parts") : NULL;
    /* --dir-file: a --split's run is its merged folder, made now (its parts are in its parts/);
     * several devices' runs are their folders, each written as its device names it. */
    if (merged && o->dir_file) dirfile_say(o->dir_file, (const char *const *)&merged, 1);
    struct multi_job *jobs = make_jobs(o, all, pick, np, parts);
    say_plan(s, jobs, np, merged);
    run_jobs(jobs, np, s, split ? np : 0, merged ? NULL : o->dir_file);
    if (parts) {
        char *link = path_join(parts, "latest");
        unlink(link);            /* parts/ holds the parts alone: clx merge PARTS/ * takes them all */
        free(link);
    }
    int rc = 0;
    for (int i = 0; i < np; i++) rc = multi_worse(rc, jobs[i].done ? jobs[i].rc : EXIT_CANNOT_RUN);
    if (multi_stop_signal()) {
        multi_say_hostload(jobs, np);
        multi_say_energy(jobs, np);
        rc = multi_worse(rc, 128 + multi_stop_signal());
        /* Each device's folder its report, of the rows that finished, as a stopped sweep on one device
         * gets one; a --split's parts are no run of their own until merged (they have none). */
        if (m->report && !merged) rc = multi_worse(rc, reports(jobs, np, NULL, o->quiet));
        /* The way on last, below the reports' many lines, where it is read: said above them, the
         * report was the last thing on the screen. */
        say_how_to_continue(jobs, np, merged, m->split_any, m->report);
    } else {
        if (merged) rc = multi_worse(rc, merge_parts(jobs, np, merged, o, m->split_any));
        else rc = multi_worse(rc, side_by_side(jobs, np, o->results_root, o->quiet));
        if (m->report) rc = multi_worse(rc, reports(jobs, np, merged, o->quiet));
        multi_say_hostload(jobs, np);
        multi_say_energy(jobs, np);
        printf("\n");
        if (!merged) say_folders(jobs, np);
        printf("clx: %s on %d devices: wall %.1f s (", s->name, np, now_seconds() - t0);
        for (int i = 0; i < np; i++) printf("%s%s %.1f s", i ? ", " : "", jobs[i].device, jobs[i].wall_s);
        printf(")%s%s; exit %d\n", merged ? "; results in " : "", merged ? merged : "", rc);
    }
    free_jobs(jobs, np);
    free(merged);
    free(parts);
    free(pick);
    free(all);
    return rc;
}
