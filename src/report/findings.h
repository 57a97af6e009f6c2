/* findings.h — a seed's findings checked on a run: each claim holds (in its size too, where it
 * states one), holds in direction but not in size, does not hold, cannot be decided on these rows
 * (a difference within their noise), or cannot be checked, with the numbers that decided it. */
#ifndef FINDINGS_H
#define FINDINGS_H
#include "finding_trace.h"
#include "finding_verdict.h"
#include "store/rundir.h"
#include "spec/spec.h"

struct finding_result {
    enum verdict verdict;
    char *measured;              /* "max(gbs[]) = 31.2 (variant=naive); ... = 5.37, asked <= 1.03" */
    char *why;                   /* V_NODATA: what is missing */
    struct finding_trace trace;  /* its parts and rows, for findings.tsv */
};

/* findings_eval: checks f on r's measured rows (status ok or unverified, unless a selector's own
 * filter names status): its check, compare and size, each a part; the worst part decides
 * (finding_worse). */
void findings_eval(const struct rundir *r, const struct spec_finding *f, struct finding_result *out);
/* FINDINGS_STOPPED_SAID: the words after a verdict its rows decide (holds, in size or not, or does not
 * hold) of a stopped run whose configurations not reached cannot be known (store/rundir_unreached.h: r->reach): those of r from rundir_unreached_open, where
 * the known ones are rows of their own, that did not pass. */
#define FINDINGS_STOPPED_SAID "a configuration it did not reach could change the verdict"
void finding_result_free(struct finding_result *o);
/* verdict_text: "holds", "holds in direction, not in size", "does not hold", "cannot be decided
 * here", "cannot be checked". */
const char *verdict_text(enum verdict v);
/* verdict_token: the verdict as one word, in findings.tsv: "holds", "holds-in-direction-not-in-size",
 * "does-not-hold", "cannot-be-decided", "cannot-be-checked". */
const char *verdict_token(enum verdict v);
/* How strict clx report --fail-on is with findings (docs/report.md): GATE_FINDING fails on a
 * finding the rows decide against (does not hold, or holds in direction, not in size); GATE_UNSURE
 * also on one they leave open (cannot be decided here, cannot be checked). */
enum findings_gate { GATE_NONE, GATE_FINDING, GATE_UNSURE };
/* verdict_fails: whether a finding of verdict v fails a report under gate g. */
int verdict_fails(enum verdict v, enum findings_gate g);
/* findings_counts: "3 hold, 1 holds in direction but not in size, 1 does not hold, 0 cannot be
 * checked" (a count of 1 in the singular; the verdicts of sizes and noise only where some finding
 * got them), in a new string. */
char *findings_counts(const int count[V_COUNT]);
#endif
