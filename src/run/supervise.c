/* supervise.c — runs a sweep in a worker process, so that a kernel or driver that crashes costs
 * that variant's rows, not the sweep, and a launch that never ends is stopped: the parent never
 * touches OpenCL, reads what the worker has in flight (worker.c), and on a crash starts a new
 * worker that continues the run in its folder with the culprit marked. */
#include "lib/calledas.h"
#include "supervise.h"
#include "tune_pick.h"
#include "run_impl.h"
#include "spec/plan.h"
#include "store/dirfile.h"
#include "store/results.h"
#include "store/resume.h"
#include "lib/child.h"
#include "lib/pipeout.h"
#include "lib/stopfwd.h"
#include "lib/worker.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A stop passed on to the worker (lib/stopfwd): it stops between two trials and keeps every row
 * whose rounds had begun; a launch that has not finished a second after is not waited for (watch);
 * a second stop kills it at once, the rows written so far kept, unless it has rows measured and is
 * not stuck: then it writes them first (watch: a stop of the worker 11-50 ms after the first had
 * thrown away every row the first was writing). */
static const struct stopfwd_says says = {
    .first = "clx: stopping after the launch in flight; every finished row is kept (again to stop at once)\n",
    .closed = "clx: stdout was closed (the reader of its pipe is gone): stopping after the launch in flight; "
              "every finished row is kept (^C to stop at once)\n",
    .again = "clx: stopping at once: the rows written so far are kept, and the rows measured are written first "
             "unless a launch is stuck\n",
    .caller_kills = 1,
};

/* Seconds a worker that writes the rows its stop keeps (WORKER_KEEPING) gets after a second stop:
 * host work alone, milliseconds for thousands of rows. */
#define KEEP_GRACE_S 5

/* stop_at_once: watch killed the worker for a launch that did not end a second after the stop. */
static int stop_at_once;

/* forwarded: the stop passed on (0: none); at_once: the worker was killed for it. */
static int forwarded(void) { return stopfwd_asked(); }
static int at_once(void) { return stop_at_once || stopfwd_again(); }

/* Where the worker is, as its events said last. */
enum place { IN_SETUP, IN_SETUP_KERNELS, IN_BUILD, IN_CONFIG, PAST_SWEEP };

/* What the worker said last. */
struct inflight {
    enum place at;               /* set-up, clx's set-up kernels, building, a configuration, after the sweep */
    int v, b; long pt;           /* the build (pt -1) or configuration in flight */
    int retry;                   /* that configuration crashed a worker in the run this one resumes */
    double wait_limit;           /* > 0 while it waits on the device */
    double wait_until;           /* when that wait is overdue (now_seconds) */
    char *dir;                   /* the results folder, once made */
    char *stop_row;              /* the row of the configuration in flight, should a stop kill the worker in it */
    const char *console_log;     /* run_opts.console_log: moved into dir once it is known */
    int console_tell;            /* run_opts.console_tell: dir said on it then */
    const char *dir_file;        /* run_opts.dir_file: dir written into it then */
    int ahead;                   /* builds on threads of their own (buildahead.h) besides what is in flight */
    int measured;                /* configurations with rounds measured and no row written yet */
    int keeping;                 /* stopped, the rows it writes (host work alone); -1 before */
    int killed_measured;         /* killed by a stop with rows measured unwritten: how many (-1: some of those
                                  * it was writing, past KEEP_GRACE_S) */
};

/* move_console: the console file of a run on one of several devices (multi.c) goes into its
 * results folder as soon as there is one, so that it is found beside the rows while they come;
 * the open descriptors follow the file. */
static void move_console(struct inflight *f)
{
    char *to = path_join(f->dir, "console.log"), *line = xasprintf("%s\n", f->dir);
    if (rename(f->console_log, to)) warn("cannot move %s to %s: %s", f->console_log, to, strerror(errno));
    f->console_log = NULL;
    /* Said now, not only at the end: killed outright, this process names no folder later. */
    ssize_t n = write(f->console_tell, line, strlen(line));
    (void)n;
    free(line);
    free(to);
}

/* tell_dir_file: --dir-file's file names the folder, once (a worker started after a crash says the
 * folder again). */
static void tell_dir_file(struct inflight *f)
{
    if (!f->dir_file) return;
    const char *dirs[] = { f->dir };
    dirfile_say(f->dir_file, dirs, 1);
    f->dir_file = NULL;
}

/* take_line: one line of the worker's (worker.h's events) into f. */
static void take_line(struct inflight *f, const char *line)
{
    struct worker_msg m;
    if (worker_parse(line, &m)) return;
    switch (m.ev) {
    case WORKER_BUILDING:
    case WORKER_CONFIG:
        f->at = m.ev == WORKER_BUILDING ? IN_BUILD : IN_CONFIG;
        f->v = m.v;
        f->b = m.b;
        f->pt = m.pt;
        f->retry = m.ev == WORKER_CONFIG && m.retry;
        break;
    case WORKER_STOP_ROW: free(f->stop_row); f->stop_row = xasprintf("%s\n", m.text); break;
    case WORKER_CONFIG_OVER: free(f->stop_row); f->stop_row = NULL; break;
    case WORKER_PAST_SWEEP: f->at = PAST_SWEEP; break;
    case WORKER_SETUP_KERNELS: f->at = IN_SETUP_KERNELS; break;
    case WORKER_SETUP_KERNELS_DONE: f->at = IN_SETUP; break;
    case WORKER_WAIT:
        f->wait_limit = m.limit_s;
        f->wait_until = now_seconds() + f->wait_limit;
        break;
    case WORKER_WAITED: f->wait_limit = 0; f->wait_until = 0; break;
    case WORKER_AHEAD: f->ahead = m.v; break;
    case WORKER_MEASURED: f->measured = m.v; break;
    case WORKER_KEEPING: f->keeping = m.v; break;
    case WORKER_DIR:
        free(f->dir);
        f->dir = xstrdup(m.text);
        if (f->console_log) move_console(f);
        tell_dir_file(f);
        break;
    }
}

/* keep_stop_row: the worker was killed in a configuration's visit (a launch that did not end a
 * second after the stop, or a second signal): its row says 'stopped', so that results.tsv names
 * what was in flight; --resume drops it and measures the configuration again. */
static void keep_stop_row(const struct inflight *f)
{
    if (results_append_line(f->dir, f->stop_row))
        warn("cannot write the row of the configuration in flight to %s/results.tsv: %s", f->dir, strerror(errno));
    else
        fprintf(stderr, "clx: the configuration in flight is in results.tsv with status 'stopped'\n");
}

/* With the worker's device waits on the shared page (worker_share), a wait that begins sends no
 * line: the supervisor looks at the page at least this often (ms), then sleeps until it is due. */
#define WATCH_TICK_MS 100

/* overdue_at: when the wait in f is overdue; asked to stop (at asked), a wait on the device gets a
 * second more, not the launch's whole limit. 0: no wait. */
static double overdue_at(const struct inflight *f, double asked)
{
    return f->wait_until > 0 && asked && f->wait_until > asked + 1 ? asked + 1 : f->wait_until;
}

/* again_until: after a second stop (at again; the first at asked), when the worker is killed: at
 * once where it has no row measured to write; where it writes the rows its stop keeps (host work),
 * KEEP_GRACE_S after the second stop; else (it is on its way to them, between trials or in a launch)
 * when the first stop's second for a launch in flight runs out. */
static double again_until(const struct inflight *f, double asked, double again)
{
    if (f->keeping >= 0) return again + KEEP_GRACE_S;
    if (f->measured <= 0 || f->at != IN_CONFIG) return again;
    double launch = (asked ? asked : again) + 1;
    return launch > again ? launch : again;
}

/* watch: reads the worker's lines until it closes the pipe; kills it when a wait is overdue (its
 * waits on the shared page where sharing, else from its lines). Returns 1 when it was killed for
 * that. */
static int watch(int fd, pid_t pid, struct inflight *f, int sharing)
{
    char buf[8192];
    size_t have = 0;
    int killed = 0, dead = 0;
    double asked = 0;                /* when a stop was forwarded */
    double again = 0;                /* when a second stop came */
    for (;;) {
        int ms = -1;
        if (forwarded() && !asked) asked = now_seconds();
        if (sharing && !dead) worker_wait_now(&f->wait_until, &f->wait_limit);
        if (stopfwd_again() && !dead) {
            if (!again) again = now_seconds();
            double by = again_until(f, asked, again);
            if (now_seconds() >= by) {
                kill(pid, SIGKILL);
                dead = 1;
                f->killed_measured = f->keeping >= 0 ? (f->keeping ? -1 : 0) : f->measured;
                f->wait_until = 0;
                continue;
            }
            int left = (int)((by - now_seconds()) * 1000) + 1;
            ms = ms < 0 || left < ms ? left : ms;
        }
        double until = overdue_at(f, asked);
        if (until > 0 && !dead) {
            double left = until - now_seconds();
            int w = left > 0 ? (int)(left * 1000) + 1 : 0;
            ms = ms < 0 || w < ms ? w : ms;
        }
        if (sharing && !dead && (ms < 0 || ms > WATCH_TICK_MS)) ms = WATCH_TICK_MS;
        /* stdout too, where it is a pipe: its reader gone (clx run ... | head) stops the run as ^C
         * does, even while the worker writes nothing there. */
        struct pollfd p[2] = { { fd, POLLIN, 0 }, { pipeout_fd(), 0, 0 } };
        int n = poll(p, 2, ms);
        if (n < 0 && errno == EINTR) continue;
        if (n > 0 && p[1].revents) {
            pipeout_check();         /* passes the stop on (stopfwd), and pipeout_fd is -1 from now on */
            if (!p[0].revents) continue;
        }
        if (n == 0) {
            /* A tick, or a wait's deadline: the page again, since the wait may have ended since. */
            if (sharing && !dead) worker_wait_now(&f->wait_until, &f->wait_limit);
            until = overdue_at(f, asked);
            if (dead || !(until > 0) || now_seconds() < until) continue;
            kill(pid, SIGKILL);
            dead = 1;
            /* Asked to stop: that, not a launch past its limit. */
            if (asked) {
                stop_at_once = 1;
                f->killed_measured = f->measured;
                fputs("clx: the launch in flight did not finish within a second: stopped\n", stderr);
            }
            else killed = 1;
            f->wait_until = 0;
            continue;
        }
        ssize_t got = read(fd, buf + have, sizeof buf - 1 - have);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        have += (size_t)got;
        buf[have] = '\0';
        char *start = buf, *nl;
        while ((nl = strchr(start, '\n'))) {
            *nl = '\0';
            take_line(f, start);
            start = nl + 1;
        }
        have = strlen(start);
        memmove(buf, start, have);
        if (have == sizeof buf - 1) have = 0;   /* no line is this long: drop it */
    }
    return killed;
}

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

/* marked: the place in f was marked before (a worker ended there already): a crash marks its
 * variant and build, a timeout or a retried configuration's crash its configuration alone (the new
 * worker runs the others). */
static int marked(const struct run_mark *m, int n, const struct inflight *f)
{
    long pt = f->at == IN_BUILD ? -1 : f->pt;
    for (int i = 0; i < n; i++)
        if (m[i].v == f->v && m[i].b == f->b && ((!m[i].timeout && !m[i].retried) || m[i].pt == pt)) return 1;
    return 0;
}

/* timed_out_before: a timeout was marked before (the run ends at the first in the sweep's order). */
static int timed_out_before(const struct run_mark *m, int n)
{
    for (int i = 0; i < n; i++)
        if (m[i].timeout) return 1;
    return 0;
}

/* worker: the child's side: OpenCL starts here, never in the parent. Killed outright, the parent
 * takes its worker along (CHILD_FOLLOWS_PARENT): it stops cleanly and keeps its rows. */
static void worker(const struct spec *s, struct run_opts *o, int fd)
{
    worker_attach(fd);
    int rc = run_experiment(s, o, NULL);
    exit(rc);
}

/* How a worker ended, as supervise_run reads it: what it does next follows from this alone. */
enum ending {
    ENDED_ON_ITS_OWN,            /* it exited: its status is the run's */
    ENDED_IN_SETUP_KERNELS,      /* the driver ended it in clx's set-up kernels: a new one goes on without them */
    ENDED_WHILE_AHEAD,           /* it crashed with builds on threads of their own: no row can take the blame, and
                                  * a new one goes on without them (the next crash is pinned as ever) */
    ENDED_AS_ASKED,              /* a signal forwarded to it stopped it */
    ENDED_UNPINNED,              /* died, ended by the driver or killed where no row can take the blame (set-up,
                                  * after the sweep, a variant and build already marked): the run ends */
    ENDED_PINNED,                /* the same in a build or configuration: it is marked, and a new worker goes on */
};
struct worker_end {
    enum ending how;
    int rc;                      /* the exit status the run ends with (ENDED_ON_ITS_OWN, _AS_ASKED, _UNPINNED) */
    int lost;                    /* it exited EXIT_CONTEXT_LOST: a launch broke the OpenCL context */
    int sig;                     /* the signal that killed it (0: none) */
    int status;                  /* the exit status the OpenCL driver ended it with (0: none) */
};

/* worker_end: how the worker in f ended with wait status st (killed: by watch, for a wait past its
 * limit), given the variants and builds marked before. Says nothing. */
static struct worker_end worker_end(int st, const struct inflight *f, const struct run_opts *o, int killed,
                                    const struct run_mark *marks, int nmarks)
{
    struct worker_end end = { .lost = WIFEXITED(st) && WEXITSTATUS(st) == EXIT_CONTEXT_LOST };
    /* die() exits with these: the worker's own ending, said why. */
    int by_die = WIFEXITED(st) && (WEXITSTATUS(st) == EXIT_CANNOT_RUN || WEXITSTATUS(st) == EXIT_USAGE);
    /* A wait killed past its limit is a configuration's launch: a build waits on none (a wait after
     * the last build's line and before the first configuration's has no row to take the blame). */
    int in_row = f->at == IN_BUILD || f->at == IN_CONFIG;
    if (f->at == IN_SETUP_KERNELS && !o->no_setup_kernels && !forwarded() &&
        (WIFSIGNALED(st) || (WIFEXITED(st) && !by_die))) {
        end.how = ENDED_IN_SETUP_KERNELS;
        return end;
    }
    /* A build phase or a search says 0 builds ahead when it ends: with some left, an exit of the
     * worker's own is the driver's (LLVM's fatal errors call exit(1)), in one of them or in what is
     * in flight. */
    if (f->ahead > 0 && !o->no_build_ahead && !forwarded() && !killed && !end.lost &&
        (WIFSIGNALED(st) || (WIFEXITED(st) && !by_die))) {
        end.how = ENDED_WHILE_AHEAD;
        return end;
    }
    /* clx's worker exits mid-configuration only through die() (status 4 or 2, said why); any
     * other exit there is the driver's (LLVM's fatal errors call exit(1)): a crash of its own. */
    int driver_exit = WIFEXITED(st) && !end.lost && in_row && !by_die;
    if (WIFEXITED(st) && !end.lost && !driver_exit) {
        end.how = ENDED_ON_ITS_OWN;
        end.rc = WEXITSTATUS(st);
        return end;
    }
    end.sig = end.lost || driver_exit ? 0 : WTERMSIG(st);
    end.status = driver_exit ? WEXITSTATUS(st) : 0;
    if (forwarded() && !killed) {
        end.how = ENDED_AS_ASKED;
        end.rc = 128 + forwarded();
    } else if (in_row && f->dir && !marked(marks, nmarks, f) && !(killed && f->at != IN_CONFIG)) {
        end.how = ENDED_PINNED;
    } else {
        end.how = ENDED_UNPINNED;
        end.rc = EXIT_CANNOT_RUN;
    }
    return end;
}

/* say_setup_kernels: the driver ended the worker (wait status st) in clx's set-up kernels. */
static void say_setup_kernels(int st)
{
    char *how = child_how(st);
    warn("the worker process %s in clx's set-up kernels (the timer check, the blocking kernel, the latencies), in "
         "the OpenCL driver: a new worker goes on without them, the rows timed by the device's events, batches as "
         "the host feeds them, no latency bound without a peaks run", how);
    free(how);
}

/* say_stopped: the worker stopped as asked; at once (a second signal, or a launch that did not
 * finish), the way to go on is said. */
static void say_stopped(const struct inflight *f, const struct run_opts *o)
{
    if (at_once() && f->dir && !(o->tune && o->tune->mode == TUNE_PASS)) {
        char *resume = clx_resume_cmd(f->dir);
        fprintf(stderr, "clx: stopped by %s: the rows written so far are in %s/results.tsv\n", run_stop_name(forwarded()),
                f->dir);
        /* What the kill lost: rows measured that the worker, stuck in a launch, could not write. */
        if (f->killed_measured > 0)
            fprintf(stderr, "clx: %d configuration%s with rounds measured had no row written (the worker was killed in a "
                    "launch): --resume measures %s\n", f->killed_measured, f->killed_measured == 1 ? "" : "s",
                    f->killed_measured == 1 ? "it" : "them");
        else if (f->killed_measured < 0)
            fprintf(stderr, "clx: some of the %d rows the stop kept were not written (the worker did not finish them "
                    "within %d s): --resume measures them\n", f->keeping, KEEP_GRACE_S);
        fprintf(stderr, "clx: to continue: %s\n", resume);
        free(resume);
    }
    /* A search writes a configuration's row when the race is done with it: those it was still
     * racing are in its log alone, round by round, until a resume replays it. */
    if (at_once() && f->dir && o->search.on)
        fprintf(stderr, "clx: the configurations the search was still racing have no row yet: their rounds are in "
                        "%s/search.tsv, and the resume replays them and writes their rows\n", f->dir);
}

/* say_unpinned: the worker ended where no row takes the blame (killed: a wait past limit seconds). */
static void say_unpinned(const struct spec *s, const struct run_opts *o, const struct inflight *f,
                         const struct worker_end *end, int killed, double limit)
{
    char *when;
    if (f->at == PAST_SWEEP) when = xstrdup("after the sweep");
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
    else warn("the worker process died of signal %d (%s) %s%s", end->sig, strsignal(end->sig), when,
              child_kill_guess(end->sig));
    free(when);
    if (f->dir) {
        char *resume = clx_resume_cmd(f->dir);
        warn("the rows written so far are in %s; to continue: %s", f->dir, resume);
        free(resume);
    }
}

/* unpinned_by: run.json's interrupted_by for such an ending ("was stopped by ..."). A new string. */
static char *unpinned_by(const struct worker_end *end, int killed, double limit)
{
    if (killed) return xasprintf("a wait on the device past %.3g s", limit);
    if (end->status) return xasprintf("the OpenCL driver, which ended the worker process with exit status %d", end->status);
    return child_death("the worker process", end->sig);
}

/* say_pinned: the worker ended in the build or configuration in f, now marked mk. */
static void say_pinned(const struct spec *s, const struct run_opts *o, const struct inflight *f,
                       const struct worker_end *end, const struct run_mark *mk, int earlier_timeout)
{
    char *what = what_in_flight(s, o, f);
    if (end->lost)
        warn("%s: a launch broke the OpenCL context: its row says 'crashed' and the sweep goes on in a new "
             "worker", what);
    /* The new worker measures again the configurations in flight before this one (their rounds
     * were the old worker's), writes its row and ends the run: a first launch in the new process
     * (PoCL compiles at each work-group size's first) may run past a tiny limit before it does. */
    else if (mk->timeout && !earlier_timeout)
        warn("%s: a launch ran past its limit of %.3g s (%s): the worker was stopped; a new worker measures again "
             "the configurations in flight before it, then writes its row 'timeout' and ends the run there",
             what, mk->limit_s, trials_limit_rule(&o->bench));
    else if (mk->timeout)
        warn("%s: a launch ran past its limit of %.3g s too, in a configuration before that one: the worker was "
             "stopped; the run ends at this one instead, with its row 'timeout'", what, mk->limit_s);
    else if (f->at == IN_BUILD) {
        char *how = run_mark_how(mk);
        warn("%s: the worker process %s while building it%s; its rows are 'crashed' and the sweep goes on in a new "
             "worker", what, how, child_kill_guess(mk->sig));
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

int supervise_run(const struct spec *s, struct run_opts *o, char **run_dir)
{
    struct run_mark *marks = NULL;
    int nmarks = 0, rc = EXIT_CANNOT_RUN;
    struct inflight f = { .console_log = o->console_log, .console_tell = o->console_tell, .dir_file = o->dir_file };
    /* Read before the first worker cuts results.tsv before them: every worker of the resume knows
     * which configurations it tries once more. */
    struct resume_retry retry = {0};
    if (o->resume_dir) {
        resume_retry_read(o->resume_dir, &retry);
        o->retry = &retry;
    }
    stop_at_once = 0;
    stopfwd_catch(&says);      /* a stdout found closed already: the worker stops at its start */
    for (;;) {
        int fd;
        o->marks = marks;
        o->nmarks = nmarks;
        if (f.dir) o->resume_dir = f.dir;
        /* Its lines are read as they come, with a deadline (watch), not all at its end. */
        /* Emptied before each worker: one killed in a wait leaves it there. */
        int sharing = worker_share() == 0;
        /* Held until forward can find the worker, and a stop that came before it was forked (a
         * stop between two workers) sent on: either would be said and never reach it. */
        sigset_t was;
        child_hold_stops(&was);
        pid_t pid = child_fork(&fd, "the worker process", CHILD_FOLLOWS_PARENT);
        if (pid == 0) worker(s, o, fd);
        stopfwd_child(pid);
        child_release_stops(&was);
        f.at = IN_SETUP;
        f.wait_until = f.wait_limit = 0;
        f.ahead = f.measured = f.killed_measured = 0;
        f.keeping = -1;
        double limit = 0;
        int killed = watch(fd, pid, &f, sharing);
        if (killed) limit = f.wait_limit;
        close(fd);
        int st = child_wait(pid);
        stopfwd_child(0);
        struct worker_end end = worker_end(st, &f, o, killed, marks, nmarks);
        if (end.how == ENDED_IN_SETUP_KERNELS) {
            say_setup_kernels(st);
            o->no_setup_kernels = 1;
            continue;
        }
        if (end.how == ENDED_WHILE_AHEAD) {
            char *how = child_how(st);
            warn("the worker process %s while it built configurations ahead on threads of their own: no row takes "
                 "the blame, and a new worker goes on building one at a time", how);
            free(how);
            o->no_build_ahead = 1;
            continue;
        }
        rc = end.rc;
        if (end.how == ENDED_ON_ITS_OWN) {
            /* A stop forwarded after the worker's last look at one (or after it had exited): its run
             * is whole, and the stop was asked: said, and the signal's status, as the worker does. */
            if (forwarded() && (rc == 0 || rc == EXIT_ROWS_FAILED)) rc = run_stop_ended(forwarded());
            break;
        }
        if (end.how == ENDED_AS_ASKED) {
            if (at_once() && f.dir && f.stop_row) keep_stop_row(&f);
            /* Killed (a second signal, a launch that did not stop) or dead of the signal itself:
             * its run.json still says what it wrote at the start, which reads as a sweep still going. */
            if (f.dir) run_json_mark_interrupted(f.dir, run_stop_name(forwarded()));
            say_stopped(&f, o);
            break;
        }
        if (end.how == ENDED_UNPINNED) {
            say_unpinned(s, o, &f, &end, killed, limit);
            if (f.dir) {
                char *by = unpinned_by(&end, killed, limit);
                run_json_mark_interrupted(f.dir, by);
                free(by);
            }
            break;
        }
        int earlier_timeout = timed_out_before(marks, nmarks);
        marks = xrealloc(marks, sizeof *marks * (size_t)(nmarks + 1));
        marks[nmarks++] = (struct run_mark){ .v = f.v, .b = f.b, .pt = f.at == IN_BUILD ? -1 : f.pt, .sig = end.sig,
                                             .status = end.status, .timeout = killed, .limit_s = limit,
                                             .retried = f.at == IN_CONFIG && f.retry && !killed };
        say_pinned(s, o, &f, &end, &marks[nmarks - 1], earlier_timeout);
    }
    stopfwd_release();
    o->retry = NULL;
    resume_retry_free(&retry);
    if (run_dir) *run_dir = f.dir ? xstrdup(f.dir) : NULL;
    free(f.dir);
    free(f.stop_row);
    free(marks);
    return rc;
}
