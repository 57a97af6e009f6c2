/* levels.c — plateaus of a latency curve (levels.h): pure, no OpenCL, no I/O. */
#include "levels.h"
#include "stats.h"
#include <stdlib.h>

/* plateau_end: the last index j >= i such that ns[i..j] lie within tol of their lowest. */
static int plateau_end(const double *ns, int n, int i, double tol)
{
    double lo = ns[i], hi = ns[i];
    int j = i;
    while (j + 1 < n && ns[j + 1] > 0) {
        double v = ns[j + 1], nlo = v < lo ? v : lo, nhi = v > hi ? v : hi;
        if (nhi > nlo * (1 + tol)) break;
        lo = nlo;
        hi = nhi;
        j++;
    }
    return j;
}

int levels_find(const double *bytes, const double *ns, int n, double tol, int min_points, struct level *out, int max)
{
    int k = 0;
    for (int i = 0; i < n && k < max;) {
        if (!(ns[i] > 0)) { i++; continue; }
        int j = plateau_end(ns, n, i, tol);
        if (j - i + 1 >= min_points) {
            struct stats st;
            stats_compute(ns + i, j - i + 1, &st);
            out[k++] = (struct level){ .first = i, .last = j, .from_bytes = bytes[i], .to_bytes = bytes[j],
                                       .next_bytes = j + 1 < n ? bytes[j + 1] : 0, .ns = st.median,
                                       .min_ns = st.min, .max_ns = st.max };
            i = j + 1;
        } else {
            /* Too short for a level: start again one point later, so a transition point does not
             * keep the plateau that begins right after it from being found whole. */
            i++;
        }
    }
    return k;
}

int levels_at(const struct level *lv, int n, double bytes)
{
    int at = -1;
    for (int i = 0; i < n; i++)
        if (lv[i].from_bytes <= bytes) at = i;
    return at;
}
