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

/* The allocations whose guards are not guard_bytes of their size: those that fell back to a page
 * each side (hostguard_alloc says why), with the guard each reserved, so that free unmaps, and a fault
 * is measured against, what was reserved. Few or none: a plain list, under a lock (guards are
 * measured on the threads of a split reference). */
struct shrunk { const void *p; size_t guard; };
static pthread_mutex_t shrunk_lock = PTHREAD_MUTEX_INITIALIZER;
static struct shrunk *shrunk;
static size_t n_shrunk, cap_shrunk;

static void shrunk_add(const void *p, size_t guard)
{
    pthread_mutex_lock(&shrunk_lock);
    if (n_shrunk == cap_shrunk) {
        cap_shrunk = cap_shrunk ? 2 * cap_shrunk : 8;
        shrunk = xrealloc(shrunk, cap_shrunk * sizeof *shrunk);
    }
    shrunk[n_shrunk++] = (struct shrunk){ p, guard };
    pthread_mutex_unlock(&shrunk_lock);
}

/* guard_of: the guard p (from hostguard_alloc(bytes)) has on each side; forget: p's record dropped
 * too (it is being freed). */
static size_t guard_of(const void *p, size_t bytes, int forget)
{
    size_t g = guard_bytes(whole_pages(bytes));
    pthread_mutex_lock(&shrunk_lock);
    for (size_t i = 0; i < n_shrunk; i++)
        if (shrunk[i].p == p) {
            g = shrunk[i].guard;
            if (forget) shrunk[i] = shrunk[--n_shrunk];
            break;
        }
    pthread_mutex_unlock(&shrunk_lock);
    return g;
}

/* reserve: data bytes between guards of g bytes each, reserved inaccessible (a mapping no one can
 * write is not counted against the host's memory), then the data's pages opened, which are, as a
 * large malloc's: the guards cost address space alone, the data's untouched pages nothing more than
 * before. NULL, errno set, where the host refuses it. */
static unsigned char *reserve(size_t data, size_t g)
{
    if (2 * g < g || data + 2 * g < data) {
        errno = ENOMEM;
        return NULL;
    }
    unsigned char *base = mmap(NULL, g + data + g, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    if (data && mprotect(base + g, data, PROT_READ | PROT_WRITE)) {
        int e = errno;
        munmap(base, g + data + g);
        errno = e;
        return NULL;
    }
    return base;
}

/* place: bytes between guards, their end touching the guard after (at_start 0) or their start the
 * guard before (1); the bytes between the data and its page's edge on the other side hold the canary. */
static void *place(size_t bytes, int at_start)
{
    size_t data = whole_pages(bytes), g = guard_bytes(data);
    if (data < bytes) die("out of memory: %zu bytes", bytes);
    unsigned char *base = reserve(data, g);
    /* Address space is all the large guards cost, but a limit on it (ulimit -v, which some batch
     * systems set) counts them: up to three times the buffer. Where they do not fit, a page each
     * side, as before they grew: a buffer that fitted then still does, said nowhere (the run is no
     * different, only an access more than a page outside it goes uncaught). */
    int small = 0;
    if (!base && g > page_bytes()) {
        g = page_bytes();
        base = reserve(data, g);
        small = 1;
    }
    if (!base) die("out of memory: %zu bytes (mmap: %s)", bytes, strerror(errno));
    unsigned char *p = at_start ? base + g : base + g + data - bytes;
    if (small) shrunk_add(p, g);
    /* The one side is exact (the guard starts at the first byte past it); the other is not, so the
     * bytes between it and its page's edge hold the canary (before the start: read back by
     * hostguard_written_before). */
    if (at_start) memset(p + bytes, HOSTGUARD_CANARY, data - bytes);
    else memset(base + g, HOSTGUARD_CANARY, (size_t)(p - (base + g)));
    return p;
}

void *hostguard_alloc(size_t bytes) { return place(bytes, 0); }

void *hostguard_alloc_start(size_t bytes) { return place(bytes, 1); }

/* The data's pages of p (from either alloc of bytes) start at page_start(p) in both layouts: the
 * end-aligned start lies less than a page into them. */
void hostguard_free(void *p, size_t bytes)
{
    if (!p) return;
    size_t data = whole_pages(bytes), g = guard_of(p, bytes, 1);
    munmap(page_start(p) - g, g + data + g);
}

long hostguard_past_end(const void *p, size_t bytes, const void *addr)
{
    if (!p) return -1;
    uintptr_t end = (uintptr_t)p + bytes, a = (uintptr_t)addr;
    uintptr_t to = (uintptr_t)page_start(p) + whole_pages(bytes) + guard_of(p, bytes, 0);
    return a >= end && a < to ? (long)(a - end) : -1;
}

long hostguard_before_start(const void *p, size_t bytes, const void *addr)
{
    if (!p) return -1;
    uintptr_t start = (uintptr_t)p, a = (uintptr_t)addr;
    uintptr_t from = (uintptr_t)page_start(p) - guard_of(p, bytes, 0);
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
