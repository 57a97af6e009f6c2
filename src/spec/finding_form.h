/* finding_form.h — the declarative forms a finding may take beside its check (docs/spec.md,
 * "Findings"): a claimed size as a range ("1.01..1.03", ">= 10"), a direction as a one-sided range
 * ("> 1"), and compare's pairs of timed rows ("A vs B; C vs D"); parsed alike for the spec reader,
 * which refuses a bad one at load time, and for the report, which judges them. */
#ifndef FINDING_FORM_H
#define FINDING_FORM_H
#include "select.h"

/* A range of sizes: lo..hi, each bound closed or open, +-INFINITY where the claim sets none. */
struct claim_range { double lo, hi; int lo_open, hi_open; };

/* claim_range_parse: "LO..HI" (both closed), ">= X", "> X", "<= X" or "< X". 0, or -1 and *err. */
int claim_range_parse(const char *text, struct claim_range *r, char **err);
/* claim_range_text: the range as the spec writes it, in a new string ("1.01..1.03", ">= 10"). */
char *claim_range_text(const struct claim_range *r);
/* claim_range_has: whether x is in r. */
int claim_range_has(const struct claim_range *r, double x);
/* claim_range_covers: whether all of [lo, hi] is in r; claim_range_meets: whether some of it is. */
int claim_range_covers(const struct claim_range *r, double lo, double hi);
int claim_range_meets(const struct claim_range *r, double lo, double hi);
/* claim_range_side: +1 when no part of r lies below pivot, -1 when none lies above it, 0 when r
 * spans it (a claim of sameness: "0.95..1.05"). */
int claim_range_side(const struct claim_range *r, double pivot);
/* claim_range_one_sided: whether r has one infinite bound (a direction: "> 1", "<= 0.8"). */
int claim_range_one_sided(const struct claim_range *r);
/* claim_range_sizeless: whether r states a side of pivot and no size: "> 1", ">= 1", "< 1". */
int claim_range_sizeless(const struct claim_range *r, double pivot);

/* How a metric's value follows a row's time: with it (a time: median_ms, rel_time; dev_row_avg, whose
 * value plus 1 does: column_origin), against it (a rate: gbs, gflops, pct_bw_peak), or not by the
 * rounds at all (a count, a size, an expression). */
enum metric_kind { MK_UNTIMED, MK_TIME, MK_RATE };
enum metric_kind finding_metric_kind(const char *metric);

/* compare = "A vs B; C vs D": pairs of sides, each a check holding one selector and nothing else
 * (its expr is "sel_1"), of a timed metric, not a count. */
struct compare_pair { struct check a, b; };
struct compare { struct compare_pair *pair; int n; };
/* compare_parse: 0, or -1 and *err ("'gbs[variant=a] gbs[variant=b]' has no ' vs '"). */
int compare_parse(const char *text, struct compare *c, char **err);
void compare_free(struct compare *c);
#endif
