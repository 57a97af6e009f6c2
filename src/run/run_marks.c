/* run_marks.c — the rows of what the supervisor marked for a restarted worker (supervise.c): a
 * configuration that crashed a worker or ran past its launch limit (and the rest of its variant and
 * build, not run in this sweep). */
#include "run_impl.h"
#include "store/rowstatus.h"
#include "store/sessions.h"
#include "lib/child.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

const struct run_mark *run_mark_of(const struct run_opts *o, int v, int b, long pt)
{
    /* A variant and build can hold several marks: a retried configuration's (its point alone), then
     * a crash's or a timeout's, which covers the rest. A point's own mark comes before its variant
     * and build's. */
    const struct run_mark *group = NULL;
    for (int i = 0; i < o->nmarks; i++) {
        const struct run_mark *mk = &o->marks[i];
        if (mk->v != v || mk->b != b) continue;
        if (mk->pt == pt) return mk;
        if (!mk->retried && !group) group = mk;
    }
    return group;
}

char *run_mark_how(const struct run_mark *mk)
{
    if (mk->sig) return xasprintf("died of signal %d (%s)", mk->sig, strsignal(mk->sig));
    if (mk->status) return xasprintf("was ended with exit status %d by the OpenCL driver", mk->status);
    return xstrdup("broke the OpenCL context");
}

char *run_marks_causes(const struct run_opts *o)
{
    struct strlist hows = {0};
    int timeouts = 0;
    for (int i = 0; i < o->nmarks; i++) {
        if (o->marks[i].timeout) timeouts++;
        else sl_push_own(&hows, run_mark_how(&o->marks[i]));
    }
    char *s = sessions_causes(&hows, timeouts);
    sl_free(&hows);
    return s;
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

/* timeout_status: a configuration of a variant and build whose launch ran past its limit at mk's
 * point: that one 'timeout', the rest not run in this sweep ('stopped', for a resume to measure as a
 * crash's): a kernel that hung once likely hangs at its other sizes, each costing the limit. A
 * search's: it never measures them again (as after a crash), its rows 'timeout'. */
static int timeout_status(struct runner *r, const struct run_mark *mk, size_t pt, enum row_status *status, char **why)
{
    *status = RS_TIMEOUT;
    if (mk->pt == (long)pt) {
        *why = xasprintf(ROW_TIMEOUT_NOTE "%.6g s (%s): the worker was stopped, and the %s went on without "
                         "%s", mk->limit_s, trials_limit_rule(&r->o->bench), r->o->search.on ? "search" : "sweep",
                         r->o->search.on ? "this variant and build" : "the rest of this variant and build; clx run "
                         "--resume --timeout S measures it with a limit of its own");
        return 1;
    }
    char *at = run_point_label(&r->plan, NULL, (size_t)mk->pt);
    if (r->o->search.on)
        *why = xasprintf("not run: a launch of this variant and build ran past its limit of %.3g s at%s", mk->limit_s, at);
    else {
        *why = xasprintf("not run: a launch of this variant and build ran past its limit of %.3g s at%s; clx run --resume "
                         "measures it (--timeout S: a limit of its own)", mk->limit_s, at);
        *status = RS_STOPPED;
    }
    free(at);
    return 1;
}

int run_marked_status(struct runner *r, const struct run_mark *mk, size_t pt, const struct bench_want *w,
                      struct row *row, enum row_status *status, char **why)
{
    if (mk->timeout) return timeout_status(r, mk, pt, status, why);
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

int run_worker_again(const struct run_opts *o) { return o->nmarks || o->ref_restarts; }

void run_say_new_worker(const struct runner *r)
{
    /* After a crash, a timeout or a reference's fault alike: the configurations in flight are measured
     * again, the marked variant and build's rows written as marked, and the sweep goes on. */
    int n = r->out.resume.rows.nrows;
    printf("clx: a new worker goes on with the sweep (%d row%s written before it)\n", n, n == 1 ? "" : "s");
}
