/* compare.h — `clx compare RUN_A RUN_B ...`: runs of one experiment joined on their
 * configurations (variant, build, launch point), with time ratios and speed-ups against RUN_A. */
#ifndef COMPARE_H
#define COMPARE_H

/* compare_runs: prints the comparison and writes compare.tsv, compare.md and a bar plot of the
 * ratios into out (NULL: results/compare-EXPERIMENT-TIME). Returns 0; 1 when the runs cannot be
 * joined (different experiments or launch axes, no configuration in common, several rows of one
 * configuration), a file cannot be written, or the plot cannot be drawn. */
int compare_runs(const char *const *dirs, int n, const char *out);
/* compare_out_dir: root/compare-EXPERIMENT-YYYYmmdd-HHMMSS, where a comparison goes by default (a
 * new string). */
char *compare_out_dir(const char *root, const char *experiment);
#endif
