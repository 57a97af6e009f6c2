/* merge_stop.c — a `clx merge` stopped (^C, SIGTERM, SIGHUP) while it writes: the stop caught, asked
 * between the merge's steps, what it leaves cleared as a failed write's is, and said in one line. */
#include "merge.h"
#include "merge_impl.h"
#include "store/mergeleft.h"
#include "lib/calledas.h"
#include "lib/stopcatch.h"
#include "lib/util.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

/* Set by clx merge alone: a --split's merge is its run's, whose own stop handling stands. */
static int catching;

void merge_stop_catch(void)
{
    catching = 1;
    stopcatch_catch_signals();
}

int merge_stopped(int step)
{
    if (!catching) return 0;
    /* A test's stop at a step it names: what a ^C then leaves does not depend on the disk's pace. */
    const char *at = getenv("CLX_STOP_IN_MERGE");
    if (step > 0 && at && *at && atoi(at) == step) raise(SIGINT);
    return stopcatch_signal();
}

int merge_stop_said(const char *out)
{
    int sig = stopcatch_signal();
    merge_stop_end();
    fflush(stdout);
    char *q = shell_word(out);
    if (merge_left_mark(out) != ML_NONE)
        fprintf(stderr, "clx: stopped by %s while merging: %s is marked unfinished (%s): the same %s merge run again "
                "replaces it\n", stopcatch_name(sig), q, MERGE_UNFINISHED, clx_cmd());
    else
        fprintf(stderr, "clx: stopped by %s while merging: nothing of the merge was left in %s; the same %s merge "
                "writes it\n", stopcatch_name(sig), q, clx_cmd());
    free(q);
    return 128 + sig;
}

void merge_stop_end(void)
{
    if (catching) stopcatch_default();
    catching = 0;
}
