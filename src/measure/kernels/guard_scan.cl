/* guard_scan.cl - the bytes of a window of a guard zone that no longer hold the pattern (guard.c).
 * out[2 * slot] takes the largest n - i over the changed bytes i (n less the first one) and
 * out[2 * slot + 1] the largest i + 1 (the last one, plus one): both stay 0 when none changed, so
 * that a zero fill starts them. Windows are at most 1 MiB: their offsets fit an int. */
__kernel void clx_guard_scan(__global const uchar *p, ulong off, uint n, uint pattern, uint slot,
                             __global int *out)
{
    for (uint i = (uint)get_global_id(0); i < n; i += (uint)get_global_size(0))
        if (p[off + i] != (uchar)pattern) {
            atomic_max(&out[2 * slot], (int)(n - i));
            atomic_max(&out[2 * slot + 1], (int)(i + 1));
        }
}
