/* solwords.h — the words users read for a row's share of its speed of light (results.tsv's sol_pct),
 * one wording in every table, chart and note: the speed-of-light table's "median % of it" and "its %"
 * beside compare.md's "% of sol (bound)" and a chart's "of the speed of light (%)" read as four
 * different figures. Here in store/, below the report, because sol_pct's own label in the columns'
 * table (columns.h, what an axis of any plot of it says) is one of them. Not printf formats: pass them
 * as a "%s" argument. */
#ifndef SOLWORDS_H
#define SOLWORDS_H

/* A row's sol_pct: its speed of light over its time, in %. compare.md's column is "A: % of sol (bound)". */
#define SOLWORDS_PCT "% of sol"
/* The median of a variant and build's rows with a bound. */
#define SOLWORDS_MEDIAN_PCT "median % of sol"
/* The best row's own. */
#define SOLWORDS_ITS_PCT "its % of sol"
#endif
