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

void *hostguard_alloc(size_t bytes)
{
    size_t data = whole_pages(bytes), pg = page_bytes();
    if (data < bytes || data + pg < data) die("out of memory: %zu bytes", bytes);
    /* Anonymous pages: untouched ones cost nothing, as a large malloc's do. */
    unsigned char *base = mmap(NULL, data + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) die("out of memory: %zu bytes (mmap: %s)", bytes, strerror(errno));
    if (mprotect(base + data, pg, PROT_NONE)) die("mprotect of a guard page: %s", strerror(errno));
    return base + data - bytes;
}

void hostguard_free(void *p, size_t bytes)
{
    if (!p) return;
    size_t data = whole_pages(bytes);
    munmap((unsigned char *)p + bytes - data, data + page_bytes());
}

long hostguard_past_end(const void *p, size_t bytes, const void *addr)
{
    if (!p) return -1;
    uintptr_t end = (uintptr_t)p + bytes, a = (uintptr_t)addr;
    return a >= end && a - end < page_bytes() ? (long)(a - end) : -1;
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
