/* compare_noise.h — what the noise let one side's comparison decide, said in one line (console and
 * compare.md): the median noise floor, how far the runs differ beyond their rounds, a whole run that
 * moved (or whose decided configurations all went one way, as a run's level and a change alike would
 * move them), and what would decide the configurations left UNSURE, from their own floors and
 * differences; the moved run's words are clx history's and --fail-on slower's too. */
#ifndef COMPARE_NOISE_H
#define COMPARE_NOISE_H
#include "floor_said.h"
#include <stdio.h>

/* Runs that differ by this many times what their rounds show: most of their noise is not the
 * rounds' (on an H200, taylor's identical runs differed by 8.4x it, launch-bound rows by a level of
 * each process). */
#define RUN_LEVELS_NOISE 2.0
/* Configurations from which the runs' scatter beyond their rounds is measured (cmp_run_noise), and
 * a whole run's move said as its level (compare_run_moved): fewer give no spread to trust. */
#define RUN_NOISE_LEAST 8

/* How the other side moved against the first as a whole (cmp_shift): its median speed-up, and its
 * decided configurations' way and amounts. */
struct run_shift {
    double median;               /* the median speed-up of the configurations (B against A; 1: none) */
    int shifted;                 /* how many of them lie on the median's side of 1 */
    int slower, faster;          /* how many have a speed-up under 1, over 1 */
    int decided;                 /* how many were decided FASTER or SLOWER */
    int decided_slower;          /* of them, how many SLOWER */
    double nearest, farthest;    /* of them, the speed-ups nearest to 1 and farthest from it (1: none): said */
    int of;                      /* where set (not by cmp_shift), the configurations it was taken over, said beside
                                  * its verdicts where a reader's other counts are of another set (a history's) */
};

/* An UNSURE configuration's own ratio (B's time over A's, per unit of work) and noise floor (a share;
 * not finite: none), from which what would decide it is said; far: where one round far out makes
 * its floor (verdict_far_round), what that round was, said by name ("naive default N=1000: A's round
 * of 5.2 ms against 0.18 ms ..."), else NULL; rounds: the rounds a side its floor stood on (paired:
 * the fewer of the two rows'; else their harmonic mean), and rounds_lo, rounds_hi the two rows'
 * own (results.tsv's rounds), so that the advice says the rounds of the rows it is about, not the
 * median of all (0: not known, noise_said's rounds taken). */
/* name: the configuration ("gs_f4_ilp2 -cl-opt-disable local=64"; NULL: not known), said where it is
 * the one of its kind. */
struct unsure_row { double ratio, floor; const char *far; double rounds; int rounds_lo, rounds_hi; const char *name; };

struct noise_said {
    const char *label;           /* the side, "B" */
    double floor;                /* the median configuration's noise floor (a share) */
    double floor_without;        /* the same with each floor one round far out makes taken without that
                                  * round (0: not known) */
    double run_noise;            /* how far the runs differ beyond their rounds (cmp_run_noise; 1: no more) */
    double min_effect;           /* --min-effect */
    int unsure, ncommon;         /* configurations UNSURE, of those in common */
    int runs;                    /* runs joined: 1 for a comparison within one run (--by) */
    double rounds;               /* the rounds a row had, the median over both sides' rows (0: not known):
                                  * for a row of rows[] that does not say its own */
    double same_floor;           /* the floor under which SAME can be said: SAME_MAX_FLOORS x --min-effect */
    struct run_shift move;       /* how the side moved as a whole */
    int same_setup;              /* the runs are of one setup (cmp_same_setup): a shift is their own level; 0
                                  * between runs of one device (not other_device): a setup changed, which no
                                  * comparison within one run (--by) holds, so none is offered */
    int other_device;            /* the sides ran on other devices or OpenCL implementations (cmp_other_device):
                                  * no comparison within one run (--by) is offered, none holds both */
    const char *ref;             /* the side it is compared against: NULL for "A" (history: "run 1") */
    int searched;                /* a side is a search's run (clx run --search): its race gave each row its
                                  * rounds, which a search's --rounds does not raise (it splits the trials) */
    const struct unsure_row *rows; /* the `unsure` configurations' own (NULL: not known, nothing said of them) */
};
/* A whole run moved, said as such: the median speed-up this far from 1 (either way), with this
 * share of the configurations on its side. Two quick vecsum runs on a loaded CPU, 2x apart in
 * every configuration, gave a floor of 1228%, which said nothing a user could act on. */
#define SHIFT_SAID 1.2
#define SHIFT_SAID_SHARE 0.9
/* Below that, between runs of one setup whose decided configurations all went one way: in fewer than
 * RUN_NOISE_LEAST configurations, where no floor was widened by the runs' own scatter (it cannot be
 * measured), whatever the others did; in more, where this share of them went that way too. That is
 * how a run's own level looks, and how a change that moved those configurations as much looks: of
 * four identical optflags --quick --rounds 10 runs seconds apart on PoCL, the third against the
 * first had 6 of 6 configurations SLOWER at 0.966-0.982x. Neither the others' way nor the amounts
 * are asked to agree: under a load of 5-9 on the 2 cores, pairs of such runs gave 6 of 6 SLOWER at
 * 0.440-0.973x (the default build's rows at 0.440-0.562x, the -cl-opt-disable ones at
 * 0.956-0.973x), and 3 SLOWER at 0.779-0.791x (the default build's) beside 3 SAME at 0.993-1.010x
 * (the -cl-opt-disable ones), identical code all the same. */
/* More rounds than this a row are not offered as the way to a verdict. */
#define ROUNDS_WITHIN_REASON 50
/* compare_rounds_for: the rounds a row on each side would need for a noise floor of want where
 * `rounds` gave `floor`: a median's standard error shrinks as the square root of its replicates. */
int compare_rounds_for(double floor, double rounds, double want);

/* compare_floor_said: noise floor f (a share: 0.031) as a reader is told it, in buf (FLOOR_SAID_SIZE):
 * floor_said's words, the one way a floor is said ("3.1%", "a factor of 4022": "a floor of 402150%"
 * read as nonsense); buf. */
const char *compare_floor_said(char *buf, size_t size, double f);
/* compare_noise_line: the line, ending in ".\n". */
void compare_noise_line(FILE *out, const struct noise_said *n);
/* compare_run_moved: whether the whole run moved (SHIFT_SAID, SHIFT_SAID_SHARE, runs of one setup,
 * RUN_NOISE_LEAST configurations or more). compare_run_alike: else, whether its decided verdicts
 * look as its run's own level would and as a change of those configurations would, which they cannot
 * tell apart (runs of one setup, some decided, all one way; from RUN_NOISE_LEAST configurations up,
 * SHIFT_SAID_SHARE of them that way too). */
int compare_run_moved(const struct noise_said *n);
int compare_run_alike(const struct noise_said *n);
/* compare_say_level: where one of them holds, `lead` and what that is, with no end, and 1: "the
 * whole run moved: B slower than A in 24 of 24 configurations (0.50x in the median), which ... is
 * their own level ...", or "B slower than A in 6 of 6 configurations (0.968x in the median; the 6
 * decided, all SLOWER, ...): ... cannot be told from a change that slowed every configuration as
 * much: ...";
 * else nothing, and 0. */
int compare_say_level(FILE *out, const char *lead, const struct noise_said *n);
#endif
