/* compare_declwork.h — runs of the same kernels whose specs declare their work otherwise (vecsum's
 * flops = "N" edited to "4 * N", the template as it was): their GFLOP/s or GB/s are of the two
 * declarations, and the rule that puts rows of different work side by side per unit of it
 * (lib/launchwork.h) would read the edit as kernels doing 4x more work and call every configuration
 * FASTER. Between such runs the verdicts and speed-ups are by time a launch, and what differs is said. */
#ifndef COMPARE_DECLWORK_H
#define COMPARE_DECLWORK_H
#include "compare_join.h"

/* cmp_declwork: where runs a and b ran the same kernels (both recorded the template's hash, the same
 * one; the host reference's where both recorded it; the spec otherwise the same but for what no row
 * reads; the generated sources in cl/ that both kept the same but for comments and #line) and their
 * specs declare other work, what of it: "the spec's flops: 'N' in A, '4 * N' in B" (an and bn name
 * them); else NULL. A new string. */
char *cmp_declwork(const struct rundir *a, const char *an, const struct rundir *b, const char *bn);
/* cmp_declwork_note: where sides sa and sb (named an, bn) are such runs (cmp_timed), what that makes
 * them: "B's spec declares other work than A's, not other kernels (...): the spec's flops: 'N' in A,
 * '4 * N' in B. Their GFLOP/s and GB/s are the declarations' ...: by time a launch"; else NULL (a new
 * string). cmp_declwork_short: the same for a picture's subtitle, "by time a launch: the spec's flops
 * differs, not the kernels"; NULL likewise. */
char *cmp_declwork_note(const struct cmp_join *j, int sa, int sb, const char *an, const char *bn);
char *cmp_declwork_short(const struct cmp_join *j, int sa, int sb);
/* cmp_declwork_join: j->timed made: [sa * n + sb] 1 where sides sa and sb are such runs. */
void cmp_declwork_join(struct cmp_join *j);
/* cmp_timed: whether sides sa and sb of j are compared by time a launch (cmp_declwork). */
int cmp_timed(const struct cmp_join *j, int sa, int sb);
/* The speed-ups a heading speaks of: each other side against A (named by its label, "B"), each run
 * against the first (named "run 2"), or each run against the one before it (named "1 -> 2"). */
enum cmp_pairs { CMP_AGAINST_A, CMP_AGAINST_FIRST, CMP_CONSECUTIVE };
/* cmp_basis_said: what those speed-ups are of, for a heading or an axis: "per unit of work" where no
 * pair is compared by time a launch (cmp_timed), "per launch" where every one is, and where some are,
 * both with the pairs each holds: "per unit of work for B and D, per launch for C"; full: each with
 * how it is taken ("per launch (time ratio: the specs declare other work for the same kernels)"). A
 * new string. A heading that said "per unit of work" over speed-ups of times misled. */
char *cmp_basis_said(const struct cmp_join *j, enum cmp_pairs how, int full);
/* cmp_basis_timed: how many of those pairs are compared by time a launch (0: none). */
int cmp_basis_timed(const struct cmp_join *j, enum cmp_pairs how);
#endif
