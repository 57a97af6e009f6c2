/* compare_noise.c — the line that says what the noise let a comparison decide (compare_noise.h). */
#include "lib/util.h"
#include "compare_noise.h"
#include <math.h>

int compare_rounds_for(double floor, double rounds, double want)
{
    if (!(floor > 0 && rounds > 0 && want > 0)) return 0;
    return (int)ceil(rounds * (floor / want) * (floor / want));
}

/* what_decides: for a comparison that left many configurations UNSURE, what would decide them here,
 * with this comparison's numbers: the rounds that bring the floor under SAME's, where rounds can;
 * else a comparison within one run. */
static void what_decides(FILE *out, const struct noise_said *n, int levels)
{
    int need = compare_rounds_for(n->floor, n->rounds, n->same_floor);
    if (!levels && n->floor > n->same_floor && need > 0 && need <= ROUNDS_WITHIN_REASON)
        fprintf(out, "; to tell SAME here, a floor under %.2g%% (5x --min-effect), each side needs about %d rounds a "
                "row (--rounds %d; these had %.0f)", 100 * n->same_floor, need, need, n->rounds);
    else if (!levels && n->floor > n->same_floor && need > 0)
        fprintf(out, "; to tell SAME here, a floor under %.2g%% (5x --min-effect), would take about %d rounds a row "
                "(these had %.0f): a quieter device%s will", 100 * n->same_floor, need, n->rounds,
                n->runs > 1 ? ", or a comparison within one run (--by)," : "");
    else if (levels && n->runs > 1)
        fprintf(out, "; to decide here, compare within one run (clx compare RUN --by build, or --by variant), where "
                "both sides share that level");
    else if (n->rounds > 0)
        fprintf(out, "; the floor is under SAME's %.2g%%, so these differ by more than it: with %.0f rounds the rank "
                "test decides only where every round of one side lies beyond the other's, and more (--rounds %.0f) "
                "decide them", 100 * n->same_floor, n->rounds, 2 * n->rounds);
}

/* A shift of the whole run is the runs' own level where their setups agree (docs/compare.md): said
 * as what it is, with what would tell it from the code's doing. */
int compare_run_moved(const struct noise_said *n)
{
    return n->runs > 1 && n->same_setup && n->ncommon >= 8 && (n->shift >= SHIFT_SAID || n->shift <= 1 / SHIFT_SAID) &&
           n->shifted >= SHIFT_SAID_SHARE * n->ncommon;
}

void compare_say_moved(FILE *out, const struct noise_said *n)
{
    const char *ref = n->ref ? n->ref : "A";
    fprintf(out, "the whole run moved: %s %s %s in %d of %d configurations (%.2fx in the median), which between runs of "
            "one setup is their own level (the machine's load or clocks), not the code's: run both again on a quiet "
            "device, or compare within one run (--by)", n->label, n->shift > 1 ? "faster than" : "slower than", ref,
            n->shifted, n->ncommon, n->shift);
}

void compare_noise_line(FILE *out, const struct noise_said *n)
{
    char pct[32];
    fprintf(out, "%s vs A: the noise floor is %s in the median configuration (differences below a row's floor, or "
            "below --min-effect %.2g%%, are not called FASTER or SLOWER)", n->label, fmt_pct(pct, sizeof pct, 100 * n->floor),
            100 * n->min_effect);
    if (n->run_noise >= 1.1)
        fprintf(out, "; the runs differ by %.1fx what their rounds show (the spread of every configuration's difference), "
                "and the floors say so", n->run_noise);
    if (compare_run_moved(n)) {
        fprintf(out, "; ");
        compare_say_moved(out, n);
    }
    /* Where runs differ by well beyond their rounds, most of the noise is each run's own level (the
     * process's: docs/timing.md), which more rounds in a run do not see. */
    int levels = n->runs > 1 && n->run_noise >= RUN_LEVELS_NOISE;
    if (n->unsure * 10 > n->ncommon)
        fprintf(out, "; %d of %d configurations are UNSURE: %s noise here is about %s, differences below it cannot be "
                "decided; %s%s", n->unsure, n->ncommon, n->runs == 1 ? "round-to-round" : "run-to-run",
                fmt_pct(pct, sizeof pct, 100 * n->floor),
                levels ? "more rounds (--rounds) narrow only their share of it: the rest is each run's own level (its "
                         "process's, docs/timing.md), which no count of rounds in one run sees"
                       : "more rounds (--rounds) narrow it",
                n->runs == 1 ? "" : ", and a comparison within one run (--by) is steadier");
    if (n->unsure * 10 > n->ncommon) what_decides(out, n, levels);
    fprintf(out, ".\n");
}
