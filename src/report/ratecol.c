/* ratecol.c — a rate (GB/s, GFLOP/s) as the console's row lines and the summary's tables show it,
 * and when a column of them adds nothing (ratecol.h). */
#include "ratecol.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rate_shown(double x) { return isfinite(x) && x >= RATE_SHOWN_MIN; }

int rate_nothing(double x) { return isfinite(x) && x < RATE_SHOWN_MIN; }

int rate_row_shown(double x, double other)
{
    return isfinite(x) && (rate_shown(x) || !rate_shown(other) || other < RATE_TOKEN_TIMES * x);
}

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
    if (!isfinite(x)) { snprintf(buf, n, "%s", ""); return buf; }
    if (x <= 0) { snprintf(buf, n, "%.1f", x); return buf; }
    /* The exponent of x rounded to two significant digits, so that a value that rounds up to the next
     * power of ten (0.9996, 0.0996) takes that power's places: "1.0", "0.10", never "1.00". */
    char e[32];
    snprintf(e, sizeof e, "%.1e", x);
    const char *ep = strchr(e, 'e');
    int exp10 = ep ? atoi(ep + 1) : 0;
    if (exp10 >= 0) snprintf(buf, n, "%.1f", x);
    else if (1 - exp10 <= 6) snprintf(buf, n, "%.*f", 1 - exp10, x);   /* decimals while short: 0.000012 */
    else snprintf(buf, n, "%s", e);
    return buf;
}
