/* timeoutcut.h — the variants and builds of a run that a launch past its limit cut short, read from
 * its rows: each one's row 'timeout' and the rest of it 'stopped' (not run after it: run/run_marks.c),
 * which the run's end and report.md name with the resume that measures them. */
#ifndef TIMEOUTCUT_H
#define TIMEOUTCUT_H
#include "lib/table.h"

struct timeout_cut {
    struct strlist names;        /* "variant V, build B", once each, in the rows' order */
    int nstopped;                /* their rows 'stopped' */
};

/* timeout_cut_read: those of results.tsv's rows t (its variant, build and status columns); c
 * empty where none has a row 'timeout'. Free with timeout_cut_free. */
void timeout_cut_read(const struct table *t, struct timeout_cut *c);
/* timeout_cut_names: "variant V, build B; variant W, build C" (a new string; "" where none). */
char *timeout_cut_names(const struct timeout_cut *c);
void timeout_cut_free(struct timeout_cut *c);
#endif
