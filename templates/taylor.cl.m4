m4_include(`clx.m4')m4_dnl
m4_dnl taylor: y = e^x by an N-term Taylor series, the work spread five ways (seed 000).
m4_dnl LOOP=0: one element (VEC=1) or one float4 (VEC=4) per work-item, the grid sized by the data;
m4_dnl LOOP=1: a fixed grid, each work-item strides by the grid size (VEC=4: over float4s);
m4_dnl LOOP=2: a fixed grid, each work-item takes a consecutive chunk (the CPU-thread style).
m4_assert_in(`LOOP', 0, 1, 2)m4_dnl
m4_assert_in(`VEC', 1, 4)m4_dnl
m4_assert(`!(LOOP == 2 && VEC == 4)', `LOOP=2 (consecutive chunks) has no float4 form')m4_dnl
// The number of terms is a kernel argument, as in the seed (num_iters), so that every series
// length is one launch point and rel_time compares each kernel with base at the same length.
// The series, term by term exactly as the host reference (taylor.ref.c) sums it.
float exp_series(const float x, const uint terms)
{
    float sum = 1.0f, term = 1.0f;
    for (uint k = 1; k <= terms; k++) {
        term *= x / (float)k;
        sum += term;
    }
    return sum;
}

__kernel void taylor(__global const float *restrict x, __global float *restrict y,
                     const ulong n, const uint terms)
{
    const size_t gid = get_global_id(0);
m4_ifelse(LOOP, 2, `m4_dnl
    // Consecutive chunks: work-item gid owns [gid * per, (gid + 1) * per); the n % T left over
    // go one each to the first work-items.
    const size_t nthreads = get_global_size(0);
    const size_t per = n / nthreads;
    for (size_t i = 0; i < per; i++) {
        const size_t j = gid * per + i;
        y[j] = exp_series(x[j], terms);
    }
    const size_t left = n - per * nthreads;
    if (gid < left) {
        const size_t j = per * nthreads + gid;
        y[j] = exp_series(x[j], terms);
    }
', VEC, 1, `m4_dnl
m4_ifelse(LOOP, 0, `m4_dnl
    // The grid is rounded up to a multiple of the work-group size: guard the end.
    if (gid < n)
        y[gid] = exp_series(x[gid], terms);
', `m4_dnl
    for (size_t i = gid; i < n; i += get_global_size(0))
        y[i] = exp_series(x[i], terms);
')m4_dnl
', `m4_dnl
    // Whole float4s first (clCreateBuffer memory is aligned for them); the n % 4 tail below.
    __global const float4 *xv = (__global const float4 *)x;
    __global float4 *yv = (__global float4 *)y;
    const size_t nv = n / 4;
m4_ifelse(LOOP, 0, `m4_dnl
    if (gid < nv) {
        const size_t i = gid;
', `m4_dnl
    for (size_t i = gid; i < nv; i += get_global_size(0)) {
')m4_dnl
        const float4 v = xv[i];
        yv[i] = (float4)(exp_series(v.x, terms), exp_series(v.y, terms),
                         exp_series(v.z, terms), exp_series(v.w, terms));
    }
    // The tail starts at n - n % 4. The seed wrote num_values - num_values & 3 + tid, which C
    // parses as (num_values - num_values) & (3 + tid) == 0: every thread rewrote y[0] and the
    // tail was never computed.
    const size_t t = (n - (n & 3)) + gid;
    if (t < n)
        y[t] = exp_series(x[t], terms);
')m4_dnl
}
