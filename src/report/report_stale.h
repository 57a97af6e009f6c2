/* report_stale.h — a report.md that outlived the rows it was drawn from: it records, on its second
 * line, the results.tsv it read (size and modification time, lib/filestamp.h), and whoever finds that
 * file rewritten since (the report itself once its report.md is in place; a clx merge once it has
 * rewritten the folder) marks it stale under that line. A merge that replaces a partial merge moves an
 * older report.md aside with the rest, but one whose rows were read before the merge moved them and
 * that was put in place after (its draft begun meanwhile) stayed, the rows it shows gone, unsaid. */
#ifndef REPORT_STALE_H
#define REPORT_STALE_H
#include "store/rundir.h"
#include <stdio.h>

/* The second line of report.md, then filestamp_text's words and " -->". */
#define REPORT_STAMP_LINE "<!-- clx report read results.tsv: "

/* report_stale_stamp: the line recording r's results.tsv as it was read (r->tsv_read) on md; nothing
 * where it was not known. */
void report_stale_stamp(FILE *md, const struct rundir *r);
/* report_stale_mark: where dir/report.md records a results.tsv other than dir's now, that report.md
 * marked "**Stale:** ..." under its stamp (once: a second call finds the mark) and 1, *said (where
 * not NULL) the sentence for the console (a new string); 0 where it is not stale (no report.md, no
 * stamp in it: an older clx's, or the same results.tsv); -1 where the mark could not be written
 * (warned). */
int report_stale_mark(const char *dir, char **said);
#endif
