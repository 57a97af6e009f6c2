/* modes.h — an experiment's modes: several variants run at once on several devices, each part of
 * a variant's dim-0 range on its own device, copies overlapped with kernels (seed 003's schemes).
 * The spec says what to run (spec_modes.c); the range arithmetic is here (modes.c); the run is in
 * modes/ (modes_run.h). */
#ifndef MODES_H
#define MODES_H
#include <stddef.h>

struct spec;
struct run_opts;

/* One part of a mode: a share of variant's dim-0 range on the device-th device of --device. */
struct mode_part { char *variant; int device; double share; int line; };
struct spec_mode { char *name; struct mode_part *parts; int nparts; int line; };

/* The spec's modes section: the modes, the launch point they run at (axis values; an axis not
 * named takes its first value, after --quick), chunks per part, trials per mode. */
struct spec_modes {
    struct spec_mode *modes; int n;
    char **point_names; double *point_values; int npoint;
    int chunks, trials;
    int line;
};

/* Indices [a, b) of launch dimension 0. */
struct mode_range { size_t a, b; };

/* modes_part_ranges: the dim-0 ranges of n parts with these shares (summing to 1) of extent
 * indices, cut at multiples of local so that no part's rounded launch reaches into the next
 * part's columns; they cover [0, extent) in order. A part may be empty (a == b). */
void modes_part_ranges(size_t extent, size_t local, const double *shares, int n, struct mode_range *out);
/* modes_chunks: r cut into at most chunks pieces at multiples of local (fewer when r is short);
 * returns how many were written to out (room for chunks). */
int modes_chunks(struct mode_range r, size_t local, int chunks, struct mode_range *out);

/* How the columns [a, b) of an output buffer come back: a rectangle of a row-major array whose
 * rows are extent elements long (clEnqueueReadBufferRect), or one contiguous slice when the
 * buffer is one row. Offsets and sizes in bytes. */
struct mode_read {
    int contiguous;
    size_t offset, bytes;                 /* contiguous */
    size_t origin[3], region[3], pitch;   /* rectangle: the same origin and pitch on both sides */
};
/* modes_read_region: the read of columns r of a buffer of count elements of elem bytes. Returns
 * 0, or -1 when count is not a whole number of rows of extent elements. */
int modes_read_region(size_t count, size_t extent, size_t elem, struct mode_range r, struct mode_read *out);

/* modes_free: frees what spec_modes.c read (and m itself). */
void modes_free(struct spec_modes *m);

#endif
