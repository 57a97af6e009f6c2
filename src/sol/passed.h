/* passed.h — a measured ceiling that verified rows pass is no ceiling. A theoretical ceiling is a
 * physical bound: a row past it means the counts are wrong (flag sol>100). A measured one is what
 * clx's own kernels reached (a peaks run): a verified row past it by more than SOL_OVER shows that
 * the device does more for that work than the measurement says, or that the counts are wrong, and
 * either way the figure bounds no row of the run. On PoCL the peaks run's cache read gave 3.7 GB/s
 * and its best stream 3.6 GB/s while vecsum's rows ran at 18-84 GB/s: kept as the bound, it flagged
 * the fastest rows and put the slowest near their speed of light. So once a run has its rows, every
 * row such a class binds loses its bound, saying why (the summary then counts it as a reason). */
#ifndef SOL_PASSED_H
#define SOL_PASSED_H
#include "ceilings.h"
#include "store/rundir.h"

struct sol_passed {
    int rows[SOL_NCLASS];        /* verified rows (status ok) past class k's measured ceiling (flag sol>100) */
    int bound[SOL_NCLASS];       /* rows class k binds: every one loses its bound */
    int flagged[SOL_NCLASS];     /* of them, those flagged sol>100 (any status): the flag goes */
    char *note[SOL_NCLASS];      /* the sol_note those rows get (NULL: class k not passed) */
    int any;                     /* some class is passed */
    int cpu;                     /* a CPU's: l2 said as its last-level cache (sol_class_said) */
};

/* sol_passed_find: the classes of c whose ceiling is measured and which a verified row of rd passed
 * by more than SOL_OVER (the guard's flag sol>100 with that class as its bound), with the note of
 * the rows each binds: its figure and source, how many passed it, the one that passed it most. */
void sol_passed_find(const struct rundir *rd, const struct sol_ceilings *c, struct sol_passed *p);
/* sol_passed_line: row i of rd as results.tsv holds it once p applies: a row whose bound is a passed
 * class with no sol_ms, sol_pct, bound, sol_lat_ms or sol_tput_ms, its sol_note p's, and no flag
 * sol>100; a new line (with its newline), or NULL where the row does not change. */
char *sol_passed_line(const struct rundir *rd, int i, const struct sol_passed *p);
/* sol_passed_withdrawn: the one line that takes back the sol>100 the console's row lines showed as
 * the rows were measured (run_print_row prints the flag column as it was then): how many rows lose
 * it, against which measured ceilings, and why; a new string without "clx: " or a newline, NULL
 * where no row loses the flag. */
char *sol_passed_withdrawn(const struct sol_passed *p);
void sol_passed_free(struct sol_passed *p);
#endif
