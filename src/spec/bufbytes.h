/* bufbytes.h — a buffer's size, one home: its element count from the spec's count expression and its
 * bytes, for the run that makes it (measure/bench.c: a buffer too large for the device skips its
 * rows) and for the spec alone (no device): the largest buffer a planned configuration allocates, so
 * that a command clx suggests names no size the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE skips. */
#ifndef BUFBYTES_H
#define BUFBYTES_H
#include "lib/types.h"
#include <stddef.h>

/* The share of the device's global memory a configuration's buffers may take together: past it the
 * run skips its rows (measure/bench.c), room being left for the driver's own and the program's. */
#define BUFBYTES_DEVICE_SHARE 0.9

struct spec;
struct plan;
struct vars;

/* bufbytes_count: buffer i of s's element count where the names have the values vv: its count
 * expression rounded up, into *count. 0; -1 with *why (a new string naming the buffer) where the
 * expression fails or gives no sensible size (below 1, above 1e15, not a number): the run's error. */
int bufbytes_count(const struct spec *s, int i, const struct vars *vv, size_t *count, char **why);
/* bufbytes_bytes: the bytes of count elements of type t (a double: a sum of buffers may pass size_t's
 * range before any is made). */
double bufbytes_bytes(size_t count, enum cltype t);
/* bufbytes_point: the bytes of the largest buffer of planned configuration (variant v, point pt) into
 * *bytes, its name into *name (the spec's: static while s lives), and of all its buffers together into
 * *total (their guard zones aside). 0; -1 where it cannot be told without a device (a count or launch
 * size reads a device's property) or a value is the run's error to say. */
int bufbytes_point(const struct spec *s, const struct plan *p, int v, size_t pt, double *bytes, const char **name,
                   double *total);
#endif
