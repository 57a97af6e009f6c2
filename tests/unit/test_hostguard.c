/* test_hostguard.c — guarded host memory: every byte usable, the first byte past the end caught as a
 * return (not a crash) with its address, other faults caught too, calls on several threads at once
 * and nested, and the process's own handlers as they were afterwards. */
#include "check.h"
#include "lib/hostguard.h"
#include "lib/par.h"
#include <signal.h>
#include <stdint.h>
#include <string.h>

struct reach { const volatile unsigned char *p; size_t upto; unsigned sum; };

/* read_upto: reads bytes 0..upto-1 of r->p (upto past its end: faults there). */
static int read_upto(void *arg)
{
    struct reach *r = arg;
    unsigned s = 0;
    for (size_t i = 0; i < r->upto; i++) s += r->p[i];
    r->sum = s;
    return 7;
}

static void test_every_byte_usable(void)
{
    static const size_t sizes[] = {0, 1, 4, 4095, 4096, 4097, 1000003 * 4};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        size_t n = sizes[k];
        unsigned char *p = hostguard_alloc(n);
        memset(p, 1, n);
        struct reach r = { p, n, 0 };
        struct hostguard_fault f = {0};
        CHECK(hostguard_call(read_upto, &r, &f) == 7);
        CHECK(r.sum == (unsigned)n);
        /* Aligned for any scalar the size is a whole number of. */
        if (n % 8 == 0) CHECK((uintptr_t)p % 8 == 0);
        hostguard_free(p, n);
    }
}

static void test_past_end_caught(void)
{
    size_t n = 1000 * sizeof(float);
    float *p = hostguard_alloc(n);
    memset(p, 0, n);
    struct reach r = { (const unsigned char *)p, n + 1, 0 };
    struct hostguard_fault f = {0};
    CHECK(hostguard_call(read_upto, &r, &f) == HOSTGUARD_FAULTED);
    CHECK(f.sig == SIGSEGV || f.sig == SIGBUS);
    CHECK(hostguard_past_end(p, n, f.addr) == 0);
    /* A read a whole element on (p[1001]) is 4 bytes past. */
    CHECK(hostguard_past_end(p, n, (const char *)p + n + 4) == 4);
    CHECK(hostguard_past_end(p, n, p) == -1);
    CHECK(hostguard_past_end(NULL, n, f.addr) == -1);
    /* Caught twice: the first jump left the handler's signal unblocked. */
    CHECK(hostguard_call(read_upto, &r, &f) == HOSTGUARD_FAULTED);
    hostguard_free(p, n);
}

/* An address the compiler cannot see is near NULL. */
static volatile uintptr_t near_null = 8;

static int null_read(void *arg)
{
    (void)arg;
    return *(volatile int *)near_null;
}

static void test_other_fault_caught(void)
{
    struct hostguard_fault f = {0};
    CHECK(hostguard_call(null_read, NULL, &f) == HOSTGUARD_FAULTED);
    CHECK((uintptr_t)f.addr == 8);
}

/* A part on its own thread: even parts read one byte too far, odd ones stay inside. */
struct parts { unsigned char *p; size_t n; int faulted[64], returned[64]; };
static int part(void *arg, int k, size_t lo, size_t hi)
{
    (void)lo; (void)hi;
    struct parts *ps = arg;
    struct reach r = { ps->p, ps->n + (k % 2 == 0), 0 };
    struct hostguard_fault f = {0};
    int rc = hostguard_call(read_upto, &r, &f);
    if (rc == HOSTGUARD_FAULTED) ps->faulted[k] = hostguard_past_end(ps->p, ps->n, f.addr) == 0;
    else ps->returned[k] = rc == 7;
    return 0;
}

static void test_threads(void)
{
    struct parts ps = { hostguard_alloc(100), 100, {0}, {0} };
    memset(ps.p, 0, 100);
    size_t total = 1000;
    int n = par_threads(total, 1);
    CHECK(par_for(total, 1, part, &ps) == 0);
    for (int k = 0; k < n; k++) CHECK(k % 2 == 0 ? ps.faulted[k] : ps.returned[k]);
    hostguard_free(ps.p, 100);
}

static int nested(void *arg)
{
    struct hostguard_fault f = {0};
    int inner = hostguard_call(null_read, NULL, &f);
    return inner == HOSTGUARD_FAULTED ? *(int *)arg : -1;
}

static void test_nested(void)
{
    /* The inner call's fault is the inner call's; the outer returns normally. */
    int v = 42;
    struct hostguard_fault f = {0};
    CHECK(hostguard_call(nested, &v, &f) == 42);
}

static void test_handlers_restored(void)
{
    struct sigaction before, after;
    sigaction(SIGSEGV, NULL, &before);
    struct hostguard_fault f;
    CHECK(hostguard_call(null_read, NULL, &f) == HOSTGUARD_FAULTED);
    sigaction(SIGSEGV, NULL, &after);
    CHECK(before.sa_handler == after.sa_handler && before.sa_flags == after.sa_flags);
}

int main(void)
{
    RUN(test_every_byte_usable);
    RUN(test_past_end_caught);
    RUN(test_other_fault_caught);
    RUN(test_threads);
    RUN(test_nested);
    RUN(test_handlers_restored);
    CHECK_EXIT();
}
