/* drvdefect.c — known defects of OpenCL drivers that make a correct kernel give wrong answers or
 * crash: which driver and settings have one, and the words a FAIL or crashed row of it says
 * (run/run_config.c adds them to the row's note; the FAIL stays a FAIL). */
#include "drvdefect.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* One known defect. Where the driver, its version and the LLVM it was built with match, the defect
 * applies unless the variable `env` holds a value other than those in `active` (NULL-ended; "" in
 * it: unset counts as active), the build disables optimisation, or the kernel's source lacks one
 * of the names in `uses` (NULL-ended: what every kernel seen spoiled calls; a FAIL of a kernel
 * without them is its own, and its row is not made twice as long by a defect it cannot have). To
 * add one: a row with the platform's name part, the driver version's start (CL_DRIVER_VERSION), a
 * part of the platform version that names the compiler ("LLVM 15."), the variable and its values
 * that keep the defect, the names, and the words: the driver, what goes wrong, the write-up
 * (docs/), and how to tell it from a kernel's own bug. Name only what was seen: a version not
 * checked stays out until it is. */
static const char *const pocl_loopvec[] = { "", "loopvec", NULL };
static const char *const vector_moves[] = { "vstore", "vload", NULL };
static const struct drvdefect {
    const char *platform, *driver, *compiler, *env;
    const char *const *active, *const *uses;
    const char *words;
} rows[] = {
    /* PoCL 3.1 (Debian 12's, LLVM 15.0.6): its default work-group method vectorizes the loop over
     * the work-items, and LLVM 15's loop vectorizer loads a private array's elements of a whole row
     * of work-items before storing all but the first's, or stores with an alignment the stack slot
     * lacks (docs/experiments/sgemm.md: a ten-line kernel that shows it; sgemm's small tiles with
     * VWM=2 and a __local tile hit it). PoCL 5.0 on LLVM 16.0.6 computes the same kernels right. */
    { "Portable Computing Language", "3.1", "LLVM 15.", "POCL_WORK_GROUP_METHOD", pocl_loopvec, vector_moves,
      "PoCL 3.1 on LLVM 15 miscompiles some correct kernels that move vectors through private arrays "
      "(vstoreN, vloadN) with its default work-group vectorizer (docs/experiments/sgemm.md): a row that "
      "passes with POCL_WORK_GROUP_METHOD=loops in the environment is PoCL's bug, not the kernel's" },
};
enum { NROWS = sizeof rows / sizeof rows[0] };

/* uses_all: whether source names every one of the list (an unknown source: taken to). */
static int uses_all(const char *source, const char *const *names)
{
    for (; source && *names; names++)
        if (!strstr(source, *names)) return 0;
    return 1;
}

/* active: whether the variable's value keeps the defect (unset is "" in the list). */
static int active(const struct drvdefect *d)
{
    const char *v = getenv(d->env);
    for (const char *const *a = d->active; *a; a++)
        if (v ? !strcmp(v, *a) && **a : !**a) return 1;
    return 0;
}

const char *drvdefect_words(const struct devprops *dp, int noopt, const char *source)
{
    if (noopt) return NULL;
    for (int i = 0; i < NROWS; i++) {
        const struct drvdefect *d = &rows[i];
        size_t n = strlen(d->driver);
        /* The version's start, whole: "3.1" is 3.1 and 3.1+debian, not 3.10. */
        if (!strstr(dp->platform, d->platform) || strncmp(dp->driver, d->driver, n) ||
            isdigit((unsigned char)dp->driver[n]) || !strstr(dp->platform_version, d->compiler) || !active(d) ||
            !uses_all(source, d->uses))
            continue;
        return d->words;
    }
    return NULL;
}
