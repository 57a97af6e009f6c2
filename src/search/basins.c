/* basins.c — the starts of climbs in other basins (basins.h). */
#include "basins.h"
#include "timed.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

int basins_apart(const struct race_space *sp, int i, int j)
{
    int n = 0;
    for (int d = 0; d < sp->ndims; d++) n += sp->coord[(size_t)i * sp->ndims + d] != sp->coord[(size_t)j * sp->ndims + d];
    return n;
}

int basins_far(const struct basins *b, const struct race_space *sp, const int *seen, const double *t, int n, int inc,
               int *out)
{
    struct timed *far = xmalloc(sizeof *far * (size_t)(n ? n : 1));
    int m = 0;
    for (int k = 0; k < n; k++) {
        int i = seen[k], ok = !isnan(t[k]) && basins_apart(sp, i, inc) >= BASINS_FAR_APART;
        for (int s = 0; ok && s < b->n; s++) ok = b->starts[s] == i || basins_apart(sp, i, b->starts[s]) >= BASINS_STARTS_APART;
        if (ok) far[m++] = (struct timed){ t[k], i };
    }
    qsort(far, (size_t)m, sizeof *far, timed_order);
    for (int k = 0; k < m; k++) out[k] = far[k].config;
    free(far);
    return m;
}

void basins_started(struct basins *b, int i)
{
    for (int s = 0; s < b->n; s++)
        if (b->starts[s] == i) return;
    b->starts = xrealloc(b->starts, sizeof *b->starts * (size_t)(b->n + 1));
    b->starts[b->n++] = i;
}

void basins_free(struct basins *b)
{
    free(b->starts);
    b->starts = NULL;
    b->n = 0;
}
