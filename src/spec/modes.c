/* modes.c — the range arithmetic of modes: which dim-0 indices each part and chunk owns, and the
 * region of an output buffer that holds them. Pure: unit-tested in tests/unit/test_modes.c. */
#include "modes.h"
#include <math.h>
#include <stdlib.h>

/* at_multiple: x rounded to the nearest multiple of local, within [lo, hi]. */
static size_t at_multiple(double x, size_t local, size_t lo, size_t hi)
{
    size_t k = (size_t)floor(x / (double)local + 0.5) * local;
    return k < lo ? lo : k > hi ? hi : k;
}

void modes_part_ranges(size_t extent, size_t local, const double *shares, int n, struct mode_range *out)
{
    if (local == 0) local = 1;
    double cum = 0;
    size_t a = 0;
    for (int i = 0; i < n; i++) {
        cum += shares[i];
        size_t b = i == n - 1 ? extent : at_multiple(cum * (double)extent, local, a, extent);
        out[i].a = a;
        out[i].b = b;
        a = b;
    }
}

int modes_chunks(struct mode_range r, size_t local, int chunks, struct mode_range *out)
{
    if (local == 0) local = 1;
    if (chunks < 1) chunks = 1;
    int k = 0;
    size_t a = r.a;
    for (int i = 0; i < chunks && a < r.b; i++) {
        double end = (double)r.a + (double)(r.b - r.a) * (i + 1) / chunks;
        size_t b = i == chunks - 1 ? r.b : at_multiple(end - (double)r.a, local, 0, r.b - r.a) + r.a;
        if (b <= a) continue;   /* a piece shorter than a work-group joins the next */
        out[k].a = a;
        out[k].b = b;
        k++;
        a = b;
    }
    return k;
}

int modes_read_region(size_t count, size_t extent, size_t elem, struct mode_range r, struct mode_read *out)
{
    if (extent == 0 || count % extent) return -1;
    size_t rows = count / extent;
    *out = (struct mode_read){0};
    if (rows == 1) {
        out->contiguous = 1;
        out->offset = r.a * elem;
        out->bytes = (r.b - r.a) * elem;
        return 0;
    }
    out->origin[0] = r.a * elem;
    out->region[0] = (r.b - r.a) * elem;
    out->region[1] = rows;
    out->region[2] = 1;
    out->pitch = extent * elem;
    return 0;
}
