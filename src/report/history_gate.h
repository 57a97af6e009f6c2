/* history_gate.h — `clx history --fail-on` (private to report/history*.c): clx compare's gate
 * (compare_gate.h) on the last run against the one before it and against the first, the two
 * comparisons a nightly job's newest run is judged by: a drift since yesterday, and one crept in
 * over the history, step by step each too small to decide. */
#ifndef HISTORY_GATE_H
#define HISTORY_GATE_H
#include "compare.h"
#include "compare_join.h"
#include <stdio.h>
#include "lib/util.h"

/* history_gate: what f fails on in the last run of join j (runs by date) against the one before it
 * and against the first (one comparison of two runs), each reason a new string pushed to why:
 * compare's (cmp_gate_reasons) of that pair, the runs named "run N" by date; and under slower its
 * configurations SLOWER as compare decides them under rule (cmp_decide_all of the pair: every
 * configuration the two runs both measured, also one a run between them skipped, which history's
 * own verdicts leave out), by name. Returns how many it pushed. */
int history_gate(const struct cmp_join *j, const struct verdict_rule *rule, enum cmp_fail_on f, struct strlist *why);
/* history_gate_say: why as the console's last lines ("clx: history: REASON (--fail-on slower)") or
 * (md) history.md's section of the gate, which says the gate passed where why is empty. */
void history_gate_say(FILE *out, const struct strlist *why, enum cmp_fail_on f, int md);
#endif
