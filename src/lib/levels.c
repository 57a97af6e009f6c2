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

/* make: the level of points i..j. */
static struct level make(const double *bytes, const double *ns, int n, int i, int j)
{
    struct stats st;
    stats_compute(ns + i, j - i + 1, &st);
    return (struct level){ .first = i, .last = j, .from_bytes = bytes[i], .to_bytes = bytes[j],
                           .next_bytes = j + 1 < n ? bytes[j + 1] : 0, .ns = st.median, .min_ns = st.min,
                           .max_ns = st.max };
}

/* noisy: whether point i's trials spread too far for it to say where a level starts. */
static int noisy(const double *cv, int i)
{
    return cv && cv[i] > LEVELS_NOISY_CV;
}

/* after_noise: whether point i follows point last with only noisy points between (none counts). */
static int after_noise(const double *cv, int last, int i)
{
    for (int j = last + 1; j < i; j++)
        if (!noisy(cv, j)) return 0;
    return 1;
}

int levels_find(const double *bytes, const double *ns, const double *cv, int n, double tol, int min_points,
                struct level *out, int max)
{
    int k = 0;
    for (int i = 0; i < n && k < max;) {
        if (!(ns[i] > 0) || noisy(cv, i)) { i++; continue; }
        int j = plateau_end(ns, n, i, tol);
        if (j - i + 1 < min_points) {
            /* Too short for a level: start again one point later, so a transition point does not
             * keep the plateau that begins right after it from being found whole. */
            i++;
            continue;
        }
        struct level l = make(bytes, ns, n, i, j);
        /* A plateau right after the last (no point between, or only noisy ones) whose median lies
         * within tol of its median is the same level cut by a noisy point: one level. */
        if (k && after_noise(cv, out[k - 1].last, i) && (l.ns > out[k - 1].ns ? l.ns <= out[k - 1].ns * (1 + tol)
                                                                   : out[k - 1].ns <= l.ns * (1 + tol)))
            out[k - 1] = make(bytes, ns, n, out[k - 1].first, j);
        else out[k++] = l;
        i = j + 1;
    }
    return k;
}

int levels_at(const struct level *lv, int n, double bytes)
{
    for (int i = n - 1; i >= 0; i--) {
        if (lv[i].from_bytes > bytes) continue;
        int open = i == n - 1 && lv[i].next_bytes == 0;
        /* At or past the next footprint the chase measured, latency had already risen: a read there
         * is beyond the level, however close to its end (a 4 MiB read is not the level that ends
         * between 2 and 3 MiB). */
        int short_of_next = !(lv[i].next_bytes > 0) || bytes < lv[i].next_bytes;
        return open || (bytes <= 2 * lv[i].to_bytes && short_of_next) ? i : -1;
    }
    return -1;
}

int levels_memory(const struct level *lv, int n, double llc)
{
    if (!(llc > 0) || n <= 0) return -1;
    for (int i = 0; i < n; i++)
        if (lv[i].from_bytes > llc) return i;
    /* Past the reported size on the level that holds it, and nothing slower after it (the curve
     * ends on it): the latency at that size is memory's. */
    return lv[n - 1].to_bytes > llc && lv[n - 1].next_bytes == 0 ? n - 1 : -1;
}

double levels_cache_bytes(const double *bytes, const struct level *lv, int mem, double llc)
{
    if (mem < 0 || lv[mem].from_bytes > llc) return llc;
    return lv[mem].first > 0 ? bytes[lv[mem].first - 1] : 0;
}

int levels_footprints(double first, double top, double *out, int max)
{
    int n = 0;
    for (double f = first; n < max && f > 0; f *= 2) {
        out[n++] = f;
        if (f >= top || n == max) break;
        out[n++] = f * 1.5;
        if (f * 1.5 >= top) break;
    }
    return n;
}
