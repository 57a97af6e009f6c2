/* rng.c — splitmix64: a tiny, fast generator whose output is good for every seed, 0 included. */
#include "rng.h"
#include <math.h>

void rng_seed(struct rng *r, uint64_t seed) { r->s = seed; }

void rng_seek(struct rng *r, uint64_t seed, uint64_t n) { r->s = seed + n * 0x9E3779B97F4A7C15ull; }

/* The state only steps by a fixed odd constant; the output mix makes consecutive values independent. */
uint64_t rng_next(struct rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rng_shuffle(struct rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(rng_next(r) % (uint64_t)(i + 1)), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

double rng_uniform(struct rng *r, double lo, double hi)
{
    /* The top 53 bits fill a double's mantissa exactly: u is in [0, 1). */
    double u = (double)(rng_next(r) >> 11) * 0x1p-53;
    double v = lo + (hi - lo) * u;
    /* Rounding in lo + (hi-lo)*u can land on hi; keep the interval half-open. */
    if (v >= hi && hi > lo) v = nextafter(hi, lo);
    return v;
}
