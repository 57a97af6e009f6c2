/* compare_noise.c — the line that says what the noise let a comparison decide (compare_noise.h). */
#include "compare_noise.h"

void compare_noise_line(FILE *out, const struct noise_said *n)
{
    fprintf(out, "%s vs A: the noise floor is %.2g%% in the median configuration (differences below a row's floor, or "
            "below --min-effect %.2g%%, are not called FASTER or SLOWER)", n->label, 100 * n->floor, 100 * n->min_effect);
    if (n->run_noise >= 1.1)
        fprintf(out, "; the runs differ by %.1fx what their rounds show (the spread of every configuration's difference), "
                "and the floors say so", n->run_noise);
    /* Where runs differ by well beyond their rounds, most of the noise is each run's own level (the
     * process's: docs/timing.md), which more rounds in a run do not see. */
    int levels = n->runs > 1 && n->run_noise >= RUN_LEVELS_NOISE;
    if (n->unsure * 10 > n->ncommon)
        fprintf(out, "; %d of %d configurations are UNSURE: %s noise here is about %.2g%%, differences below it cannot be "
                "decided; %s%s", n->unsure, n->ncommon, n->runs == 1 ? "round-to-round" : "run-to-run", 100 * n->floor,
                levels ? "more rounds (--rounds) narrow only their share of it: the rest is each run's own level (its "
                         "process's, docs/timing.md), which no count of rounds in one run sees"
                       : "more rounds (--rounds) narrow it",
                n->runs == 1 ? "" : ", and a comparison within one run (--by) is steadier");
    fprintf(out, ".\n");
}
