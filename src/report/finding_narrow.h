/* finding_narrow.h — the small sweep that decides a --quick run's findings that cannot be checked
 * for want of rows: the quick run's own axes with the values the findings' where and selectors name
 * added ("--set ILP=1,4,8 --local 32,64,128,256"), where the full sweep would take far longer
 * (volkov_fma: 1536 configurations, 19 minutes on a CPU, against 24). */
#ifndef FINDING_NARROW_H
#define FINDING_NARROW_H
#include "spec/spec.h"
#include "store/rundir.h"

/* The values a run lacks that its findings name, by axis: an axis is a column of the run the
 * command line sets (variant, build, a template parameter of the spec, a launch axis). */
struct narrow {
    struct strlist axis;         /* the axes that gain values, in the order the findings name them */
    struct strlist *add;         /* [k]: the values axis k gains, as the findings write them */
    int decides;                 /* the findings given to narrow_add that the values decide */
};

/* narrow_add: takes finding f, which cannot be checked on r for want of rows a fuller sweep has
 * (finding_sweep_decides). Where each of its selectors, with f's where, picks measured rows of r
 * once its conditions "AXIS=VALUE" on axes are set aside, the values those conditions name that r
 * has no row of join n and n->decides counts f: a sweep with them decides it (as far as rows go).
 * Otherwise (a condition on a column no option sets, such as taylor's DATA_BYTES, or an axis's
 * range, that no row meets) n is left as it was. s: the spec whose params are axes. */
void narrow_add(struct narrow *n, const struct rundir *r, const struct spec *s, const struct spec_finding *f);
/* narrow_command: the command of that sweep, after prefix (what `clx run` takes before the options:
 * "volkov_fma --device 0:0"): "volkov_fma --quick --set ILP=1,4,8 --local 32,64,128,256": r's own
 * options of the axes that gain nothing (--set, --local, --size, --build) kept as run, and each axis
 * that gains values given them all, r's and the new ones (--local, --size (N), --build, else --set),
 * each word quoted for a shell where it must be. A new string; NULL when n adds nothing. */
char *narrow_command(const struct narrow *n, const struct rundir *r, const char *prefix);
void narrow_free(struct narrow *n);
#endif
