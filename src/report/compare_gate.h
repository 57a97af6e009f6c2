/* compare_gate.h — what --fail-on fails on (enum cmp_fail_on, compare.h), one home for clx compare's
 * gate and clx history's (which applies it to its last run against the one before it and against
 * the first: compare_pair.h): each reason in the words compare's console says it. */
#ifndef COMPARE_GATE_H
#define COMPARE_GATE_H
#include "compare.h"
#include "compare_status.h"
#include "lib/util.h"

/* cmp_gate_name: f as --fail-on takes it ("slower", "fail"; NULL for CMP_FAIL_NEVER). */
const char *cmp_gate_name(enum cmp_fail_on f);
/* cmp_gate_reasons: what f fails on in join j (side 0 the baseline, every other side under test; st:
 * cmp_status_make of j) other than SLOWER verdicts, which are each command's own (compare's against
 * A, history's between its runs: cmp_gate_slower says whether f fails on them): a side's
 * results.tsv rewritten while it was read (reread: cmp_reread_said's gate, NULL: none), rows that
 * did not pass where side 0's did not fail, configurations side 0 measured that another run skipped,
 * rows of a value along a column that no side holds, configurations side 0 measured that a side
 * stopped or unfinished lacks, and rows of a side but 0 a stop cut short. Each a new string pushed to
 * why in that order, one already in why not again (a history's two pairs share their last run);
 * nothing under CMP_FAIL_NEVER. Returns how many it pushed. */
int cmp_gate_reasons(const struct cmp_join *j, const struct cmp_status *st, enum cmp_fail_on f, const char *reread,
                     struct strlist *why);
/* cmp_gate_slower: whether f fails on a SLOWER verdict (slower: a regression in correctness fails a
 * gate on speed too, not the other way round). */
int cmp_gate_slower(enum cmp_fail_on f);
#endif
