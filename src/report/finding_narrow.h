/* finding_narrow.h — the small sweep that decides a --quick run's findings that cannot be checked
 * for want of rows: the quick run's own axes with the values the findings' where and selectors name
 * added ("--set ILP=1,4,8 --local 32,64,128,256"), where the full sweep would take far longer
 * (volkov_fma: 1536 configurations, 19 minutes on a CPU, against 24). A full run narrowed by its
 * options (--set ILP=1,2,4 --local 64:1024:64) gets the same: its own sweep with the values added. */
#ifndef FINDING_NARROW_H
#define FINDING_NARROW_H
#include "spec/spec.h"
#include "store/rundir.h"

/* The findings that cannot be checked on a run for want of rows a fuller sweep has, and how many of
 * them the small sweep decides. */
struct narrow {
    const struct spec_finding **f; int nf;
    int decides;                 /* set by narrow_command */
};

/* narrow_add: takes finding f, which cannot be checked on the run for want of rows a fuller sweep
 * has (finding_sweep_decides). */
void narrow_add(struct narrow *n, const struct spec_finding *f);
/* narrow_command: the command of the small sweep that decides n's findings on r (spec s), after
 * prefix (what `clx run` takes before the options: "volkov_fma --device 0:0"): "volkov_fma --quick
 * --set ILP=1,4,8 --local 32,64,128,256" (without --quick where r is a full run). An axis (variant, build, a template parameter of s, a
 * launch axis) whose values a finding's conditions AXIS=VALUE name that the run lacks is given them
 * all, its own and the new ones, by its option (lib/args.h's table: --local, --size (N), --build,
 * else --set); r's own options of the other axes are kept as run, except where a finding reads
 * every value of an axis that one narrows (max(gbs[]) over the variants a --set variant=naive left
 * out): that axis takes the spec's values again (its quick ones, r being quick). The sweep is planned, and a finding counts where
 * each of its selectors has its configurations there (one where it names one: not a selector that
 * several rows match) and its other conditions (a column no option sets, such as taylor's
 * DATA_BYTES) are met by a measured row of r; one that does not is left to the full sweep, and
 * the sweep made without it. n->decides: how many it decides. A new string, each word quoted for a
 * shell where it must be; NULL where it decides none, or adds nothing to r's own sweep. */
char *narrow_command(struct narrow *n, const struct rundir *r, const struct spec *s, const char *prefix);
/* narrow_unfit: how many of n's findings the spec's full sweep gives rows only in configurations r's
 * device cannot hold (a buffer past its largest allocation, or all together past its share of its
 * global memory, run.json's device): run there, that sweep skips them, and decides none of those. */
int narrow_unfit(const struct narrow *n, const struct rundir *r, const struct spec *s);
/* narrow_run_options: r's own options that shape its sweep (--set, --local, --size, --build ...), as
 * given, each value quoted for a shell where it must be ("--set ILP=1,2,4 --local 64:1024:64"): a full
 * run so made may leave out values its findings name. A new string; NULL where it has none. */
char *narrow_run_options(const struct rundir *r);
void narrow_free(struct narrow *n);
#endif
