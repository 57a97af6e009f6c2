/* main.c — clx: a portable OpenCL experiment harness. Everything is in cli.c and below. */
#include "cli.h"
#include "device/jitcache.h"
#include "lib/calledas.h"
#include "lib/pipeout.h"
#include "lib/stdfds.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    /* A descriptor 0-2 that came closed (clx run ... >&-) is /dev/null before anything opens a file,
     * which would otherwise take its number and get the console written into it (stdfds.h). A run
     * whose stdout was closed from the start has no reader to lose: it runs to its end. */
    if (stdfds_open() != 0) {
        fprintf(stderr, "clx: descriptor 0, 1 or 2 is closed and /dev/null cannot be opened in its place: %s\n",
                strerror(errno));
        return 4;
    }
    /* NVIDIA's JIT cache beside clx's build cache, before any OpenCL call (jitcache.h). */
    jitcache_setup();
    /* Under a file-size limit (ulimit -f) a write past it fails with EFBIG, said once as a write
     * failure with nothing half-written left, instead of SIGXFSZ killing a worker mid-build (and
     * every build after it being blamed on the OpenCL compiler). Workers inherit this. */
    signal(SIGXFSZ, SIG_IGN);
    /* A closed stdout (clx ... | head) kills no clx process: a run stops as on ^C and keeps its
     * rows, and other commands finish what they write to files (pipeout.h). */
    pipeout_catch(NULL);
    /* The commands messages suggest are typed as this one was (./clx in a source tree). */
    called_as_set(argv[0]);
    return cli_main(argc, argv);
}
