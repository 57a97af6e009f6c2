/* launchwork.c — the work a launch did and the per-unit rule (launchwork.h). */
#include "launchwork.h"
#include <math.h>
#include <stdio.h>

double launchwork_of(const struct launchwork *x, enum launchwork_unit u)
{
    double rate = u == LAUNCHWORK_GFLOP ? x->gflops : u == LAUNCHWORK_GB ? x->gbs : NAN;
    return rate > 0 && x->ms > 0 ? rate * x->ms * 1e-3 : NAN;
}

enum launchwork_unit launchwork_pair(const struct launchwork *a, const struct launchwork *b, double *wa, double *wb)
{
    for (enum launchwork_unit u = LAUNCHWORK_FIRST; u != LAUNCHWORK_NONE; u = launchwork_next(u)) {
        double x = launchwork_of(a, u), y = launchwork_of(b, u);
        /* One work read back twice from rounded figures (0.999998 of itself): the same number, so that
         * a ratio of the two is exactly 1 and a script can tell the same work by it. */
        if (x > 0 && y > 0) { *wa = x; *wb = launchwork_same(x, y) ? x : y; return u; }
    }
    *wa = *wb = 1;
    return LAUNCHWORK_NONE;
}

int launchwork_counted(const struct launchwork *x)
{
    for (enum launchwork_unit u = LAUNCHWORK_FIRST; u != LAUNCHWORK_NONE; u = launchwork_next(u))
        if (launchwork_of(x, u) > 0) return 1;
    return 0;
}

int launchwork_same(double a, double b)
{
    /* Six significant digits each of the rate and the time: their product is good to about 1e-5. */
    return fabs(a - b) <= 1e-4 * fmax(fabs(a), fabs(b));
}

double launchwork_speedup(const struct launchwork *a, const struct launchwork *b)
{
    double wa, wb;
    switch (launchwork_pair(a, b, &wa, &wb)) {
    /* Work over time is the rate: the rates' ratio is the times' per unit of work, without the
     * rounding of taking the work back out of them. */
    case LAUNCHWORK_GFLOP: return b->gflops / a->gflops;
    case LAUNCHWORK_GB: return b->gbs / a->gbs;
    default: return a->ms / b->ms;
    }
}

const char *launchwork_unit_name(enum launchwork_unit u)
{
    return u == LAUNCHWORK_GFLOP ? "GFLOP" : u == LAUNCHWORK_GB ? "GB" : "";
}

const char *launchwork_unit_source(enum launchwork_unit u)
{
    return u == LAUNCHWORK_GFLOP ? "flops" : u == LAUNCHWORK_GB ? "bytes" : "";
}

const char *launchwork_times_words(char *buf, size_t n, double lo, double hi)
{
    if (hi < 1 && launchwork_same(lo, hi)) snprintf(buf, n, "%.3gx less", 1 / lo);
    else if (hi < 1) snprintf(buf, n, "%.3g-%.3gx less", 1 / hi, 1 / lo);
    else if (lo > 1 && launchwork_same(lo, hi)) snprintf(buf, n, "%.3gx more", hi);
    else if (lo > 1) snprintf(buf, n, "%.3g-%.3gx more", lo, hi);
    else snprintf(buf, n, "from %.3gx less to %.3gx more", 1 / lo, hi);
    return buf;
}
