/* main.c — clx: a portable OpenCL experiment harness. Everything is in cli.c and below. */
#include "cli.h"
#include "device/jitcache.h"
#include "lib/calledas.h"
#include "lib/pipeout.h"
#include <signal.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
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
