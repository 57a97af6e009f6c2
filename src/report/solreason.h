/* solreason.h — a row's sol_note (why it has no bound) as the speed-of-light summary says it: its
 * head, without the ceilings' sources, keeping what tells the reason apart. */
#ifndef SOLREASON_H
#define SOLREASON_H

/* sol_reason_said: note up to its first bracket that ends a clause, where the ceiling's source begins
 * (four brackets deep on a CPU: the ports, the clock as timed, its margin), with where the rest is;
 * a new string. The whole note stays in results.tsv. A bracket of figures inside a clause ("the
 * measured one (3.689 GB/s, ...) bounds nothing here: 7 verified rows ... passed it") is left out and
 * the clause read on: cut before it, the reason was "no l2 ceiling" above a table listing one. Any
 * other bracket inside a clause ("a full clx run peaks (not --quick) measures one") cuts at the clause
 * boundary before it ("; " or ": "), never mid-clause; with none before it, the note is said whole. */
char *sol_reason_said(const char *note);
#endif
