/* drvenv.c — the environment variables that change what an OpenCL driver's compiler makes (PoCL's
 * work-group method, Intel's CPU vectorizer) or which devices it offers (rusticl's RUSTICL_ENABLE):
 * a build made under them is another build. The build cache keys on them (cache.c), run.json's
 * device says them (devinfo.c), and the run's first line; those a device needs to exist prefix the
 * commands clx suggests for it. */
#include "drvenv.h"
#include "simulator.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include "store/runjson.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The variables read at build time, by the part of the platform name that picks the driver. Only
 * those that change the code a kernel compiles to: a PoCL built under POCL_WORK_GROUP_METHOD=loops
 * from the same source is not the loopvec build, and must not load its binary from clx's cache (a
 * PoCL 3.1 binary cached by a loopvec build gave that build's wrong answers again when loaded under
 * POCL_WORK_GROUP_METHOD=loops: docs/experiments/sgemm.md). To add one: a row with the
 * platform's name part and the variable, as the driver's documentation spells it. */
static const struct { const char *platform, *var; int needed; } rows[] = {
    { "Portable Computing Language", "POCL_WORK_GROUP_METHOD", 0 },   /* loopvec (3.x's default), loops, cbs */
    { "Portable Computing Language", "POCL_EXTRA_BUILD_FLAGS", 0 },   /* options added to every build */
    { "Intel(R) OpenCL", "CL_CONFIG_USE_VECTORIZER", 0 },              /* the CPU runtime's vectorizer off */
    { "Intel(R) OpenCL", "CL_CONFIG_CPU_VECTORIZER_MODE", 0 },         /* its width */
    { "Intel(R) OpenCL", "CL_CONFIG_USE_FAST_RELAXED_MATH", 0 },       /* -cl-fast-relaxed-math on every build */
    /* The Mesa drivers whose devices rusticl offers: unset, it offers none, so a command without it
     * finds no device (needed: the suggested commands carry it). */
    { "rusticl", "RUSTICL_ENABLE", 1 },
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

void drvenv_needed(const char *driver_env, char *out, size_t size)
{
    if (!size) return;
    out[0] = '\0';
    size_t at = 0;
    for (int i = 0; i < NROWS && driver_env; i++) {
        if (!rows[i].needed) continue;
        /* NAME=VALUE as drvenv_of wrote it: at the start or after a space, up to the next space. */
        size_t len = strlen(rows[i].var);
        for (const char *p = driver_env; (p = strstr(p, rows[i].var)) != NULL; p += len) {
            if ((p != driver_env && p[-1] != ' ') || p[len] != '=') continue;
            char *value = xasprintf("%.*s", (int)strcspn(p + len + 1, " "), p + len + 1), *word = shell_word(value);
            int n = snprintf(out + at, size - at, "%s%s=%s", at ? " " : "", rows[i].var, word);
            free(value);
            free(word);
            if (n < 0 || (size_t)n >= size - at) { out[at] = '\0'; return; }   /* cut whole, never half a word */
            at += (size_t)n;
            break;
        }
    }
}

const char *drvenv_under(const char *platform, const char *name, const char *driver_env)
{
    static char under[512];
    const struct simulator *sim = simulator_of(platform, name);
    if (sim && sim->wrapper) snprintf(under, sizeof under, "%s", sim->wrapper);
    else drvenv_needed(driver_env, under, sizeof under);
    return under;
}

const char *drvenv_under_run(const struct runjson *j)
{
    return drvenv_under(j->device.platform, j->device.name, j->device.driver_env);
}

char *drvenv_command_run(const struct runjson *j)
{
    const char *under = drvenv_under_run(j);
    return xasprintf("%s%s%s", under, *under ? " " : "", rj_str(j->command_line));
}
