/* findings_tsv.h — findings.tsv beside report.md: the findings report.md shows, a row each, for a
 * script (a nightly job that fails when a finding stops holding): the verdict as one word, the size
 * judged against the claimed range, the rows read, why it is left open. Written by report_findings
 * as it writes report.md's section, from the same evaluation. Columns: docs/report.md, "findings.tsv". */
#ifndef FINDINGS_TSV_H
#define FINDINGS_TSV_H
#include "findings.h"
#include "store/results.h"

struct findings_tsv { struct tsv_out out; char *path, *tmp; };

/* findings_tsv_open: dir/findings.tsv begun, its header written: to a temporary name that
 * findings_tsv_close moves into place, so that an earlier report's file stays whole until then. A
 * failed write (a full disk) is not said: findings_tsv_close returns it. */
void findings_tsv_open(struct findings_tsv *w, const char *dir);
/* findings_tsv_row: the row of finding k (1.., report.md's #) f, evaluated into fr. */
void findings_tsv_row(struct findings_tsv *w, int k, const struct spec_finding *f, const struct finding_result *fr);
/* findings_tsv_close: the file moved into place; 0, or -1 with errno where it could not be written
 * (the temporary file removed, an earlier report's findings.tsv left as it was). */
int findings_tsv_close(struct findings_tsv *w);
/* findings_tsv_none: dir/findings.tsv with its header alone, for a report that checks no finding
 * (a spec without findings, a run without rows): an earlier report's rows do not stay behind;
 * findings_tsv_close's return. */
int findings_tsv_none(const char *dir);
#endif
