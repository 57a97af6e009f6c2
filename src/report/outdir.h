/* outdir.h — the folder a command's output goes to: one named by the user, never over an earlier
 * output of the same command, or a new stamped one of its own under the results root. */
#ifndef OUTDIR_H
#define OUTDIR_H

/* outdir_make: out when the user named it (made where missing; refused when it already holds
 * KIND.md, the file the command writes there last, e.g. "compare.md", beside its picture `drawn`,
 * "speedup.svg": one whose picture was not drawn, or whose .md says one was not ("**Plot not drawn:**":
 * compare's verdicts' chart beside its speed-up's; a full disk, a gnuplot that failed) is drawn again
 * in its place, which a line on stdout says, but where gnuplot is not here to draw it), else a
 * new folder root/KIND-EXPERIMENT-TIME that no other process has (mkdir_stamped); but where the run
 * folder `beside` (one the output is about; NULL: none) lies in the current folder itself, that
 * folder is the root: run inside results/, `clx compare A B` wrote results/results/compare-....
 * A stamped folder is returned as its real path; where `beside` lies outside root (runs of clx run
 * --out /tmp/x), a line on stdout says that the output went under root, not beside them.
 * A new string, or NULL with *why (new) saying what went wrong; *usage is set when the user's
 * --out is the cause (a command-line mistake: exit 2): an --out that holds a KIND.md that no clx
 * wrote there (outdir_own), that is a file, not a folder, or that is a run's folder (run.json) or
 * holds another command's output (compare's in a history's --out, or the other way round). */
char *outdir_make(const char *out, const char *root, const char *beside, const char *kind, const char *experiment,
                  const char *drawn,
                  char **why, int *usage);
/* outdir_own: whether dir holds an earlier output of command kind ("compare"): its KIND.md with
 * KIND.tsv beside it (draftflow.h puts the table in place before the .md, the .md last). Its files
 * are that command's to replace; a KIND.md alone, or another file of a name the command writes
 * (speedup.tsv), is a user's, never written over (outdir_make, draftflow.c). */
int outdir_own(const char *dir, const char *kind);
#endif
