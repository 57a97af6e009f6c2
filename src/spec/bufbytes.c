/* bufbytes.c — a buffer's count and bytes, and the largest buffer a planned configuration allocates,
 * from the spec alone (bufbytes.h). */
#include "bufbytes.h"
#include "geometry.h"
#include "plan.h"
#include "spec.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

int bufbytes_count(const struct spec *s, int i, const struct vars *vv, size_t *count, char **why)
{
    double c;
    char *e = NULL;
    if (expr_eval(s->bufs[i].count, vv, &c, &e)) {
        *why = xasprintf("buffer %s: %s", s->bufs[i].name, e);
        free(e);
        return -1;
    }
    /* Written so that a NaN fails it too: (size_t)ceil(NaN) is undefined. */
    if (!(c >= 1 && c <= 1e15)) {
        *why = xasprintf("buffer %s: count %.0f is not a sensible size", s->bufs[i].name, c);
        return -1;
    }
    *count = (size_t)ceil(c);
    return 0;
}

double bufbytes_bytes(size_t count, enum cltype t) { return (double)count * (double)cltype_info(t)->size; }

int bufbytes_point(const struct spec *s, const struct plan *p, int v, size_t pt, double *bytes, const char **name,
                   double *total)
{
    struct vars vv = {0};
    char *err = NULL;
    /* The optimised build's names: a build changes no buffer. A launch size that reads a device's
     * property (vecsum's CU) leaves GLOBAL out, and the counts that do not read it still count. */
    int g = geometry_point(s, p, v, pt, 0, &vv, &err), rc = g == 0 || g == -1 ? 0 : -1;
    free(err);
    err = NULL;
    *bytes = 0;
    *total = 0;
    *name = NULL;
    for (int i = 0; !rc && i < s->nbufs; i++) {
        enum cltype t;
        size_t c;
        char *why = plan_variant_type(&p->variants[v], s->bufs[i].type, s->bufs[i].type_param, &t);
        if (why || bufbytes_count(s, i, &vv, &c, &err)) rc = -1;
        free(why);
        free(err);
        err = NULL;
        if (rc) break;
        double b = bufbytes_bytes(c, t);
        *total += b;
        if (b > *bytes) *bytes = b, *name = s->bufs[i].name;
    }
    vars_free(&vv);
    return rc;
}
