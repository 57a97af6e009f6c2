/* supervise.c — runs a sweep in a worker process, so that a kernel or driver that crashes, or a
 * launch that never ends (stopped at its limit), costs that variant's rows, not the sweep: the
 * parent never touches OpenCL, reads what the worker has in flight (worker.c) and the rows it
 * measured and has not written (held_rows.c: written for it should a stop kill it, and a resume's rows
 * measured again whatever ends it: supervise_keep.c), and on a crash or a timeout starts a new worker
 * that continues the run in its folder with the culprit marked (after a host reference's fault, with
 * nothing marked: run_stop.c's run_ref_suspect). What it says of an ending: supervise_say.c; of a
 * first stop, fitted to the worker's phase: supervise_stopwords.c. */
#include "supervise.h"
#include "supervise_impl.h"
#include "resume_done.h"
#include "wayon.h"
#include "store/dirfile.h"
#include "store/resume.h"
#include "lib/atdie.h"
#include "lib/child.h"
#include "lib/pipeout.h"
#include "lib/stopfwd.h"
#include "lib/worker.h"
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* stop_at_once: watch killed the worker for a launch that did not end a second (f->grace_s) after the stop. */
static int stop_at_once;

/* forwarded: the stop passed on (0: none); at_once: the worker was killed for it. */
static int forwarded(void) { return stopfwd_asked(); }
static int at_once(void) { return stop_at_once || stopfwd_again(); }

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
        f->builds_done &= m.ev != WORKER_BUILDING;
        f->v = m.v;
        f->b = m.b;
        f->pt = m.pt;
        f->retry = m.ev == WORKER_CONFIG && m.retry;
        break;
    case WORKER_STOP_ROW: free(f->stop_row); f->stop_row = *m.text ? xasprintf("%s\n", m.text) : NULL; break;
    case WORKER_CONFIG_OVER: free(f->stop_row); f->stop_row = NULL; break;
    case WORKER_PAST_SWEEP: f->at = PAST_SWEEP; break;
    case WORKER_BUILDS_DONE: f->builds_done = 1; break;
    case WORKER_SETUP_KERNELS: f->at = IN_SETUP_KERNELS; break;
    case WORKER_SETUP_KERNELS_DONE: f->at = IN_SETUP; break;
    case WORKER_HEATER: f->heating = 1; break;
    case WORKER_HEATER_DONE: f->heating = 0; break;
    case WORKER_WAIT:
        f->wait_limit = m.limit_s;
        f->wait_until = now_seconds() + f->wait_limit;
        break;
    case WORKER_WAITED: f->wait_limit = 0; f->wait_until = 0; break;
    case WORKER_TURN: stopfwd_unsaid(1); break;
    case WORKER_TURN_TAKEN: stopfwd_unsaid(!f->dir); break;
    case WORKER_AHEAD: f->ahead = m.v; break;
    case WORKER_MEASURED: f->measured = m.v; break;
    case WORKER_KEEPING: f->keeping = m.v; break;
    case WORKER_ROW_NOW: held_rows_put(&f->held, &m); break;
    case WORKER_ROW_WRITTEN: held_rows_drop(&f->held, m.v, m.b, m.pt); break;
    case WORKER_ROWS_GIVEN: f->rows_given = 1; break;
    case WORKER_SEARCH_NOW: free(f->search_now); f->search_now = xstrdup(m.text); break;
    case WORKER_SEARCH_SAID: f->search_said = 1; break;
    case WORKER_PROBED: f->probed = 1; break;
    case WORKER_WAYON: run_wayon_heard(m.text); break;
    case WORKER_DIR:
        stopfwd_unsaid(0);     /* its stops are caught from here on: it stops after the launch in flight */
        free(f->dir);
        f->dir = xstrdup(m.text);
        if (f->console_log) move_console(f);
        tell_dir_file(f);
        break;
    }
    supervise_stopwords_now(f, m.ev == WORKER_BUILDING);
}

/* With the worker's device waits on the shared page (worker_share), a wait that begins sends no
 * line: the supervisor looks at the page at least this often (ms), then sleeps until it is due. */
#define WATCH_TICK_MS 100

/* The worker's lines as they come: grown as a line needs (a row as it stands, WORKER_ROW_NOW, holds
 * every trial). */
struct lines {
    char *buf;
    size_t cap, have;
};

/* read_lines: what the worker wrote since, each whole line taken into f; the bytes read (0 at the
 * pipe's end, -1 on an error other than EINTR, which reads as 1). */
static ssize_t read_lines(int fd, struct lines *l, struct inflight *f)
{
    if (l->cap - l->have < 4096) l->buf = xrealloc(l->buf, l->cap *= 2);
    ssize_t got = read(fd, l->buf + l->have, l->cap - 1 - l->have);
    if (got < 0 && errno == EINTR) return 1;
    if (got <= 0) return got;
    l->have += (size_t)got;
    l->buf[l->have] = '\0';
    char *start = l->buf, *nl;
    while ((nl = strchr(start, '\n'))) {
        *nl = '\0';
        take_line(f, start);
        start = nl + 1;
    }
    l->have = strlen(start);
    memmove(l->buf, start, l->have);
    return got;
}

/* ask_rows: a stop is about to kill the worker, which waits on the device (a launch that did not
 * end a second after the stop, or a second stop): first its rows in flight as they stand (a sweep's
 * are made on request, worker_rows_on_request), read until it says they are all sent, it ends, or
 * KEEP_GRACE_S pass (host work alone: milliseconds). Without them the supervisor writes those it
 * holds (a search sends its rows after every round). */
static void ask_rows(int fd, struct lines *l, struct inflight *f)
{
    if (f->ask_fd < 0 || worker_ask_rows(f->ask_fd) < 0) return;
    f->rows_given = 0;
    double until = now_seconds() + KEEP_GRACE_S;
    while (!f->rows_given) {
        double left = until - now_seconds();
        if (left <= 0) break;
        struct pollfd p = { fd, POLLIN, 0 };
        int n = poll(&p, 1, (int)(left * 1000) + 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0 || read_lines(fd, l, f) <= 0) break;
    }
}

/* watch: reads the worker's lines until it closes the pipe; kills it when a wait is overdue (its
 * waits on the shared page where sharing, else from its lines). Returns 1 when it was killed for
 * that. */
static int watch(int fd, pid_t pid, struct inflight *f, int sharing)
{
    struct lines l = { .cap = 8192 };
    l.buf = xmalloc(l.cap);
    int killed = 0, dead = 0;
    double asked = 0;                /* when a stop was forwarded */
    double again = 0;                /* when a second stop came */
    for (;;) {
        int ms = -1;
        if (forwarded() && !asked) asked = now_seconds();
        if (sharing && !dead) worker_wait_now(&f->wait_until, &f->wait_limit);
        if (stopfwd_again() && !dead) {
            if (!again) again = now_seconds();
            double by = supervise_again_until(f, asked, again);
            if (now_seconds() >= by) {
                ask_rows(fd, &l, f);
                kill(pid, SIGKILL);
                dead = 1;
                f->killed_measured = f->keeping >= 0 ? (f->keeping ? -1 : 0) : f->measured;
                f->wait_until = 0;
                continue;
            }
            int left = (int)((by - now_seconds()) * 1000) + 1;
            ms = ms < 0 || left < ms ? left : ms;
        }
        double until = supervise_overdue_at(f, asked);
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
            /* The worker's lines first: its folder (WORKER_DIR, sent before the header the reader
             * took) makes the stop's words said, not left to a worker still setting up. */
            ssize_t got = p[0].revents ? read_lines(fd, &l, f) : 1;
            pipeout_check();         /* passes the stop on (stopfwd), and pipeout_fd is -1 from now on */
            if (got <= 0) break;
            continue;
        }
        if (n == 0) {
            /* A tick, or a wait's deadline: the page again, since the wait may have ended since. */
            if (sharing && !dead) worker_wait_now(&f->wait_until, &f->wait_limit);
            until = supervise_overdue_at(f, asked);
            if (dead || !(until > 0) || now_seconds() < until) continue;
            /* A launch past its limit: the new worker measures the configurations in flight again and
             * goes on without the rest of its variant and build (run_marks.c). */
            if (asked) ask_rows(fd, &l, f);
            kill(pid, SIGKILL);
            dead = 1;
            /* Asked to stop: that, not a launch past its limit. */
            if (asked) {
                stop_at_once = 1;
                f->killed_measured = f->measured;
                if (f->grace_s == STOP_GRACE_S) fputs("clx: the launch in flight did not finish within a second: stopped\n", stderr);
                else fprintf(stderr, "clx: the launch in flight did not finish within %g s: stopped\n", f->grace_s);
            }
            else killed = 1;
            f->hung_s = now_seconds() - (until - f->wait_limit);   /* the launch's, from its wait on */
            f->wait_until = 0;
            continue;
        }
        if (read_lines(fd, &l, f) <= 0) break;
    }
    free(l.buf);
    return killed;
}

/* marked: the place in f was marked before (a worker ended there already): a crash or a timeout
 * marks its variant and build, a retried configuration's crash its configuration alone (the new
 * worker runs the others). */
static int marked(const struct run_mark *m, int n, const struct inflight *f)
{
    long pt = f->at == IN_BUILD ? -1 : f->pt;
    for (int i = 0; i < n; i++)
        /* A timeout's covers its variant and build's configurations, not a build of it (a new
         * worker's build that crashes is a crash of its own, pinned as such). */
        if (m[i].v == f->v && m[i].b == f->b && (m[i].timeout ? pt >= 0 : !m[i].retried || m[i].pt == pt)) return 1;
    return 0;
}

/* worker: the child's side: OpenCL starts here, never in the parent. Killed outright, the parent
 * takes its worker along (CHILD_FOLLOWS_PARENT): it stops cleanly and keeps its rows. */
static void worker(const struct spec *s, struct run_opts *o, int fd)
{
    atdie_set(NULL, NULL);               /* the supervisor's, on its copy of what it held */
    worker_attach(fd);
    int rc = run_experiment(s, o, NULL);
    if (o->crash_after_run) {
        /* No core file for a test's crash. */
        setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
        abort();
    }
    exit(rc);
}

/* worker_end: how the worker in f ended with wait status st (killed: by watch, for a wait past its
 * limit), given the variants and builds marked before. Says nothing. */
static struct worker_end worker_end(int st, const struct inflight *f, const struct run_opts *o, int killed,
                                    const struct run_mark *marks, int nmarks)
{
    struct worker_end end = { .lost = WIFEXITED(st) && WEXITSTATUS(st) == EXIT_CONTEXT_LOST };
    /* Its own ending, its rows written; a stop that came after its last look at one ends the run. */
    if (WIFEXITED(st) && (WEXITSTATUS(st) == EXIT_REF_FAULTED || WEXITSTATUS(st) == EXIT_REF_PROBE_FAULTED)) {
        end.probe = WEXITSTATUS(st) == EXIT_REF_PROBE_FAULTED;
        end.how = forwarded() ? ENDED_AS_ASKED : ENDED_REF_FAULTED;
        end.rc = 128 + forwarded();
        return end;
    }
    /* die() exits with these: the worker's own ending, said why. */
    int by_die = WIFEXITED(st) && (WEXITSTATUS(st) == EXIT_CANNOT_RUN || WEXITSTATUS(st) == EXIT_USAGE);
    /* A wait killed past its limit is a configuration's launch: a build waits on none (a wait after
     * the last build's line and before the first configuration's has no row to take the blame). */
    int in_row = f->at == IN_BUILD || f->at == IN_CONFIG || f->heating;
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
    } else if (in_row && !f->heating && f->dir && !marked(marks, nmarks, f) && !(killed && f->at != IN_CONFIG)) {
        /* Not in the heater: it runs after the builds, each of which had ended well, and its crash
         * pinned on the last of them made that variant's rows 'crashed' for the heater's fault. */
        end.how = ENDED_PINNED;
    } else {
        end.how = ENDED_UNPINNED;
        end.rc = EXIT_CANNOT_RUN;
    }
    return end;
}

int supervise_run(const struct spec *s, struct run_opts *o, char **run_dir)
{
    struct run_mark *marks = NULL;
    int nmarks = 0, rc = EXIT_CANNOT_RUN;
    struct inflight f = { .console_log = o->console_log, .console_tell = o->console_tell, .dir_file = o->dir_file,
                          .ask_fd = -1, .grace_s = o->stop_grace_s > 0 ? o->stop_grace_s : STOP_GRACE_S };
    /* Read before the first worker cuts results.tsv before them: every worker of the resume knows
     * which configurations it tries once more. */
    struct resume_retry retry = {0};
    if (o->resume_dir) {
        resume_retry_read(o->resume_dir, &retry);
        o->retry = &retry;
        /* Read before a worker writes: a stop's closing lines say of latest what the worker would. */
        f.resumed = 1;
        f.kept_ran = run_latest_kept(o->resume_dir);
    }
    stop_at_once = 0;
    /* The wall counts from here, across workers: one a crash or timeout ended gives the next its time. */
    o->run_t0 = now_seconds(), o->timedout_s = o->earlier_s = 0, o->continuing = 0, o->ref_restarts = 0;
    o->ref_unprobed = o->ref_probe_made = 0;
    stopfwd_catch(supervise_stopwords_says());      /* a stdout found closed already: the worker stops at its start */
    atdie_set(supervise_keep_on_die, &f);
    for (;;) {
        int fd;
        o->marks = marks;
        o->nmarks = nmarks;
        o->ref_probe_made = f.probed;
        if (f.dir) o->resume_dir = f.dir;
        /* Its lines are read as they come, with a deadline (watch), not all at its end. */
        /* Emptied before each worker: one killed in a wait leaves it there. */
        int sharing = worker_share() == 0;
        /* Held until forward can find the worker, and a stop that came before it was forked (a
         * stop between two workers) sent on: either would be said and never reach it. */
        /* The stop's requests for the rows in flight (ask_rows): a socket, so that one sent to a
         * worker gone is an error, not a SIGPIPE (which reads as a closed stdout). */
        int asks[2] = { -1, -1 };
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, asks) < 0) asks[0] = asks[1] = -1;
        supervise_stopwords_begin(o);   /* before its fork: a stop from there on says its set-up's words */
        sigset_t was;
        child_hold_stops(&was);
        double born = now_seconds();
        supervise_catch_before(&f, f.dir ? f.dir : o->resume_dir);
        f.worker_live = 1;
        pid_t pid = child_fork(&fd, "the worker process", CHILD_FOLLOWS_PARENT);
        if (pid == 0) {
            if (asks[1] >= 0) close(asks[1]);
            worker_listen(asks[0]);
            worker(s, o, fd);
        }
        if (asks[0] >= 0) close(asks[0]);
        f.ask_fd = asks[1];
        stopfwd_child(pid);
        /* Until its folder (WORKER_DIR) a stop ends the worker, nothing launched, said as that when
         * it has (supervise_say_stopped, or the worker in its wait): not "after the launch in flight". */
        stopfwd_unsaid(!f.dir);
        child_release_stops(&was);
        f.at = IN_SETUP;
        f.builds_done = f.heating = 0;
        f.wait_until = f.wait_limit = 0;
        f.ahead = f.measured = f.killed_measured = f.kept = 0;
        f.keeping = -1;
        held_rows_clear(&f.held);
        free(f.search_now);
        f.search_now = NULL;
        f.search_said = 0;
        double limit = 0;
        int killed = watch(fd, pid, &f, sharing);
        if (killed) limit = f.wait_limit;
        close(fd);
        if (f.ask_fd >= 0) close(f.ask_fd);
        f.ask_fd = -1;
        int st = child_wait(pid);
        f.worker_live = 0;
        if (killed) supervise_drop_catches(&f);     /* a launch past its limit: builds ahead were in catches */
        /* On disk before anything reads the file (a new worker's resume; a stop's rows, written after). */
        supervise_keep_redone(&f);
        double life = now_seconds() - born, hung = killed ? fmin(fmax(f.hung_s, 0), life) : 0;
        o->timedout_s += hung, o->earlier_s += life - hung, o->continuing = f.dir != NULL;   /* run_wall_s's parts */
        stopfwd_child(0);
        supervise_as_run(f.dir);
        struct worker_end end = worker_end(st, &f, o, killed, marks, nmarks);
        if (end.how == ENDED_IN_SETUP_KERNELS) {
            supervise_say_setup_kernels(st);
            o->no_setup_kernels = 1;
            continue;
        }
        if (end.how == ENDED_REF_FAULTED) {
            supervise_say_ref_fault(end.probe);
            o->ref_restarts++;
            o->ref_unprobed |= end.probe;
            continue;
        }
        if (end.how == ENDED_WHILE_AHEAD) {
            supervise_keep_crashed(&f, o, 0);
            supervise_say_ahead(st);
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
            /* Dead in the stop, not killed for it: the worker says its stop's ending after its sweep
             * (ENDED_ON_ITS_OWN), so one that ended here said nothing, and the supervisor speaks for it
             * (supervise_say_died_in_stop says why this is the stop, not a crash). */
            int died = !at_once() && f.dir;
            if ((at_once() || died) && f.dir) {
                supervise_keep_rows(&f);
                supervise_keep_rel(&f, s, o);
            }
            /* Killed (a second signal, a launch that did not stop) or dead of the signal itself:
             * its run.json still says what it wrote at the start, which reads as a sweep still going;
             * and, killed, no counts: they are the rows' in the folder now, as the worker's stop
             * would have written them; nor, a search's, its "search": the one it sent when the stop
             * asked for its rows, where it did (search_now.c). */
            if (at_once() || died) supervise_search_part(&f, o, died);
            if (f.dir) run_json_mark_stopped(f.dir, run_stop_name(forwarded()), at_once() || died ? f.search_now : NULL);
            if (at_once() || died) supervise_drop_catches(&f);
            if (died) supervise_say_died_in_stop(s, o, &f, st, forwarded());
            else supervise_say_stopped(&f, o, at_once(), forwarded());
            break;
        }
        /* Dead once it had written every row and run.json finished (freeing what it made: a kernel's
         * stray write into the host's heap): nothing is lost and nothing is left to resume, so the run
         * ends as it would have, by its rows, the crash said and noted in run.json. */
        int whole = -1;
        char *counts = NULL, *why = NULL;
        if (end.how == ENDED_UNPINNED && f.at == PAST_SWEEP && f.dir && end.sig > 0 && !killed)
            whole = run_done_status(f.dir, s->name, &counts, &why);
        if (whole >= 0) {
            char *how = supervise_whole_crash(&f, &end);
            supervise_say_whole(how, counts, whole);
            run_json_mark_crashed(f.dir, how);
            free(how);
            free(counts);
            free(why);
            rc = whole;
            break;
        }
        if (end.how == ENDED_UNPINNED) {
            supervise_say_unpinned(s, o, &f, &end, killed, limit);
            if (f.dir) {
                char *by = supervise_unpinned_by(&f, &end, killed, limit);
                run_json_mark_interrupted(f.dir, by);
                free(by);
            }
            break;
        }
        supervise_keep_crashed(&f, o, 1);
        marks = xrealloc(marks, sizeof *marks * (size_t)(nmarks + 1));
        marks[nmarks++] = (struct run_mark){ .v = f.v, .b = f.b, .pt = f.at == IN_BUILD ? -1 : f.pt, .sig = end.sig,
                                             .status = end.status, .timeout = killed, .limit_s = limit,
                                             .retried = f.at == IN_CONFIG && f.retry && !killed };
        supervise_say_pinned(s, o, &f, &end, &marks[nmarks - 1]);
    }
    atdie_set(NULL, NULL);
    stopfwd_release();
    o->retry = NULL;
    resume_retry_free(&retry);
    if (run_dir) *run_dir = f.dir ? xstrdup(f.dir) : NULL;
    free(f.dir);
    free(f.stop_row);
    free(f.search_now);
    held_rows_clear(&f.held);
    free(f.held.row);
    sl_free(&f.catch_before);
    free(marks);
    return rc;
}
