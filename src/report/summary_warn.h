/* summary_warn.h — the summary's WARNING lines (summary.h's SUMMARY_WARN section). */
#ifndef SUMMARY_WARN_H
#define SUMMARY_WARN_H
#include "store/rundir.h"
#include <stdio.h>

/* summary_warnings: a line per kind of caveat some measured row carries (above a peak, cache-resident,
 * noisy, cut short...), with how many rows, aligned text or Markdown (**Warning:**). */
void summary_warnings(const struct rundir *r, FILE *out, int markdown);
#endif
