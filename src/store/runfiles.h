/* runfiles.h — which entries of a run's folder clx writes there, so that what it did not write (a
 * user's notes beside the rows) is told apart and never removed with clx's own files. */
#ifndef RUNFILES_H
#define RUNFILES_H

/* run_file_ours: whether name, an entry of a run's (or a merged run's) folder, is one clx run, clx
 * merge or clx report writes there: results.tsv, run.json, kernels.tsv, probes.tsv, search.tsv,
 * modes.tsv, cl/, bin/, logs/, report.md, findings.tsv, plots/, spec/, console.log (--device all), a
 * merge's or a report's marks and drafts, and a temporary of one of them (store/staletmp.h). To add
 * a file clx writes in a run's folder, add its name to runfiles.c's table. */
int run_file_ours(const char *name);
#endif
