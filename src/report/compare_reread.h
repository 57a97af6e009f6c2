/* compare_reread.h — a comparison that outlived the rows it read: where a side's results.tsv was
 * rewritten between its read (rundir's tsv_read, lib/filestamp.h) and compare.md in place (a clx
 * merge into that folder, a resume of that run), clx compare says so on the console and at the top
 * of compare.md, whose verdicts are then of rows no longer there, and --fail-on fails on it. */
#ifndef COMPARE_REREAD_H
#define COMPARE_REREAD_H
#include "compare_join.h"

/* cmp_reread_said: where a run of j has a results.tsv other than the one read, the sentence that says
 * so (a new string: "results.tsv of side B (DIR: read at ...; now: ...) was rewritten while clx
 * compare read it and wrote its files: ..."); NULL where every run's is as it was read. gate: set to
 * --fail-on's reason naming the same runs, shorter (a new string: "results.tsv of side B (DIR) was
 * rewritten while clx compare read it: its verdicts may mix two versions of that run, ..."), or NULL. */
char *cmp_reread_said(const struct cmp_join *j, char **gate);
/* cmp_reread_mark: said put under the title of dir/compare.md ("**Rewritten meanwhile:** SAID"), once
 * (a second call finds it); 0, or -1 where it could not be (warned). */
int cmp_reread_mark(const char *dir, const char *said);
#endif
