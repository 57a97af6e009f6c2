/* modes_run.c — `clx run EXP --modes`: the devices checked against the spec's parts, the worker
 * process that runs every mode and writes the folder, and the table on the console. */
#include "modes_run.h"
#include "modes_impl.h"
#include "lib/isotime.h"
#include "lib/stopcatch.h"
#include "store/dirfile.h"
#include "store/latest.h"
#include "device/devlist.h"
#include "device/devtag.h"
#include "measure/expected_probe.h"
#include "spec/catalog.h"
#include "report/report.h"
#include "run/run_hostload.h"
#include "lib/child.h"
#include "lib/pipeout.h"
#include "lib/stopfwd.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the worker process ----------------------------------------------------------------------- */

/* any_cpu: whether a device of the run is the host's CPU (its kernels run on the host's cores). */
static int any_cpu(const struct modes_ctx *c)
{
    for (int i = 0; i < c->ndev; i++)
        if (c->devs[i].dp.type & CL_DEVICE_TYPE_CPU) return 1;
    return 0;
}

static void say_devices(const struct modes_ctx *c)
{
    int cpus = 0;
    for (int i = 0; i < c->ndev; i++) {
        printf("clx: device %d: %s %s (%s, driver %s)\n", i + 1, c->devs[i].index, c->devs[i].dp.name,
               c->devs[i].dp.platform, c->devs[i].dp.driver);
        cpus += (c->devs[i].dp.type & CL_DEVICE_TYPE_CPU) != 0;
    }
    if (c->ndev == 1)
        printf("clx: modes on one device: every part runs on %s (device 1); the parts still overlap copies and kernels\n",
               c->devs[0].index);
    if (cpus)
        printf("clx: %s (sharing the host's cores with %sthe host reference): these timings check the mechanism, "
               "they are not meaningful as a GPU comparison\n",
               c->ndev == 1 ? "the device is a CPU" : cpus == c->ndev ? "the devices are CPUs" : "some devices are CPUs",
               c->ndev == 1 ? "" : "each other and ");
}

/* What the worker tells its parent on the pipe before its folder, a byte each (no folder's path holds
 * either): TOLD_WAIT as it begins to take the devices' turns, where a stop is the worker's to say
 * (nothing was run), not the parent's "every finished mode is kept" (a sweep's worker_turn);
 * TOLD_TAKEN once they are taken. */
#define TOLD_WAIT '\001'
#define TOLD_TAKEN '\002'
static void tell_turn(int fd, char what)
{
    ssize_t n = write(fd, &what, 1);    /* a parent that cannot read it only says a stop itself */
    (void)n;
}

static int child(const struct spec *s, const struct run_opts *o, char *const *sels, int nsel, int dir_fd)
{
    struct modes_ctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.o = o;
    c.m = s->modes;
    char started[64];
    iso_time_now(started, sizeof started);
    modes_setup(&c, sels, nsel);
    /* The devices' turns before anything is timed (a stop already asked waits for none, and goes on
     * to a folder that says it stopped, as a sweep's does); a stop in the wait ends the worker there,
     * said as a sweep's worker says it: nothing was run, no folder made. */
    if (!stopcatch_signal()) {
        tell_turn(dir_fd, TOLD_WAIT);
        modes_take_turns(&c);
        run_turn_stopped(NULL);
        tell_turn(dir_fd, TOLD_TAKEN);
    }
    char *name = xasprintf("%s-modes", s->name);
    const struct devprops *dp = &c.devs[0].dp;
    char *tag = devtag(dp->name, dp->platform, (dp->type & CL_DEVICE_TYPE_CPU) != 0);
    c.dir = results_make_dir(o->results_root, name, tag);
    free(tag);
    free(name);
    if (!c.dir) die("cannot make a results folder under %s: %s", o->results_root, strerror(errno));
    child_tell(dir_fd, c.dir);   /* the results folder, to the parent (for --report) */
    char *tp = path_join(c.dir, "modes.tsv");
    if (tsv_open(&c.tsv, tp)) die("cannot write %s: %s", tp, strerror(errno));
    free(tp);
    struct strlist cols = {0};
    for (int i = 0; modes_columns[i]; i++) sl_push(&cols, modes_columns[i]);
    tsv_header(&c.tsv, &cols);
    sl_free(&cols);
    const char *dirs[] = { c.dir };    /* --dir-file: the folder, its modes.tsv begun */
    if (o->dir_file) dirfile_say(o->dir_file, dirs, 1);
    printf("clx: %s: %d modes, %d trials each, %d chunks per part%s; results in %s\n", s->name, c.m->n, c.m->trials,
           c.m->chunks, o->quick ? " (quick mode)" : "", c.dir);
    say_devices(&c);
    fflush(stdout);
    /* Written now too, without finished: a worker that dies (the watchdog, a second ^C) leaves a
     * folder that says it did not finish, which its parent marks interrupted. */
    int failed = modes_write_json(&c, started, MODES_GOING, NULL);
    int done = 0;
    const char *lost = NULL;     /* the mode a stop dropped */
    /* The host's load over the modes (their builds, host references and trials), as a sweep marks its
     * configurations': recorded in run.json and said at the end. */
    if (any_cpu(&c)) {
        hostload_take(&c.load_from);
        c.load_marks = 1;
    }
    while (done < c.m->n && !stopcatch_signal()) {
        if (modes_one(&c, &c.m->modes[done])) { lost = c.m->modes[done].name; break; }
        done++;
    }
    if (c.load_marks == 1) {
        hostload_take(&c.load_to);
        c.load_marks = 2;
    }
    int sig = done < c.m->n ? stopcatch_signal() : 0;
    failed |= tsv_close(&c.tsv) |
              modes_write_json(&c, started, sig ? MODES_INTERRUPTED : MODES_FINISHED, sig ? run_stop_name(sig) : NULL);
    /* results/latest moves here where a mode ran (store/latest.h). */
    struct latest latest;
    latest_arm(&latest, o->results_root, c.dir);
    latest_rows(&latest, &c.st);
    char *unmoved = latest_unmoved(&latest);
    latest_free(&latest);
    if (sig) {
        fprintf(stderr, "clx: stopped by %s: %d of %d modes in %s/modes.tsv%s%s%s; run.json says interrupted\n",
                run_stop_name(sig), done, c.m->n, c.dir, lost ? " (the mode in flight, " : "", lost ? lost : "",
                lost ? ", is not kept)" : "");
        if (unmoved) fprintf(stderr, "clx: %s\n", unmoved);
        free(unmoved);
        free(c.dir);
        modes_teardown(&c);
        return 128 + sig;
    }
    if (!o->quiet) modes_table(c.dir, stdout, 0);
    char *counts = status_counts_line_against(&c.st, o->verify != VERIFY_OFF ? s->baseline : NULL);
    if (c.nshared)
        printf("clx: %d modes flagged shared: another clx ran on a device while they ran (--share-device is what lets two run "
               "at once); their "
               "times are not the devices' alone\n", c.nshared);
    printf("clx: %d modes: %s; results in %s\n", c.st.rows, counts, c.dir);
    /* Every slot's buffers postponed the probe (fill_slot): said once, as clx run says it. */
    char *unprobed = expected_probe_unmade(&c.x);
    if (unprobed) warn("%s", unprobed);
    free(unprobed);
    if (unmoved) printf("clx: %s\n", unmoved);
    if (c.load_marks == 2) {
        struct rj_host_load h;
        run_hostload_json(&c.load_from, &c.load_to, &h);
        run_hostload_say(stdout, NULL, HOSTLOAD_MODES, &h);
    }
    free(unmoved);
    free(counts);
    /* A stop after the last mode: the results are whole, and the stop was asked. */
    int rc = failed ? EXIT_CANNOT_RUN
             : stopcatch_signal() ? run_stop_ended(stopcatch_signal())
             : status_counts_failed(&c.st) ? EXIT_ROWS_FAILED : 0;
    free(c.dir);
    modes_teardown(&c);
    return rc;
}

/* check_devices: every part's device is on the list (with one device, every part runs on it). */
static void check_devices(const struct spec_modes *m, int ndev, const char *path)
{
    if (ndev == 1) return;
    for (int i = 0; i < m->n; i++)
        for (int p = 0; p < m->modes[i].nparts; p++)
            if (m->modes[i].parts[p].device > ndev)
                die_usage("%s:%d: mode '%s' part %d runs on device %d, but --device lists %d devices", path,
                          m->modes[i].parts[p].line, m->modes[i].name, p + 1, m->modes[i].parts[p].device, ndev);
}

/* device_selectors: the --device list as "P:D" strings, found without OpenCL in this process. */
static int device_selectors(const char *sel, char ***out)
{
    *out = xcalloc(1, sizeof **out);
    if (!sel || !devlist_is_list(sel)) { (*out)[0] = sel ? xstrdup(sel) : NULL; return 1; }
    struct devlist_dev *all;
    char *none = NULL;
    int n = devlist_discover(&all, &none);
    if (n < 0) exit(EXIT_CANNOT_RUN);
    int *pick = xcalloc((size_t)n + 1, sizeof *pick);
    char *err = NULL;
    int np = devlist_parse(all, n, none, sel, pick, &err);
    free(none);
    if (np == DEVLIST_MISSING) die("%s", err);
    if (np < 0) die_usage("%s", err);
    *out = xrealloc(*out, sizeof **out * (size_t)np);
    for (int i = 0; i < np; i++) (*out)[i] = xstrdup(devlist_index(&all[pick[i]]));
    free(pick);
    free(all);
    return np;
}

/* ---- what a modes run takes ------------------------------------------------------------------- */

/* The options of clx run that a modes run honours. The trials, chunks and launch point are the spec's
 * modes section's; what times a sweep's rows (--trials, --target-cv, --rounds, --cold, --energy...)
 * has nothing to act on here. --set, --size, --local and --build shape the plan the modes take
 * their variants from (modes_run refuses one that names an axis the modes' point fixes). To make a
 * modes run take another option: its meaning in modes/, then a row here. */
static const char *const taken[] = {
    "--modes", "--device", "--quick", "--set", "--size", "--local", "--build", "--build-unchecked", "--allow-shell",
    "--m4-timeout", "--no-cache", "--seed", "--no-verify", "--timeout", "--out", "--dir-file", "--quiet", "--report",
    "--share-device", NULL
};

int modes_takes_option(const char *option)
{
    for (int i = 0; taken[i]; i++)
        if (!strcmp(taken[i], option)) return 1;
    return 0;
}

char *modes_options_taken(void)
{
    struct sbuf b = {0};
    for (int i = 1; taken[i]; i++) sb_printf(&b, "%s%s", i > 1 ? ", " : "", taken[i]);
    return b.s;
}

/* stopped_said: the line of a modes run stopped with the worker killed in the mode in flight (its
 * grace over, or a second signal), as the worker says it where it stops itself: how many modes
 * dir's modes.tsv holds (its lines but the header), and the one in flight by name. */
static void stopped_said(const struct spec_modes *m, const char *dir, int sig, int marked)
{
    char *path = dir ? xasprintf("%s/modes.tsv", dir) : NULL, *t = path ? read_file(path, NULL) : NULL;
    int done = -1;
    for (const char *c = t; c && *c; c++) done += *c == '\n';
    if (done >= 0 && done < m->n)
        fprintf(stderr, "clx: stopped by %s: %d of %d modes in %s (the mode in flight, %s, is not kept)%s\n",
                run_stop_name(sig), done, m->n, path, m->modes[done].name, marked ? "; run.json says interrupted" : "");
    else
        fprintf(stderr, "clx: stopped by %s: the modes finished before it are in %s, the one in flight is not%s\n",
                run_stop_name(sig), path ? path : "(no results folder yet)", marked ? "; run.json says interrupted" : "");
    free(t);
    free(path);
}

/* check_point_overrides: an override of an axis the modes' point sets would be dropped unsaid (the
 * point is set over the plan's values): refused, naming the point's value. */
static void check_point_overrides(const struct spec *s, const struct run_opts *o)
{
    const struct spec_modes *m = s->modes;
    for (int i = 0; i < o->nov; i++)
        for (int k = 0; k < m->npoint; k++)
            if (!strcmp(o->ov[i].name, m->point_names[k]))
                die_usage("%s %s%s%s: the modes' point sets %s = %g (%s, modes point), and --modes runs at it", o->ov[i].flag,
                          strcmp(o->ov[i].flag, "--set") ? "" : o->ov[i].name, strcmp(o->ov[i].flag, "--set") ? "" : "=",
                          o->ov[i].values, m->point_names[k], m->point_values[k], s->path);
}

/* no_modes: the refusal of an experiment without a modes section, naming those that have one. */
static void no_modes(const struct spec *s)
{
    struct strlist names = {0};
    catalog_with_modes(&names);
    char *list = names.n ? sl_join(&names, ", ") : NULL;
    die_usage("%s has no modes section (docs/spec.md, \"Modes\"); %s%s", s->path,
              list ? "experiments with one: " : "no experiment clx list shows has one", list ? list : "");
}

/* ---- the parent: the stop passed on ------------------------------------------------------------ */

/* A stop passed on to the worker (lib/stopfwd): it starts no new trial, drops the mode in flight
 * and writes the rest (modes_stop.c); a second stop kills it at once. */
static const struct stopfwd_says says = {
    .first = "clx: stopping the modes run; every finished mode is kept, the one in flight is not (again to stop at "
             "once)\n",
    .closed = "clx: stdout was closed (the reader of its pipe is gone): stopping the modes run; every finished mode "
              "is kept, the one in flight is not (again to stop at once)\n",
    .again = "clx: stopping at once: the modes written so far are kept\n",
};

/* Where stdout is a pipe, the parent looks at it this often (ms) while the worker runs: its reader
 * gone stops the run even while the worker writes nothing there. */
#define WAIT_TICK_MS 100

/* wait_worker: the folder the worker tells (NULL: none) and its wait status, stdout watched. */
static int wait_worker(pid_t pid, int fd, char **dir)
{
    struct sbuf b = {0};
    int st = 0;
    for (;;) {
        struct pollfd p[2] = { { fd, POLLIN, 0 }, { pipeout_fd(), 0, 0 } };
        int n = poll(p, 2, fd >= 0 ? -1 : WAIT_TICK_MS);
        if (n > 0 && p[1].revents) pipeout_check();       /* passes the stop on (stopfwd) */
        if (n > 0 && fd >= 0 && p[0].revents) {
            char buf[4096];
            ssize_t got = read(fd, buf, sizeof buf);
            for (ssize_t i = 0; i < got; i++)    /* the turn's words (TOLD_*), then the folder */
                if (buf[i] == TOLD_WAIT || buf[i] == TOLD_TAKEN) stopfwd_unsaid(buf[i] == TOLD_WAIT);
                else sb_putn(&b, &buf[i], 1);
            if (got == 0 || (got < 0 && errno != EINTR)) { close(fd); fd = -1; }
        }
        if (fd >= 0) continue;
        pid_t w = waitpid(pid, &st, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR)) break;
    }
    *dir = b.s;
    return st;
}

int modes_run(const struct spec *s, const struct run_opts *o, char **run_dir)
{
    if (!s->modes) no_modes(s);
    check_point_overrides(s, o);
    char **sels;
    int n = device_selectors(o->device, &sels), fd;
    check_devices(s->modes, n, s->path);
    /* Held from before the handlers until each side has its own and the stop can find the worker:
     * a stop in between would run the parent's handler in the worker, or be said and never sent. */
    sigset_t was;
    child_hold_stops(&was);
    stopfwd_catch(&says);      /* a stdout found closed already: the worker stops at its start */
    pid_t pid = child_fork(&fd, "the modes worker", CHILD_PARENT_DEATH);
    if (pid == 0) {
        stopcatch_catch(1);
        stopcatch_wait_grace(o->stop_grace_s);
        child_release_stops(&was);
        int rc = child(s, o, sels, n, fd);
        fflush(NULL);
        _exit(rc);
    }
    stopfwd_child(pid);
    child_release_stops(&was);
    /* The folder the worker made (NULL: none), told as soon as it is made. */
    char *dir, *dir_said;
    int st = wait_worker(pid, fd, &dir);
    int forwarded = stopfwd_asked();
    stopfwd_release();
    dir_said = dir ? xstrdup(dir) : NULL;
    if (run_dir) *run_dir = dir;
    else free(dir);
    for (int i = 0; i < n; i++) free(sels[i]);
    free(sels);
    if (forwarded && WIFSIGNALED(st)) {
        /* Killed on a second signal, or a second after a stop in a wait on the device (SIGALRM):
         * its run.json says what it wrote at the start, which reads as a run still going. */
        int marked = dir_said && run_json_mark_interrupted(dir_said, run_stop_name(forwarded)) == 0;
        stopped_said(s->modes, dir_said, forwarded, marked);
        free(dir_said);
        return 128 + forwarded;
    }
    /* A worker that died, or ended on a setup error (die: exit 4) after its first run.json, left one
     * that reads as a run still going; one that stopped itself (128+N) said so in it already. */
    int code = child_exit_code(st), early = WIFSIGNALED(st) || (code != 0 && code != EXIT_ROWS_FAILED && code < 128);
    if (early && dir_said) {
        /* run.json's interrupted_by reads "was stopped by ...": a noun phrase. */
        char *by = !WIFSIGNALED(st) ? xasprintf("the modes worker's exit with status %d", code)
                   : WTERMSIG(st) == SIGALRM ? xstrdup("a launch that ran past its time limit")
                   : child_death("the modes worker", WTERMSIG(st));
        run_json_mark_interrupted(dir_said, by);
        free(by);
    }
    /* A stop passed on after the worker's last look at one: its results are whole, and the stop
     * was asked (as a sweep's supervisor says it). */
    if (forwarded && !early && (code == 0 || code == EXIT_ROWS_FAILED)) {
        int rc = run_stop_ended(forwarded);
        free(dir_said);
        return rc;
    }
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM) {
        fprintf(stderr, "clx: a mode's wait on the device ran past its limit (--timeout, else 300 s for the first mode, "
                "then 60 s or 50 times the longest mode before it): the worker was stopped; the modes finished before it "
                "are in %s/modes.tsv\n", dir_said ? dir_said : "(no results folder yet)");
        free(dir_said);
        return EXIT_ROWS_FAILED;
    }
    free(dir_said);
    if (WIFSIGNALED(st)) {
        char *how = child_how(st);
        fprintf(stderr, "clx: the modes worker %s%s\n", how, child_kill_guess(WTERMSIG(st)));
        free(how);
    }
    return child_exit_code(st);
}
