/* compare_reread.h — verdicts that outlived the rows they read: where a run's results.tsv was
 * rewritten between its read (rundir's tsv_read, lib/filestamp.h) and the command's .md in place (a
 * clx merge into that folder, a resume of that run), clx compare and clx history say so on the
 * console and at the top of compare.md or history.md, whose verdicts are then of rows no longer
 * there, and compare's --fail-on fails on it. One home for both: history's verdicts mix two versions
 * of a run as compare's do. */
#ifndef COMPARE_REREAD_H
#define COMPARE_REREAD_H
#include "compare_join.h"

/* Which command's verdicts: how it names a run (compare: its side, "side B", or its folder alone
 * within one run; history: its number by date, "run 2"), and which .md it marks. */
enum cmp_reread_of { CMP_REREAD_COMPARE, CMP_REREAD_HISTORY };

/* cmp_reread_said: where a run of j has a results.tsv other than the one read, the sentence that says
 * so (a new string: "results.tsv of side B (DIR: read at ...; now: ...) was rewritten while clx
 * compare read it and wrote its files: ..."; history: "results.tsv of run 2 (DIR: read at ...; now:
 * ...) was rewritten while clx history read it ..."); NULL where every run's is as it was read.
 * gate (NULL: not asked): set to --fail-on's reason (compare's, history's) naming the same runs,
 * shorter (a new string: "results.tsv of side B (DIR) was rewritten while clx compare read it: its
 * verdicts may mix two versions of that run, ..."), or NULL. The sentence names clx as it was called
 * ("./clx compare run again ...", for the console); *md is set to the same naming it as a document does
 * (clx_doc_cmd: "clx compare run again ...", for the .md read later from anywhere) and each folder as
 * compare.md's sides table names it (its real path in backticks, not as given: maybe relative to where
 * it ran, or a `latest` link moved on since), a new string, or NULL where NULL is returned. */
char *cmp_reread_said(const struct cmp_join *j, enum cmp_reread_of of, char **gate, char **md);
/* cmp_reread_mark: said (cmp_reread_said's *md) put under the title of dir's compare.md or history.md ("**Rewritten
 * meanwhile:** SAID"), once (a second call finds it); 0, or -1 where it could not be (warned). */
int cmp_reread_mark(const char *dir, enum cmp_reread_of of, const char *said);
#endif
