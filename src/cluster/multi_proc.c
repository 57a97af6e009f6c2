/* multi_proc.c — the processes of a run on several devices: one child per device running the
 * single-device path (supervise_run), its console in a file; waiting for them; stops passed on
 * (lib/stopfwd). */
#include "multi_impl.h"
#include "run/supervise.h"
#include "run/run.h"
#include "run/tune.h"
#include "store/dirfile.h"
#include "store/results.h"
#include "lib/child.h"
#include "lib/pipeout.h"
#include "lib/stopfwd.h"
#include <errno.h>
#include <poll.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- signals ------------------------------------------------------------------------------ */

/* How often the wait for the devices looks at stdout (a closed one stops them). */
#define WAIT_TICK_MS 100

/* A stop passed on to every running device's process (lib/stopfwd), which stops its worker after
 * the launch in flight and keeps every finished row; a second is passed on too, and each stops its
 * worker at once. A closed stdout goes on as SIGPIPE, which a device's process takes as that stop
 * (its own stdout is its console file). */
static const struct stopfwd_says says = {
    .first = "clx: stopping: each device stops after the launch in flight and keeps every finished row (again to "
             "stop at once)\n",
    .closed = "clx: stdout was closed (the reader of its pipe is gone): each device stops after the launch in "
              "flight and keeps every finished row (^C to stop at once)\n",
    .again = "clx: stopping each device at once: the rows written so far are kept\n",
    .pass_again = 1,
};

/* The stop that asked the run to stop, once the stops are no longer caught (-1: still caught). */
static int stopped_by = -1;

void multi_catch(void)
{
    stopfwd_catch(&says);       /* a stdout found closed already: no device starts */
    stopped_by = -1;
}

void multi_release(void)
{
    stopped_by = stopfwd_asked();
    stopfwd_release();
}

int multi_stop_signal(void) { return stopped_by >= 0 ? stopped_by : stopfwd_asked(); }

/* ---- one device's process ------------------------------------------------------------------- */

/* child: the device's side: its console into the file, the sweep as a run on one device does it,
 * then its folder named on the pipe (without it the parent says the device made no folder).
 * Killed outright, the parent takes its devices along (CHILD_FOLLOWS_PARENT): each stops cleanly
 * and keeps its rows. */
static void child(struct multi_job *j, const struct spec *s, int log_fd, int tell_fd)
{
    if (dup2(log_fd, STDOUT_FILENO) < 0 || dup2(log_fd, STDERR_FILENO) < 0) _exit(EXIT_CANNOT_RUN);
    close(log_fd);
    char *dir = NULL;
    j->o.console_tell = tell_fd;
    int rc = tune_run(s, &j->o, &dir);
    child_tell(tell_fd, dir ? dir : "");
    free(dir);
    exit(rc);
}

void multi_start(struct multi_job *j, const struct spec *s)
{
    const char *root = j->o.results_root;
    if (mkdir_p(root)) die("cannot make %s: %s", root, strerror(errno));
    j->log = xasprintf("%s/.console-%d_%d-%ld.log", root, j->dev->pidx, j->dev->didx, (long)getpid());
    int log_fd = open(j->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (log_fd < 0) die("cannot write %s: %s", j->log, strerror(errno));
    j->o.console_log = j->log;
    char what[64];
    snprintf(what, sizeof what, "the process of device %s", j->device);
    int fd;
    /* Held until the stop can find the device's process, and a stop that came just before sent on
     * (stopfwd_add): either would be said and never reach it. */
    sigset_t was;
    child_hold_stops(&was);
    pid_t pid = child_fork(&fd, what, CHILD_FOLLOWS_PARENT);
    if (pid == 0) child(j, s, log_fd, fd);
    j->pid = pid;
    stopfwd_add(pid);           /* never full: multi_run refuses more devices than it takes */
    child_release_stops(&was);
    close(log_fd);
    j->tell = fd;
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    j->t0 = now_seconds();
}

/* hear: what job j's process has said on its pipe, read without waiting (a worker of the child's
 * may hold the pipe open while it stops); its folder is the last line said (said when it was made,
 * and again at the end; each line whole, a write shorter than a pipe's buffer). Returns 1 when that
 * names another folder than j->dir did. */
static int hear(struct multi_job *j)
{
    char buf[4096];
    ssize_t got = -1;
    while (!j->heard && (got = read(j->tell, buf, sizeof buf)) != 0) {
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) break;      /* EAGAIN: nothing more for now */
        sb_putn(&j->told, buf, (size_t)got);
    }
    if (!j->heard && got == 0) j->heard = 1;
    struct strlist lines = {0};
    if (j->told.s) sl_split(&lines, j->told.s, '\n');
    const char *last = NULL;
    for (int i = lines.n - 1; i >= 0 && !last; i--)
        if (*lines.v[i]) last = lines.v[i];
    int changed = last && (!j->dir || strcmp(j->dir, last));
    if (changed) {
        free(j->dir);
        j->dir = xstrdup(last);
    }
    sl_free(&lines);
    return changed;
}

/* say_dirs: --dir-file holds every folder the jobs named so far, in the jobs' order. */
static void say_dirs(const struct multi_job *jobs, int n, const char *dir_file)
{
    const char **dirs = xcalloc((size_t)n + 1, sizeof *dirs);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (jobs[i].dir) dirs[k++] = jobs[i].dir;
    dirfile_say(dir_file, dirs, k);
    free(dirs);
}

/* ended: what job j left: its exit status, and its folder (hear). Returns hear's: 1 when the
 * folder is one not known before. */
static int ended(struct multi_job *j, int st)
{
    j->done = 1;
    j->wall_s = now_seconds() - j->t0;
    j->rc = child_exit_code(st);
    int changed = hear(j);
    close(j->tell);
    if (WIFSIGNALED(st) && j->dir) {
        /* Killed outright (the OOM killer, kill -9): its supervisor died with it, and the run.json it
         * wrote at the start reads as a sweep still going. run.json says "stopped by ...". */
        char *who = xasprintf("the process of device %s", j->device), *by = child_death(who, WTERMSIG(st));
        free(who);
        /* Its worker, orphaned, writes run.json's own "death of its supervising clx process" as it
         * goes, holding results.tsv's lock till then: marked after it, or the two raced (check-asan's
         * slower worker wrote last). */
        int lock = results_lock(j->dir, RUN_ORPHAN_WAIT_S);
        run_json_mark_interrupted(j->dir, by);
        if (lock >= 0) close(lock);
        free(by);
    }
    return changed;
}

struct multi_job *multi_wait(struct multi_job *jobs, int n, const char *dir_file)
{
    int running = 0;
    for (int i = 0; i < n; i++) running |= jobs[i].pid > 0 && !jobs[i].done;
    while (running) {
        int st = 0;
        /* Whichever ends first of several (child_wait waits for one named). Where stdout is a pipe
         * whose reader may go (clx run ... --device all | head), it is looked at between looks for
         * them: the devices are then stopped at once, not after the first has run its whole sweep;
         * and with --dir-file the jobs' pipes, so that a folder is written as soon as it is named;
         * elsewhere the wait blocks. */
        pid_t pid = waitpid(-1, &st, pipeout_fd() >= 0 || dir_file ? WNOHANG : 0);
        if (pid == 0) {
            struct pollfd p[STOPFWD_MAX + 1];
            int who[STOPFWD_MAX + 1], np = 0;
            if (pipeout_fd() >= 0) { p[np] = (struct pollfd){ pipeout_fd(), 0, 0 }; who[np++] = -1; }
            for (int i = 0; dir_file && i < n && np <= STOPFWD_MAX; i++)
                if (jobs[i].pid > 0 && !jobs[i].done && !jobs[i].heard) {
                    p[np] = (struct pollfd){ jobs[i].tell, POLLIN, 0 };
                    who[np++] = i;
                }
            if (poll(p, (nfds_t)np, WAIT_TICK_MS) > 0)
                for (int k = 0; k < np; k++) {
                    if (!p[k].revents) continue;
                    if (who[k] < 0) pipeout_check();
                    else if (hear(&jobs[who[k]])) say_dirs(jobs, n, dir_file);
                }
            continue;
        }
        if (pid < 0 && errno == EINTR) continue;
        if (pid < 0) die("waiting for the devices' processes: %s", strerror(errno));
        for (int i = 0; i < n; i++)
            if (jobs[i].pid == pid && !jobs[i].done) {
                stopfwd_gone(pid);
                if (ended(&jobs[i], st) && dir_file) say_dirs(jobs, n, dir_file);
                return &jobs[i];
            }
    }
    return NULL;
}
