/* supervise_say.c — what the supervisor says when a worker ends (supervise_impl.h): the warnings
 * and the way to go on, apart from supervise.c, which decides what the ending means and what comes next. */
#include "supervise_impl.h"
#include "device/drvenv.h"
#include "device/simulator.h"
#include "store/rundir.h"
#include "store/runjson.h"
#include "store/strayrows.h"
#include "tune_pick.h"
#include "wayon.h"
#include "spec/plan.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/child.h"
#include "lib/stderrcatch.h"
#include "lib/table.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* what_in_flight: "variant X, build Y" for messages (the plan has no device here, which naming
 * variants and builds does not need). */
static char *what_in_flight(const struct spec *s, const struct run_opts *o, const struct inflight *f)
{
    struct plan p;
    char *err = NULL;
    char *t;
    if (plan_make(s, o->ov, o->nov, o->quick, 0, &p, &err) || f->v >= p.nvariants || f->b >= p.builds.n)
        t = xasprintf("variant %d, build %d", f->v, f->b);
    else
        t = xasprintf("variant %s, build %s", p.variants[f->v].id, plan_build_label(p.builds.v[f->b]));
    free(err);
    plan_free(&p);
    return t;
}

/* catch_marker: the path of the marker logs/VARIANT__BUILD.stderr of the build in flight in f (device/build.h),
 * its name in the folder in *name; NULL (and *name) where the plan cannot say it. New strings. */
static char *catch_marker(const struct spec *s, const struct run_opts *o, const struct inflight *f, char **name)
{
    struct plan p;
    char *err = NULL, *path = NULL;
    *name = NULL;
    if (f->dir && !plan_make(s, o->ov, o->nov, o->quick, 0, &p, &err)) {
        if (f->v < p.nvariants && f->b < p.builds.n) {
            char *bslug = plan_build_slug(p.builds.v[f->b]);
            *name = xasprintf("logs/%s__%s" STDERRCATCH_MARKER_EXT, p.variants[f->v].slug, bslug);
            path = path_join(f->dir, *name);
            free(bslug);
        }
        plan_free(&p);
    }
    free(err);
    return path;
}

/* driver_said: "; its last line on stderr: ..." of what the driver wrote in the build in flight in f,
 * caught while it ran, as its marker logs/VARIANT__BUILD.stderr gives it back (device/build.h), no
 * longer on the console (PoCL's LLVM says there why it ends the process), and whether other builds
 * ran beside it, it ran ahead beside the main thread's calls, or both; "" where it wrote nothing. A new
 * string. */
static char *driver_said(const struct spec *s, const struct run_opts *o, const struct inflight *f)
{
    char *name, *path = catch_marker(s, o, f, &name), *said = NULL;
    if (path) {
        int shared, beside;
        char *text = stderrcatch_said(path, &shared, &beside);
        /* Its last line that is not blank. */
        int n = text ? (int)strlen(text) : 0;
        while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' ' || text[n - 1] == '\r')) n--;
        int from = n;
        while (from > 0 && text[from - 1] != '\n') from--;
        /* Both may hold (a build ahead beside the main thread's calls and beside other builds
         * ahead): each is said, as the build's log says them (run_build.c, died_said). */
        const char *whose = beside && shared ? "; the build ran ahead while the main thread called the driver, "
                                               "and other builds ran beside it: it may be the main thread's or theirs"
                            : beside ? "; the build ran ahead while the main thread called the driver: it may be "
                                       "the main thread's"
                            : shared ? "; other builds ran beside it: it may be theirs" : "";
        if (n > from)
            said = xasprintf("; the driver's last line on stderr: \"%.*s%s\" (%s%s)", n - from > 200 ? 200 : n - from,
                             text + from, n - from > 200 ? "..." : "", name, whose);
        free(text);
    }
    free(path);
    free(name);
    return said ? said : xstrdup("");
}

/* supervise_say_setup_kernels: the driver ended the worker (wait status st) in clx's set-up kernels. */
void supervise_say_setup_kernels(int st)
{
    char *how = child_how(st);
    warn("the worker process %s in clx's set-up kernels (the timer check, the blocking kernel, the latencies), in "
         "the OpenCL driver: a new worker goes on without them, the rows timed by the device's events, batches as "
         "the host feeds them, no latency bound without a peaks run", how);
    free(how);
}

/* supervise_say_ref_fault: the worker ended itself after a host reference faulted in it (probe: in the
 * probe's second run of it, its row's verdict standing). */
void supervise_say_ref_fault(int probe)
{
    if (probe) {
        warn("a host reference made a memory fault in the worker process when run a second time (the probe of "
             "whether it reads its output; its row's note says where): the worker ended after the rows it had "
             "begun, since the faulted call may have left a lock held or memory lost, and the sweep goes on in "
             "a new worker, which does not probe it again");
        return;
    }
    warn("a host reference made a memory fault in the worker process (its row is an error that says where): the "
         "worker ended after the rows it had begun, since the faulted call may have left a lock held or memory "
         "lost, and the sweep goes on in a new worker");
}

/* supervise_say_ahead: the worker ended (wait status st) with builds on threads of their own. */
void supervise_say_ahead(int st)
{
    char *how = child_how(st);
    warn("the worker process %s while it built configurations ahead on threads of their own: no row takes "
         "the blame, and a new worker goes on building one at a time", how);
    free(how);
}

/* rows_in: the rows DIR/results.tsv holds (-1: it cannot be read). */
static int rows_in(const char *dir, int *ncut)
{
    char *p = path_join(dir, "results.tsv"), *err = NULL;
    struct table t;
    int n = table_read(p, &t, &err) ? -1 : t.nrows;
    *ncut = 0;
    for (int i = 0; i < n; i++) *ncut += flag_has(table_cell(&t, i, table_col(&t, "flag")), ROUNDS_CUT_FLAG);
    if (n >= 0) table_free(&t);
    free(err);
    free(p);
    return n;
}

/* say_stopped_rows: "stopped by SIG: N rows in DIR/results.tsv", counted from the file as it is now
 * (after any rows the supervisor wrote for the worker), so that every stop that ends the worker
 * says the same count; the uncounted words where the file cannot be read. Then, as the worker's own
 * stop says it (run.c), how many of them the stops cut short: killed, it says nothing. */
static void say_stopped_rows(int sig, const char *dir, int search)
{
    int ncut, rows = rows_in(dir, &ncut);
    if (rows >= 0)
        fprintf(stderr, "clx: stopped by %s: %d row%s in %s/results.tsv\n", run_stop_name(sig), rows, rows == 1 ? "" : "s",
                dir);
    else
        fprintf(stderr, "clx: stopped by %s: the rows written so far are in %s/results.tsv\n", run_stop_name(sig), dir);
    if (ncut > 0)
        fprintf(stderr, "clx: %d of them %s only some of their rounds (flag %s): --resume %s\n", ncut,
                ncut == 1 ? "has" : "have", ROUNDS_CUT_FLAG, rounds_cut_resume(search, ncut));
}

/* say_latest: the last of a stop's closing lines, as the worker's own stop says it (run.c stopped):
 * that results/latest was not moved to f's folder, where none of its rows ran. */
static void say_latest(const struct inflight *f, const struct run_opts *o)
{
    run_say_latest(run_latest_stopped(o, f->dir, f->resumed, f->kept_ran), stderr);
}

/* supervise_say_stopped: the worker stopped as asked (by signal sig); at once (a second signal, or a
 * launch that did not finish), the way to go on is said; before it made a folder, that nothing ran. */
void supervise_say_stopped(const struct inflight *f, const struct run_opts *o, int at_once, int sig)
{
    /* Ended by the stop's default action before it made a folder (making its plan, or just before
     * or after its wait for the device's turn, which it says itself): said here, or nothing was. */
    if (!f->dir) {
        fprintf(stderr, "clx: stopped by %s before the run began: nothing was run, no results folder made\n",
                run_stop_name(sig));
        return;
    }
    if (at_once && f->dir && !(o->tune && o->tune->mode == TUNE_PASS)) {
        say_stopped_rows(sig, f->dir, o->search.on);
        /* What the kill would have lost: rows measured that the worker, stuck in a launch or killed
         * by a second stop, did not write. The supervisor wrote them as the worker last sent them;
         * only where it could not are they lost (a search's rounds stay in its log). */
        if (f->kept > 0)
            fprintf(stderr, "clx: %d row%s the worker had not written yet (it was killed in a launch or by a "
                    "second stop) %s written for it, with the rounds %s had (flag rounds-cut where the stop cut %s "
                    "short)\n", f->kept, f->kept == 1 ? "" : "s", f->kept == 1 ? "was" : "were", f->kept == 1 ? "it" : "they",
                    f->kept == 1 ? "it" : "them");
        else if (f->kept < 0 && o->search.on && f->killed_measured)
            fprintf(stderr, "clx: the configurations the search was still racing have no row yet: their rounds are in "
                            "%s/search.tsv, and the resume writes the rows of those its race measures again\n", f->dir);
        else if (f->kept < 0 && f->killed_measured > 0)
            fprintf(stderr, "clx: %d configuration%s with rounds measured had no row written (the worker was killed in a "
                    "launch): --resume measures %s\n", f->killed_measured, f->killed_measured == 1 ? "" : "s",
                    f->killed_measured == 1 ? "it" : "them");
        else if (f->kept < 0 && f->killed_measured < 0)
            fprintf(stderr, "clx: some of the %d rows the stop kept were not written (the worker did not finish them "
                    "within %d s): --resume measures them\n", f->keeping, KEEP_GRACE_S);
        supervise_search_say(f, o);
        run_wayon_say(f->dir, NULL);
        say_latest(f, o);
    }
}

void supervise_say_died_in_stop(const struct spec *s, const struct run_opts *o, const struct inflight *f, int st, int sig)
{
    char *how = child_how(st), *what = f->at == IN_BUILD || f->at == IN_CONFIG ? what_in_flight(s, o, f) : NULL;
    fflush(stdout);
    say_stopped_rows(sig, f->dir, o->search.on);
    /* Why it is the stop and not a crash: the driver's compiler or linker (PoCL's ld, at a build or
     * at a kernel's first launch) is a child process in clx's process group, which a terminal's ^C
     * reaches whole; the driver, its child gone, ends the worker (PoCL 3 aborts) or fails the build.
     * Nothing is marked: the resume builds and measures it as if the stop had come a moment later. */
    /* No driver's doing: the stop's own signal, or an exit of the worker's own (a reference's fault
     * ends it so, EXIT_REF_FAULTED, which a stop can overtake); a driver ends it by a signal. */
    int own = WIFEXITED(st) || (WIFSIGNALED(st) && WTERMSIG(st) == sig);
    fprintf(stderr, "clx: the worker process %s as the stop reached it%s%s%s%s; no row is marked failed or crashed for "
            "it\n", how, what ? (f->at == IN_BUILD ? ", in the build of " : ", in the launch of ") : "", what ? what : "",
            f->at == IN_CONFIG && !own ? " (a kernel's first launch links it)" : "",
            own ? "" : ": the OpenCL driver's compiler or linker runs as a child process in clx's process group, "
                       "which the stop reached too, and the driver ended the worker");
    supervise_search_say(f, o);
    if (o->tune && o->tune->mode == TUNE_PASS)
        fprintf(stderr, "clx: " RUNDIR_PASS_STOPPED "\n");
    else
        run_wayon_say(f->dir, NULL);
    say_latest(f, o);
    free(what);
    free(how);
}

/* crash_cause: after "died of signal N (...)" once the sweep is over: "; likely ..." where the
 * signal is one a corrupted heap ends in (glibc's checks in free() abort, a write through a pointer
 * it had overwritten faults: what a kernel's stray write into the host's heap ends in, a CPU device's
 * buffers being host memory, once the worker frees what it made), naming the rows whose kernels wrote
 * outside their buffers where the guard zones caught some; else child_kill_guess's. A new string. */
static char *crash_cause(const struct inflight *f, const struct worker_end *end)
{
    if (end->sig != SIGABRT && end->sig != SIGSEGV && end->sig != SIGBUS) return xstrdup(child_kill_guess(end->sig));
    char *rows = NULL, *why;
    if (f->dir && stray_rows(f->dir, &rows))
        why = xasprintf("; likely the host's heap was corrupted by a kernel that wrote out of bounds on a device whose "
                        "buffers are host memory (rows FAIL for writing outside their buffers: %s)", rows);
    else
        why = xstrdup("; likely the host's heap was corrupted by a kernel that wrote out of bounds on a device whose "
                      "buffers are host memory (past the guard zones, which caught no row), or the OpenCL driver's "
                      "own teardown failed");
    free(rows);
    return why;
}

/* say_without_heater: after a death in the heater, the way past it. --resume runs the heater again (a
 * driver that crashes on its kernel crashes there again) and does not take --preheat (it would change
 * what the run measured, lib/args.c): the same run started anew with --preheat 0 has no heater. */
static void say_without_heater(const struct run_opts *o)
{
    static const struct args_option preheat[] = { { "--preheat", 1 } };
    struct strlist args = {0};
    args_without(o->args.v, o->args.n, preheat, 1, &args);
    struct sbuf b = {0};
    sb_printf(&b, "%s run", clx_cmd());
    for (int i = 0; i < args.n; i++) sb_word(&b, args.v[i]);
    warn("a resume runs the heater again, where the same driver may end the worker again (--resume does not "
         "take --preheat): %s --preheat 0 starts the run anew without the heater", b.s);
    sb_free(&b);
    sl_free(&args);
}

/* supervise_say_unpinned: the worker ended where no row takes the blame (killed: a wait past limit seconds);
 * then, where it had a folder, its rows counted as a stop's end counts them ("N rows in
 * DIR/results.tsv", the uncounted words where the file cannot be read) and the resume. */
void supervise_say_unpinned(const struct spec *s, const struct run_opts *o, const struct inflight *f,
                                   const struct worker_end *end, int killed, double limit)
{
    char *when;
    if (f->heating) when = xstrdup("in the heater (" HEATER_WORDS "), after the builds and before the sweep's first "
                                   "configuration: no variant takes the blame");
    else if (f->at == PAST_SWEEP) when = xstrdup("after the sweep");
    else if (!f->dir || f->at == IN_SETUP) when = xstrdup("while setting up");
    else if (f->at == IN_SETUP_KERNELS) when = xstrdup("in clx's set-up kernels");
    else if (killed && f->at == IN_BUILD) {
        char *what = what_in_flight(s, o, f);
        when = xasprintf("after building %s, before the sweep's first configuration", what);
        free(what);
    } else {
        char *what = what_in_flight(s, o, f);
        when = xasprintf("again in %s, where a worker ended before", what);
        free(what);
    }
    if (killed) warn("the worker process was stopped %s: a wait on the device ran past %.3g s", when, limit);
    else if (end->status) warn("the worker process was ended with exit status %d by the OpenCL driver %s", end->status, when);
    else {
        char *why = f->at == PAST_SWEEP ? crash_cause(f, end) : xstrdup(child_kill_guess(end->sig));
        warn("the worker process died of signal %d (%s) %s%s", end->sig, strsignal(end->sig), when, why);
        free(why);
    }
    free(when);
    if (f->dir) {
        /* Counted as a stop's end counts them (say_stopped_rows), from the file as it is now. */
        int ncut, rows = rows_in(f->dir, &ncut);
        char *lead = rows >= 0 ? xasprintf("%d row%s in %s/results.tsv; ", rows, rows == 1 ? "" : "s", f->dir)
                               : xasprintf("the rows written so far are in %s; ", f->dir);
        run_wayon_tell(lead, f->dir, NULL);
        free(lead);
    }
    if (f->heating) say_without_heater(o);
}

char *supervise_whole_crash(const struct inflight *f, const struct worker_end *end)
{
    char *why = crash_cause(f, end);
    char *how = xasprintf("the worker process died of signal %d (%s) after writing the whole run%s", end->sig,
                          strsignal(end->sig), why);
    free(why);
    return how;
}

void supervise_say_whole(const char *how, const char *counts, int rc)
{
    fflush(stdout);
    fprintf(stderr, "clx: %s; every row and run.json were written, so the run is whole and there is nothing to "
            "resume (%s): exit %d, as its rows give\n", how, counts, rc);
}

/* supervise_unpinned_by: run.json's interrupted_by for such an ending ("was stopped by ..."). A new string. */
char *supervise_unpinned_by(const struct inflight *f, const struct worker_end *end, int killed, double limit)
{
    const char *in = f->heating ? " in the heater (" HEATER_WORDS ")" : "";
    if (killed) return xasprintf("a wait on the device past %.3g s%s", limit, in);
    if (end->status)
        return xasprintf("the OpenCL driver, which ended the worker process%s with exit status %d", in, end->status);
    char *who = xasprintf("the worker process%s", in), *by = child_death(who, end->sig);
    free(who);
    return by;
}

/* supervise_say_pinned: the worker ended in the build or configuration in f, now marked mk. */
void supervise_say_pinned(const struct spec *s, const struct run_opts *o, const struct inflight *f,
                                 const struct worker_end *end, const struct run_mark *mk)
{
    char *what = what_in_flight(s, o, f);
    if (end->lost)
        warn("%s: a launch broke the OpenCL context: its row says 'crashed' and the sweep goes on in a new "
             "worker", what);
    /* As after a crash: the new worker measures again the configurations in flight, and goes on
     * without the rest of this variant and build (a kernel that hung once likely hangs at its other
     * sizes, each costing the limit). A search never runs them again. */
    else if (mk->timeout && o->search.on)
        warn("%s: a launch ran past its limit of %.3g s (%s): the worker was stopped; its row is 'timeout', this "
             "variant and build do not run again in this search, and the search goes on in a new worker", what,
             mk->limit_s, trials_limit_rule(&o->bench));
    else if (mk->timeout) {
        char *resume = clx_resume_cmd(f->dir);
        warn("%s: a launch ran past its limit of %.3g s (%s): the worker was stopped; its row is 'timeout', the rest "
             "of this variant and build is not run in this sweep ('stopped'), and the sweep goes on in a new worker; "
             "%s --timeout S measures them with a limit of their own", what, mk->limit_s, trials_limit_rule(&o->bench),
             resume);
        free(resume);
    }
    else if (f->at == IN_BUILD) {
        char *how = run_mark_how(mk), *driver = driver_said(s, o, f);
        warn("%s: the worker process %s while building it%s%s; its rows are 'crashed' and the sweep goes on in a new "
             "worker", what, how, child_kill_guess(mk->sig), driver);
        free(driver);
        free(how);
    } else if (mk->retried) {
        char *how = run_mark_how(mk);
        warn("%s: the worker process %s%s in the configuration this resume tried once more, as in the run before: its "
             "row is 'crashed' for good, and the sweep goes on in a new worker", what, how, child_kill_guess(mk->sig));
        free(how);
    } else {
        char *how = run_mark_how(mk), *resume = clx_resume_cmd(f->dir);
        warn("%s: the worker process %s%s; the configuration in flight is 'crashed', the rest of this variant and build "
             "is not run in this sweep ('stopped'), and the sweep goes on in a new worker; %s measures them and tries "
             "the crashed one once more", what, how, child_kill_guess(mk->sig), resume);
        free(resume);
        free(how);
    }
    free(what);
}

void supervise_as_run(const char *dir)
{
    static int known;
    struct runjson j;
    char *err = NULL;
    if (known || !dir || runjson_read(dir, &j, &err) != 0) { free(err); return; }
    known = 1;
    called_as_under(drvenv_under_run(&j));
    runjson_free(&j);
}
