/* drvpath.c — what a CPU implementation's OpenCL compiler needs of this process's environment: the
 * linker it runs, found through PATH (drvpath.h). */
#include "drvpath.h"
#include <stdlib.h>

const char *drvpath_missing(void)
{
    /* PoCL compiles a kernel for the host's CPU with its LLVM, then links it into a shared object
     * with the linker it finds through PATH: under `env -i` it printed 'Executable "ld" doesn't
     * exist!' and aborted the worker in every build, each row 'crashed', nothing having run. Said
     * once up front by the command (its workers are forked, one after each crash), that is one
     * line a script's log shows, not a crash a row. Whatever the device: which one runs is the
     * worker's to find, in a process the command forks with no OpenCL opened in it; a GPU's
     * compiler may not need the linker, which the words leave open ("may"). */
    const char *path = getenv("PATH");
    if (path && *path) return NULL;
    return path ? "PATH is empty: the OpenCL compiler of a CPU implementation such as PoCL runs the linker (ld) it "
                  "finds through PATH, so its builds may fail or crash the worker; set PATH (PATH=/usr/bin:/bin)"
                : "PATH is unset: the OpenCL compiler of a CPU implementation such as PoCL runs the linker (ld) it "
                  "finds through PATH, so its builds may fail or crash the worker; set PATH (PATH=/usr/bin:/bin)";
}
