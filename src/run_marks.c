/* run_marks.c — the rows of what the supervisor marked for a restarted worker (supervise.c): a
 * variant and build that crashed a worker, a configuration that ran past --timeout. */
#include "run_impl.h"
#include <stdlib.h>
#include <string.h>

const struct run_mark *run_mark_of(const struct runner *r, int v, int b)
{
    for (int i = 0; i < r->o->nmarks; i++)
        if (r->o->marks[i].v == v && r->o->marks[i].b == b) return &r->o->marks[i];
    return NULL;
}

const char *run_marked_status(struct runner *r, const struct run_mark *mk, size_t pt, char **why)
{
    const char *sig = mk->sig ? strsignal(mk->sig) : "it broke the OpenCL context";
    if (mk->timeout) {
        if (mk->pt != (long)pt) return NULL;
        *why = xasprintf("a launch did not finish within %.3g s (%s): the worker was stopped and the run ends here",
                         mk->limit_s, r->o->bench.timeout_s > 0 ? "--timeout" : "the default limit: 60 s, or 50 times "
                         "the configuration's longest launch");
        r->halted = 1;
        return "timeout";
    }
    if (mk->pt == (long)pt && !mk->sig)
        *why = xstrdup("a launch of this configuration broke the OpenCL context (the queue failed from then on): a new "
                       "worker went on; this variant and build do not run again in this sweep");
    else if (mk->pt == (long)pt)
        *why = xasprintf("the worker process died of signal %d (%s) running this configuration, in the kernel or "
                         "the OpenCL driver; this variant and build do not run again in this sweep", mk->sig, sig);
    else if (mk->pt < 0)
        *why = xasprintf("not run: building this variant killed the worker with signal %d (%s)", mk->sig, sig);
    else {
        char *at = run_point_label(r, NULL, (size_t)mk->pt);
        if (mk->sig) *why = xasprintf("not run: this variant and build killed the worker with signal %d (%s) at%s", mk->sig, sig, at);
        else *why = xasprintf("not run: this variant and build broke the OpenCL context at%s", at);
        free(at);
    }
    return "crashed";
}

