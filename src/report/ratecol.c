/* ratecol.c — a rate (GB/s, GFLOP/s) as the console's row lines and the summary's tables show it,
 * and when a column of them adds nothing (ratecol.h). */
#include "ratecol.h"
#include <math.h>
#include <stdio.h>

int rate_shown(double x) { return isfinite(x) && x >= RATE_SHOWN_MIN; }

int rate_nothing(double x) { return isfinite(x) && x < RATE_SHOWN_MIN; }

int rate_column_empty(const double *x, int n)
{
    int any = 0;
    for (int k = 0; k < n; k++) {
        if (rate_shown(x[k])) return 0;
        any |= rate_nothing(x[k]);
    }
    return any;
}

const char *rate_fig(char *buf, unsigned n, double x)
{
    if (!isfinite(x)) snprintf(buf, n, "%s", "");
    else if (rate_shown(x) || x <= 0) snprintf(buf, n, "%.1f", x);
    else {
        /* Two significant digits as decimals while they stay short (0.000012), else in e form. */
        int dec = 1 - (int)floor(log10(x));
        if (dec <= 6) snprintf(buf, n, "%.*f", dec, x);
        else snprintf(buf, n, "%.1e", x);
    }
    return buf;
}
