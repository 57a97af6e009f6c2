m4_include(`clx.m4')m4_dnl
m4_dnl peaks: the ceilings of a device, measured (seed 001's "Theoretical limits", issue 9).
m4_dnl MEM=1: a memory stream over n elements of XT (OP read, write, copy or triad; VEC 1 or 4
m4_dnl elements per access; MILP independent accesses per work-item per trip of the grid-stride loop).
m4_dnl The read's RFORM: 0 the grid-stride loop and one partial sum per work-group (a tree in
m4_dnl local memory: a GPU's form), 1 a run of TRIPS trips of MILP vectors per work-item and its own
m4_dnl partial sum, with no barrier and no bound in the kernel (a CPU's form; in holds every run).
m4_dnl MEM=0: ILP=8 independent chains per work-item, UNROLL steps per loop trip (OP fp32, fp64, fp16 on
m4_dnl half2, int16 on ushort2, int32 and int64 multiply-add, int8 dot products on char4; on NVIDIA
m4_dnl through inline PTX: hfma2 and bfma2 (f16x2, bf16x2 fma), mma (a warp's mma.sync, MT f16, bf16,
m4_dnl tf32 or s8, MCH accumulators per warp).
m4_assert_in(`MEM', 0, 1)m4_dnl
m4_assert_in(`XT', float, double, uint)m4_dnl
m4_assert_in(`OT', float, double, uint, ulong)m4_dnl
m4_ifelse(MEM, 1, `m4_dnl
m4_assert_in(`OP', read, write, copy, triad)m4_dnl
m4_assert_in(`VEC', 1, 4)m4_dnl
m4_ifelse(OP, read, `m4_assert_in(`RFORM', 0, 1)')m4_dnl
m4_ifelse(OP, read, `m4_ifelse(RFORM, 1, `m4_assert_range(`TRIPS', 1, 256)')')m4_dnl
m4_assert_range(`MILP', 1, 16)m4_dnl
m4_assert(`m4_ifelse(XT, OT, 1, 0)', `memory variants read and write one type: XT=OT')m4_dnl
', `m4_dnl
m4_assert_in(`OP', fp32, fp64, fp16, hfma2, bfma2, int16, int32, int64, int8, mma)m4_dnl
m4_assert_range(`UNROLL', 1, 256)m4_dnl
m4_ifelse(OP, mma, `m4_assert_in(`MT', f16, bf16, tf32, s8)m4_assert_range(`MCH', 1, 16)')m4_dnl
')m4_dnl
m4_ifelse(XT, double, `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
', OT, double, `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
')m4_dnl
m4_ifelse(OP, fp16, `#pragma OPENCL EXTENSION cl_khr_fp16 : enable
')m4_dnl
m4_define(`VT', m4_ifelse(VEC, 1, XT, XT`'VEC))m4_dnl
m4_dnl m4_peaks_fma2(type, exponent bits of [0.5, 1), mantissa mask, mantissa bits, c): 8 chains of
m4_dnl x = x * x + c on a pair of 16-bit floats in a uint, one PTX fma.rn.<type> per step: two
m4_dnl registers read (x twice, and c), the form that runs at full rate. With c = -1.5 the map keeps
m4_dnl every lane in [-1.5, 0.75] and never settles on a fixed point, so each step changes the
m4_dnl result; the host emulates the rounding bit for bit (peaks.ref.c). Written out as the sum of
m4_dnl every lane's bits.
m4_define(`m4_peaks_fma2', `m4_dnl
    // $1 through inline PTX (NVIDIA): OpenCL C has no bf16, and the OpenCL of NVIDIA no cl_khr_fp16.
    const uint c = $5u;
    m4_ilp_decl(uint, acc, 8, `($2u | ((in[i] ^ (m4_k * 0x9E3779B9u)) & $3u)) | (($2u | (((in[i] ^ (m4_k * 0x9E3779B9u)) >> $4) & $3u)) << 16)')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        asm volatile("fma.rn.$1 %0, %0, %0, %1;" : "+r"(acc`'m4_k) : "r"(c));
')')m4_dnl
    }
    out[i] = m4_forloop(`m4_k', 0, 7, `m4_ifelse(m4_k, 0, `', ` + ')(acc`'m4_k & 0xffffu) + (acc`'m4_k >> 16)');
')m4_dnl
// peaks kernel: one signature for every variant (the spec has one argument list); what a variant
// does not use it ignores.
__kernel void peaks(__global const XT *restrict in, __global const XT *restrict in2, __global OT *restrict out,
                    const uint n, const uint iters, const float mul, const float add,
                    const uint imul, const uint iadd, __local OT *scratch)
{
m4_ifelse(MEM, 1, `m4_dnl
    const size_t gid = get_global_id(0), stride = get_global_size(0);
    // Whole VT vectors, stride apart so that neighbouring work-items touch neighbouring vectors;
    // the n % VEC elements after them are done one by one at the end.
    const size_t nv = n / VEC;
    __global const VT *x = (__global const VT *)in;
    __global const VT *y = (__global const VT *)in2;
    __global VT *z = (__global VT *)out;
    const XT s = (XT)mul;
    size_t i = gid;
m4_ifelse(OP, read, `m4_dnl
m4_ifelse(RFORM, 1, `m4_dnl
    // Read only: each work-item sums its vectors into MILP accumulators (independent loads in
    // flight) and writes its own partial sum: every load reaches the output, so none can be
    // optimised away. The host reference sums in this order.
    // RFORM=1 (a CPU): a CPU runs a work-group as a loop over its work-items on one thread, and a
    // barrier splits that loop at every step of a tree (PoCL) or takes the whole kernel off its
    // vectorised path (Intel's CPU runtime), as a loop whose trips differ by work-item does: with
    // either the read measured the kernel, not the memory (docs/experiments/peaks.md, "A CPU's
    // read"). So each work-item reads its own run of TRIPS trips of MILP neighbouring vectors, one
    // stream a prefetcher follows, a count the compiler knows, and writes its own sum; the spec
    // sizes in to hold every run (the elements past n are read and summed, not counted).
    m4_ilp_decl(VT, acc, MILP, `(VT)(0)')
    i = gid * (MILP * TRIPS);
    for (uint trip = 0; trip < TRIPS; trip++, i += MILP) {
m4_ilp_each(MILP, `        acc`'m4_k += x[i + m4_k];
')m4_dnl
    }
', `m4_dnl
    // Read only: each work-item sums its vectors into MILP accumulators (independent loads in
    // flight), the work-group sums those in local memory and writes one partial sum: every load
    // reaches the output, so none can be optimised away. The host reference sums in this order.
    m4_ilp_decl(VT, acc, MILP, `(VT)(0)')
    for (; i + (MILP - 1) * stride < nv; i += MILP * stride) {
m4_ilp_each(MILP, `        acc`'m4_k += x[i + m4_k * stride];
')m4_dnl
    }
    for (; i < nv; i += stride)
        acc0 += x[i];
')m4_dnl
    const VT v = m4_ilp_sum(acc, MILP);
m4_ifelse(VEC, 1, `    XT sum = v;
', `    // The lanes summed as a dot product with ones, in an order of additions the implementation
    // picks (the host reference adds them in order: an ulp at most apart, well inside the
    // tolerance). Oclgrind 21.10 crashes on ((v.s0 + v.s1) + v.s2) + v.s3 under --uninitialized
    // (docs/checking.md).
    XT sum = dot(v, (VT)(1));
')m4_dnl
m4_ifelse(VEC, 1, `', RFORM, 1, `', `m4_dnl
    const size_t t = nv * VEC + gid;
    if (t < n)
        sum += in[t];
')m4_dnl
m4_ifelse(RFORM, 1, `    out[gid] = sum;
', `m4_dnl
    // A tree over any work-group size: the first power of two at or above it, halved each step.
    const uint lid = get_local_id(0), lsz = get_local_size(0);
    uint p2 = 1;
    while (p2 < lsz) p2 <<= 1;
    scratch[lid] = sum;
    for (uint h = p2 / 2; h > 0; h /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < h && lid + h < lsz)
            scratch[lid] += scratch[lid + h];
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
')m4_dnl
', `m4_dnl
m4_dnl The element expression of each stream op, for vectors (VT) and for the scalar tail (XT).
m4_define(`STREAM', m4_ifelse(OP, write, `(VT)(s)', OP, copy, `x[$1]', `x[$1] + s * y[$1]'))m4_dnl
m4_define(`STREAM1', m4_ifelse(OP, write, `s', OP, copy, `in[$1]', `in[$1] + s * in2[$1]'))m4_dnl
m4_ifelse(OP, write, `    // Write only: a constant from an argument; an element left unwritten keeps the poison clx
    // fills the output with, and fails verification.
', OP, copy, `    // Copy: out = in.
', `    // Triad (BabelStream): out = in + s * in2.
')m4_dnl
    // MILP vectors per trip, all loads before the first store, so MILP requests are in flight.
    for (; i + (MILP - 1) * stride < nv; i += MILP * stride) {
m4_ifelse(OP, write, `', `m4_ilp_each(MILP, `        const VT v`'m4_k = STREAM(i + m4_k * stride);
')')m4_dnl
m4_ilp_each(MILP, `        z[i + m4_k * stride] = m4_ifelse(OP, write, `(VT)(s)', `v`'m4_k');
')m4_dnl
    }
    for (; i < nv; i += stride)
        z[i] = STREAM(i);
m4_ifelse(VEC, 1, `', `m4_dnl
    const size_t t = nv * VEC + gid;
    if (t < n)
        out[t] = STREAM1(t);
')m4_dnl
')m4_dnl
', `m4_dnl
    const size_t i = get_global_id(0);
m4_ifelse(OP, fp32, `m4_dnl
    // FP32: 8 independent fma chains (the figures of the first peaks kept: same code).
    m4_ilp_decl(float, acc, 8, `in[i] + m4_k.0f')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        acc`'m4_k = fma(acc`'m4_k, mul, add);
')')m4_dnl
    }
    out[i] = m4_ilp_sum(acc, 8);
', OP, fp64, `m4_dnl
    // FP64: CHAINS chains (8 by default). FFORM=1 adds the chain to itself, scaled by -2^-20 (so
    // it shrinks by a millionth a step and every step counts in the result): two sources per fma.
    // FFORM=0 is the FP32 form in double, three sources.
    const double m = mul, a = add, m1 = -0x1p-20;
    m4_ilp_decl(double, acc, CHAINS, `(double)in[i] + m4_k.0')
    for (uint it = 0; it < iters; it++) {
m4_ifelse(FFORM, 1, `m4_dnl
m4_unroll(UNROLL, `m4_ilp_each(CHAINS, `        acc`'m4_k = fma(acc`'m4_k, m1, acc`'m4_k);
')')m4_dnl
', `m4_dnl
m4_unroll(UNROLL, `m4_ilp_each(CHAINS, `        acc`'m4_k = fma(acc`'m4_k, m, a);
')')m4_dnl
')m4_dnl
    }
    out[i] = m4_ilp_sum(acc, CHAINS);
', OP, fp16, `m4_dnl
    // FP16: 8 chains of half2, so each fma is two half operations (one HFMA2 where the hardware
    // has it); the lanes start half a unit apart. Written out as a float sum.
    const half2 m = (half2)((half)mul), a = (half2)((half)add);
    m4_ilp_decl(half2, acc, 8, `(half2)((half)(in[i] + m4_k.0f), (half)(in[i] + m4_k.5f))')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        acc`'m4_k = fma(acc`'m4_k, m, a);
')')m4_dnl
    }
    out[i] = m4_forloop(`m4_k', 0, 7, `m4_ifelse(m4_k, 0, `', ` + ')((float)acc`'m4_k.s0 + (float)acc`'m4_k.s1)');
', OP, int32, `m4_dnl
    // INT32: acc = acc * imul + iadd on uint (a multiply-add; unsigned, so overflow wraps by
    // definition), a full-period linear congruence: no chain settles, every step shows.
    m4_ilp_decl(uint, acc, 8, `in[i] + m4_k')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        acc`'m4_k = acc`'m4_k * imul + iadd;
')')m4_dnl
    }
    out[i] = m4_ilp_sum(acc, 8);
', OP, int64, `m4_dnl
    // INT64: the same on ulong, with multiplier and addend of 64 significant bits, so that no
    // narrower multiply can stand in for the 64-bit one.
    const ulong m = ((ulong)iadd << 32) | imul, a = ((ulong)imul << 32) | iadd;
    m4_ilp_decl(ulong, acc, 8, `(ulong)in[i] + m4_k')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        acc`'m4_k = acc`'m4_k * m + a;
')')m4_dnl
    }
    out[i] = m4_ilp_sum(acc, 8);
', OP, int16, `m4_dnl
    // INT16: the INT32 chain on ushort2 (two 16-bit multiply-adds per step, unsigned so they
    // wrap), multiplier and addend the low and high halves of imul and iadd. Written out as the
    // sum of every lane, in uint.
    const ushort2 m = (ushort2)((ushort)imul, (ushort)(imul >> 16)), a = (ushort2)((ushort)iadd, (ushort)(iadd >> 16));
    m4_ilp_decl(ushort2, acc, 8, `(ushort2)((ushort)(in[i] + m4_k), (ushort)((in[i] >> 16) + m4_k))')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        acc`'m4_k = acc`'m4_k * m + a;
')')m4_dnl
    }
    out[i] = m4_forloop(`m4_k', 0, 7, `m4_ifelse(m4_k, 0, `', ` + ')(uint)acc`'m4_k.s0 + (uint)acc`'m4_k.s1');
', OP, hfma2, `m4_peaks_fma2(`f16x2', `0x3800', `0x3ff', 10, `0xBE00BE00')m4_dnl
', OP, bfma2, `m4_peaks_fma2(`bf16x2', `0x3F00', `0x7f', 7, `0xBFC0BFC0')m4_dnl
', OP, mma, `m4_dnl
    // Matrix engines (NVIDIA tensor cores) through inline PTX mma.sync: each warp multiplies its
    // A (16 x MK) by its B (MK x 8) into MCH accumulators (16 x 8, f32 or s32), D = A B + D every
    // step. The elements are k/4 (k = -4..3; integers k for s8) picked by a hash of the first
    // input of the warp (its seed), so A B is exact in f32 and so is the sum of every step. Each
    // thread holds its part of A, B and D as the PTX ISA fragment layout for the shape says; the
    // host builds the same product and checks every element of D (out: 4 per work-item, summed
    // over the chains). The warp needs all 32 lanes: local a multiple of 32.
    const uint lane = get_local_id(0) & 31, g = lane >> 2, t = lane & 3;
    const uint seed = in[i & ~(size_t)31];
#define CODE(x) (((seed ^ (uint)(x)) * 2654435761u) >> 29)
m4_dnl ELEM: the bits of element value (code - 4) / 4 (s8: code - 4), from the bits of the float: every
m4_dnl such value is exact in half, bf16 and tf32, and normal or zero.
#define FBITS(code) as_uint(((float)(int)(code) - 4.0f) * 0.25f)
m4_ifelse(MT, f16, `m4_dnl
#define HBITS(u) ((u) == 0 ? 0u : (((u) >> 16) & 0x8000u) | ((((u) >> 23) & 0xffu) - 112u) << 10 | (((u) >> 13) & 0x3ffu))
#define ELEM(code) HBITS(FBITS(code))
', MT, bf16, `m4_dnl
#define ELEM(code) (FBITS(code) >> 16)
', MT, tf32, `m4_dnl
#define ELEM(code) FBITS(code)
', `m4_dnl
#define ELEM(code) ((uint)(uchar)(char)((int)(code) - 4))
')m4_dnl
    uint a[4], b[2];
m4_ifelse(MT, tf32, `m4_dnl
    // m16n8k8 .tf32: a_j at row g + 8 (j & 1), column t + 4 (j >> 1); b_j at row t + 4 j, column g.
    for (uint j = 0; j < 4; j++) a[j] = ELEM(CODE((g + 8 * (j & 1)) * 64 + t + 4 * (j >> 1)));
    for (uint j = 0; j < 2; j++) b[j] = ELEM(CODE(4096 + (t + 4 * j) * 64 + g));
', MT, s8, `m4_dnl
    // m16n8k32 .s8: register j of A holds row g + 8 (j & 1), columns 4 t + e + 16 (j >> 1), e = 0..3
    // (byte e); register j of B rows 4 t + e + 16 j, column g.
    for (uint j = 0; j < 4; j++) {
        a[j] = 0;
        for (uint e = 0; e < 4; e++) a[j] |= ELEM(CODE((g + 8 * (j & 1)) * 64 + 4 * t + e + 16 * (j >> 1))) << (8 * e);
    }
    for (uint j = 0; j < 2; j++) {
        b[j] = 0;
        for (uint e = 0; e < 4; e++) b[j] |= ELEM(CODE(4096 + (4 * t + e + 16 * j) * 64 + g)) << (8 * e);
    }
', `m4_dnl
    // m16n8k16 .f16/.bf16: register j of A holds row g + 8 (j & 1), columns 2 t + e + 8 (j >> 1),
    // e = 0, 1 (the low half first); register j of B rows 2 t + e + 8 j, column g.
    for (uint j = 0; j < 4; j++)
        a[j] = ELEM(CODE((g + 8 * (j & 1)) * 64 + 2 * t + 8 * (j >> 1))) |
               ELEM(CODE((g + 8 * (j & 1)) * 64 + 2 * t + 1 + 8 * (j >> 1))) << 16;
    for (uint j = 0; j < 2; j++)
        b[j] = ELEM(CODE(4096 + (2 * t + 8 * j) * 64 + g)) | ELEM(CODE(4096 + (2 * t + 1 + 8 * j) * 64 + g)) << 16;
')m4_dnl
m4_define(`MACC', m4_ifelse(MT, s8, int, float))m4_dnl
m4_define(`MCON', m4_ifelse(MT, s8, r, f))m4_dnl
m4_define(`MINSTR', m4_ifelse(MT, f16, `m16n8k16.row.col.f32.f16.f16.f32', MT, bf16, `m16n8k16.row.col.f32.bf16.bf16.f32',
                              MT, tf32, `m16n8k8.row.col.f32.tf32.tf32.f32', `m16n8k32.row.col.s32.s8.s8.s32'))m4_dnl
    // Accumulator k starts at k in every element: the four elements of D per thread are rows g and
    // g + 8, columns 2 t and 2 t + 1.
m4_forloop(`m4_k', 0, m4_eval(MCH - 1), `    MACC d`'m4_k[4] = { m4_k, m4_k, m4_k, m4_k };
')m4_dnl
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_forloop(`m4_k', 0, m4_eval(MCH - 1), `        asm volatile("mma.sync.aligned.MINSTR {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
            : "+MCON"(d`'m4_k[0]), "+MCON"(d`'m4_k[1]), "+MCON"(d`'m4_k[2]), "+MCON"(d`'m4_k[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
')')m4_dnl
    }
    for (uint e = 0; e < 4; e++) {
        MACC sum = d0[e];
m4_forloop(`m4_k', 1, m4_eval(MCH - 1), `        sum += d`'m4_k[e];
')m4_dnl
        out[4 * i + e] = m4_ifelse(MT, s8, `(uint)sum', `sum');
    }
', `m4_dnl
    // INT8: acc += the dot product of its own four bytes with those of iadd, plus imul: four 8-bit
    // multiply-adds per step in plain int arithmetic (what dp4a-style instructions do). The
    // bytes come from acc, so nothing can be hoisted out of the loop; with imul above 65536 (any
    // dot product of bytes is smaller) a step never leaves acc unchanged.
    const char4 w = as_char4(iadd);
    m4_ilp_decl(uint, acc, 8, `in[i] + m4_k')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(8, `        { const char4 b = as_char4(acc`'m4_k); acc`'m4_k += (uint)(b.s0 * w.s0 + b.s1 * w.s1 + b.s2 * w.s2 + b.s3 * w.s3) + imul; }
')')m4_dnl
    }
    out[i] = m4_ilp_sum(acc, 8);
')m4_dnl
')m4_dnl
}
