/* run_marks.c — the rows of what the supervisor marked for a restarted worker (supervise.c): a
 * variant and build that crashed a worker, a configuration that ran past --timeout. */
#include "run_impl.h"
#include "lib/child.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

const struct run_mark *run_mark_of(const struct run_opts *o, int v, int b, long pt)
{
    /* A variant and build can hold several timeouts, one a point: a new worker's first launches
     * (PoCL compiles at each work-group size's first) may run past a tiny --timeout elsewhere. */
    for (int i = 0; i < o->nmarks; i++) {
        const struct run_mark *mk = &o->marks[i];
        if (mk->v == v && mk->b == b && (!mk->timeout || mk->pt == pt)) return mk;
    }
    return NULL;
}

char *run_mark_how(const struct run_mark *mk)
{
    if (mk->sig) return xasprintf("died of signal %d (%s)", mk->sig, strsignal(mk->sig));
    if (mk->status) return xasprintf("was ended with exit status %d by the OpenCL driver", mk->status);
    return xstrdup("broke the OpenCL context");
}

/* killed_row: the row of the configuration a worker died of SIGKILL in: likely the out-of-memory
 * killer's, so what its buffers take (w) is said with it (a new string). */
static char *killed_row(const struct runner *r, const char *how, const struct bench_want *w)
{
    struct memneed n;
    char *err = NULL, *words = w && bench_need(w, &r->dev.dp, &n, &err) == 0 ? memneed_words(&n) : NULL;
    char *why = xasprintf("the worker process %s running this configuration%s%s%s; this variant and build do not run "
                          "again in this sweep", how, child_kill_guess(SIGKILL), words ? "; it takes " : "",
                          words ? words : "");
    free(words);
    free(err);
    return why;
}

int run_marked_status(struct runner *r, const struct run_mark *mk, size_t pt, const struct bench_want *w,
                      enum row_status *status, char **why)
{
    if (mk->timeout) {
        if (mk->pt != (long)pt) return 0;
        *why = xasprintf("a launch did not finish within %.3g s (%s): the worker was stopped and the run ends here",
                         mk->limit_s, trials_limit_rule(&r->o->bench));
        r->halted = 1;
        *status = RS_TIMEOUT;
        return 1;
    }
    char *how = run_mark_how(mk);
    const char *guess = child_kill_guess(mk->sig);
    if (mk->pt == (long)pt && !mk->sig && !mk->status)
        *why = xstrdup("a launch of this configuration broke the OpenCL context (the queue failed from then on): a new "
                       "worker went on; this variant and build do not run again in this sweep");
    else if (mk->pt == (long)pt && *guess)
        *why = killed_row(r, how, w);
    else if (mk->pt == (long)pt)
        *why = xasprintf("the worker process %s running this configuration, in the kernel or the OpenCL driver; this "
                         "variant and build do not run again in this sweep", how);
    else if (mk->pt < 0)
        *why = xasprintf("not run: the worker process %s building this variant%s", how, guess);
    else {
        char *at = run_point_label(&r->plan, NULL, (size_t)mk->pt);
        if (mk->sig || mk->status) *why = xasprintf("not run: the worker process %s with this variant and build at%s%s", how, at, guess);
        else *why = xasprintf("not run: this variant and build broke the OpenCL context at%s", at);
        free(at);
    }
    free(how);
    *status = RS_CRASHED;
    return 1;
}
