/* compare_write.h — `clx compare`'s files: compare.tsv, compare.md and the bar plots. */
#ifndef COMPARE_WRITE_H
#define COMPARE_WRITE_H
#include "compare.h"
#include "compare_outcome.h"
#include "compare_status.h"
#include "draftflow.h"

/* cmp_write_tsv: compare.tsv in dir: the configurations in common, then those that did not pass
 * on some side (st); *werr set to the errno when it cannot be written (said by the caller). */
void cmp_write_tsv(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, const char *dir,
                   int *werr);
/* cmp_draw: the speed-up bars (geometric mean per group and side) and, with two sides, the
 * verdicts' counts per group (not after a stop that came with the first: report_draft_stopped, nor
 * after the first failed). 0, or -1 with *dr: why, the want of room it failed for, and the pictures
 * not drawn (the one that failed and the one not tried after it). */
int cmp_draw(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, const char *dir,
             struct draft_drawn *dr);
/* cmp_write_md: compare.md in dir (the plots' links, or why they were not drawn: perr), with the
 * runs' stops and setups (compare_provenance.h) and what did not pass (st). */
void cmp_write_md(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st,
                  const struct compare_opts *co, const char *dir, int plot_failed, const char *perr, int *werr);
#endif
