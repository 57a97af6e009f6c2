/* timed.c — configurations ordered by their time (timed.h). */
#include "timed.h"

int timed_order(const void *a, const void *b)
{
    const struct timed *x = a, *y = b;
    return x->t < y->t ? -1 : x->t > y->t ? 1 : (x->config > y->config) - (x->config < y->config);
}
