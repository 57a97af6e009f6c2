/* compare_provenance.h — what a comparison or a history says of each run beside its rows, so that
 * its files read alone do not present part of a run as the whole or another kernel as the same: a
 * run stopped before its end (run.json interrupted) or unfinished (neither finished nor
 * interrupted), its rows cut short (flag rounds-cut) and what it lacks of A's, and
 * what a run ran otherwise than the one it is put beside (its template, spec, host reference,
 * options: store/sweepid.h's table of what makes one sweep). */
#ifndef COMPARE_PROVENANCE_H
#define COMPARE_PROVENANCE_H
#include "compare_join.h"
#include <stdio.h>

/* cmp_setup_differs: what run b (named bn) ran otherwise than run a (named an), other than its
 * device: "the template ('5a771b15c9903388' in B, '3521dd038b2612a6' in A), the trials (50 in B, 10
 * in A)"; NULL where nothing differs (a new string). Items one run did not record (an older clx)
 * are not compared. */
char *cmp_setup_differs(const struct rundir *a, const char *an, const struct rundir *b, const char *bn);
/* cmp_setup_differs_short: the same items by their names alone, for a chart's title: "the template,
 * the trials"; NULL where nothing differs (a new string). */
char *cmp_setup_differs_short(const struct rundir *a, const struct rundir *b);
/* cmp_say_stops: rundir_stopped for every stopped run of join j, a line each ("clx: compare: B (DIR)
 * was stopped ...", or "clx: history: run 3 ..." where history), or in markdown a paragraph each,
 * and the same of a side that is a partial merge or one shard of several ("B (DIR) is a partial
 * merge ..."); how many were stopped (a part's rows no resume adds). cmp_say_setups: what each side ran otherwise than A (cmp_setup_differs), or
 * (history) each run than the one before it, the same way; first, of a comparison within one run
 * (--by) whose rows ran on several devices (store/rundevs.h), that they did, once. */
int cmp_say_stops(FILE *out, const struct cmp_join *j, int history, int markdown);
/* cmp_unended_lacks: for each side but A whose run did not finish (stopped, or unfinished: still
 * running, killed, a full disk) and lacks configurations A measured, "B is unfinished: 39
 * configurations A measured have no row in it" (sides joined by "; "); NULL where none. listed:
 * cmp_status's [c], the configurations said as not passing instead. clx compare --fail-on fails
 * on these: they were never shown to pass, and another sweep's would not be missing by design. */
char *cmp_unended_lacks(const struct cmp_join *j, const int *listed);
/* cmp_cut_rows: for each side but A with rows a stop cut short (flag rounds-cut: store/rundir.h's
 * rundir_row_cut) among the configurations it is joined on, "B has 3 configurations a stop cut short
 * (flag rounds-cut, ...), never shown to pass whole" (sides joined by "; "); NULL where none. Such a row
 * is a result (its output passed, its time stands on fewer rounds), so it is compared and has a
 * verdict; clx compare --fail-on fails on it all the same: its run never measured the configuration
 * as it asked, and a gate on a run stopped in its last rounds passed on rows of one round. */
char *cmp_cut_rows(const struct cmp_join *j);
/* cmp_cut_rows_a: where A's rows of configurations in common (cmp_in_all) include rows a stop cut
 * short, "3 of A's rows were cut short by a stop (flag rounds-cut: only some of their rounds ran):
 * their verdicts rest on fewer rounds than A's run asked", and with gate (--fail-on's value, NULL:
 * none) why that gate passes them; NULL where none. clx compare --fail-on does not fail on them: A
 * is the baseline the user chose, not what is under test; its rows passed, and its fewer rounds make
 * a verdict UNSURE more often, not wrong more often (a SLOWER one still fails --fail-on slower). Failing on
 * them would fail every gate against that baseline whatever the other side did, until its resume. */
char *cmp_cut_rows_a(const struct cmp_join *j, const char *gate);
void cmp_say_setups(FILE *out, const struct cmp_join *j, int history, int markdown);
/* cmp_commands_differ: whether the runs of join j were made by commands that differ other than in
 * the options that measure nothing (--out, --quiet, --report, --timeout...: lib/args.h): their run.json args, or
 * command_line where a run recorded no args. A run made with --set TERMS=1 beside runs made with
 * TERMS=1,8 lacks configurations by its options, which its command shows. */
int cmp_commands_differ(const struct cmp_join *j);
#endif
