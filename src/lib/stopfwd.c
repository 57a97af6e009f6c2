/* stopfwd.c — a stop passed on to the children doing the work (stopfwd.h): one home for what a
 * sweep's supervisor, a modes run's parent and a run on several devices do alike, which had begun
 * to differ. */
#include "stopfwd.h"
#include "child.h"
#include "pipeout.h"
#include "sigdisp.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* The children stops go to (0: a free slot); a run on several devices has one per device. */
static volatile sig_atomic_t kids[STOPFWD_MAX];
static volatile sig_atomic_t asked, again, unsaid;
/* Stops counted by where they came from: this process's parent passing its own on, and the rest
 * (a terminal's ^C to the group, a kill of this process, a batch system's signal to every process). */
static volatile sig_atomic_t from_passer, from_elsewhere;
static pid_t passer;
/* The last stop another process sent (kill: SI_USER; 0: none, or not so) and its signal, to know
 * its group's copy (group_copy); whether one copy was taken as the same stop already. */
static volatile sig_atomic_t last_sender, last_sig, copy_taken;
static const struct stopfwd_says *says;
/* The words a first stop says now (stopfwd_say), in two slots: the handler reads the one `now`
 * names, and a change fills the other before it flips `now` (one sig_atomic_t store), so that a stop
 * that lands mid-change says the old words or the new, never half of each. */
static const char *said_first[2], *said_closed[2];
static volatile sig_atomic_t now;
/* Whether what is said begins on a line of its own: where stderr is a terminal, the line it goes
 * on may hold the progress line (stdout on the same terminal) or the ^C the terminal echoed; in a
 * file or a pipe (a log) it begins at a line's start already, and a blank line there is noise. */
static int own_line;
static const int stops[3] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction before[3];

/* say_now: a line on stderr from a signal handler (write(2): stdio is not safe there), its line break
 * and its words in one write: in two, a worker's progress line redrawn between them took the break. */
static void say_now(const char *s)
{
    char b[1024];
    size_t len = strlen(s), at = 0;
    if (own_line) b[at++] = '\n';
    if (len > sizeof b - at) len = sizeof b - at;
    memcpy(b + at, s, len);
    ssize_t n = write(2, b, at + len);
    (void)n;
}

/* send_all: sig to every child. */
static void send_all(int sig)
{
    for (int i = 0; i < STOPFWD_MAX; i++)
        if (kids[i] > 0) kill((pid_t)kids[i], sig);
}

/* stop: the first stop goes to the children (a terminal's ^C reaches them too; a batch system's
 * SIGTERM may reach only this process), a second kills the work at once. The same stop heard
 * twice, from the group and again from the parent that passes it on (a device's process under
 * --device all), is one: a second stop is a second from the same side. */
static void stop(int sig, int by_passer)
{
    int n = by_passer ? ++from_passer : ++from_elsewhere;
    if (asked && n < 2) return;
    if (asked) {
        if (says->pass_again) send_all(sig);
        else if (!says->caller_kills) send_all(SIGKILL);
        if (!again) say_now(says->again);
        again = 1;
        return;
    }
    asked = sig;
    send_all(sig);
    if (unsaid) return;
    const char *w = sig == SIGPIPE ? said_closed[now] : said_first[now];
    if (w) say_now(w);
}

/* group_copy: whether this stop is the copy its sender sent to this process's group right after
 * sending it to this process: GNU timeout sends its signal to its child (clx) and then to the
 * process group it made for it, two stops for one, and the second read as a second ^C ("stopping at
 * once") wherever clx ran between the two. No time between them is asked (a loaded machine, or a
 * sanitizer's build, stretches any); the sender is, precisely: one process both times (kill:
 * SI_USER; a terminal's ^C is the kernel's, SI_KERNEL, never this), the same signal, a process
 * other than this one that leads this process's group (it signalled the group it leads: kill(0));
 * and it ignores that signal (SIG_IGN) when the copy comes, as timeout sets before it signals its
 * group, not to end itself. Catching it is not enough: sh and bash catch SIGINT whenever they have a
 * child, and a script run from a terminal leads its job's group, a clx it starts in the background
 * included: its two kills are two stops. One copy only: a third is a second stop. */
static int group_copy(int sig, const siginfo_t *si)
{
    pid_t from = si && si->si_code == SI_USER ? si->si_pid : 0;
    pid_t before_from = (pid_t)last_sender;
    int before_sig = last_sig;
    last_sender = from;
    last_sig = sig;
    if (!from || copy_taken || from != before_from || sig != before_sig) return 0;
    if (from == getpid() || from != getpgrp() || !(sigdisp_of(from, sig) & SIGDISP_IGNORED)) return 0;
    copy_taken = 1;
    return 1;
}

static void on_signal(int sig, siginfo_t *si, void *ctx)
{
    (void)ctx;
    int by_passer = passer && si && si->si_code == SI_USER && si->si_pid == passer;
    /* A parent clx passes each stop it heard once: two from it are two (heard's cases). */
    if (!by_passer && group_copy(sig, si)) return;
    stop(sig, by_passer);
}

/* closed_stdout: pipeout's word that stdout was closed (a look at it, a write, or a parent's
 * SIGPIPE): the children are sent SIGPIPE, which their own pipeout takes as the stop. Where the
 * parent passes its stops on, this process's stdout is a file (a device's console): the SIGPIPE
 * is the parent's. */
static void closed_stdout(void)
{
    if (!asked) stop(SIGPIPE, passer != 0);
}

void stopfwd_catch(const struct stopfwd_says *s)
{
    says = s;
    said_first[0] = said_first[1] = s->first;
    said_closed[0] = said_closed[1] = s->closed;
    now = 0;
    own_line = isatty(STDERR_FILENO);
    memset((void *)kids, 0, sizeof kids);
    again = from_passer = from_elsewhere = unsaid = 0;
    last_sender = last_sig = copy_taken = 0;
    passer = child_stops_passer();
    asked = pipeout_closed() ? SIGPIPE : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    for (int i = 0; i < 3; i++) sigaction(stops[i], &sa, &before[i]);
    pipeout_catch(closed_stdout);
}

int stopfwd_add(pid_t pid)
{
    for (int i = 0; i < STOPFWD_MAX; i++)
        if (kids[i] <= 0) {
            kids[i] = pid;
            if (asked) kill(pid, asked);
            return 0;
        }
    return -1;
}

void stopfwd_gone(pid_t pid)
{
    for (int i = 0; i < STOPFWD_MAX; i++)
        if (kids[i] == pid) kids[i] = 0;
}

void stopfwd_child(pid_t pid)
{
    memset((void *)kids, 0, sizeof kids);
    if (pid > 0) stopfwd_add(pid);
}

void stopfwd_say(const char *first, const char *closed)
{
    int next = !now;
    said_first[next] = first;
    said_closed[next] = closed;
    now = next;
}

void stopfwd_unsaid(int on) { unsaid = on; }

int stopfwd_asked(void) { return asked; }

int stopfwd_again(void) { return again; }

void stopfwd_release(void)
{
    for (int i = 0; i < 3; i++) sigaction(stops[i], &before[i], NULL);
    pipeout_catch(NULL);
    memset((void *)kids, 0, sizeof kids);
}
