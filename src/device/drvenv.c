/* drvenv.c — the environment variables that change what an OpenCL driver's compiler makes (PoCL's
 * work-group method, Intel's CPU vectorizer): a build made under them is another build. The build
 * cache keys on them (cache.c), run.json's device says them (devinfo.c), and the run's first line. */
#include "drvenv.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The variables read at build time, by the part of the platform name that picks the driver. Only
 * those that change the code a kernel compiles to: a PoCL built under POCL_WORK_GROUP_METHOD=loops
 * from the same source is not the loopvec build, and must not load its binary from clx's cache (a
 * PoCL 3.1 binary cached by a loopvec build gave that build's wrong answers again when loaded under
 * POCL_WORK_GROUP_METHOD=loops: docs/experiments/sgemm.md). To add one: a row with the
 * platform's name part and the variable, as the driver's documentation spells it. */
static const struct { const char *platform, *var; } rows[] = {
    { "Portable Computing Language", "POCL_WORK_GROUP_METHOD" },   /* loopvec (3.x's default), loops, cbs */
    { "Portable Computing Language", "POCL_EXTRA_BUILD_FLAGS" },   /* options added to every build */
    { "Intel(R) OpenCL", "CL_CONFIG_USE_VECTORIZER" },              /* the CPU runtime's vectorizer off */
    { "Intel(R) OpenCL", "CL_CONFIG_CPU_VECTORIZER_MODE" },         /* its width */
    { "Intel(R) OpenCL", "CL_CONFIG_USE_FAST_RELAXED_MATH" },       /* -cl-fast-relaxed-math on every build */
};
enum { NROWS = sizeof rows / sizeof rows[0] };

void drvenv_of(const char *platform, char *out, size_t size)
{
    size_t at = 0;
    if (!size) return;
    out[0] = '\0';
    for (int i = 0; i < NROWS; i++) {
        const char *v = getenv(rows[i].var);
        if (!platform || !strstr(platform, rows[i].platform) || !v) continue;
        int n = snprintf(out + at, size - at, "%s%s=%s", at ? " " : "", rows[i].var, v);
        if (n < 0 || (size_t)n >= size - at) return;     /* cut: snprintf ended it */
        at += (size_t)n;
    }
}
