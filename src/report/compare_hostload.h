/* compare_hostload.h — where two runs on a CPU device ran under clearly different loads of the host
 * (run.json host_load: the share of the host's CPU time other processes took during each sweep),
 * said beside the FASTER and SLOWER verdicts of `clx compare` and `clx history`, or beside a whole
 * run's move: the device ran its kernels on the cores those processes used, so the load alone moves
 * their times (on a loaded 2-core host one sweep came out 2x slower than the same sweep minutes
 * later). On a saturated host the others' share hardly moves and clx's falls: runs of one sweep are
 * compared by clx's share (host_load.clx_share) too. Runs that did not record it (a GPU's, an older
 * clx's) are not compared. */
#ifndef COMPARE_HOSTLOAD_H
#define COMPARE_HOSTLOAD_H
#include "compare_outcome.h"
#include "store/rundir.h"
#include <stdio.h>

/* Shares of the host's CPU time (0..1) this far apart are said: a kernel spread over every core had
 * a tenth of the host more on one side than on the other, ten times the difference compare calls
 * FASTER or SLOWER by default (--min-effect 1%): the load alone can make the verdict. */
#define HOSTLOAD_APART 0.10

/* On a saturated host, more load takes CPU time from clx rather than raising the others' share
 * (this project's 2-core machine: others 68% and clx 31% in one sweep, 73% and 27% beside a busy loop
 * in the next, which ran 0.85x as fast): two runs of one sweep on one device model whose clx shares
 * differ by this much of the larger (a tenth of its CPU time lost) are apart too. */
#define HOSTLOAD_CLX_DROP 0.10
/* A move of the median speed-up this far (1.1x or more) the way the load would make it (the side
 * with less of the host slower) is said beside loads apart, though no verdict was decided and the
 * whole run moved less than SHIFT_SAID: a tenth of the host less gives about that. */
#define HOSTLOAD_MOVED 1.1
/* How far the load alone can move a CPU device's times: the kernels had at most the share of the host
 * the others left them (1 - others_share; or clx's own share, apart by it), so the ratio of the two
 * sides' shares, with this much room beyond it for what a share does not count (a work-group waiting at
 * a barrier for a thread whose core another process holds; the same sweep minutes apart came out 2x
 * apart on this project's 2-core host). A median speed-up past that is not said to be the load's:
 * 68x between Intel's CPU runtime and rusticl, 49% and 71% of the host to others, was. */
#define HOSTLOAD_REACH_ROOM 2.0

/* cmp_hostload_apart: whether runs a and b both recorded the share others took of the host during
 * their sweeps, and those shares are HOSTLOAD_APART or more apart. */
int cmp_hostload_apart(const struct runjson *a, const struct runjson *b);
/* cmp_hostload_clx_apart: whether runs a and b are of one sweep on one device model (nothing of
 * store/sweepid.h's table differs: clx did the same work in both) and both recorded clx's share of
 * the host, and the smaller is HOSTLOAD_CLX_DROP or more below the larger (relative). */
int cmp_hostload_clx_apart(const struct rundir *a, const struct rundir *b);
/* cmp_hostload_say: where run b (named bn, "B" or "run 2") and run a (an) are apart (others' shares,
 * else clx's) and b moved against a (move: cmp_shift's of b against a) the way the load would move it
 * (the side with less of the host slower), one line: "clx: WHAT: B ran under another host load than
 * A: other processes took 46% of the host's CPU time during B's sweep, 3% during A's ... so B's speed
 * against A (0.667x in the median configuration, 6 SLOWER) may be the load's (B ran while other
 * processes took more of the host, which alone makes B slower) rather than the code's ..." (or, apart
 * by clx's share alone, "clx took 27% of the host's CPU time during B's sweep, 31% during A's ...";
 * what: "compare", "history"), or in markdown a paragraph; 1 where said, else nothing and 0. The
 * speed and its median are said the load's only where the verdicts lean its way and the median lies
 * that side of 1 (or, none decided, moved HOSTLOAD_MOVED or more that way); verdicts both ways that
 * do not lean so have only those the load's way said to be its ("B's 2 FASTER configurations against
 * A may be the load's ..., not its 18 SLOWER (0.113x in the median configuration), which the load
 * alone would not make (it makes B faster)"); none the load's way (B FASTER while it had less of the
 * host), nothing. Runs on other devices or implementations weigh the load against "the devices'"
 * (or the implementations', the drivers') rather than the code's, and are not sent to --by. A median
 * the load's way but past what the load alone can make (cmp_hostload_reach) is said to be beyond it:
 * "... the load alone moves the CPU device's times by 3.51x at most here (...), and B's speed against A
 * (68.3x in the median configuration) is far past that: it is the devices', not the load's ...".
 * move->of, where set, is said beside the verdicts ("2 SLOWER, of the 30 both have"). */
int cmp_hostload_say(FILE *out, const char *what, const struct rundir *a, const char *an, const struct rundir *b,
                     const char *bn, const struct run_shift *move, int markdown);
/* cmp_hostload_reach: the largest factor by which the load alone moves runs a and b apart: the ratio of
 * the host's CPU time each sweep's kernels could have had (by others' shares, else by clx's where
 * by_clx), times HOSTLOAD_REACH_ROOM; INFINITY where one side had none of it. */
double cmp_hostload_reach(const struct rj_host_load *x, const struct rj_host_load *y, int by_clx);
/* cmp_hostload_line: cmp_hostload_say for side s of a comparison against A (sides of one run, along a
 * column, share its load: nothing said). */
void cmp_hostload_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown);
#endif
