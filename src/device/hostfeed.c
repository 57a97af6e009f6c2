/* hostfeed.c — the drivers that take launches faster from two host threads, as measured (hostfeed.h). */
#include "hostfeed.h"
#include "lib/util.h"

/* A row per driver seen to enqueue faster from two threads: a part of its platform name and what
 * it rests on. Elsewhere one thread feeds every batch: a second spinning beside it would take a
 * core from a CPU device's kernels, and no other driver was measured; add a row only for a
 * measurement (studies/mtenq.c). */
static const struct { const char *platform; const char *why; } rows[] = {
    { "NVIDIA", "NVIDIA's driver enqueued a launch with its event in 12-14 us from one thread, 3.0-3.2 us from two "
      "(H200, 580.159.04, 2026-11-30)" },
};

int hostfeed_shared(const struct devprops *dp, const char **why)
{
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        if (str_icontains(dp->platform, rows[i].platform)) {
            if (why) *why = rows[i].why;
            return 1;
        }
    if (why) *why = NULL;
    return 0;
}
