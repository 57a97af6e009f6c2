/* hostguard.c — guarded host memory and the call that catches a fault in it (hostguard.h). */
#include "hostguard.h"
#include "util.h"
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t page_bytes(void)
{
    static size_t pg;
    if (!pg) {
        long n = sysconf(_SC_PAGESIZE);
        pg = n > 0 ? (size_t)n : 4096;
    }
    return pg;
}

/* whole_pages: bytes rounded up to pages. */
static size_t whole_pages(size_t bytes)
{
    size_t pg = page_bytes();
    return (bytes + pg - 1) / pg * pg;
}

/* guard_bytes: the inaccessible room on each side of an allocation of data bytes (whole pages): as
 * much as the data, so that an index up to its count past either end faults, within bounds. It
 * costs address space alone (reserved, never committed); the floor catches a small array's stray
 * index too, the ceiling keeps a huge one's reservation sane. */
static size_t guard_bytes(size_t data)
{
    size_t g = data;
    if (g < HOSTGUARD_MIN_GUARD) g = HOSTGUARD_MIN_GUARD;
    if (g > HOSTGUARD_MAX_GUARD) g = HOSTGUARD_MAX_GUARD;
    return whole_pages(g);
}

/* page_start: the start of the page p lies in (its first page: the canary runs from here to p). */
static unsigned char *page_start(const void *p)
{
    return (unsigned char *)((uintptr_t)p / page_bytes() * page_bytes());
}

void *hostguard_alloc(size_t bytes)
{
    size_t data = whole_pages(bytes), g = guard_bytes(data);
    if (data < bytes || data + 2 * g < data) die("out of memory: %zu bytes", bytes);
    /* Reserved inaccessible (a mapping no one can write is not counted against the host's
     * memory), then the data's pages opened, which are, as a large malloc's: the guards cost
     * address space alone, the data's untouched pages nothing more than before. */
    unsigned char *base = mmap(NULL, g + data + g, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) die("out of memory: %zu bytes (mmap: %s)", bytes, strerror(errno));
    if (data && mprotect(base + g, data, PROT_READ | PROT_WRITE))
        die("out of memory: %zu bytes (mprotect: %s)", bytes, strerror(errno));
    unsigned char *p = base + g + data - bytes;
    /* The end is exact (the guard starts at the first byte past it); the start is not, so the bytes
     * before it in its first page hold the canary, read back by hostguard_written_before. */
    memset(base + g, HOSTGUARD_CANARY, (size_t)(p - (base + g)));
    return p;
}

void hostguard_free(void *p, size_t bytes)
{
    if (!p) return;
    size_t data = whole_pages(bytes), g = guard_bytes(data);
    munmap((unsigned char *)p + bytes - data - g, g + data + g);
}

long hostguard_past_end(const void *p, size_t bytes, const void *addr)
{
    if (!p) return -1;
    uintptr_t end = (uintptr_t)p + bytes, a = (uintptr_t)addr;
    return a >= end && a - end < guard_bytes(whole_pages(bytes)) ? (long)(a - end) : -1;
}

long hostguard_before_start(const void *p, size_t bytes, const void *addr)
{
    if (!p) return -1;
    uintptr_t start = (uintptr_t)p, a = (uintptr_t)addr;
    uintptr_t from = (uintptr_t)page_start(p) - guard_bytes(whole_pages(bytes));
    return a < start && a >= from ? (long)(start - a) : -1;
}

size_t hostguard_written_before(const void *p)
{
    const unsigned char *c = page_start(p), *s = p;
    for (; c < s; c++)
        if (*c != HOSTGUARD_CANARY) return (size_t)(s - c);
    return 0;
}

/* The handlers are the process's while any thread is inside a call; each thread has its own
 * place to jump back to (NULL: not inside a call). */
static pthread_mutex_t users_lock = PTHREAD_MUTEX_INITIALIZER;
static int users;
static struct sigaction before_segv, before_bus;
static _Thread_local sigjmp_buf *armed;
static _Thread_local struct hostguard_fault caught;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    if (armed) {
        caught.sig = sig;
        caught.addr = si->si_addr;
        siglongjmp(*armed, 1);
    }
    /* Not a call's fault: the handler before takes it back; returning runs the faulting
     * instruction again, which faults under it as it would have without us. */
    sigaction(sig, sig == SIGSEGV ? &before_segv : &before_bus, NULL);
}

static void users_add(int n)
{
    pthread_mutex_lock(&users_lock);
    if (n > 0 && users++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_fault;
        sa.sa_flags = SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &before_segv);
        sigaction(SIGBUS, &sa, &before_bus);
    } else if (n < 0 && --users == 0) {
        sigaction(SIGSEGV, &before_segv, NULL);
        sigaction(SIGBUS, &before_bus, NULL);
    }
    pthread_mutex_unlock(&users_lock);
}

int hostguard_call(int (*fn)(void *), void *arg, struct hostguard_fault *f)
{
    sigjmp_buf here;
    sigjmp_buf *outer = armed;
    volatile int rc = 0;
    users_add(1);
    /* The signal mask saved too: the jump out of the handler unblocks the signal it blocked. */
    if (sigsetjmp(here, 1)) {
        armed = outer;
        if (f) *f = caught;
        rc = HOSTGUARD_FAULTED;
    } else {
        armed = &here;
        rc = fn(arg);
        armed = outer;
    }
    users_add(-1);
    return rc;
}
