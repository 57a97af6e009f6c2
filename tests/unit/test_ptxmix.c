/* test_ptxmix.c — a kernel's least work by pipe read from PTX: the spine and the least ratio over
 * the blocks off it, the classes each instruction counts in, code whose blocks run unknown numbers
 * of times (if/else, an early return, nested loops, two loops) bounded from below, on synthetic
 * entries and on the H200's PTX fixtures. */
#include "check.h"
#include "device/ptxmix.h"
#include "lib/util.h"
#include <stdlib.h>

#define H200 "tests/unit/fixtures/ptx/"

/* entry: a one-entry PTX module named k around body. */
static char *entry(const char *body)
{
    return xasprintf(".version 8.2\n.target sm_90\n.address_size 64\n.visible .entry k(\n\t.param .u32 k_param_0\n)\n"
                     "{\n\t.reg .f32 %%f<9>;\n%s}\n", body);
}

/* A loop of 2 fma, 1 add.f32 and 1 mad.lo.s32 a trip, 1 add.s32 + setp latch; outside it a global
 * load (16 bytes: v4), a store (4) and one mul.f32. */
static const char *LOOP =
    "\tld.param.u32 %r1, [k_param_0];\n"
    "\tld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];\n"
    "\tmul.f32 %f5, %f1, %f2;\n"
    "$L__BB0_1:\n"
    "\tfma.rn.f32 %f5, %f5, %f1, %f2;\n"
    "\tfma.rn.f32 %f6, %f5, %f1, %f2;\n"
    "\tadd.f32 %f5, %f6, %f3;\n"
    "\tmad.lo.s32 %r3, %r3, %r2, 7;\n"
    "\tadd.s32 %r2, %r2, 1;\n"
    "\tsetp.lt.u32 %p1, %r2, %r1;\n"
    "\t@%p1 bra $L__BB0_1;\n"
    "\tst.global.f32 [%rd1], %f5;\n"
    "\tret;\n";

static void test_loop_counts(void)
{
    char *p = entry(LOOP);
    struct ptx_mix m;
    const char *why = NULL;
    CHECK(ptx_mix_read(p, "k", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.blocks);
    CHECK_NEAR(m.spine[PTXK_FLOP32], 1, 0);     /* the mul */
    CHECK_NEAR(m.spine[PTXK_L1], 20, 0);        /* v4.f32 load + f32 store; ld.param is not memory */
    CHECK_NEAR(m.spine[PTXK_GLOBAL], 20, 0);
    /* The loop: 5 flops (2 fma x 2 + 1 add), counted as operations (ptxas may contract a mul and
     * an add), no memory, 1 integer multiply and 2 other integer operations. */
    CHECK_NEAR(m.ratio[PTXK_FP32], 1, 1e-12);
    CHECK_NEAR(m.ratio[PTXK_L1], 0, 0);
    /* 101 flops a work-item: the mul, then 100 in the loop (20 trips). */
    CHECK_NEAR(ptx_mix_total(&m, PTXK_FLOP32, PTXK_FP32, 101), 101, 1e-9);
    /* 20 multiplies counting 2, 40 other operations counting 1 (ptxas fuses adds in pairs). */
    CHECK_NEAR(ptx_mix_total(&m, PTXK_FLOP32, PTXK_INT32, 101), 40, 1e-9);
    CHECK_NEAR(ptx_mix_total(&m, PTXK_FLOP32, PTXK_L1, 101), 20, 1e-9);
    /* Declaring less than the spine does leaves the spine. */
    CHECK_NEAR(ptx_mix_total(&m, PTXK_FLOP32, PTXK_FP32, 0.5), 1, 1e-9);
    free(p);
}

static void test_pipes_and_types(void)
{
    char *p = entry("\tfma.rn.f64 %fd1, %fd1, %fd2, %fd3;\n"
                    "\tfma.rn.f16x2 %r1, %r1, %r2, %r3;\n"
                    "\tadd.f16 %h1, %h1, %h2;\n"
                    "\tdiv.rn.f32 %f1, %f1, %f2;\n"
                    "\tex2.approx.ftz.f32 %f1, %f1;\n"
                    "\tmul.wide.s32 %rd1, %r1, 4;\n"
                    "\tadd.s64 %rd2, %rd1, %rd3;\n"     /* 64-bit: no class (ptxas may fold it) */
                    "\tcvt.rn.f32.s32 %f3, %r1;\n"      /* a conversion: no class */
                    "\tld.shared.v2.f32 {%f1, %f2}, [%r4];\n"
                    "\tst.local.u64 [%rd4], %rd1;\n"
                    "\tld.f32 %f1, [%SP+4];\n"          /* generic: the stack under -cl-opt-disable */
                    "\tld.const.f32 %f1, [c];\n"
                    "\tret;\n");
    struct ptx_mix m;
    const char *why = NULL;
    CHECK(ptx_mix_read(p, "k", PTXK_FLOP64, &m, &why) == 0);
    CHECK(!m.blocks);
    CHECK_NEAR(m.spine[PTXK_FP64], 2, 0);
    CHECK_NEAR(m.spine[PTXK_FLOP64], 2, 0);
    CHECK_NEAR(m.spine[PTXK_FP16], 5, 0);        /* as operations: ptxas may pair scalar halves */
    CHECK_NEAR(m.spine[PTXK_FLOP16], 4 + 1, 0);  /* half2 fma 4, scalar add 1 */
    CHECK_NEAR(m.spine[PTXK_SFU], 2, 0);
    CHECK_NEAR(m.spine[PTXK_FP32], 0, 0);
    CHECK_NEAR(m.spine[PTXK_OPS32], 1, 0);
    CHECK_NEAR(m.spine[PTXK_L1], 8 + 8 + 4, 0);
    CHECK_NEAR(m.spine[PTXK_GLOBAL], 0, 0);
    CHECK_NEAR(ptx_mix_total(&m, PTXK_FLOP64, PTXK_FP64, 1000), 2, 0);
    free(p);
}

/* Code whose blocks run unknown numbers of times: each side of an if/else, what follows an early
 * return, nested loops, two loops. The bound takes the block whose kind per flop is least, so none
 * overstates whichever way the work is shared between them. */
static void test_blocks_bound(void)
{
    static const struct { const char *body; double spine_flops, fp32, l1; } cases[] = {
        /* if/else: 1 flop with a 4-byte load on one side, an fma on the other. */
        {"\t@%p1 bra $L__BB0_2;\n\tadd.f32 %f1, %f1, %f2;\n\tld.global.f32 %f3, [%rd1];\n\tbra.uni $L__BB0_3;\n"
         "$L__BB0_2:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n$L__BB0_3:\n\tret;\n", 0, 1, 0},
        /* early return: the fma after it may not run. */
        {"\t@%p1 bra $L__BB0_2;\n\tret;\n$L__BB0_2:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\tret;\n", 0, 1, 0},
        /* nested loops: the inner's fma, the outer's add with a store. */
        {"$L__BB0_1:\n\tadd.f32 %f4, %f4, %f1;\n\tst.global.f32 [%rd1], %f4;\n$L__BB0_2:\n"
         "\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\t@%p1 bra $L__BB0_2;\n\t@%p2 bra $L__BB0_1;\n\tret;\n", 0, 1, 0},
        /* two loops and a straight-line mul: the spine's flop counts once. */
        {"\tmul.f32 %f5, %f5, %f5;\n$L__BB0_1:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\tst.global.f32 [%rd1], %f1;\n"
         "\t@%p1 bra $L__BB0_1;\n$L__BB0_2:\n\tadd.f32 %f1, %f1, %f2;\n\tst.global.f32 [%rd1], %f1;\n"
         "\t@%p2 bra $L__BB0_2;\n\tret;\n", 1, 1, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *p = entry(cases[i].body);
        struct ptx_mix m;
        const char *why = NULL;
        CHECK(ptx_mix_read(p, "k", PTXK_FLOP32, &m, &why) == 0);
        CHECK(m.blocks);
        CHECK_NEAR(m.spine[PTXK_FLOP32], cases[i].spine_flops, 0);
        CHECK_NEAR(m.ratio[PTXK_FP32], cases[i].fp32, 1e-12);
        CHECK_NEAR(m.ratio[PTXK_L1], cases[i].l1, 1e-12);
        free(p);
    }
    /* A forward jump over nothing (unoptimised code's fall-through) leaves the spine whole. */
    char *p = entry("\tbra.uni $L__BB0_1;\n$L__BB0_1:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\tret;\n");
    struct ptx_mix m;
    const char *why = NULL;
    CHECK(ptx_mix_read(p, "k", PTXK_FLOP32, &m, &why) == 0);
    CHECK(!m.blocks);
    CHECK_NEAR(m.spine[PTXK_FLOP32], 2, 0);
    CHECK(ptx_mix_read(p, "nope", PTXK_FLOP32, &m, &why) == -1);
    CHECK_CONTAINS(why, "not in its PTX");
    /* Work of a class the code does none of is no mix. */
    CHECK(ptx_mix_read(p, "k", PTXK_FLOP64, &m, &why) == -1);
    CHECK_CONTAINS(why, "no operation of the declared kind");
    free(p);
}

/* The H200's binaries: volkov_fma ILP 4 (optimised: 512 fma a trip, no memory in the loop) and
 * optflags built with -cl-opt-disable, whose loop keeps every value on the stack: what the
 * unoptimised build costs is its L1 traffic. */
static void test_h200_binaries(void)
{
    size_t n;
    char *v = read_file(H200 "volkov_ilp4.ptx", &n), *o = read_file(H200 "optflags_noprag_noopt.ptx", &n);
    CHECK(v && o);
    if (!v || !o) return;
    struct ptx_mix m;
    const char *why = NULL;
    CHECK(ptx_mix_read(v, "volkov_fma", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.blocks);
    CHECK_NEAR(m.ratio[PTXK_FP32], 1, 1e-12);   /* all fma: a slot's 2 per 2 flops */
    CHECK_NEAR(m.ratio[PTXK_L1], 0, 0);
    CHECK(ptx_mix_read(o, "optflags", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.blocks);
    /* The body's block: 12 stack loads and 4 stores of 4 bytes for its 4 fma (the loop's header and
     * latch hold no flops: their 16 bytes are left out, as a block may run any number of times). */
    CHECK_NEAR(m.ratio[PTXK_L1], 64.0 / 8, 1e-12);
    CHECK_NEAR(m.ratio[PTXK_FP32], 1, 1e-12);
    free(v);
    free(o);
    /* volkov_fma ILP 2 with -cl-opt-disable calls fma() (a .func that calls __ptx_fma_f): the calls
     * are followed, so its loop's block holds 2 fma (4 flops) beside 8 stack loads and stores. */
    char *c = read_file(H200 "volkov_ilp2_noopt.ptx", &n);
    CHECK(c);
    if (!c) return;
    CHECK(ptx_mix_read(c, "volkov_fma", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.blocks);
    CHECK_NEAR(m.ratio[PTXK_FLOP32], 1, 1e-12);
    CHECK_NEAR(m.ratio[PTXK_L1], 32.0 / 4, 1e-12);
    free(c);
}

int main(void)
{
    RUN(test_loop_counts);
    RUN(test_pipes_and_types);
    RUN(test_blocks_bound);
    RUN(test_h200_binaries);
    CHECK_EXIT();
}
