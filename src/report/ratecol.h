/* ratecol.h — a rate (GB/s, GFLOP/s) as the console's row lines and the summary's tables show it:
 * one decimal, so a rate below 0.05 shows nothing measurable in a table (volkov_fma's token 8 bytes a
 * work-item read "< 0.1 GB/s" on every row; a column whose every row shows nothing is left out),
 * and a row line gives such a rate two significant digits (rate_fig) rather than a blank. */
#ifndef RATECOL_H
#define RATECOL_H

/* The least rate one decimal shows as a figure: below it "0.0", so the tables give such a rate two
 * significant digits (rate_fig) where they keep its column. */
#define RATE_SHOWN_MIN 0.05
/* RATE_SHOWN_WORDS: that precision as a reader is told it ("below 0.1"). */
#define RATE_SHOWN_WORDS "0.1"

/* rate_shown: whether x shows as a figure at that precision (finite, at least RATE_SHOWN_MIN). */
int rate_shown(double x);
/* rate_nothing: whether x is a value that shows nothing measurable (finite, below RATE_SHOWN_MIN):
 * not a missing one (NAN), which shows as "-" or blank already. */
int rate_nothing(double x);
/* rate_fig: x as a row line shows it, into buf (n bytes): one decimal where rate_shown, else two
 * significant digits ("0.045", "0.0012"; "0.0" for 0), so that a small rate never reads as a blank
 * cell, which is "not measured". buf, or "" for a value that is missing (NAN). */
const char *rate_fig(char *buf, unsigned n, double x);
/* rate_column_empty: whether the n values x[] make a column that adds nothing: at least one value,
 * and none that rate_shown (the rows decide, not the experiment: a memory kernel's small sizes
 * read 0.04 GB/s beside its large ones' 40). */
int rate_column_empty(const double *x, int n);
#endif
