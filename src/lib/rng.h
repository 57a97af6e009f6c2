/* rng.h — a small seeded generator for reproducible kernel inputs (same seed, same data). */
#ifndef RNG_H
#define RNG_H
#include <stdint.h>

struct rng { uint64_t s; };
void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* rng_seek: the generator as it is after n calls of rng_next from rng_seed(seed): each value
 * depends only on the seed and its position, so threads can fill parts of one sequence. */
void rng_seek(struct rng *r, uint64_t seed, uint64_t n);
/* rng_shuffle: a[0..n) in a random order (Fisher-Yates, n - 1 draws). */
void rng_shuffle(struct rng *r, int *a, int n);
/* rng_uniform: a double in [lo, hi). */
double rng_uniform(struct rng *r, double lo, double hi);
#endif
