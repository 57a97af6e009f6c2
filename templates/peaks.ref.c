/* peaks.ref.c — host reference of peaks (templates/peaks.cl.m4): the memory streams (read's
 * partial sums per work-group, or per work-item in a CPU's form; write, copy, triad), the
 * arithmetic chains of each variant, and the matrix products of the mma rows. */
#include <clx/ref.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* The spec's numeric keys tell the variants apart: MEM, RD and WR the streams, PREC, OPS and the
 * output's type the chains (see templates/peaks.spec). */
/* span: 0 for the grid-stride form (RFORM 0), else the vectors of each work-item's run (RFORM 1),
 * read whole: the input holds every run, past n. */
struct geo { size_t n, nv, stride, lsz, span; int vec, milp; };

/* READ_SUMS: read_item, the partial sum of work-item w as the kernel forms it, in type T: the
 * MILP vector accumulators of its loop (the grid-stride loop, or its run of span vectors with a
 * stride of 1), their sum, the lanes (((s0 + s1) + s2) + s3 here; the kernel's dot with ones may
 * add them in another order), the scalar tail (a run has none: it reads past n); read_group, work-group g's: the tree over its
 * work-items' sums. The same order gives the same roundings (but for the four lanes), so the
 * float tolerance is not spent on summation order. */
#define READ_SUMS(T)                                                                               \
    static T read_item_##T(const T *x, const struct geo *q, size_t w)                              \
    {                                                                                              \
        size_t i = q->span ? w * q->span : w, step = q->span ? 1 : q->stride;         \
        size_t end = q->span ? i + q->span : q->nv;                        \
        T acc[16][4] = {{0}};                                                                      \
        for (; i + (size_t)(q->milp - 1) * step < end; i += (size_t)q->milp * step)                \
            for (int k = 0; k < q->milp; k++)                                                      \
                for (int l = 0; l < q->vec; l++) acc[k][l] += x[(i + (size_t)k * step) * (size_t)q->vec + (size_t)l]; \
        for (; i < end; i += step)                                                                 \
            for (int l = 0; l < q->vec; l++) acc[0][l] += x[i * (size_t)q->vec + (size_t)l];       \
        T v[4] = {0};                                                                              \
        for (int l = 0; l < q->vec; l++) {                                                         \
            v[l] = acc[0][l];                                                                      \
            for (int k = 1; k < q->milp; k++) v[l] += acc[k][l];                                   \
        }                                                                                          \
        T sum = v[0];                                                                              \
        for (int l = 1; l < q->vec; l++) sum += v[l];                                              \
        size_t t = q->nv * (size_t)q->vec + w;                                                     \
        if (!q->span && q->vec > 1 && t < q->n) sum += x[t];                                                   \
        return sum;                                                                                \
    }                                                                                              \
    static T read_group_##T(const T *x, const struct geo *q, size_t g, T *vals)                    \
    {                                                                                              \
        for (size_t lid = 0; lid < q->lsz; lid++) vals[lid] = read_item_##T(x, q, g * q->lsz + lid); \
        size_t p2 = 1;                                                                             \
        while (p2 < q->lsz) p2 <<= 1;                                                              \
        for (size_t h = p2 / 2; h > 0; h /= 2)                                                     \
            for (size_t lid = 0; lid < h && lid + h < q->lsz; lid++) vals[lid] += vals[lid + h];   \
        return vals[0];                                                                            \
    }
READ_SUMS(float)
READ_SUMS(double)

static int read_ref(struct ref_ctx *c, enum cltype t)
{
    size_t nin, nout;
    const void *x = ref_in(c, "in", t, &nin);
    void *out = ref_out(c, "out", t, &nout);
    double n = ref_var(c, "ELEMS"), vec = ref_var(c, "VEC"), milp = ref_var(c, "MILP");
    double global = ref_var(c, "GLOBAL"), lsz = ref_var(c, "local"), rform = 0, trips = 0;
    if (!x || !out || c->err) return -1;
    if (ref_var_opt(c, "RFORM", &rform) && rform == 1) trips = ref_var(c, "TRIPS");
    if (c->err) return -1;
    if (n > (double)nin || milp < 1 || milp > 16 || (vec != 1 && vec != 4) || lsz < 1 || (rform == 1 && trips < 1))
        return ref_fail(c, "read: ELEMS, VEC, MILP, local or TRIPS out of range");
    struct geo q = { (size_t)n, (size_t)n / (size_t)vec, (size_t)global, (size_t)lsz, (size_t)(milp * trips), (int)vec, (int)milp };
    if (q.span && nin < q.stride * q.span * q.vec) return ref_fail(c, "read: in must hold every work-item's run");
    if (q.span ? nout != q.stride : nout * q.lsz != q.stride)
        return ref_fail(c, q.span ? "read: out must hold one sum per work-item" : "read: out must hold one sum per work-group");
    void *vals = malloc(q.lsz * sizeof(double));
    if (!vals) return ref_fail(c, "out of memory");
    for (size_t k = 0, m = ref_count(c, nout); k < m; k++) {
        size_t g = ref_index(c, k);
        if (q.span && t == CT_FLOAT) ((float *)out)[g] = read_item_float(x, &q, g);
        else if (q.span) ((double *)out)[g] = read_item_double(x, &q, g);
        else if (t == CT_FLOAT) ((float *)out)[g] = read_group_float(x, &q, g, vals);
        else ((double *)out)[g] = read_group_double(x, &q, g, vals);
    }
    free(vals);
    return 0;
}

/* write: the constant; copy: in; triad: in + s * in2 with s = FMUL, in the buffers' type. */
static int stream_ref(struct ref_ctx *c, enum cltype t, int rd)
{
    size_t nin = 0, nin2 = 0, nout;
    /* Only what the stream reads is asked for: a copy needs no in2, a copy and a write no FMUL. */
    const void *x = rd >= 1 ? ref_in(c, "in", t, &nin) : NULL, *y = rd >= 2 ? ref_in(c, "in2", t, &nin2) : NULL;
    void *out = ref_out(c, "out", t, &nout);
    double s = rd != 1 ? ref_var(c, "FMUL") : 0;
    if ((rd >= 1 && !x) || (rd >= 2 && !y) || !out || c->err) return -1;
    if ((rd >= 1 && nin < nout) || (rd >= 2 && nin2 < nout)) return ref_fail(c, "inputs shorter than the output");
    for (size_t k = 0, m = ref_count(c, nout); k < m; k++) {
        size_t i = ref_index(c, k);
        if (t == CT_FLOAT) {
            const float *a = x, *b = y, f = (float)s;
            ((float *)out)[i] = rd == 0 ? f : rd == 1 ? a[i] : a[i] + f * b[i];
        } else {
            const double *a = x, *b = y;
            ((double *)out)[i] = rd == 0 ? s : rd == 1 ? a[i] : a[i] + s * b[i];
        }
    }
    return 0;
}

/* The chains: ILP of them per element, STEPS steps each, started at in[i] + k, summed. */
static int chain_ref(struct ref_ctx *c, double prec, double ops)
{
    const struct ref_buf *ob = ref_buffer(c, "out");
    enum cltype ot = ob ? ob->type : CT_FLOAT, it = prec > 0 && prec < 200 ? CT_FLOAT : CT_UINT;   /* 2xx: integers */
    size_t nin, nout;
    const void *in = ref_in(c, "in", it, &nin);
    void *out = ref_out(c, "out", ot, &nout);
    double steps_d = ref_var(c, "STEPS"), ilp_d = ref_var(c, "ILP"), mul = ref_var(c, "FMUL"), add = ref_var(c, "FADD");
    double imul_d = ref_var(c, "IMUL"), iadd_d = ref_var(c, "IADD"), fform = prec == 64 ? ref_var(c, "FFORM") : 0;
    if (!in || !out || c->err) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    long steps = (long)steps_d;
    int ilp = (int)ilp_d;
    uint32_t im = (uint32_t)imul_d, ia = (uint32_t)iadd_d;
    uint64_t m64 = ((uint64_t)ia << 32) | im, a64 = ((uint64_t)im << 32) | ia;
    int8_t w[4];
    for (int b = 0; b < 4; b++) w[b] = (int8_t)(uint8_t)(ia >> (8 * b));   /* as_char4: s0 the low byte */
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        if (prec == 64) {
            const float *x = in;
            double sum = 0;
            for (int j = 0; j < ilp; j++) {
                double acc = (double)x[i] + j;
                const double m = (double)(float)mul, a = (double)(float)add, m1 = -0x1p-20;
                if (fform == 1) for (long s = 0; s < steps; s++) acc = fma(acc, m1, acc);
                else for (long s = 0; s < steps; s++) acc = fma(acc, m, a);
                sum = j == 0 ? acc : sum + acc;
            }
            ((double *)out)[i] = sum;
        } else if (prec == 16) {
            /* In float, not half: with FMUL 0.5 and FADD 0.25 both settle exactly on 0.5 (see the
             * spec), so each lane ends at 0.5 in either precision. */
            const float *x = in;
            float sum = 0;
            for (int j = 0; j < ilp; j++) {
                float lane[2] = { x[i] + (float)j, x[i] + (float)j + 0.5f };
                for (int l = 0; l < 2; l++)
                    for (long s = 0; s < steps; s++) lane[l] = fmaf(lane[l], (float)mul, (float)add);
                float pair = lane[0] + lane[1];
                sum = j == 0 ? pair : sum + pair;
            }
            ((float *)out)[i] = sum;
        } else if (ot == CT_ULONG) {
            const uint32_t *x = in;
            uint64_t sum = 0;
            for (int j = 0; j < ilp; j++) {
                uint64_t acc = (uint64_t)x[i] + (uint64_t)j;
                for (long s = 0; s < steps; s++) acc = acc * m64 + a64;
                sum += acc;
            }
            ((uint64_t *)out)[i] = sum;
        } else if (ops == 8) {
            const uint32_t *x = in;
            uint32_t sum = 0;
            for (int j = 0; j < ilp; j++) {
                uint32_t acc = x[i] + (uint32_t)j;
                for (long s = 0; s < steps; s++) {
                    int32_t dot = 0;
                    for (int b = 0; b < 4; b++) dot += (int32_t)(int8_t)(uint8_t)(acc >> (8 * b)) * w[b];
                    acc += (uint32_t)dot + im;
                }
                sum += acc;
            }
            ((uint32_t *)out)[i] = sum;
        } else {
            const uint32_t *x = in;
            uint32_t sum = 0;
            for (int j = 0; j < ilp; j++) {
                uint32_t acc = x[i] + (uint32_t)j;
                for (long s = 0; s < steps; s++) acc = acc * im + ia;
                sum += acc;
            }
            ((uint32_t *)out)[i] = sum;
        }
    }
    return 0;
}

/* round_to: v rounded to nearest-even with p significant bits and the smallest normal 2^(emin - 1),
 * below which the spacing stays 2^(emin - 1 - p) (subnormals): half is (11, -13), bf16 (8, -125). */
static double round_to(double v, int p, int emin)
{
    if (v == 0) return v;
    int e;
    frexp(v, &e);
    int q = (e > emin ? e : emin) - p;
    return ldexp(nearbyint(ldexp(v, -q)), q);
}

/* The bits of a half (ft 1) or bf16 (ft 2) and back; only values that are exact in the format. */
static double bits_value(uint32_t h, int ft)
{
    if (ft == 2) { union { uint32_t u; float f; } x = { h << 16 }; return x.f; }
    int ex = (int)(h >> 10) & 31, m = (int)(h & 0x3ff);
    double v = ex ? ldexp(1024 + m, ex - 25) : ldexp(m, -24);
    return h & 0x8000 ? -v : v;
}
static uint32_t value_bits(double v, int ft)
{
    if (ft == 2) { union { float f; uint32_t u; } x = { (float)v }; return x.u >> 16; }   /* v is exact in bf16 */
    uint32_t sign = v < 0 ? 0x8000 : 0;
    v = fabs(v);
    if (v == 0) return sign;
    int e;
    double f = frexp(v, &e);                      /* v = f 2^e, f in [0.5, 1) */
    if (e <= -14) return sign | (uint32_t)ldexp(v, 24);                       /* subnormal */
    return sign | (uint32_t)(e + 14) << 10 | ((uint32_t)ldexp(f, 11) & 0x3ff);
}

/* fma2: 8 chains a work-item of x = x * x + c (c = -1.5) on the two 16-bit lanes of a uint, each
 * step rounded once (x * x + c is exact in double, then rounded to the format); the output is the
 * sum of every lane's bits (see m4_peaks_fma2 in the template). */
static int fma2_ref(struct ref_ctx *c, int ft)
{
    size_t nin, nout;
    const uint32_t *in = ref_in(c, "in", CT_UINT, &nin);
    uint32_t *out = ref_out(c, "out", CT_UINT, &nout);
    double steps_d = ref_var(c, "STEPS");
    if (!in || !out || c->err) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    const uint32_t expo = ft == 1 ? 0x3800 : 0x3F00, mask = ft == 1 ? 0x3ff : 0x7f;
    const int shift = ft == 1 ? 10 : 7, p = ft == 1 ? 11 : 8, emin = ft == 1 ? -13 : -125;
    /* A step maps 16 bits to 16 bits: every step of every lane is a lookup in the map of all 65536
     * (the lanes stay in [-1.5, 0.75]; patterns that are no finite value map to themselves). */
    uint16_t *next = malloc(65536 * sizeof *next);
    if (!next) return ref_fail(c, "out of memory");
    for (uint32_t b = 0; b < 65536; b++) {
        int finite = ft == 1 ? ((b >> 10) & 31) != 31 : ((b >> 7) & 255) != 255;
        double v = finite ? bits_value(b, ft) : 0;
        next[b] = (uint16_t)(finite && fabs(v) < 256 ? value_bits(round_to(v * v - 1.5, p, emin), ft) : b);
    }
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        uint32_t sum = 0;
        for (uint32_t j = 0; j < 8; j++) {
            uint32_t h = in[i] ^ (j * 0x9E3779B9u);
            uint16_t lane[2] = { (uint16_t)(expo | (h & mask)), (uint16_t)(expo | ((h >> shift) & mask)) };
            for (int l = 0; l < 2; l++) {
                for (long s = 0; s < (long)steps_d; s++) lane[l] = next[lane[l]];
                sum += lane[l];
            }
        }
        out[i] = sum;
    }
    free(next);
    return 0;
}

/* int16: the int32 chain on the two 16-bit lanes (see the template), lanes summed in uint. */
static int int16_ref(struct ref_ctx *c)
{
    size_t nin, nout;
    const uint32_t *in = ref_in(c, "in", CT_UINT, &nin);
    uint32_t *out = ref_out(c, "out", CT_UINT, &nout);
    double steps_d = ref_var(c, "STEPS"), imul_d = ref_var(c, "IMUL"), iadd_d = ref_var(c, "IADD");
    if (!in || !out || c->err) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    uint32_t im = (uint32_t)imul_d, ia = (uint32_t)iadd_d;
    const uint16_t m[2] = { (uint16_t)im, (uint16_t)(im >> 16) }, a[2] = { (uint16_t)ia, (uint16_t)(ia >> 16) };
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        uint32_t sum = 0;
        for (uint32_t j = 0; j < 8; j++) {
            uint16_t lane[2] = { (uint16_t)(in[i] + j), (uint16_t)((in[i] >> 16) + j) };
            for (int l = 0; l < 2; l++) {
                for (long s = 0; s < (long)steps_d; s++) lane[l] = (uint16_t)((uint32_t)lane[l] * m[l] + a[l]);
                sum += lane[l];
            }
        }
        out[i] = sum;
    }
    return 0;
}

/* mma_code: the template's CODE: 3 bits of a hash of the warp's seed and an element's place. */
static int mma_code(uint32_t seed, uint32_t x) { return (int)(((seed ^ x) * 2654435761u) >> 29); }

/* mma: each work-item's four elements of D (rows g and g + 8, columns 2t and 2t + 1 of its warp's
 * 16 x 8 product), after STEPS steps of D = A B + D on MCH accumulators started at 0, 1, ...,
 * summed in the kernel's order. Elements are (code - 4) / 4, s8 code - 4: every product and sum
 * is exact in f32 at these sizes, so any difference is a wrong element, layout or step. */
static int mma_ref(struct ref_ctx *c, int mty)
{
    size_t nin, nout;
    const uint32_t *in = ref_in(c, "in", CT_UINT, &nin);
    void *out = ref_out(c, "out", mty == 4 ? CT_UINT : CT_FLOAT, &nout);
    double steps_d = ref_var(c, "STEPS"), mch_d = ref_var(c, "MCH"), mk_d = ref_var(c, "MK");
    if (!in || !out || c->err) return -1;
    if (nin * 4 < nout) return ref_fail(c, "out must hold four elements per work-item of in");
    int mk = (int)mk_d, mch = (int)mch_d;
    double scale = mty == 4 ? 1 : 0.25;
    for (size_t q = 0, n = ref_count(c, nout); q < n; q++) {
        size_t o = ref_index(c, q), i = o / 4;
        unsigned e = (unsigned)(o % 4), lane = (unsigned)(i % 32), g = lane >> 2, t = lane & 3;
        uint32_t seed = in[i & ~(size_t)31];
        unsigned row = g + 8 * (e >> 1), col = 2 * t + (e & 1);
        double p = 0;
        for (int k = 0; k < mk; k++)
            p += (mma_code(seed, row * 64 + (unsigned)k) - 4) * scale * (mma_code(seed, 4096 + (unsigned)k * 64 + col) - 4) * scale;
        if (mty == 4) {
            uint32_t sum = 0;
            for (int j = 0; j < mch; j++) sum += (uint32_t)(int64_t)(j + steps_d * p);
            ((uint32_t *)out)[o] = sum;
        } else {
            float sum = 0;
            for (int j = 0; j < mch; j++) sum = j == 0 ? (float)(j + steps_d * p) : sum + (float)(j + steps_d * p);
            ((float *)out)[o] = sum;
        }
    }
    return 0;
}

CLX_REF_SPLIT(peaks, "memory streams (read partial sums, write, copy, triad) and arithmetic chains (fp32 is fma_chain)")
{
    double mem = ref_var(c, "MEM");
    if (c->err) return -1;
    if (!mem) {
        double prec = ref_var(c, "PREC"), ops = ref_var(c, "OPS"), ft = 0, mty = 0;
        if (c->err) return -1;
        if (ref_var_opt(c, "MTY", &mty) && mty > 0) return mma_ref(c, (int)mty);
        if (ref_var_opt(c, "FT", &ft) && ft > 0) return fma2_ref(c, (int)ft);
        if (prec == 216) return int16_ref(c);
        return prec == 32 ? ref_call(c, "fma_chain") : chain_ref(c, prec, ops);
    }
    const struct ref_buf *ob = ref_buffer(c, "out");
    double rd = ref_var(c, "RD"), wr = ref_var(c, "WR");
    if (!ob || c->err) return ob ? -1 : ref_fail(c, "no buffer 'out'");
    if (ob->type != CT_FLOAT && ob->type != CT_DOUBLE) return ref_fail(c, "streams are float or double");
    return wr ? stream_ref(c, ob->type, (int)rd) : read_ref(c, ob->type);
}
