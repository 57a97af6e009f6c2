/* bufbytes.c — the largest buffer a planned configuration allocates, from the spec alone (bufbytes.h). */
#include "bufbytes.h"
#include "geometry.h"
#include "plan.h"
#include "spec.h"
#include "lib/types.h"
#include <math.h>
#include <stdlib.h>

int bufbytes_point(const struct spec *s, const struct plan *p, int v, size_t pt, double *bytes, const char **name)
{
    struct vars vv = {0};
    char *err = NULL;
    /* The optimised build's names: a build changes no buffer. A launch size that reads a device's
     * property (vecsum's CU) leaves GLOBAL out, and the counts that do not read it still count. */
    int g = geometry_point(s, p, v, pt, 0, &vv, &err), rc = g == 0 || g == -1 ? 0 : -1;
    free(err);
    err = NULL;
    *bytes = 0;
    *name = NULL;
    for (int i = 0; !rc && i < s->nbufs; i++) {
        enum cltype t;
        double c;
        char *why = plan_variant_type(&p->variants[v], s->bufs[i].type, s->bufs[i].type_param, &t);
        if (why || expr_eval(s->bufs[i].count, &vv, &c, &err) || !isfinite(c)) rc = -1;
        free(why);
        free(err);
        err = NULL;
        if (rc) break;
        double b = ceil(c) * (double)cltype_info(t)->size;
        if (b > *bytes) *bytes = b, *name = s->bufs[i].name;
    }
    vars_free(&vv);
    return rc;
}
