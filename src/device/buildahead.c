/* buildahead.c — programs compiled on threads of their own before their turn (buildahead.h). */
#include "buildahead.h"
#include "lib/util.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct ahead {
    char *source, *options;
    cl_context ctx;
    cl_device_id dev;
    cl_program prog;
    cl_int err;
    double seconds;
    pthread_t th;
    int done;                   /* its thread has ended (set by it: __atomic) */
};

/* Pointers, so that a thread's entry stays where it is when the table grows. */
static struct ahead **tab;
static int ntab, captab;

static void *compile(void *arg)
{
    struct ahead *a = arg;
    double t0 = now_seconds();
    const char *src = a->source;
    a->prog = clCreateProgramWithSource(a->ctx, 1, &src, NULL, &a->err);
    /* What the driver writes on stderr here is not caught for the build's log (build.c's `built` is):
     * descriptor 2 is the process's, and the main thread writes clx's console meanwhile. A build that
     * fails here is made again on the main thread (build.c `compile`), caught there. */
    if (a->err == CL_SUCCESS) a->err = clBuildProgram(a->prog, 1, &a->dev, a->options, NULL, NULL);
    else a->prog = NULL;
    a->seconds = now_seconds() - t0;
    __atomic_store_n(&a->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

static int find(const char *source, const char *options)
{
    for (int i = 0; i < ntab; i++)
        if (!strcmp(tab[i]->options, options) && !strcmp(tab[i]->source, source)) return i;
    return -1;
}

int build_ahead_start(cl_context ctx, cl_device_id dev, const char *source, const char *options)
{
    if (find(source, options) >= 0) return 0;
    struct ahead *a = xcalloc(1, sizeof *a);
    a->source = xstrdup(source);
    a->options = xstrdup(options);
    a->ctx = ctx;
    a->dev = dev;
    if (pthread_create(&a->th, NULL, compile, a)) {
        free(a->source);
        free(a->options);
        free(a);
        return -1;
    }
    if (ntab == captab) {
        captab = captab ? 2 * captab : 8;
        tab = xrealloc(tab, sizeof *tab * (size_t)captab);
    }
    tab[ntab++] = a;
    return 0;
}

/* take_at: entry i waited for, out of the table; its fields the caller's. */
static struct ahead *take_at(int i)
{
    struct ahead *a = tab[i];
    pthread_join(a->th, NULL);
    tab[i] = tab[--ntab];
    return a;
}

int build_ahead_take(const char *source, const char *options, cl_program *prog, cl_int *err, double *seconds)
{
    int i = find(source, options);
    if (i < 0) return 0;
    struct ahead *a = take_at(i);
    *prog = a->prog;
    *err = a->err;
    *seconds = a->seconds;
    free(a->source);
    free(a->options);
    free(a);
    return 1;
}

int build_ahead_running(void)
{
    int n = 0;
    for (int i = 0; i < ntab; i++) n += !__atomic_load_n(&tab[i]->done, __ATOMIC_ACQUIRE);
    return n;
}

void build_ahead_drop(void)
{
    while (ntab > 0) {
        struct ahead *a = take_at(ntab - 1);
        if (a->prog) clReleaseProgram(a->prog);
        free(a->source);
        free(a->options);
        free(a);
    }
    free(tab);
    tab = NULL;
    captab = 0;
}
