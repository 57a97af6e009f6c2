/* compare_noise.h — what the noise let one side's comparison decide, said in one line (console and
 * compare.md): the median noise floor, how far the runs differ beyond their rounds, a whole run that
 * moved, and what would narrow it for the configurations left UNSURE; the moved run's words are
 * clx history's too, for a step between two of its runs. */
#ifndef COMPARE_NOISE_H
#define COMPARE_NOISE_H
#include <stdio.h>

/* Runs that differ by this many times what their rounds show: most of their noise is not the
 * rounds' (on an H200, taylor's identical runs differed by 8.4x it, launch-bound rows by a level of
 * each process). */
#define RUN_LEVELS_NOISE 2.0

struct noise_said {
    const char *label;           /* the side, "B" */
    double floor;                /* the median configuration's noise floor (a share) */
    double run_noise;            /* how far the runs differ beyond their rounds (cmp_run_noise; 1: no more) */
    double min_effect;           /* --min-effect */
    int unsure, ncommon;         /* configurations UNSURE, of those in common */
    int runs;                    /* runs joined: 1 for a comparison within one run (--by) */
    double rounds;               /* the rounds a row had, the median over both sides' rows (0: not known) */
    double same_floor;           /* the floor under which SAME can be said: SAME_MAX_FLOORS x --min-effect */
    double shift;                /* the median speed-up of the configurations (B against A; 1: none) */
    int shifted;                 /* how many of them lie on the median's side of 1 */
    int same_setup;              /* the runs are of one setup (cmp_same_setup): a shift is their own level */
    const char *ref;             /* the side it is compared against: NULL for "A" (history: "run 1") */
};
/* A whole run moved, said as such: the median speed-up this far from 1 (either way), with this
 * share of the configurations on its side. Two quick vecsum runs on a loaded CPU, 2x apart in
 * every configuration, gave a floor of 1228%, which said nothing a user could act on. */
#define SHIFT_SAID 1.2
#define SHIFT_SAID_SHARE 0.9
/* More rounds than this a row are not offered as the way to a verdict. */
#define ROUNDS_WITHIN_REASON 50
/* compare_rounds_for: the rounds a row on each side would need for a noise floor of want where
 * `rounds` gave `floor`: a median's standard error shrinks as the square root of its replicates. */
int compare_rounds_for(double floor, double rounds, double want);

/* compare_noise_line: the line, ending in ".\n". */
void compare_noise_line(FILE *out, const struct noise_said *n);
/* compare_run_moved: whether the whole run moved (SHIFT_SAID, SHIFT_SAID_SHARE, runs of one setup,
 * 8 configurations or more); compare_say_moved: then what that is, "the whole run moved: B slower
 * than A in 24 of 24 configurations (0.50x in the median), which ... is their own level ...", with
 * no end. */
int compare_run_moved(const struct noise_said *n);
void compare_say_moved(FILE *out, const struct noise_said *n);
#endif
