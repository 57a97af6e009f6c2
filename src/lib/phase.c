/* phase.c — the time of each phase of a run, summed. One run at a time per process. */
#include "phase.h"

static double total[PH_N];

static const char *const names[PH_N] = {
    "device set-up", "builds", "input generation", "uploads", "kernels", "launch overhead", "cache flushes", "read-back", "host references", "verification",
    "writing results", "probes", "clock readings", "preheat",
};

void phase_add(enum phase p, double seconds) { total[p] += seconds; }
double phase_get(enum phase p) { return total[p]; }
const char *phase_name(enum phase p) { return names[p]; }

void phase_reset(void)
{
    for (int i = 0; i < PH_N; i++) total[i] = 0;
}
