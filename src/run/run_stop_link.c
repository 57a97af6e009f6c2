/* run_stop_link.c — CLX_STOP_IN_LINK: a terminal's ^C that lands while the OpenCL driver's linker runs
 * as a child process of the worker's (PoCL 3 runs ld so, at a build or at a kernel's first launch): the
 * ^C reaches the whole process group, the linker dies of it, and PoCL, its link failed, aborts the
 * worker (or fails the build: CLX_STOP_IN_LINK_FAILS; or the launch: CLX_STOP_IN_LAUNCH). Made here at
 * no moment a signal from outside would have to hit, for a test of what clx says then
 * (tests/e2e/stop_in_link.sh). */
#include "run_impl.h"
#include "device/build.h"
#include "lib/worker.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* linker_child: a child process that a SIGINT ends, as an exec'd linker's default action does (a
 * forked copy would keep the worker's handler); returned once it is ready for it. -1: none. */
static pid_t linker_child(void)
{
    int p[2];
    if (pipe(p)) return -1;
    pid_t kid = fork();
    if (kid == 0) {
        signal(SIGINT, SIG_DFL);
        close(p[0]);
        ssize_t n = write(p[1], "r", 1);
        (void)n;
        for (;;) pause();
    }
    close(p[1]);
    char c;
    if (kid > 0 && read(p[0], &c, 1) != 1) {
        kill(kid, SIGKILL);
        waitpid(kid, NULL, 0);
        kid = -1;
    }
    close(p[0]);
    return kid;
}

int run_stop_in_link(const struct runner *r)
{
    static long builds;
    if (r->o->stop_in_link <= 0 || ++builds != r->o->stop_in_link || !worker_attached()) return 0;
    pid_t kid = linker_child();
    if (kid < 0) return 0;
    /* The ^C to the group's members (not to the group: a test's shell may share it): this worker
     * first (run_stop_group says why), the supervisor, the linker; the linker dies of it before the
     * driver looks. */
    run_stop_group();
    kill(kid, SIGINT);
    int st;
    while (waitpid(kid, &st, 0) < 0) {}
    if (r->o->stop_in_link_fails) return 1;
    fprintf(stderr, "clx: CLX_STOP_IN_LINK: the linker child process died of SIGINT; the driver aborts, as PoCL 3 "
            "does when its final link fails\n");
    setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });   /* no core file for a test's abort */
    abort();
}

void run_stop_link_failed(struct build *bd)
{
    /* Where it came from stays: the builds line counts it out of what cache_build counted it as. */
    int cached = bd->cached;
    build_free(bd);
    bd->cached = cached;
    bd->error = xstrdup("CLX_STOP_IN_LINK: the linker child process died of SIGINT: the final link failed");
}

int run_stop_in_launch(const struct runner *r, char **err)
{
    static long launches;
    if (r->o->stop_in_launch <= 0 || ++launches != r->o->stop_in_launch) return 0;
    /* run_stop_group, which the test's shell, perhaps in the group, must not get: this worker and the
     * supervisor (which passes it on) at once, so the stop is pending as the launch returns. */
    run_stop_group();
    free(*err);
    *err = xstrdup("CLX_STOP_IN_LAUNCH: the launch failed as the stop reached it (as a kernel's link at its first "
                   "launch fails where the ^C ended the linker)");
    return 1;
}
