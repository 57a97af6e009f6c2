/* hostguard.h — host memory between inaccessible guards, and a call that turns a memory fault
 * inside it into a return: a host reference that reads past the end of its input is caught at the
 * first byte too far, said as the mistake it is, instead of reading garbage or killing the worker. */
#ifndef HOSTGUARD_H
#define HOSTGUARD_H
#include <stddef.h>

/* hostguard_alloc: room for bytes, uninitialised, placed so that its last byte is the last before
 * an inaccessible guard (its start is then aligned to the largest power of two up to 8 that divides
 * bytes: an array of any scalar type is aligned). A guard lies before it too: each as large as the
 * data (whole pages), at least HOSTGUARD_MIN_GUARD and at most HOSTGUARD_MAX_GUARD, so an access
 * that far past the end or before the start faults; where the host refuses that much address space
 * (ulimit -v), a page each (free and the measures below know which). The bytes between the start and the page it
 * lies in (less than a page) cannot fault: they hold HOSTGUARD_CANARY, which
 * hostguard_written_before reads back. An access farther out lands in other memory, caught by
 * nothing here. Dies as xmalloc does when the host has no room. Free with hostguard_free(p, bytes). */
#define HOSTGUARD_MIN_GUARD ((size_t)64 << 10)
#define HOSTGUARD_MAX_GUARD ((size_t)1 << 30)
#define HOSTGUARD_CANARY 0xA5
void *hostguard_alloc(size_t bytes);
/* hostguard_alloc_start: the same room the other way round: its start is the first byte after the
 * guard before it (a page's start), so that the first byte before it faults, and the bytes after
 * its end in its last page hold the canary (a read there, one past the end, is caught by nothing: a
 * second run over such a copy, as a host reference's probe is, catches what the first could not). */
void *hostguard_alloc_start(size_t bytes);
/* hostguard_free: frees p (from hostguard_alloc(bytes) or hostguard_alloc_start(bytes); NULL: nothing). */
void hostguard_free(void *p, size_t bytes);
/* hostguard_past_end: how many bytes past the end of p (bytes long, from either alloc) addr lies,
 * when it is in the guard after it or the canary's bytes before that (>= 0); -1 when it is not. */
long hostguard_past_end(const void *p, size_t bytes, const void *addr);
/* hostguard_before_start: how many bytes before the start of p (from either alloc of bytes) addr
 * lies (> 0), when it is in the guard before it or the canary's bytes; -1 when it is not. */
long hostguard_before_start(const void *p, size_t bytes, const void *addr);
/* hostguard_written_before: how far before p (from hostguard_alloc) the canary was changed: the
 * bytes from the farthest changed one to p (a write of p[-1], 4 bytes of float, is 4 or less), 0 where
 * it is whole. Only for hostguard_alloc's memory: elsewhere those bytes are not the canary. */
size_t hostguard_written_before(const void *p);

/* A memory fault caught by hostguard_call: the signal (SIGSEGV, SIGBUS) and the address. */
struct hostguard_fault { int sig; const void *addr; };

/* hostguard_call: runs fn(arg) on this thread with SIGSEGV and SIGBUS caught: fn's result, or
 * HOSTGUARD_FAULTED with *f when fn faulted (fn then did not finish: what it allocated is lost, a
 * lock it held stays held). Calls may run on several threads at once, and nest. A fault on a
 * thread not inside a call meanwhile is left to whatever handled it before (the process dies as
 * it would have). */
#define HOSTGUARD_FAULTED (-1000)
int hostguard_call(int (*fn)(void *), void *arg, struct hostguard_fault *f);
#endif
