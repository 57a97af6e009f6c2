/* relative.h — comparisons between the rows of one run as it goes: rel_time against the spec's
 * reference variant (run first at each point), per unit of work where the two did different work
 * (lib/launchwork.h's rule), and dev_row_avg, the seed's deviation from the
 * row average over work-group sizes (known when the sweep ends). The one rule: a sweep's rows,
 * and clx merge's over the rows it keeps (cluster/merge_rel.c), are computed by it. */
#ifndef RELATIVE_H
#define RELATIVE_H
#include "spec/plan.h"
#include "spec/spec.h"
#include "store/rowstatus.h"
#include "lib/launchwork.h"
#include <math.h>

/* One swept row: which configuration, its median time (NAN when it has none) and its rates, the
 * work a launch it did (launchwork_of). */
struct rel_rec { int variant, build; size_t point; double median_ms, gflops, gbs; };
/* relative_rec: a row's record: its median and rates where its status is a measured one (ok,
 * unverified), else NAN: a FAIL row keeps its time in results.tsv, but a wrong answer's time is no
 * row's reference nor part of a row average. */
static inline struct rel_rec relative_rec(int variant, int build, size_t point, enum row_status status, double median_ms,
                                          double gflops, double gbs)
{
    int m = row_status_is_measured(status);
    return (struct rel_rec){ .variant = variant, .build = build, .point = point, .median_ms = m ? median_ms : NAN,
                             .gflops = m ? gflops : NAN, .gbs = m ? gbs : NAN };
}

/* The rule every row of a run is measured by, and the rows so far. The variants and the spec's
 * relative variant are borrowed: they must outlive it. */
struct relative {
    const struct variant *vars;        /* the plan's variants, by index: name, keys, values */
    const struct spec_variant *ref;    /* the spec's relative variant; NULL: it names none */
    size_t nlocal;                     /* work-group sizes a point's line has (the last axis's values) */
    struct rel_rec *recs;
    size_t n, cap;
};

/* The formats results.tsv writes the relative columns in (rel_time and speedup, dev_row_avg):
 * a run's rows and clx merge's recomputed ones alike. */
#define RELATIVE_TIME_FORMAT "%.4g"
#define RELATIVE_ROW_DEV_FORMAT "%.4f"

/* relative_init: the rule of sweep p of spec s. */
void relative_init(struct relative *r, const struct spec *s, const struct plan *p);
/* relative_init_from: the same from its parts, for a reader that has no plan (clx merge, from
 * run.json's variants as run): vars[i] the plan's variant i (its name the spec variant's), ref the
 * spec's relative variant (NULL: none), nlocal the work-group sizes of a line of points. */
void relative_init_from(struct relative *r, const struct variant *vars, const struct spec_variant *ref, size_t nlocal);
/* relative_add: records a swept row, in the order the rows are written (the sweep's: line,
 * variant in the order it runs them, build, local; the relative variant's first at each point). */
void relative_add(struct relative *r, const struct rel_rec *rec);
/* relative_time: rec's median over the median of the first timed record so far of the spec's
 * relative variant at the same build, point and non-own parameters (1 for that variant's own); where
 * the two did different work a launch (the spec's flops, else bytes, at each one's values differ),
 * their times per unit of it; NAN when the spec names none, rec has no time, no such record is there,
 * or one of the two has a work and the other none in a unit it has (no comparison). *note (where note
 * is not NULL) gets, as a new string, what the row's note says of it when it is per unit of work or
 * left empty for the work, else NULL. */
double relative_time(const struct relative *r, const struct rel_rec *rec, char **note);
/* relative_speedup: the speedup column of a row of that rel_time (NAN stays NAN). */
static inline double relative_speedup(double rel_time) { return 1 / rel_time; }
/* relative_build_work: rec's work a launch over that of the first timed record of the sweep's first
 * build at the same variant and point (lib/launchwork.h's rule: GFLOP, else GB), its unit in *unit,
 * where the two differ (a -cl-opt-disable build given 64x fewer loop trips, so that a sweep ends);
 * 0 (LAUNCHWORK_NONE) where they are the same, rec is of the first build, or either has no time.
 * The console's row line says it, and the row's note: a reader of a time alone takes 64x less work
 * for a 20x faster build. */
double relative_build_work(const struct relative *r, const struct rel_rec *rec, enum launchwork_unit *unit);
/* relative_build_work_note: the row note's words for it, a new string ("work a launch: 64x less than
 * build default's ..."), first the first build's label; NULL where the works are the same. */
char *relative_build_work_note(const struct relative *r, const struct rel_rec *rec, const char *first);
/* relative_row_dev: the deviation from the row average of record i: its median over the mean of
 * the timed records of the same variant, build and point apart from the work-group size, minus
 * 1; NAN when it has no time or there is one work-group size. */
double relative_row_dev(const struct relative *r, size_t i);
void relative_free(struct relative *r);
#endif
