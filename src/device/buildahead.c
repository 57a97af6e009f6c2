/* buildahead.c — programs compiled on threads of their own before their turn (buildahead.h). */
#include "buildahead.h"
#include "lib/stderrcatch.h"
#include "lib/util.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct ahead {
    char *source, *options;
    char *catch_in;             /* its marker while the driver's stderr is caught (stderrcatch.h), or NULL */
    cl_context ctx;
    cl_device_id dev;
    cl_program prog;
    cl_int err;
    char *said;                 /* what was written on stderr during its clBuildProgram (stderrcatch.h) */
    int said_shared;            /* other builds were caught meanwhile: some of it may be theirs */
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
    /* What the driver writes on stderr meanwhile is the build's (its log's), not the console's: on an
     * H200 one left "1 error generated." between clx's lines. A build that fails here is made again
     * on the main thread (build.c `compile`), caught there. */
    if (a->err == CL_SUCCESS) {
        struct stderrcatch c;
        stderrcatch_begin(&c, a->catch_in);
        a->err = clBuildProgram(a->prog, 1, &a->dev, a->options, NULL, NULL);
        a->said = stderrcatch_end(&c);
        a->said_shared = c.shared;
    } else a->prog = NULL;
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

int build_ahead_start(cl_context ctx, cl_device_id dev, const char *source, const char *options,
                      const char *catch_in)
{
    if (find(source, options) >= 0) return 0;
    struct ahead *a = xcalloc(1, sizeof *a);
    a->source = xstrdup(source);
    a->options = xstrdup(options);
    a->catch_in = catch_in ? xstrdup(catch_in) : NULL;
    a->ctx = ctx;
    a->dev = dev;
    if (pthread_create(&a->th, NULL, compile, a)) {
        free(a->catch_in);
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

int build_ahead_take(const char *source, const char *options, cl_program *prog, cl_int *err, double *seconds,
                     char **said, int *said_shared)
{
    int i = find(source, options);
    if (i < 0) return 0;
    struct ahead *a = take_at(i);
    *prog = a->prog;
    *err = a->err;
    *seconds = a->seconds;
    *said = a->said ? a->said : xstrdup("");
    *said_shared = a->said_shared;
    free(a->catch_in);
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
        free(a->said);
        free(a->catch_in);
        free(a->source);
        free(a->options);
        free(a);
    }
    free(tab);
    tab = NULL;
    captab = 0;
}
