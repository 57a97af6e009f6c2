/* pctnear.c — a percentage beside the threshold it is judged by (pctnear.h): "+/- 1%" beside a flag
 * "noisy: a standard error above 1%" read as a contradiction for a time_se of 1.05%. */
#include "pctnear.h"
#include "util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *fmt_pct_near(char *buf, size_t n, double pct, double limit_pct)
{
    char num[64], lim[64];
    fmt_sig(lim, sizeof lim, limit_pct, 4, FMT_PCT_PLACES);
    int digits = 2;
    fmt_sig(num, sizeof num, pct, digits, FMT_PCT_PLACES);
    while (isfinite(pct) && pct != limit_pct && !strcmp(num, lim) && digits < 4)
        fmt_sig(num, sizeof num, pct, ++digits, FMT_PCT_PLACES);
    snprintf(buf, n, isfinite(pct) ? "%s%%" : "%s", num);
    return buf;
}
