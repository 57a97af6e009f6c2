/* ratecol.h — a rate (GB/s, GFLOP/s) as the console's row lines and the summary's tables show it: one
 * rule for every such column, at least two significant digits (a column rounded 0.0563 to "0.1" beside
 * 0.047: a 1.2x difference read as 2x), and when a column of them adds nothing (volkov_fma's token 8
 * bytes a work-item read below 0.05 GB/s on every row: a column whose every row is such is left out). */
#ifndef RATECOL_H
#define RATECOL_H

/* The least rate a table takes as measurable: below it in every row, a column adds nothing (a token
 * byte count) and is left out, and the table by work-group size takes another rate. */
#define RATE_SHOWN_MIN 0.05
/* RATE_SHOWN_WORDS: that least rate as a reader is told it ("below 0.05"). */
#define RATE_SHOWN_WORDS "0.05"
/* How many times a row's other rate must exceed a small one for the small one to be a token count,
 * not the kernel's work: orders of magnitude (volkov_fma 8000x), never an experiment's own ratio of
 * bytes to flops (vecsum 12x, a grid stride's 0.044 GFLOP/s beside 0.48 GB/s). */
#define RATE_TOKEN_TIMES 100.0

/* rate_shown: whether x is a measurable rate (finite, at least RATE_SHOWN_MIN). */
int rate_shown(double x);
/* rate_nothing: whether x is a value below that (finite, below RATE_SHOWN_MIN): not a missing one
 * (NAN), which shows as "-" or blank already. */
int rate_nothing(double x);
/* rate_fig: x as every rate column shows it (the row lines, the tables by work-group size and of
 * bests), into buf (n bytes): one decimal from 1 up ("2.4", "14484.3"), two significant digits below
 * ("0.56", "0.056", "0.047", "0.00012"; in e form below 0.00001, "3.0e-09"), "0.0" for 0; so every
 * figure keeps at least two significant digits and a column's figures compare by eye (one decimal
 * from 0.05 up read 0.0563 as "0.1" beside 0.047's two digits). The digits are of x rounded once:
 * 0.9996 reads "1.0", 0.0996 "0.10". buf, or "" for a value that is missing (NAN). */
const char *rate_fig(char *buf, unsigned n, double x);
/* rate_column_empty: whether the n values x[] make a column that adds nothing: at least one value,
 * and none that rate_shown (the rows decide, not the experiment: a memory kernel's small sizes
 * read 0.04 GB/s beside its large ones' 40). */
int rate_column_empty(const double *x, int n);
/* rate_row_shown: whether a row's line shows its rate x beside its other rate other (NAN for none):
 * a value, and measurable (rate_shown), or the other is not, or x is more than a token beside it
 * (other below RATE_TOKEN_TIMES x); so a line always keeps a figure of its speed. A rate below 0.05 far
 * below a measurable other is the summary's rate that adds nothing (volkov_fma's token 8 bytes a
 * work-item, 0.00023 GB/s beside 1.9 GFLOP/s, 8000x): left out of the line as it is of the table. A
 * grid stride's 0.044 GFLOP/s beside 0.48 GB/s (vecsum's 12 bytes a flop) is its work, and the best
 * table shows it: a blank there read as "no figure". */
int rate_row_shown(double x, double other);
#endif
