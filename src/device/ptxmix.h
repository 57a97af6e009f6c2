/* ptxmix.h — a kernel's work per work-item read from its PTX: operations by pipe and bytes through
 * the L1 data path, once and per trip of its hot loop, for the speed of light (sol/). */
#ifndef PTXMIX_H
#define PTXMIX_H

/* What is counted. Slots are issue slots in the unit of that class's ceiling (2 an instruction: a
 * ceiling counts an fma as two operations; 4 for FP16, whose ceiling counts half2's two lanes), so
 * that an add costs what an fma does. Flops are the operations a spec counts (an fma 2, an add 1,
 * a half2 fma 4), from which the loop's trip count is worked out. */
enum ptx_kind {
    PTXK_FP32, PTXK_FP64, PTXK_FP16,     /* slots of each floating-point pipe */
    PTXK_INT32,                          /* slots of 32-bit integer work (see ptxmix.c: the larger of multiplies and the rest) */
    PTXK_SFU,                            /* special-function operations (reciprocal, root, exp2, log2, sin, cos; a division needs one) */
    PTXK_L1,                             /* bytes lanes load and store (global, __local, private, generic) */
    PTXK_FLOP32, PTXK_FLOP64, PTXK_FLOP16, PTXK_OPS32,  /* operations as a spec counts them */
    PTXK_GLOBAL,                         /* bytes lanes load from and store to global memory */
    PTXK_N
};

struct ptx_mix {
    double once[PTXK_N];         /* outside the hot loop, once a work-item */
    double body[PTXK_N];         /* in the hot loop, once a trip */
    int loop;                    /* a hot loop was found (0: the kernel's work is straight-line) */
    double int_split[2][2];      /* integer multiplies and other operations, [once, body][mul, rest] */
};

/* ptx_mix_read: the mix of `.entry name` in ptx, the hot loop being the one loop whose body holds
 * work of kind ref (a PTXK_FLOP* / PTXK_OPS32 / PTXK_GLOBAL kind). 0, or -1 with *why (static):
 * the entry is not there, it branches around code (if/else: both sides would be counted), or the
 * work of kind ref lies in nested loops or in more than one loop (no one trip count gives it).
 * Instructions of called functions are not counted (an undercount: the bound still bounds). */
int ptx_mix_read(const char *ptx, const char *entry, enum ptx_kind ref, struct ptx_mix *m, const char **why);
/* ptx_mix_trips: the hot loop's trips that make the mix do `per_item` of kind ref a work-item:
 * (per_item - once) / body; 0 without a loop; -1 when it cannot (the straight-line or once part
 * already does more than per_item, or the loop none of it). */
double ptx_mix_trips(const struct ptx_mix *m, enum ptx_kind ref, double per_item);
/* ptx_mix_total: kind k a work-item does over `trips` of the hot loop (PTXK_INT32: two slots for
 * each of the larger of its multiplies and its other operations, over the whole work-item). */
double ptx_mix_total(const struct ptx_mix *m, enum ptx_kind k, double trips);
/* ptx_kind_name: the name of kind k ("fp32", "l1"), for notes. */
const char *ptx_kind_name(enum ptx_kind k);
#endif
