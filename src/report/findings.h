/* findings.h — a seed's findings checked on a run: each claim holds, does not hold, or cannot be
 * checked on these results, with the numbers that decided it. */
#ifndef FINDINGS_H
#define FINDINGS_H
#include "store/rundir.h"
#include "spec/spec.h"

enum verdict { V_HOLDS, V_FAILS, V_NODATA };

struct finding_result {
    enum verdict verdict;
    char *measured;              /* "max(gbs[variant=float4]) = 4345 (N=200000000); 1.249 <= 1.03" */
    char *why;                   /* V_NODATA: what is missing */
};

/* findings_eval: checks f on r's measured rows (status ok or unverified, unless the check's own
 * filter names status). */
void findings_eval(const struct rundir *r, const struct spec_finding *f, struct finding_result *out);
void finding_result_free(struct finding_result *o);
/* verdict_text: "holds", "does not hold", "cannot be checked". */
const char *verdict_text(enum verdict v);
#endif
