/* compare_decided.h — the summary table's "decided speed-up" cell: the geometric mean of the
 * configurations decided FASTER or SLOWER where they all went one way; where they went both ways,
 * how many went each way and how far, and no mean: memcopy_ilp's local=32 1.410x FASTER and
 * local=128 2.40x SLOWER read "0.766x (1.31x slowdown)", a figure neither configuration gave. */
#ifndef COMPARE_DECIDED_H
#define COMPARE_DECIDED_H
#include <stddef.h>

/* What a row's decided configurations gave: their counts each way, the sum of their log speed-ups,
 * and each way's farthest, as a factor over 1 (0: none that way). */
struct decided_way {
    int faster, slower;
    double logsum;
    double faster_most;          /* the largest speed-up decided FASTER */
    double slower_most;          /* the largest slowdown (1 / speed-up) decided SLOWER */
};

/* cmp_decided_take: x, a configuration's speed-up, into d, where it was decided (faster: FASTER,
 * else SLOWER). */
void cmp_decided_take(struct decided_way *d, int faster, double x);
/* cmp_decided_add: what x holds added to d (a row over several groups). */
void cmp_decided_add(struct decided_way *d, const struct decided_way *x);
/* cmp_decided_mean: the geometric mean of d's speed-ups (NAN: none decided). */
double cmp_decided_mean(const struct decided_way *d);
/* cmp_decided_both: where d went both ways, the words for it in buf, "both ways: 1 FASTER at
 * 1.410x, 1 SLOWER at 2.4x slowdown" ("up to" for several one way), and 1; else 0 (its one figure
 * is cmp_decided_mean's). */
int cmp_decided_both(char *buf, size_t n, const struct decided_way *d);
#endif
