/* compare_decided.c — the "decided speed-up" cell: one mean one way, both ways said (compare_decided.h). */
#include "compare_decided.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>

void cmp_decided_take(struct decided_way *d, int faster, double x)
{
    d->logsum += log(x);
    if (faster) {
        d->faster++;
        d->faster_most = fmax(d->faster_most, x);
    } else {
        d->slower++;
        d->slower_most = fmax(d->slower_most, 1 / x);
    }
}

void cmp_decided_add(struct decided_way *d, const struct decided_way *x)
{
    d->faster += x->faster;
    d->slower += x->slower;
    d->logsum += x->logsum;
    d->faster_most = fmax(d->faster_most, x->faster_most);
    d->slower_most = fmax(d->slower_most, x->slower_most);
}

double cmp_decided_mean(const struct decided_way *d)
{
    int nd = d->faster + d->slower;
    return nd ? exp(d->logsum / nd) : NAN;
}

int cmp_decided_both(char *buf, size_t n, const struct decided_way *d)
{
    if (!d->faster || !d->slower) return 0;
    /* A mean of the two ways reads as the group's verdict, one none of its configurations gave; the
     * counts and how far each way went are what the rows table backs. */
    char fast[32], slow[32];
    snprintf(buf, n, "both ways: %d FASTER %s %s, %d SLOWER %s %sx slowdown", d->faster, d->faster > 1 ? "up to" : "at",
             fmt_ratio(fast, sizeof fast, d->faster_most), d->slower, d->slower > 1 ? "up to" : "at",
             fmt_sig(slow, sizeof slow, d->slower_most, 3, 2));
    return 1;
}
