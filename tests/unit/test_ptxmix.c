/* test_ptxmix.c — a kernel's work by pipe read from PTX: the hot loop and its trips, the classes each
 * instruction counts in, and the shapes of code whose counts would overstate (if/else, an early
 * return, nested loops, work in two loops), on synthetic entries and on the H200's PTX fixtures. */
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
    CHECK(m.loop);
    CHECK_NEAR(m.body[PTXK_FLOP32], 5, 0);      /* 2 fma x 2 + 1 add */
    CHECK_NEAR(m.body[PTXK_FP32], 6, 0);        /* 3 instructions x 2 slots */
    CHECK_NEAR(m.once[PTXK_FLOP32], 1, 0);      /* the mul */
    CHECK_NEAR(m.once[PTXK_L1], 20, 0);         /* v4.f32 load + f32 store; ld.param is not memory */
    CHECK_NEAR(m.once[PTXK_GLOBAL], 20, 0);
    CHECK_NEAR(m.body[PTXK_L1], 0, 0);
    CHECK_NEAR(m.body[PTXK_OPS32], 4, 0);       /* mad 2, add 1, setp 1 */
    /* 101 flops a work-item: the mul, then 20 trips of 5. */
    double trips = ptx_mix_trips(&m, PTXK_FLOP32, 101);
    CHECK_NEAR(trips, 20, 1e-12);
    CHECK_NEAR(ptx_mix_total(&m, PTXK_FP32, trips), 2 + 20 * 6, 1e-9);
    /* Integer work: 1 multiply and 2 other operations a trip: the larger, at 2 slots each. */
    CHECK_NEAR(ptx_mix_total(&m, PTXK_INT32, trips), 2 * 40, 1e-9);
    /* Declaring less than the loop-free part does is no trip count. */
    CHECK(ptx_mix_trips(&m, PTXK_FLOP32, 0.5) < 0);
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
    CHECK(ptx_mix_read(p, "k", PTXK_FLOP32, &m, &why) == 0);
    CHECK(!m.loop);
    CHECK_NEAR(m.once[PTXK_FP64], 2, 0);
    CHECK_NEAR(m.once[PTXK_FLOP64], 2, 0);
    CHECK_NEAR(m.once[PTXK_FP16], 8, 0);        /* two instructions, 4 slots each */
    CHECK_NEAR(m.once[PTXK_FLOP16], 4 + 1, 0);  /* half2 fma 4, scalar add 1 */
    CHECK_NEAR(m.once[PTXK_SFU], 2, 0);
    CHECK_NEAR(m.once[PTXK_FP32], 0, 0);
    CHECK_NEAR(m.once[PTXK_OPS32], 1, 0);
    CHECK_NEAR(m.once[PTXK_L1], 8 + 8 + 4, 0);
    CHECK_NEAR(m.once[PTXK_GLOBAL], 0, 0);
    CHECK_NEAR(ptx_mix_trips(&m, PTXK_FLOP32, 0), 0, 0);
    free(p);
}

/* Code that runs on one path of two, nested loops and work in two loops are refused, with a reason. */
static void test_refused_shapes(void)
{
    static const struct { const char *body, *why; } cases[] = {
        {"\t@%p1 bra $L__BB0_2;\n\tadd.f32 %f1, %f1, %f2;\n\tbra.uni $L__BB0_3;\n$L__BB0_2:\n"
         "\tmul.f32 %f1, %f1, %f2;\n$L__BB0_3:\n\tret;\n", "if/else"},
        {"\t@%p1 bra $L__BB0_2;\n\tret;\n$L__BB0_2:\n\tmul.f32 %f1, %f1, %f2;\n\tret;\n", "returns early"},
        {"$L__BB0_1:\n$L__BB0_2:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\t@%p1 bra $L__BB0_2;\n\t@%p2 bra $L__BB0_1;\n\tret;\n",
         "nested"},
        {"$L__BB0_1:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\t@%p1 bra $L__BB0_1;\n"
         "$L__BB0_2:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\t@%p2 bra $L__BB0_2;\n\tret;\n", "more than one loop"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *p = entry(cases[i].body);
        struct ptx_mix m;
        const char *why = NULL;
        CHECK(ptx_mix_read(p, "k", PTXK_FLOP32, &m, &why) == -1);
        CHECK_CONTAINS(why, cases[i].why);
        free(p);
    }
    /* A forward jump over nothing (unoptimised code's fall-through) and a loop without the
     * reference work beside the hot one are fine: the other loop's work counts once. */
    char *p = entry("\tbra.uni $L__BB0_1;\n$L__BB0_1:\n\tadd.s32 %r1, %r1, 1;\n\t@%p1 bra $L__BB0_1;\n"
                    "$L__BB0_2:\n\tfma.rn.f32 %f1, %f1, %f2, %f3;\n\t@%p2 bra $L__BB0_2;\n\tret;\n");
    struct ptx_mix m;
    const char *why = NULL;
    CHECK(ptx_mix_read(p, "k", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.loop);
    CHECK_NEAR(m.body[PTXK_FLOP32], 2, 0);
    CHECK_NEAR(m.once[PTXK_OPS32], 1, 0);
    CHECK(ptx_mix_read(p, "nope", PTXK_FLOP32, &m, &why) == -1);
    free(p);
}

/* The H200's binaries: volkov_fma ILP 4 (optimised: 512 fma a trip, no memory in the loop) and
 * optflags built with -cl-opt-disable, whose loop keeps every value on the stack (4 fma and 20
 * loads and stores of 4 bytes a trip): what the unoptimised build costs is its L1 traffic. */
static void test_h200_binaries(void)
{
    size_t n;
    char *v = read_file(H200 "volkov_ilp4.ptx", &n), *o = read_file(H200 "optflags_noprag_noopt.ptx", &n);
    CHECK(v && o);
    if (!v || !o) return;
    struct ptx_mix m;
    const char *why = NULL;
    CHECK(ptx_mix_read(v, "volkov_fma", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.loop);
    CHECK_NEAR(m.body[PTXK_FLOP32], 1024, 0);
    CHECK_NEAR(m.body[PTXK_L1], 0, 0);
    CHECK(ptx_mix_read(o, "optflags", PTXK_FLOP32, &m, &why) == 0);
    CHECK(m.loop);
    CHECK_NEAR(m.body[PTXK_FLOP32], 8, 0);
    CHECK_NEAR(m.body[PTXK_L1], 80, 0);
    free(v);
    free(o);
}

int main(void)
{
    RUN(test_loop_counts);
    RUN(test_pipes_and_types);
    RUN(test_refused_shapes);
    RUN(test_h200_binaries);
    CHECK_EXIT();
}
