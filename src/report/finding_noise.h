/* finding_noise.h — the noise under a finding's numbers: a timed value's replicates (each round's
 * value, as clx compare's verdict rule reads a row) and its noise floor from them; a check or a size
 * evaluated again at every combination of its timed values at the ends of their floors, so that a
 * check true at the values measured and false within their noise is not called "holds"; and the
 * rows a stop cut short (rounds-cut) that a timed value rests on. What that makes of a part's
 * verdict: finding_noise_verdict.h. */
#ifndef FINDING_NOISE_H
#define FINDING_NOISE_H
#include "finding_pick.h"
#include "finding_verdict.h"
#include "spec/finding_form.h"

/* finding_replicates: p's replicates of s's metric of kind (a time or a rate): its row's (each
 * round's median, with one round each trial: rundir_replicates) scaled to the metric, a time growing
 * with it and a rate falling; for a group (mean, gmean, median or sum of rows) the group's value at
 * each replicate all its rows have (the k-th of every row). How many, in a new *out. */
int finding_replicates(const struct rundir *r, const struct selector *s, const struct pick *p, enum metric_kind kind,
                       double **out);
/* finding_rows_cut: how many of p's rows a stop cut short (flag rounds-cut): their rounds are fewer
 * than the run asked, and --resume measures them again. */
int finding_rows_cut(const struct rundir *r, const struct pick *p);

/* More timed values than this are not varied (2^N combinations): no spec comes near. */
#define NOISE_MOST_VALUES 16
/* What the noise of its timed values does to an expression over selectors. A timed value is a
 * selector of a time or a rate the rounds measure (finding_metric_kind), not a count, or of a spread
 * of a row's trials (a cv: column_spread_over), whose floor is its sampling error
 * (finding_spread_floor); selectors that pick one row for one metric are one value. */
struct expr_noise {
    int timed;                   /* timed values, spreads included (0: the expression is exact, the rest unset) */
    int spreads;                 /* how many of them are spreads, within their sampling error alone */
    double floor_lo, floor_hi;   /* the smallest and largest of their noise floors (shares) */
    char *no_floor;              /* a timed value with no floor, by its selector; or NULL */
    const char *no_floor_why;    /* why it has none ("one replicate") */
    int cut;                     /* rows a stop cut short under the timed values */
    const char *cut_resume;      /* what clx run --resume does to them (rundir_cut_resume) */
    int unbounded;               /* some value's noise is not known (no floor, or rows cut): varied without bound */
    double lo, hi;               /* the expression's least and greatest value over the combinations (+-INFINITY: too many to vary) */
    int some_true, some_false;   /* whether it is non-zero (true) at some combination, zero at some */
    /* Apart from the noise, what rests on a peak that run.json calls an upper-bound estimate (a
     * CPU's): a selector of a share of it (column_share_of), which the true peak, lower, makes
     * larger, and the peak itself where the expression names it (PEAK_FP64_GFLOPS). The true peak
     * is no lower than the best rate a row of the run reached against it, nor than the lower figure
     * the estimate's derivation states where it states one (run.json peak.FIGURE_low_gflops). */
    int estimated;               /* such quantities (0: none, the rest unset) */
    char *estimate;              /* the first, in words ("pct_fp64_peak[...] = 46.73, a share of the fp64 peak") */
    const char *estimate_of;     /* its peak, run.json's name of the figure ("fp64") */
    double estimate_best;        /* the best share of that peak a row of the run reached, % (NAN: none) */
    double estimate_low;         /* its derivation's lower figure, GFLOP/s, where above that best rate (NAN: none) */
    double estimate_low_pct;     /* the same as a share of the estimate, % */
    double est_lo, est_hi;       /* the expression's range with each such peak anywhere from the higher of the best
                                  * rate reached and its lower figure up to its estimate */
    int est_true, est_false;     /* whether it is true somewhere there, false somewhere */
    /* Both at once, where it has timed values and estimates: each share of an estimated peak within
     * its floor and scaled by the true peak, the peaks themselves varied as above (a 205% floor and a
     * true peak at 44% of the estimate give 20.88% anywhere up to 145%, which neither gives alone). */
    double both_lo, both_hi;
    int both_true, both_false;
};

/* finding_expr_noise: expr (in c's terms) on v, whose sel_i hold picks[i - 1]'s values, evaluated at
 * every combination of c's timed values at the ends of their noise floors (x / (1 + f) and
 * x x (1 + f), f the verdict rule's floor for one value: z(alpha) x the standard error of its median
 * over its replicates, or for a spread of the trials that of itself, finding_spread_floor's; a value
 * without a floor, or on rows a stop cut short, from near 0 to near infinity); v is left as it was.
 * Free with expr_noise_free. */
void finding_expr_noise(const struct rundir *r, const struct check *c, const struct pick *picks, struct vars *v,
                        const char *expr, struct expr_noise *out);
void expr_noise_free(struct expr_noise *n);
#endif
