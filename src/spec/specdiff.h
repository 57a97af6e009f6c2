/* specdiff.h — what of a spec differs between two of its texts, setting by setting: the work it
 * declares (flops, bytes, flops_peak: every rate of a row is one of them over its time), what it runs
 * or measures (any other setting), or only what no row reads (its description, findings, plots,
 * comments). So that "the spec" differing between two runs is said by what of it differs: an edit of
 * flops changes every rate and no kernel, an edit of a finding changes nothing measured. */
#ifndef SPECDIFF_H
#define SPECDIFF_H
#include "lib/util.h"

struct specdiff {
    int said_same;               /* the texts say the same: they differ, if at all, in comments, blank lines
                                  * or line ends alone (lib/spectext.h, the answer --resume takes too) */
    int read;                    /* both texts read as libconfig; else nothing below is known */
    /* The work settings that differ, and each one's text in a and in b ("'N'", "(none)"). */
    struct strlist work, work_a, work_b;
    struct strlist run;          /* other settings that differ, which what runs or its timing reads */
    struct strlist unread;       /* description, findings, plots that differ: no row reads them */
};

/* specdiff_make: where spec texts a and b differ, by top-level setting, into d (specdiff_free);
 * d->read 0 where either is no libconfig text, or where they say the same (d->said_same: nothing
 * to read). */
void specdiff_make(const char *a, const char *b, struct specdiff *d);
void specdiff_free(struct specdiff *d);
/* specdiff_said: what d says, its sides named an and bn: "the spec's flops: 'N' in A, '4 * N' in B",
 * "the spec's variants and launch (what it runs)", "the spec, only its findings and plots (nothing it
 * runs or measures)", "the spec, only its comments or layout (...)" (where they say the same, or
 * every setting is the same); parts joined by "; ". NULL where neither d->said_same nor d->read
 * (a new string). */
char *specdiff_said(const struct specdiff *d, const char *an, const char *bn);
/* specdiff_work_only: whether what differs is the declared work alone, its flops or bytes among it
 * (with, at most, flops_peak and what no row reads): the kernels the spec makes, and how they are
 * timed, are the same, and only the count of their work is not. */
int specdiff_work_only(const struct specdiff *d);
/* specdiff_unread_only: whether what differs is only what no row reads (d->unread: description,
 * findings, plots, grid_stride, buffers' vector; or nothing but comments and layout), no work setting
 * (a rate of a row already written would change) and nothing that runs or measures: rows of the one
 * text are rows of the other. 0 where the texts do not read as libconfig (nothing is known). The
 * rule --resume goes on by past an edit that says something (run/run_resume_spec.c). */
int specdiff_unread_only(const struct specdiff *d);
#endif
