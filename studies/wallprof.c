/* wallprof.c — LD_PRELOAD wall-clock sampler (not part of clx): every 2 ms (CLOCK_MONOTONIC, so
 * time blocked in the driver counts) the main thread's stack is recorded; at exit every sample (as
 * object+offset frames) is written to $WALLPROF_DIR/wallprof.PID.txt; a forked child (clx's worker)
 * samples itself from the fork on. studies/wallprof-report.sh sums the samples by function.
 * Build: cc -O2 -shared -fPIC studies/wallprof.c -o wallprof.so -ldl -lpthread
 * Use:   WALLPROF_DIR=DIR LD_PRELOAD=./wallprof.so ./clx run ...; studies/wallprof-report.sh ./clx DIR/wallprof.PID.txt */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/syscall.h>
enum { DEPTH = 24, MAXS = 200000 };
static void *stacks[MAXS][DEPTH];
static unsigned char depth[MAXS];
static volatile int n;
static pid_t main_tid;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig; (void)si; (void)uc;
    if (syscall(SYS_gettid) != main_tid) return;
    int i = n;
    if (i >= MAXS) return;
    depth[i] = (unsigned char)backtrace(stacks[i], DEPTH);
    n = i + 1;
}
static void dump(void)
{
    const char *dir = getenv("WALLPROF_DIR");
    char path[512];
    snprintf(path, sizeof path, "%s/wallprof.%d.txt", dir ? dir : "/tmp", (int)getpid());
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "samples %d interval_ms 2\n", n);
    for (int i = 0; i < n; i++) {
        for (int d = 2; d < depth[i]; d++) {
            Dl_info info;
            if (dladdr(stacks[i][d], &info) && info.dli_fname) {
                const char *b = strrchr(info.dli_fname, '/');
                fprintf(f, "%s+%lx ", b ? b + 1 : info.dli_fname, (unsigned long)((char *)stacks[i][d] - (char *)info.dli_fbase));
            } else fprintf(f, "?%p ", stacks[i][d]);
        }
        fprintf(f, "\n");
    }
    fclose(f);
}
static void arm(void)
{
    main_tid = (pid_t)syscall(SYS_gettid);
    n = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGRTMIN + 3, &sa, NULL);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev._sigev_un._tid = main_tid;
    ev.sigev_signo = SIGRTMIN + 3;
    timer_t t;
    if (timer_create(CLOCK_MONOTONIC, &ev, &t)) return;
    struct itimerspec its = { { 0, 2000000 }, { 0, 2000000 } };
    timer_settime(t, 0, &its, NULL);
}
/* A forked worker: timers are not inherited; its own samples from the fork on. */
static void in_child(void) { arm(); }
__attribute__((constructor)) static void start(void)
{
    void *warm[4];
    backtrace(warm, 4);                     /* loads the unwinder outside the handler */
    arm();
    pthread_atfork(NULL, NULL, in_child);
    atexit(dump);
}
