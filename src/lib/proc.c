/* proc.c — child processes (m4, gnuplot): fork + execvp, output in temporary files, a time limit
 * enforced by killing the child's process group; a signal that stops clx stops the child too (one
 * clx ignores is left to the child, which ignores it as well), and
 * so does a closed stdout where that is a stop (a run).
 * Apart from child.c's forks (clx itself, answering on a pipe): a program here runs in a process
 * group of its own, killed at a time limit, and writes to files, which it may fill while clx polls
 * for its end (a pipe that nobody reads would stop it). */
#include "proc.h"
#include "child.h"
#include "pipeout.h"
#include "util.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* The signal that arrived while a child ran: the child is killed, its files removed, and the
 * signal then goes on to what clx had for it (end the process, or the sweep's stop flag). */
static volatile sig_atomic_t got_signal;

static void on_signal(int sig) { got_signal = sig; }

/* Set where a closed stdout is a stop (a run's worker): the child is stopped then as on ^C. */
static int stop_on_closed;

void proc_stop_on_closed_stdout(void) { stop_on_closed = 1; }

static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP };
#define NFORWARDED (int)(sizeof forwarded / sizeof *forwarded)

int proc_run(char *const argv[], const char *dir, double timeout_s, struct proc_result *r)
{
    return proc_run_owning(argv, dir, timeout_s, NULL, r);
}

int proc_run_owning(char *const argv[], const char *dir, double timeout_s, const char *owned, struct proc_result *r)
{
    memset(r, 0, sizeof *r);
    const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char *tmpl_o = xasprintf("%s/clx-out-XXXXXX", tmp), *tmpl_e = xasprintf("%s/clx-err-XXXXXX", tmp);
    int fo = mkstemp(tmpl_o), fe = mkstemp(tmpl_e), rc = -1;
    if (fo < 0 || fe < 0) { r->err = xasprintf("cannot make a temporary file in %s: %s", tmp, strerror(errno)); goto out; }
    fflush(NULL);                /* the child must not write our buffered output again */
    pid_t pid = fork();
    if (pid < 0) { r->err = xasprintf("fork: %s", strerror(errno)); goto out; }
    if (pid == 0) {
        setpgid(0, 0);           /* its own group: a time-out kills whatever it started too */
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);    /* and a clx killed outright does not leave it running */
#endif
        if (dir && chdir(dir) != 0) {
            dprintf(fe, "cannot enter %s: %s\n", dir, strerror(errno));
            _exit(127);
        }
        dup2(fo, 1);
        dup2(fe, 2);
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    struct sigaction sa, old[NFORWARDED];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    got_signal = 0;
    /* A stop clx ignores (a background job's SIGINT, started so by its shell) stays ignored: caught
     * here, it killed gnuplot and then went on to nothing, its "exit 137" said as gnuplot's failure.
     * The child inherited the ignore, so it too runs on. */
    for (int i = 0; i < NFORWARDED; i++) {
        sigaction(forwarded[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN) sigaction(forwarded[i], &sa, NULL);
    }
    double t0 = now_seconds();
    int ws = 0;
    for (;;) {
        pid_t w = waitpid(pid, &ws, WNOHANG);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) { ws = 0; break; }
        int over = timeout_s > 0 && now_seconds() - t0 > timeout_s;
        /* pipeout remembers the closed stdout itself (SIGPIPE is not one of the forwarded): nothing
         * to raise after, the run's stop flag reads it. */
        int closed = stop_on_closed && pipeout_closed();
        if (over || got_signal || closed) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            r->timed_out = over && !got_signal && !closed;
            ws = child_wait(pid);
            break;
        }
        nanosleep(&(struct timespec){ 0, 5000000 }, NULL);   /* 5 ms: m4 and gnuplot take longer */
    }
    for (int i = 0; i < NFORWARDED; i++) sigaction(forwarded[i], &old[i], NULL);
    r->status = child_exit_code(ws);
    r->out = read_file(tmpl_o, NULL);
    r->err = read_file(tmpl_e, NULL);
    if (!r->out) r->out = xstrdup("");
    if (!r->err) r->err = xstrdup("");
    rc = 0;
out:
    if (fo >= 0) { close(fo); unlink(tmpl_o); }
    if (fe >= 0) { close(fe); unlink(tmpl_e); }
    free(tmpl_o);
    free(tmpl_e);
    if (owned && got_signal) unlink(owned);
    /* The temporary files are gone: now the signal may end clx, or set the sweep's stop flag. */
    if (got_signal) { int sig = got_signal; got_signal = 0; raise(sig); }
    return rc;
}

void proc_result_free(struct proc_result *r)
{
    free(r->out);
    free(r->err);
    memset(r, 0, sizeof *r);
}

int proc_on_path(const char *prog)
{
    const char *path = getenv("PATH");
    struct strlist dirs = {0};
    sl_split(&dirs, path && *path ? path : "/usr/bin:/bin", ':');
    int found = 0;
    for (int i = 0; i < dirs.n && !found; i++) {
        char *p = path_join(*dirs.v[i] ? dirs.v[i] : ".", prog);
        found = access(p, X_OK) == 0;
        free(p);
    }
    sl_free(&dirs);
    return found;
}
