/* bufbytes.h — the largest buffer a planned configuration allocates, from the spec alone (no device),
 * so that a command clx suggests names no size the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE skips. */
#ifndef BUFBYTES_H
#define BUFBYTES_H
#include <stddef.h>

struct spec;
struct plan;

/* bufbytes_point: the bytes of the largest buffer of planned configuration (variant v, point pt) into
 * *bytes, its name into *name (the spec's: static while s lives). 0; -1 where it cannot be told without
 * a device (a count or launch size reads a device's property) or a value is the run's error to say. */
int bufbytes_point(const struct spec *s, const struct plan *p, int v, size_t pt, double *bytes, const char **name);
#endif
