/* report_hostload.c — report.md's word on the host's load during the sweep (report_hostload.h). */
#include "report_hostload.h"
#include "lib/hostload.h"
#include "report_merged.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

/* notable: the same rule as the run's end (lib/hostload.h's HOSTLOAD_NOTABLE). */
static int notable(const struct rj_host_load *h) { return h->has && hostload_notable(h->others_share); }

int report_hostload_top(FILE *out, const struct runjson *j, int findings)
{
    const struct rj_host_load *h = &j->host_load;
    if (!notable(h)) return 0;
    /* A merged run's is its busiest part's: said as such, with the others', not as the whole sweep's. */
    char *whose = report_merged_load_whose(j), *others = whose ? report_merged_load_others(j) : NULL;
    struct sbuf at = {0};
    if (h->cpus > 0) sb_printf(&at, "%.0f logical CPU%s; ", h->cpus, h->cpus == 1 ? "" : "s");
    if (!isnan(h->load_avg_start) && !isnan(h->load_avg_end))
        sb_printf(&at, "load average %.2f at its start, %.2f at its end; ", h->load_avg_start, h->load_avg_end);
    fprintf(out, "**Host load:** other processes took %.0f%% of the host's CPU time %s (%srun.json host_load)%s: "
                 "the CPU device ran its kernels on the cores they used, so every time here is slower than on a quiet host%s, "
                 "and a run under another load differs by the load alone.%s\n\n", 100 * h->others_share,
            whose ? whose : "during the sweep", at.len ? at.s : "", others ? others : "",
            whose ? ", each row by its own part's load" : "", findings ? " The findings' section says what it means for their verdicts." : "");
    sb_free(&at);
    free(whose);
    free(others);
    return 1;
}

int report_hostload_findings(FILE *out, const struct runjson *j)
{
    const struct rj_host_load *h = &j->host_load;
    if (!notable(h)) return 0;
    char *whose = report_merged_load_whose(j);
    /* Why each kind of verdict is touched: a figure against a fixed value carries the whole slowdown;
     * two rows against each other carry only how the load changed between their times, which widens
     * their noise (more *cannot be decided here*) and can tip a close one. */
    fprintf(out, "*Under load:* other processes took %.0f%% of the host's CPU time %s (above). A finding that a "
                 "figure reaches a value (GFLOP/s, GB/s, a latency) judged it on times slowed by that load: one that *does "
                 "not hold* may hold on a quiet host. A finding that sets rows against each other is touched only as the "
                 "load changed between their measurements, which its noise floor takes in. Run again on a quiet host before "
                 "taking a verdict on a figure as the device's.\n\n", 100 * h->others_share, whose ? whose : "during this sweep");
    free(whose);
    return 1;
}
