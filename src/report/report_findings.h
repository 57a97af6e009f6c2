/* report_findings.h — report.md's section of the seed's findings and the console's list of them:
 * each verdict with the rows it is checked on, and, for a --quick run, what decides the findings it
 * cannot check: the full sweep, and the small one that adds only the values they name. */
#ifndef REPORT_FINDINGS_H
#define REPORT_FINDINGS_H
#include "findings.h"
#include "runspec.h"
#include <stdio.h>

/* What the findings came to: how many got each verdict; of those that cannot be checked, how many
 * a fuller sweep may decide (the full one: sweep_decides; the small one: narrow_decides) and how
 * many no sweep decides for a selector that several rows match (ambiguous), how many of the full
 * sweep's the device cannot hold (sweep_unfit: that sweep skips them there); the small sweep's
 * `clx run` arguments ("volkov_fma --quick --set ILP=1,4,8"), NULL when none. */
struct findings_tally {
    int count[V_COUNT], sweep_decides, sweep_unfit, narrow_decides, ambiguous; char *narrow;
    enum verdict *verdict; int nverdicts;   /* each finding's, in the spec's order (--fail-on) */
    int tsv_err;                 /* findings.tsv could not be written: why (errno); 0 where it was */
};

/* report_findings: the section on out (nothing where s has no findings), and on the console unless
 * quiet; the same findings, a row each, in tsv_dir's findings.tsv (findings_tsv.h; its header alone
 * where s has none; tsv_dir: the report's draft, report_draft.h); tallied into *t (zeroed by the caller; findings_tally_free frees it). The commands it
 * suggests name what cmd says (runspec.h). */
void report_findings(FILE *out, const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd, int quiet,
                     const char *tsv_dir, struct findings_tally *t);
/* report_findings_quick_said: for a --quick run whose findings a fuller sweep decides, the console's
 * line naming the commands that do (as cmd says); nothing otherwise. */
void report_findings_quick_said(const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd,
                                const struct findings_tally *t);
/* report_findings_fail: the findings whose verdicts fail gate (clx report --fail-on AS), each said
 * on its line ("clx: report: finding 3 does not hold: CLAIM (--fail-on finding)"); how many. */
int report_findings_fail(const struct spec *s, const struct findings_tally *t, enum findings_gate gate, const char *as);
void findings_tally_free(struct findings_tally *t);
#endif
