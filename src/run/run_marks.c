/* run_marks.c — the rows of what the supervisor marked for a restarted worker (supervise.c): a
 * configuration that crashed a worker (and the rest of its variant and build, not run in this sweep),
 * one that ran past --timeout. */
#include "run_impl.h"
#include "lib/child.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

const struct run_mark *run_mark_of(const struct run_opts *o, int v, int b, long pt)
{
    /* A variant and build can hold several marks, one a point: a timeout's (a new worker's first
     * launches, PoCL compiling at each work-group size's first, may run past a tiny --timeout
     * elsewhere), a retried configuration's. A point's own mark comes before its variant and
     * build's. */
    const struct run_mark *group = NULL;
    for (int i = 0; i < o->nmarks; i++) {
        const struct run_mark *mk = &o->marks[i];
        if (mk->v != v || mk->b != b) continue;
        if (mk->pt == pt) return mk;
        if (!mk->timeout && !mk->retried && !group) group = mk;
    }
    return group;
}

char *run_mark_how(const struct run_mark *mk)
{
    if (mk->sig) return xasprintf("died of signal %d (%s)", mk->sig, strsignal(mk->sig));
    if (mk->status) return xasprintf("was ended with exit status %d by the OpenCL driver", mk->status);
    return xstrdup("broke the OpenCL context");
}

/* What the first crash in a configuration leaves: its variant and build go no further in this sweep
 * (a kernel that crashed the driver would likely crash it again, a new worker each time), and a
 * resume measures the rest and tries it once more (an out-of-memory killer's SIGKILL, or another
 * process's, need not come again). */
#define RETRY_WORDS "the rest of this variant and build is not run in this sweep: clx run --resume measures it, " \
                    "and tries this configuration once more (flag " CRASH_RETRY_FLAG ")"
/* Said of one tried once more that crashed again. */
#define AGAIN_WORDS ", again: it did in the run this resume continues too, and is not tried again"

/* killed_row: the row of the configuration a worker died of SIGKILL in: likely the out-of-memory
 * killer's, so what its buffers take (w) is said with it (a new string). */
static char *killed_row(const struct runner *r, const char *how, const struct bench_want *w, int retried)
{
    struct memneed n;
    char *err = NULL, *words = w && bench_need(w, &r->dev.dp, &n, &err) == 0 ? memneed_words(&n) : NULL;
    char *why = xasprintf("the worker process %s running this configuration%s%s%s; %s", how, child_kill_guess(SIGKILL),
                          words ? "; it takes " : "", words ? words : "",
                          retried ? "it did in the run this resume continues too, and is not tried again" : RETRY_WORDS);
    free(words);
    free(err);
    return why;
}

int run_marked_status(struct runner *r, const struct run_mark *mk, size_t pt, const struct bench_want *w,
                      struct row *row, enum row_status *status, char **why)
{
    if (mk->timeout) {
        if (mk->pt != (long)pt) return 0;
        *why = xasprintf("a launch did not finish within %.3g s (%s): the worker was stopped, and the run ends at this row",
                         mk->limit_s, trials_limit_rule(&r->o->bench));
        r->halted = 1;
        *status = RS_TIMEOUT;
        return 1;
    }
    char *how = run_mark_how(mk);
    const char *guess = child_kill_guess(mk->sig);
    int here = mk->pt == (long)pt;
    *status = RS_CRASHED;
    /* A search's rows are the race's: it never measures the crashed variant and build again, and
     * its resume goes on from its log (docs/search.md). */
    if (r->o->search.on && mk->pt >= 0) {
        char *at = run_point_label(&r->plan, NULL, (size_t)mk->pt);
        *why = here ? xasprintf("the worker process %s running this configuration%s; this variant and build do not run "
                                "again in this search", how, guess)
                    : xasprintf("not run: the worker process %s with this variant and build at%s%s", how, at, guess);
        free(at);
        free(how);
        return 1;
    }
    if (here && !mk->retried) {
        row_flag(row, CRASH_RETRY_FLAG);
        r->tally.nretry++;
    }
    if (here && !mk->sig && !mk->status)
        *why = xasprintf("a launch of this configuration broke the OpenCL context (the queue failed from then on)%s: a "
                         "new worker went on; %s", mk->retried ? AGAIN_WORDS : "",
                         mk->retried ? "this variant and build with it" : RETRY_WORDS);
    else if (here && *guess)
        *why = killed_row(r, how, w, mk->retried);
    else if (here)
        *why = xasprintf("the worker process %s running this configuration, in the kernel or the OpenCL driver%s; %s",
                         how, mk->retried ? AGAIN_WORDS : "", mk->retried ? "the sweep went on" : RETRY_WORDS);
    else if (mk->pt < 0)
        *why = xasprintf("not run: the worker process %s building this variant%s", how, guess);
    else {
        /* Not measured, and measured by a resume: 'stopped', as a row a stop left unmeasured. */
        char *at = run_point_label(&r->plan, NULL, (size_t)mk->pt);
        if (mk->sig || mk->status)
            *why = xasprintf("not run: the worker process %s with this variant and build at%s%s; clx run --resume "
                             "measures it", how, at, guess);
        else *why = xasprintf("not run: this variant and build broke the OpenCL context at%s; clx run --resume measures it",
                              at);
        free(at);
        *status = RS_STOPPED;
    }
    free(how);
    return 1;
}

int run_retried(const struct runner *r, const struct row *w)
{
    if (!r->o->retry) return 0;
    /* What names a configuration: its variant, build and launch point (local as launched). */
    struct strlist names = {0};
    sl_push(&names, "variant");
    sl_push(&names, "build");
    for (int a = 0; a < r->plan.naxes; a++) sl_push(&names, r->plan.axis_names[a]);
    int has = resume_retry_has(r->o->retry, &names, &w->cols, &w->vals);
    sl_free(&names);
    return has;
}

void run_say_new_worker(const struct runner *r)
{
    /* After a timeout the new worker only measures again the rows in flight before it, then writes its
     * row and the run ends: "goes on" would promise the rest of the sweep. */
    int timeout = 0;
    for (int i = 0; i < r->o->nmarks; i++) timeout |= r->o->marks[i].timeout;
    if (timeout)
        printf("clx: a new worker goes on after row %d, up to the configuration that ran past its limit, where the "
               "run ends\n", r->out.resume.rows.nrows);
    else printf("clx: a new worker goes on after row %d\n", r->out.resume.rows.nrows);
}
