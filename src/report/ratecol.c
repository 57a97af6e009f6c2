/* ratecol.c — a rate (GB/s, GFLOP/s) as the console's row lines and the summary's tables show it,
 * and when a column of them adds nothing (ratecol.h). */
#include "ratecol.h"
#include <math.h>

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
