/* outdir.h — the folder a command's output goes to: one named by the user, never over an earlier
 * output of the same command, or a new stamped one of its own under the results root. */
#ifndef OUTDIR_H
#define OUTDIR_H

/* outdir_make: out when the user named it (made where missing; refused when it already holds
 * `marker`, a file the command writes there, e.g. "compare.md"), else a
 * new folder root/KIND-EXPERIMENT-TIME that no other process has (mkdir_stamped); but where the run
 * folder `beside` (one the output is about; NULL: none) lies in the current folder itself, that
 * folder is the root: run inside results/, `clx compare A B` wrote results/results/compare-....
 * A new string, or NULL with *why (new) saying what went wrong; *usage is set when the user's
 * --out is the cause (a command-line mistake: exit 2). */
char *outdir_make(const char *out, const char *root, const char *beside, const char *kind, const char *experiment,
                  const char *marker,
                  char **why, int *usage);
#endif
