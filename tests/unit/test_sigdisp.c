/* test_sigdisp.c — another process's handling of a signal read from /proc/PID/status: the SigIgn and
 * SigCgt masks' bits by signal number, and a live process (this one) as it changes what it does. */
#include "check.h"
#include "lib/sigdisp.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int parse(const char *text, int sig) { return sigdisp_parse(text, strlen(text), sig); }

static void on_sig(int sig) { (void)sig; }

/* The masks' bits: signal N is bit N-1, the last hex digit holding 1-4; either mask counts. */
static void test_parse(void)
{
    const char *timeout_like = "Name:\ttimeout\nSigPnd:\t0000000000000002\nSigBlk:\t0000000000000000\n"
                               "SigIgn:\t0000000000000002\nSigCgt:\t0000000000002000\n";
    CHECK(parse(timeout_like, SIGINT) == SIGDISP_IGNORED);
    CHECK(parse(timeout_like, SIGALRM) == SIGDISP_CAUGHT);         /* 14 */
    CHECK(parse(timeout_like, SIGTERM) == 0);
    CHECK(parse(timeout_like, SIGHUP) == 0);                       /* SigPnd's bit is no handling */
    CHECK(parse("SigIgn:\t0000000000000000\nSigCgt:\t0000000000010002\n", SIGINT) == SIGDISP_CAUGHT);   /* sh with a child */
    CHECK(parse("SigIgn:\t0000000000000000\nSigCgt:\t0000000000010002\n", SIGCHLD) == SIGDISP_CAUGHT);
    CHECK(parse("SigIgn:\t0000000000000002\nSigCgt:\t0000000000000002\n", SIGINT) == (SIGDISP_IGNORED | SIGDISP_CAUGHT));
    CHECK(parse("SigIgn:\t0000000000000000\nSigCgt:\t0000000000010002\n", SIGQUIT) == 0);
    CHECK(parse("SigIgn:\t1\n", 40) == 0);                         /* beyond the mask's digits */
    CHECK(parse("SigIgn:\t8000000000000000\n", 64) == SIGDISP_IGNORED);
    CHECK(parse("SigIgn:\tzz\nSigCgt:\n", SIGINT) == 0);           /* not a mask */
    CHECK(parse("Name:\tx\n", SIGINT) == 0);
    CHECK(parse("", SIGINT) == 0);
    CHECK(sigdisp_parse("SigIgn:\t0000000000000002\n", 10, SIGINT) == 0);   /* cut before the mask */
}

/* This process's own handling, changed and read back; no process, nothing. */
static void test_live(void)
{
    struct sigaction sa, was;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGINT, &sa, &was);
    CHECK(sigdisp_of(getpid(), SIGINT) == 0);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGINT, &sa, NULL);
    CHECK(sigdisp_of(getpid(), SIGINT) == SIGDISP_IGNORED);
    sa.sa_handler = on_sig;
    sigaction(SIGINT, &sa, NULL);
    CHECK(sigdisp_of(getpid(), SIGINT) == SIGDISP_CAUGHT);
    sigaction(SIGINT, &was, NULL);
    CHECK(sigdisp_of(0, SIGINT) == 0);
    CHECK(sigdisp_of(-1, SIGINT) == 0);
}

int main(void)
{
    RUN(test_parse);
    RUN(test_live);
    CHECK_EXIT();
}
