/* ptxmix.h — a kernel's least work per work-item read from its PTX: operations by pipe and bytes
 * through the L1 data path, for the speed of light (sol/). */
#ifndef PTXMIX_H
#define PTXMIX_H

/* What is counted. A pipe's work is in the unit of its class's ceiling, as few as the machine code
 * could make it (ptxmix.c: ptxas contracts and pairs, so a PTX instruction may be less than one of
 * the machine's). Flops are the operations a spec counts (an fma 2, an add 1, a half2 fma 4), which
 * tie the counts to the row's declared work. */
enum ptx_kind {
    PTXK_FP32, PTXK_FP64, PTXK_FP16,     /* slots of each floating-point pipe */
    PTXK_INT32,                          /* slots of 32-bit integer work (the larger of multiplies and the rest) */
    PTXK_SFU,                            /* special-function operations (reciprocal, root, exp2, log2, sin, cos; a division needs one) */
    PTXK_L1,                             /* bytes lanes load and store (global, __local, private, generic) */
    PTXK_FLOP32, PTXK_FLOP64, PTXK_FLOP16, PTXK_OPS32,  /* operations as a spec counts them */
    PTXK_GLOBAL,                         /* bytes lanes load from and store to global memory */
    PTXK_N
};

/* Integer work splits in two: multiplies (a mad counts 2 in the int32 ceiling, 64 an SM a clock from
 * cc 7.0) and the other operations, which count 1 each: ptxas fuses two adds into one IADD3 and two
 * logic operations into one LOP3 (on an H200, chains of adds ran at 1.86 times the multiplies' rate
 * in PTX instructions). Only the larger of the two bounds the time (PTXK_INT32 is reckoned from
 * these). */
enum { PTXK_INT_MUL = PTXK_N, PTXK_INT_ALU, PTXK_NCOUNT };

/* A kernel's counts as a lower bound of its work: what runs once a work-item (the spine: outside
 * every loop and every span a branch may skip), and for the rest, where each basic block runs an
 * unknown number of times, the least of each kind per unit of the declared kind (ref) over the
 * blocks that do ref work. Whatever the blocks' trip counts, a work-item doing `per_item` of ref
 * does at least spine + (per_item - spine's ref) x that least ratio of every kind: loops, nested
 * loops, if/else and early returns all bound, none overstates. */
struct ptx_mix {
    double spine[PTXK_NCOUNT];   /* once a work-item */
    double ratio[PTXK_NCOUNT];   /* the least kind per ref over the blocks off the spine with ref work */
    int blocks;                  /* such blocks exist (0: the kernel's work is all on the spine) */
};

/* ptx_mix_read: the mix of `.entry name` in ptx for declared kind ref (a PTXK_FLOP* / PTXK_OPS32 /
 * PTXK_GLOBAL kind). 0, or -1 with *why (static): the entry is not there, or its own code does
 * none of ref (its work is in functions it calls, which are not followed). */
int ptx_mix_read(const char *ptx, const char *entry, enum ptx_kind ref, struct ptx_mix *m, const char **why);
/* ptx_mix_total: the least of kind k a work-item that does per_item of ref does (PTXK_INT32: the
 * larger of twice its multiplies and its other operations). */
double ptx_mix_total(const struct ptx_mix *m, enum ptx_kind ref, enum ptx_kind k, double per_item);
/* ptx_kind_name: the name of kind k ("fp32", "l1"), for notes. */
const char *ptx_kind_name(enum ptx_kind k);
#endif
