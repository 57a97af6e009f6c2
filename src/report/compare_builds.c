/* compare_builds.c — one speed-up over several builds, or each build's own (compare_builds.h). */
#include "compare_builds.h"
#include "verdict.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int cmp_builds_of(const struct outcome *o, int s, struct build_mean **b)
{
    *b = xcalloc((size_t)o->ng + 1, sizeof **b);
    int nb = 0;
    for (int i = 0; i < o->ng; i++) {
        const struct group *g = &o->g[i];
        if (g->build[0] == '(') { free(*b); *b = NULL; return 0; }
        int k = 0;
        while (k < nb && strcmp((*b)[k].build, g->build)) k++;
        if (k == nb) (*b)[nb++] = (struct build_mean){ .build = g->build };
        struct build_mean *x = &(*b)[k];
        x->groups++;
        x->n += g->n;
        for (int v = 0; v < 4; v++) x->count[v] += g->count[s * 4 + v];
        x->logsum += g->logsum[s];
        cmp_decided_add(&x->decided, &g->decided[s]);
    }
    return nb;
}

int cmp_builds_differ(const struct outcome *o, int s, const struct build_mean *b, int nb)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < nb; k++) {
        if (!b[k].n) continue;
        double m = b[k].logsum / b[k].n;
        lo = fmin(lo, m);
        hi = fmax(hi, m);
    }
    /* "Differ" as a verdict counts it: by --min-effect or more, and beyond the noise floor its
     * configurations showed (a 3% gap within a floor of 23%, every one UNSURE, is noise: one mean
     * says both). A floor the rows cannot give (one trial each) leaves --min-effect alone. */
    double floor = o->floor && isfinite(o->floor[s]) ? o->floor[s] : 0;
    return hi > lo && exp(hi - lo) >= 1 + fmax(o->min_effect, floor);
}

int cmp_builds_line(FILE *out, const struct outcome *o, int s, int markdown)
{
    struct build_mean *b;
    int nb = cmp_builds_of(o, s, &b), said = 0;
    if (nb >= 2 && cmp_builds_differ(o, s, b, nb)) {
        fprintf(out, "%sNo speed-up over all builds: their speed-ups differ (", markdown ? "**" : "");
        for (int k = 0; k < nb; k++) {
            char r[32];
            fprintf(out, "%s%s %s", k ? ", " : "", b[k].build, fmt_ratio(r, sizeof r, exp(b[k].logsum / b[k].n)));
        }
        /* One wording whether a build's row is its one group's or its "all" row: a row of its own
         * above this line either way. */
        fprintf(out, ")%s, and a mean over them is no build's: read each build's own row above.\n", markdown ? "**" : "");
        said = 1;
    }
    free(b);
    return said;
}
