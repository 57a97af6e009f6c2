/* reasons.h — why rows were not ok, each distinct reason said once on the console (also under
 * --quiet), with how many rows shared it at the end; the rows keep the whole text in `note`. */
#ifndef REASONS_H
#define REASONS_H
#include "lib/util.h"
#include <stdio.h>

struct reasons {
    struct strlist keys;         /* status and text with its numbers blanked: "skipped: above # (#)" */
    struct strlist first;        /* the first row's status and text, as said */
    int *counts;                 /* rows of each reason not said one by one (the first is) */
};

/* reasons_add: counts a row's reason; 1 when it is new (the caller says it), else 0. Rows whose
 * reasons differ only in numbers (sizes, element indices) share one. said: the caller says this
 * row whatever reasons_add returns (FAIL rows outside --quiet), so it is not among the "more". */
int reasons_add(struct reasons *rs, const char *status, const char *text, int said);
/* reasons_print_repeats: "clx: 11 more rows skipped for: ..." for every reason met more than once. */
void reasons_print_repeats(const struct reasons *rs, FILE *f);
void reasons_free(struct reasons *rs);
#endif
