/* buildahead.c — programs compiled on threads of their own before their turn (buildahead.h). */
#include "buildahead.h"
#include "lib/stderrcatch.h"
#include "lib/util.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    int met;                    /* CLX_DRIVER_SAYS: 1 its catch on, -1 none, 2 let go by the main thread (`meet`) */
};

/* A test's stand-in for a driver's text from the main thread's own calls (a launch's warning) while
 * a build ahead is caught (CLX_DRIVER_SAYS, docs/environment.md): the main thread writes it on
 * descriptor 2 as it takes a build ahead whose catch is on, the build held till then, so that it
 * lands in that build's part whatever the machine's speed; CLX_DIE_TAKING_AHEAD has clx die right
 * after (its own exit while the catch is on). */
static pthread_mutex_t meet = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t met = PTHREAD_COND_INITIALIZER;

static const char *driver_says(void)
{
    const char *t = getenv("CLX_DRIVER_SAYS");
    return t && *t ? t : NULL;
}

/* held_for_test: on a's thread, its catch on or not (on): held till the main thread let it go. */
static void held_for_test(struct ahead *a, int on)
{
    if (!driver_says()) return;
    pthread_mutex_lock(&meet);
    a->met = on ? 1 : -1;
    pthread_cond_broadcast(&met);
    while (a->met == 1) pthread_cond_wait(&met, &meet);
    pthread_mutex_unlock(&meet);
}

/* let_go_for_test: on the main thread, a's thread waited for till it is held (or has no catch) and
 * let go; say: CLX_DRIVER_SAYS's text written first (and CLX_DIE_TAKING_AHEAD's die). */
static void let_go_for_test(struct ahead *a, int say)
{
    const char *t = driver_says();
    if (!t) return;
    pthread_mutex_lock(&meet);
    while (a->met == 0) pthread_cond_wait(&met, &meet);
    if (a->met == 1 && say) {
        char *line = xasprintf("%s\n", t);
        if (write(2, line, strlen(line)) < 0) { /* a test's: nothing to say */ }
        free(line);
        const char *d = getenv("CLX_DIE_TAKING_AHEAD");
        if (d && *d && strcmp(d, "0")) {
            pthread_mutex_unlock(&meet);
            die("CLX_DIE_TAKING_AHEAD: stopped as the build with options \"%s\" is taken, its catch on", a->options);
        }
    }
    a->met = 2;
    pthread_cond_broadcast(&met);
    pthread_mutex_unlock(&meet);
}

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
     * on the main thread (build.c `compile`), caught there. The main thread calls the driver
     * meanwhile (a search measures): what those calls write is caught too, and cannot be told
     * apart, so the catch is begun as beside them (stderrcatch.h). */
    if (a->err == CL_SUCCESS) {
        struct stderrcatch c;
        held_for_test(a, stderrcatch_begin(&c, a->catch_in, 1) == 0);
        a->err = clBuildProgram(a->prog, 1, &a->dev, a->options, NULL, NULL);
        a->said = stderrcatch_end(&c);
        a->said_shared = c.shared;
    } else {
        a->prog = NULL;
        held_for_test(a, 0);
    }
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

/* take_at: entry i waited for, out of the table; its fields the caller's; say: CLX_DRIVER_SAYS's
 * text written meanwhile (let_go_for_test). */
static struct ahead *take_at(int i, int say)
{
    struct ahead *a = tab[i];
    let_go_for_test(a, say);
    pthread_join(a->th, NULL);
    tab[i] = tab[--ntab];
    return a;
}

int build_ahead_take(const char *source, const char *options, cl_program *prog, cl_int *err, double *seconds,
                     char **said, int *said_shared)
{
    int i = find(source, options);
    if (i < 0) return 0;
    struct ahead *a = take_at(i, 1);
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
        struct ahead *a = take_at(ntab - 1, 0);
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
