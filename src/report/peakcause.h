/* peakcause.h — why rows are above the device's peak (flag IMPOSSIBLE), the likelier cause first. */
#ifndef PEAKCAUSE_H
#define PEAKCAUSE_H
#include "store/rundir.h"

/* peak_cause_work: whether row i's sol_note blames the spec's declared work (its bytes or flops,
 * or the binary's counts of it) for the row being past its speed of light, and no flag says the
 * compiler removed work (pruned:): then a wrong bytes or flops is the likelier cause of a rate above
 * the peak, not work optimised away. */
int peak_cause_work(const struct rundir *r, int i);
/* peak_cause_said: the causes of the n rows rows[] being above the peak, as one clause, the spec's
 * declared work first where most of them have peak_cause_work, else work optimised away first.
 * Static. */
const char *peak_cause_said(const struct rundir *r, const int *rows, int n);
#endif
