/* maths.ref.c — host reference of the maths chains (templates/maths.cl.m4): OPS = TRIPS * UNROLL
 * dependent operations of one kind (OP 1 add, 2 sub, 3 mul, 4 div) from in[i] with the operand k.
 * Floats: acc = acc OP k, or acc = k / acc. Unsigned add, sub, mul: a = in[i], b = k (both made
 * odd for mul), then a = a OP b and b = b OP a in turn, wrapping mod 2^32; the result is b.
 * Integer division: acc = k / acc. Float steps are done in float, as the device does them. */
#include <clx/ref.h>
#include <limits.h>
#include <stdint.h>

enum { OP_ADD = 1, OP_SUB, OP_MUL, OP_DIV };

static float float_chain(float acc, float k, int op, long ops)
{
    switch (op) {
    case OP_ADD: for (long s = 0; s < ops; s++) acc = acc + k; break;
    case OP_SUB: for (long s = 0; s < ops; s++) acc = acc - k; break;
    default:     for (long s = 0; s < ops; s++) acc = acc * k; break;
    }
    return acc;
}

/* The division chains x -> k / x are a deterministic map of one value, and they fall into a
 * 2-cycle within a few steps (k / (k / x) is x or a neighbour). Once x(s) == x(s-2) the rest of
 * the chain alternates, so the answer is exact without running all OPS steps: a check of a long
 * integer-division chain would otherwise cost more host time than the device run. */
static float float_div_chain(float acc, float k, long ops)
{
    float prev2 = 0, prev1 = 0;
    for (long s = 0; s < ops; s++) {
        if (s >= 2 && acc == prev2) return (ops - s) % 2 == 0 ? acc : prev1;
        prev2 = prev1;
        prev1 = acc;
        acc = k / acc;
    }
    return acc;
}

/* int_div_chain: acc = k / acc as int (is_signed) or uint; 0 with *bad set on a zero divisor or
 * INT_MIN / -1, which the kernel must never run into. */
static uint32_t int_div_chain(uint32_t acc, uint32_t k, int is_signed, long ops, int *bad)
{
    uint32_t prev2 = 0, prev1 = 0;
    for (long s = 0; s < ops; s++) {
        if (s >= 2 && acc == prev2) return (ops - s) % 2 == 0 ? acc : prev1;
        prev2 = prev1;
        prev1 = acc;
        if (acc == 0 || (is_signed && (int32_t)k == INT32_MIN && (int32_t)acc == -1)) {
            *bad = 1;
            return 0;
        }
        acc = is_signed ? (uint32_t)((int32_t)k / (int32_t)acc) : k / acc;
    }
    return acc;
}

/* uint_chain: the two-variable wrapping chain; the result is b. */
static uint32_t uint_chain(uint32_t a, uint32_t b, int op, long ops)
{
    if (op == OP_MUL) { a |= 1u; b |= 1u; }
    for (long s = 0; s < ops; s++) {
        switch (op) {
        case OP_ADD: if (s % 2 == 0) a = a + b; else b = b + a; break;
        case OP_SUB: if (s % 2 == 0) a = a - b; else b = b - a; break;
        default:     if (s % 2 == 0) a = a * b; else b = b * a; break;
        }
    }
    return b;
}

CLX_REF_SPLIT(maths, "chains of float/int add, sub, mul, div (seed 001)")
{
    double op_d = ref_var(c, "OP"), trips = ref_var(c, "TRIPS"), unroll = ref_var(c, "UNROLL");
    double k_d = ref_var(c, "OPERAND");
    if (c->err) return -1;
    int op = (int)op_d;
    long ops = (long)trips * (long)unroll;
    if (op < OP_ADD || op > OP_DIV) return ref_fail(c, "OP=%d is not 1 (add), 2 (sub), 3 (mul) or 4 (div)", op);
    if ((long)unroll % 2) return ref_fail(c, "UNROLL=%ld must be even", (long)unroll);
    /* The output's type (the template parameter T) says which chain ran. */
    const struct ref_buf *ob = ref_buffer(c, "out");
    enum cltype t = ob ? ob->type : CT_FLOAT;
    size_t nin, nout;
    const void *in = ref_in(c, "in", t, &nin);
    void *out = ref_out(c, "out", t, &nout);
    if (!in || !out) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    if (t != CT_FLOAT && t != CT_UINT && t != CT_INT)
        return ref_fail(c, "out is %s; the maths chains are float, uint or int", ref_type_name(t));
    if (t == CT_INT && op != OP_DIV)
        return ref_fail(c, "int add, sub and mul would overflow (undefined): they run on uint");
    /* The operand reaches the kernel as T: convert it the same way (int values wrap to uint). */
    const float kf = (float)k_d;
    const uint32_t ku = t == CT_INT ? (uint32_t)(int32_t)k_d : (uint32_t)k_d;
    for (size_t j = 0, n = ref_count(c, nout); j < n; j++) {
        size_t i = ref_index(c, j);
        if (t == CT_FLOAT) {
            float x = ((const float *)in)[i];
            ((float *)out)[i] = op == OP_DIV ? float_div_chain(x, kf, ops) : float_chain(x, kf, op, ops);
        } else {
            uint32_t x = ((const uint32_t *)in)[i], r;
            int bad = 0;
            r = op == OP_DIV ? int_div_chain(x, ku, t == CT_INT, ops, &bad) : uint_chain(x, ku, op, ops);
            if (bad) return ref_fail(c, "element %zu: the division chain meets a zero divisor or INT_MIN / -1", i);
            ((uint32_t *)out)[i] = r;
        }
    }
    return 0;
}
