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

const char *fmt_share(char *buf, size_t n, long part, long whole)
{
    double pct = whole > 0 ? 100.0 * (double)part / (double)whole : NAN;
    if (!isfinite(pct)) snprintf(buf, n, "-");
    else if (part > 0 && pct < 1) snprintf(buf, n, "<1%%");
    else if (part < whole && pct > 99) snprintf(buf, n, ">99%%");
    else snprintf(buf, n, "%.0f%%", pct);
    return buf;
}

const char *fmt_share_fine(char *buf, size_t n, long part, long whole)
{
    double pct = whole > 0 ? 100.0 * (double)part / (double)whole : NAN;
    if (!isfinite(pct)) snprintf(buf, n, "-");
    else if (part > 0 && pct < 0.1) snprintf(buf, n, "%.2g%%", pct);
    else if (part < whole && pct > 99.9) snprintf(buf, n, ">99.9%%");
    else snprintf(buf, n, "%.1f%%", pct);
    return buf;
}
