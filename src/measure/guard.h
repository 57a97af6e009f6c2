/* guard.h — guard zones around every buffer of a run: each buffer is a sub-buffer of a larger
 * allocation whose bytes before and after it hold a known pattern, read back after a
 * configuration's first trials. A kernel that wrote outside its buffer is caught, and the zone
 * takes the stray writes (on PoCL a buffer is host memory: without it they land in the host's
 * heap, and glibc aborted the run). */
#ifndef GUARD_H
#define GUARD_H
#include "device/ocl.h"
#include <stddef.h>

#define GUARD_MIN ((size_t)64 * 1024)          /* the least zone after a buffer */
#define GUARD_MAX ((size_t)256 * 1024 * 1024)  /* the most: a launch far past its buffer is still caught */
#define GUARD_BYTE 0xa7                         /* the pattern: no float, int or poison value is made of it */

/* One buffer with its zones: the allocation, the buffer the kernels see, the zones' sizes. */
struct guarded { cl_mem parent, mem; size_t pre, bytes, post; };

/* guard_after: the zone after a buffer of count elements of es bytes that a launch of items
 * work-items uses: what a launch writing one element per work-item would write past it, at least
 * GUARD_MIN, at most GUARD_MAX, in whole pages. */
size_t guard_after(size_t count, size_t es, double items);
/* guard_make: bytes with a zone of post bytes after and one before (the device's base-address
 * alignment, at least 4 KiB), the zones filled with GUARD_BYTE (blocking); within max_alloc (0: no
 * limit) the zones shrink, and with no room left the buffer has none. CL_SUCCESS, or the error with
 * nothing left allocated. */
cl_int guard_make(cl_context ctx, cl_command_queue q, size_t bytes, size_t post, size_t max_alloc, struct guarded *g);
/* The zones looked at on the device: a kernel finds the changed bytes of the windows the host would
 * read, and one read brings back two numbers a window. The host's reads of the windows themselves,
 * eight a configuration, took 0.9 ms a row on an H200 (4.4 s of taylor's 31 s sweep). Zeroed to
 * start; built at its first use; where it cannot be, the host reads. */
struct guard_scan { cl_program prog; cl_kernel k; cl_mem out; size_t cap; int failed; };
void guard_scan_close(struct guard_scan *s);
/* guard_check_all: both zones of each of n allocations (names[i] for g[i]) looked at (a zone over
 * 1 MiB: its first MiB and its last 64 KiB, where a run past the end starts and how far it went),
 * by scan on the device, or (scan NULL, or where it cannot) read back by the host with one wait for
 * all: NULL when they are intact, else what the kernels did, joined by "; " ("wrote past the end
 * of c (at least 2097152 bytes past it)"), a new string; the zones written on are filled again. */
char *guard_check_all(cl_command_queue q, struct guard_scan *scan, const struct guarded *const *g,
                      const char *const *names, int n);
void guard_free(struct guarded *g);
#endif
