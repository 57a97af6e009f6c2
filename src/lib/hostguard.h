/* hostguard.h — host memory whose end touches an inaccessible page, and a call that turns a memory
 * fault inside it into a return: a host reference that reads past the end of its input is caught
 * at the first byte too far, said as the mistake it is, instead of reading garbage or killing the
 * worker. */
#ifndef HOSTGUARD_H
#define HOSTGUARD_H
#include <stddef.h>

/* hostguard_alloc: room for bytes, uninitialised, placed so that its last byte is the last before
 * an inaccessible page (its start is then aligned to the largest power of two up to 8 that divides
 * bytes: an array of any scalar type is aligned). Dies as xmalloc does when the host has no room.
 * Free with hostguard_free(p, bytes). Only the end is guarded: a read before the start is not
 * caught. */
void *hostguard_alloc(size_t bytes);
/* hostguard_free: frees p (from hostguard_alloc(bytes); NULL: nothing). */
void hostguard_free(void *p, size_t bytes);
/* hostguard_past_end: how many bytes past the end of p (bytes long, from hostguard_alloc) addr
 * lies, when it is in the guard page after it (>= 0); -1 when it is not. */
long hostguard_past_end(const void *p, size_t bytes, const void *addr);

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
