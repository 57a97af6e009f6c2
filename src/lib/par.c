/* par.c — splits [0, total) into one contiguous part per host core and runs them on threads. */
#include "par.h"
#include "util.h"
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#define PAR_MAX 64

static long par_cpus = 1;
static pthread_once_t par_cpus_once = PTHREAD_ONCE_INIT;

static void par_cpus_read(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    par_cpus = n > 1 ? n : 1;
}

int par_threads(size_t total, size_t min_each)
{
    if (min_each < 1) min_each = 1;
    /* Small totals first, without asking the system: glibc reads /sys for each sysconf, and a
     * sampled poison asks once per element (44 s of a taylor sweep on an H200's host, 2026-11-30). */
    if (total / min_each < 2) return 1;
    pthread_once(&par_cpus_once, par_cpus_read);
    size_t n = (size_t)par_cpus;
    if (n > PAR_MAX) n = PAR_MAX;
    if (n > total / min_each) n = total / min_each;
    return n > 1 ? (int)n : 1;
}

struct par_part { par_fn fn; void *arg; int k; size_t lo, hi; int rc; pthread_t id; };

static void *par_main(void *p)
{
    struct par_part *t = p;
    t->rc = t->fn(t->arg, t->k, t->lo, t->hi);
    return NULL;
}

int par_for(size_t total, size_t min_each, par_fn fn, void *arg)
{
    int n = par_threads(total, min_each);
    if (n == 1) return fn(arg, 0, 0, total);
    struct par_part *t = xcalloc((size_t)n, sizeof *t);
    int *started = xcalloc((size_t)n, sizeof *started);
    for (int k = 0; k < n; k++) {
        t[k] = (struct par_part){ .fn = fn, .arg = arg, .k = k, .lo = total * (size_t)k / (size_t)n,
                                  .hi = total * (size_t)(k + 1) / (size_t)n };
        /* Part 0 runs here; so does any part whose thread the system refuses. */
        started[k] = k > 0 && pthread_create(&t[k].id, NULL, par_main, &t[k]) == 0;
    }
    for (int k = 0; k < n; k++)
        if (!started[k]) par_main(&t[k]);
    int rc = 0;
    for (int k = 0; k < n; k++) {
        if (started[k]) pthread_join(t[k].id, NULL);
        if (t[k].rc && !rc) rc = t[k].rc;
    }
    free(started);
    free(t);
    return rc;
}
