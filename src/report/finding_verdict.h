/* finding_verdict.h — the verdicts a finding, or one part of it, can get on a run (findings.c names
 * them): the claim holds; its direction holds and its size does not; it does not hold; the rows
 * cannot tell (a difference within their noise); or the run has no rows to tell by. */
#ifndef FINDING_VERDICT_H
#define FINDING_VERDICT_H

/* In the order findings.c's table names them; V_COUNT counts them. */
enum verdict { V_HOLDS, V_SIZE, V_FAILS, V_UNDECIDED, V_NODATA, V_COUNT };

/* finding_worse: the verdict of a finding of two parts (a check and a compare, two pairs of one
 * compare): a part that does not hold decides; then one without rows; then one the noise leaves
 * open (it may hide a part that fails); then a size missed; only two that hold hold. */
static inline enum verdict finding_worse(enum verdict a, enum verdict b)
{
    static const int rank[V_COUNT] = { [V_HOLDS] = 0, [V_SIZE] = 1, [V_UNDECIDED] = 2, [V_NODATA] = 3, [V_FAILS] = 4 };
    return rank[a] >= rank[b] ? a : b;
}
#endif
