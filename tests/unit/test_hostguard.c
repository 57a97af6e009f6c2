/* test_hostguard.c — guarded host memory: every byte usable, the first byte past the end caught as a
 * return (not a crash) with its address, far past it and before the start too (a guard, or the
 * canary), a start at a page's caught one byte before it, other faults caught too, calls on several
 * threads at once and nested, the process's own handlers as they were afterwards, and a buffer whose
 * large guards exceed an address-space limit (ulimit -v) allocated with a page each side instead. */
#include "check.h"
#include "lib/hostguard.h"
#include "lib/par.h"
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* touch: reads the byte at r->p + r->upto (upto as a signed offset: before the start too). */
static int touch(void *arg)
{
    struct reach *r = arg;
    r->sum = r->p[(ptrdiff_t)r->upto];
    return 7;
}

/* faults_at: whether reading p + off faults, and where hostguard_past_end and hostguard_before_start put it. */
static int faults_at(const unsigned char *p, ptrdiff_t off, struct hostguard_fault *f)
{
    struct reach r = { p, (size_t)off, 0 };
    return hostguard_call(touch, &r, f) == HOSTGUARD_FAULTED;
}

static void test_guards_both_sides(void)
{
    /* 4000012 bytes (vecsum's 1000003 floats): its start 1780 bytes into its first page. */
    size_t n = 1000003 * sizeof(float);
    unsigned char *p = hostguard_alloc(n);
    struct hostguard_fault f = {0};
    /* More than a page past the end: the guard after is as large as the data. */
    CHECK(faults_at(p, (ptrdiff_t)n + 4096 * 4, &f) && hostguard_past_end(p, n, f.addr) == 4096 * 4);
    CHECK(faults_at(p, (ptrdiff_t)n + (ptrdiff_t)n - 1, &f) && hostguard_past_end(p, n, f.addr) == (long)n - 1);
    /* Before the start, beyond the first page's canary: the guard before. */
    CHECK(faults_at(p, -4000, &f) && hostguard_before_start(p, n, f.addr) == 4000 && hostguard_past_end(p, n, f.addr) == -1);
    /* In the canary: no fault, the canary says it once written. */
    CHECK(!faults_at(p, -1, &f));
    CHECK(hostguard_before_start(p, n, p - 1) == 1 && hostguard_before_start(p, n, p) == -1);
    CHECK(hostguard_written_before(p) == 0);
    memset(p, 0, n);                     /* the data itself is no write before */
    CHECK(hostguard_written_before(p) == 0);
    ((float *)p)[-1] = 1.0f;
    CHECK(hostguard_written_before(p) == 4);
    p[-1000] = 0;
    CHECK(hostguard_written_before(p) == 1000);
    hostguard_free(p, n);
    /* A whole number of pages: no canary, the guard right before the start. */
    p = hostguard_alloc(8192);
    CHECK(hostguard_written_before(p) == 0);
    CHECK(faults_at(p, -1, &f) && hostguard_before_start(p, 8192, f.addr) == 1);
    /* A small array's guards: 64 KiB at least. */
    CHECK(faults_at(p, 8192 + 60000, &f) && hostguard_past_end(p, 8192, f.addr) == 60000);
    hostguard_free(p, 8192);
}

/* The other way round (a probe's copy of an input): the first byte before the start faults, one past
 * the end lies in the canary of the last page and does not; farther out the guards catch both. */
static void test_start_aligned(void)
{
    size_t n = 1000003 * sizeof(float), pg = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *p = hostguard_alloc_start(n);
    struct hostguard_fault f = {0};
    CHECK((uintptr_t)p % pg == 0);
    memset(p, 1, n);
    struct reach r = { p, n, 0 };
    CHECK(hostguard_call(read_upto, &r, &f) == 7 && r.sum == (unsigned)n);
    CHECK(faults_at(p, -1, &f) && hostguard_before_start(p, n, f.addr) == 1 && hostguard_past_end(p, n, f.addr) == -1);
    CHECK(faults_at(p, -4000, &f) && hostguard_before_start(p, n, f.addr) == 4000);
    CHECK(hostguard_written_before(p) == 0);
    if (n % pg) CHECK(!faults_at(p, (ptrdiff_t)n, &f));
    CHECK(hostguard_past_end(p, n, p + n) == 0);
    CHECK(faults_at(p, (ptrdiff_t)n + 65536, &f) && hostguard_past_end(p, n, f.addr) == 65536);
    CHECK(faults_at(p, (ptrdiff_t)n + (ptrdiff_t)n - 1, &f) && hostguard_past_end(p, n, f.addr) == (long)n - 1);
    hostguard_free(p, n);
    /* Freed whole: the same room again, and a small one. */
    p = hostguard_alloc_start(n);
    hostguard_free(p, n);
    p = hostguard_alloc_start(3);
    CHECK(faults_at(p, -1, &f) && hostguard_before_start(p, 3, f.addr) == 1);
    CHECK(faults_at(p, 60000, &f) && hostguard_past_end(p, 3, f.addr) == 59997);
    hostguard_free(p, 3);
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

/* poke: writes the byte at r->p + r->upto (a signed offset, as touch's). */
static int poke(void *arg)
{
    struct reach *r = arg;
    ((volatile unsigned char *)r->p)[(ptrdiff_t)r->upto] = 1;
    return 7;
}

static int writes_fault_at(unsigned char *p, ptrdiff_t off, struct hostguard_fault *f)
{
    struct reach r = { p, (size_t)off, 0 };
    return hostguard_call(poke, &r, f) == HOSTGUARD_FAULTED;
}

/* address_space: the process's mapped bytes now (0 where /proc does not say). */
static size_t address_space(void)
{
    FILE *fp = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!fp) return 0;
    if (fscanf(fp, "%lu", &pages) != 1) pages = 0;
    fclose(fp);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* In a child, its address space limited to what it has, the buffer, and 32 MiB: the buffer with its
 * large guards (three times it) is refused, with a page each side it fits. */
static void limited_child(size_t n)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE), now = address_space();
    struct rlimit lim = { now + n + ((size_t)32 << 20), now + n + ((size_t)32 << 20) };
    if (setrlimit(RLIMIT_AS, &lim)) _exit(3);
    /* Twice: the first's whole reservation given back, the second fits again. */
    for (int round = 0; round < 2; round++) {
        unsigned char *p = hostguard_alloc(n);
        struct hostguard_fault f = {0};
        memset(p, 1, n);
        /* The end still touches a guard, and so does the start. */
        CHECK(writes_fault_at(p, (ptrdiff_t)n, &f) && hostguard_past_end(p, n, f.addr) == 0);
        CHECK(writes_fault_at(p, -1, &f) && hostguard_before_start(p, n, f.addr) == 1);
        /* The guards are a page (the fallback was taken): farther out is not theirs. */
        CHECK(hostguard_past_end(p, n, p + n + pg - 1) == (long)pg - 1);
        CHECK(hostguard_past_end(p, n, p + n + pg) == -1);
        CHECK(hostguard_before_start(p, n, p - pg - 1) == -1);
        hostguard_free(p, n);
    }
    /* All of it given back: no more mapped than before the two (the limit's slack for the rest). */
    CHECK(address_space() < now + ((size_t)16 << 20));
    _exit(check_failures_in_case ? 1 : 0);
}

static void test_address_space_limit(void)
{
    if (!address_space()) {
        printf("  (no /proc/self/statm: skipped)\n");
        return;
    }
    /* 64 MiB, a whole number of pages: its large guards are 128 MiB more. */
    size_t n = (size_t)64 << 20;
    fflush(stdout);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) limited_child(n);
    int st = 0;
    CHECK(waitpid(pid, &st, 0) == pid);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int main(void)
{
    RUN(test_every_byte_usable);
    RUN(test_past_end_caught);
    RUN(test_guards_both_sides);
    RUN(test_start_aligned);
    RUN(test_other_fault_caught);
    RUN(test_threads);
    RUN(test_nested);
    RUN(test_handlers_restored);
    RUN(test_address_space_limit);
    CHECK_EXIT();
}
