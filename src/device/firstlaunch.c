/* firstlaunch.c — the drivers that compile at a kernel's first launch, as measured (firstlaunch.h). */
#include "firstlaunch.h"
#include "lib/util.h"

/* A row per driver seen to compile at the first launch: a part of its platform name, the allowance
 * and what it rests on. A driver not here gets the usual limit for its first launch too, so that a
 * kernel that never ends is stopped within a minute on it; add a row only for a compile measured. */
static const struct { const char *platform; double allowance_s; const char *why; } rows[] = {
    { "rusticl", 300, "Mesa's rusticl compiles at a kernel's first launch: llvmpipe took 165 s over volkov_fma's "
      "ILP 4 with a cold shader cache (2026-11-26)" },
};

double firstlaunch_allowance_s(const struct devprops *dp, const char **why)
{
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        if (str_icontains(dp->platform, rows[i].platform)) {
            if (why) *why = rows[i].why;
            return rows[i].allowance_s;
        }
    if (why) *why = NULL;
    return 0;
}
