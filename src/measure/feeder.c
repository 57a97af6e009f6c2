/* feeder.c — a second host thread that enqueues a share of a held batch's launches (feeder.h). */
#include "feeder.h"
#include "lib/util.h"
#include <pthread.h>
#include <stdatomic.h>

/* A batch is handed out by tickets: one 64-bit word holds the batch's generation, its launch count
 * and the next launch to take, so that a thread that takes a ticket learns in one step whether it
 * is a launch of the batch it thinks (a stale batch's ticket is past its count). */
#define IDX_BITS 20
#define IDX_MASK ((1ull << IDX_BITS) - 1)
#define MAX_SHARED (1 << (IDX_BITS - 1))       /* room left for the tickets taken past the count */

static struct {
    pthread_once_t once;
    int started;
    pthread_mutex_t use;                /* one batch at a time shares the helper */
    pthread_mutex_t mu;                 /* with cv: the helper's sleep */
    pthread_cond_t cv;
    atomic_int asleep;
    int poke;                           /* under mu: wake without a batch (feeder_ready) */
    atomic_ullong ticket;               /* gen << 2*IDX_BITS | n << IDX_BITS | next */
    atomic_int active;                  /* threads between taking tickets and their last enqueue */
    atomic_int err;                     /* the batch's first error (CL_SUCCESS: none) */
    atomic_long batches, launches;      /* what the helper took part in */
    unsigned long long gen;
    cl_command_queue q;                 /* the batch: written before its first ticket is out */
    cl_kernel k;
    const struct launch *L;
    cl_event *ev;
} F = { .once = PTHREAD_ONCE_INIT, .use = PTHREAD_MUTEX_INITIALIZER, .mu = PTHREAD_MUTEX_INITIALIZER,
        .cv = PTHREAD_COND_INITIALIZER };

static int work_left(unsigned long long t)
{
    return (t & IDX_MASK) < ((t >> IDX_BITS) & IDX_MASK);
}

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* take: enqueues launches of the current batch by ticket until none is left; how many it did */
static long take(void)
{
    long did = 0;
    for (;;) {
        unsigned long long t = atomic_fetch_add(&F.ticket, 1);
        if (!work_left(t)) return did;
        int i = (int)(t & IDX_MASK);
        cl_int e = clEnqueueNDRangeKernel(F.q, F.k, F.L->dims, NULL, F.L->global, F.L->local, 0, NULL, &F.ev[i]);
        if (e != CL_SUCCESS) {
            F.ev[i] = NULL;
            int none = CL_SUCCESS;
            atomic_compare_exchange_strong(&F.err, &none, e);
        }
        did++;
    }
}

static void *helper(void *arg)
{
    (void)arg;
    for (;;) {
        double idle = now_seconds();
        int spins = 0;
        while (!work_left(atomic_load(&F.ticket))) {
            relax();
            if (++spins % 256 || now_seconds() - idle < FEEDER_SPIN_S) continue;
            /* Asleep: the caller, having put a batch out, wakes it when it sees asleep set; set
             * before the last look under the lock, so that one of the two sees the other. */
            pthread_mutex_lock(&F.mu);
            atomic_store(&F.asleep, 1);
            while (!work_left(atomic_load(&F.ticket)) && !F.poke) pthread_cond_wait(&F.cv, &F.mu);
            F.poke = 0;
            atomic_store(&F.asleep, 0);
            pthread_mutex_unlock(&F.mu);
            idle = now_seconds();
        }
        /* Counted in before its first ticket: the caller waits for it before the batch's objects
         * may change; a ticket taken after that wait is past the count or the next batch's. */
        atomic_fetch_add(&F.active, 1);
        long did = take();
        if (did) {
            atomic_fetch_add(&F.batches, 1);
            atomic_fetch_add(&F.launches, did);
        }
        atomic_fetch_sub(&F.active, 1);
    }
    return NULL;
}

static void start(void)
{
    pthread_t t;
    pthread_attr_t a;
    if (pthread_attr_init(&a)) return;
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    F.started = pthread_create(&t, &a, helper, NULL) == 0;
    pthread_attr_destroy(&a);
}

static cl_int alone(cl_command_queue q, cl_kernel k, const struct launch *L, int n, cl_event *ev)
{
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < n; i++) ev[i] = NULL;
    for (int i = 0; i < n && e == CL_SUCCESS; i++)
        if ((e = clEnqueueNDRangeKernel(q, k, L->dims, NULL, L->global, L->local, 0, NULL, &ev[i])) != CL_SUCCESS)
            ev[i] = NULL;
    return e;
}

/* wake: the helper out of its sleep, to spin again */
static void wake(void)
{
    pthread_mutex_lock(&F.mu);
    F.poke = 1;
    pthread_cond_signal(&F.cv);
    pthread_mutex_unlock(&F.mu);
}

int feeder_ready(void)
{
    pthread_once(&F.once, start);
    if (!F.started) return 0;
    if (!atomic_load(&F.asleep)) return 1;
    wake();
    return 0;
}

cl_int feeder_launch(cl_command_queue q, cl_kernel k, const struct launch *L, int n, cl_event *ev, int share)
{
    if (!share || n < 2 || n >= MAX_SHARED) return alone(q, k, L, n, ev);
    pthread_once(&F.once, start);
    if (!F.started || pthread_mutex_trylock(&F.use)) return alone(q, k, L, n, ev);
    for (int i = 0; i < n; i++) ev[i] = NULL;
    F.q = q, F.k = k, F.L = L, F.ev = ev;
    atomic_store(&F.err, CL_SUCCESS);
    F.gen++;
    atomic_store(&F.ticket, (F.gen << 2 * IDX_BITS) | ((unsigned long long)n << IDX_BITS));
    if (atomic_load(&F.asleep)) wake();
    take();
    while (atomic_load(&F.active) > 0) relax();
    cl_int e = atomic_load(&F.err);
    pthread_mutex_unlock(&F.use);
    return e;
}

void feeder_shared(long *batches, long *launches)
{
    *batches = atomic_load(&F.batches);
    *launches = atomic_load(&F.launches);
}
