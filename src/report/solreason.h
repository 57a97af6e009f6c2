/* solreason.h — the rows without a bound and why, one rule for every place that says it (the
 * speed-of-light table, its chart, compare.md): a row's sol_note (why it has no bound) as a summary
 * says it, its head without the ceilings' sources, keeping what tells the reason apart; and the
 * rows counted, their most common reason said. */
#ifndef SOLREASON_H
#define SOLREASON_H
#include "store/rundir.h"

/* sol_reason_said: note up to its first bracket that ends a clause, where the ceiling's source begins
 * (four brackets deep on a CPU: the ports, the clock as timed, its margin), with where the rest is;
 * a new string. The whole note stays in results.tsv. A bracket of figures inside a clause ("the
 * measured one (3.689 GB/s, ...) bounds nothing here: 7 verified rows ... passed it") is left out and
 * the clause read on: cut before it, the reason was "no l2 ceiling" above a table listing one. Any
 * other bracket inside a clause ("a full clx run peaks (not --quick) measures one") cuts at the clause
 * boundary before it ("; " or ": "), never mid-clause; with none before it, the note is said whole. */
char *sol_reason_said(const char *note);

/* Rows without a bound, counted by sol_reasons_count: how many, and their sol_notes (the empty ones
 * left out: no reason to count). Zero it before the first count; sol_reasons_free after. */
struct sol_reasons { long n; struct strlist why; };
/* sol_reasons_count: where row i of r has no bound (an empty or non-number sol_pct), counts it and
 * its sol_note in s: 1; 0 for a row with a bound, or -1 (nothing counted) where r has no sol_pct
 * column (a run before the speed of light's columns: no reason to give). */
int sol_reasons_count(struct sol_reasons *s, const struct rundir *r, int i);
/* sol_reason_most: the reason s's rows give most, as sol_reason_said says it (a simulator's device:
 * simulator_why whole, brackets and all), or "their rows give none (an empty sol_note)"; a new string.
 * where_rest 0: without sol_reason_said's "(the whole of it: ...)" where it cut (a chart's subtitle). */
char *sol_reason_most(const struct sol_reasons *s, const struct rundir *r, int where_rest);
void sol_reasons_free(struct sol_reasons *s);
#endif
