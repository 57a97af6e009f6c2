/* gauss.h — a standard normal draw for the unit tests that simulate noisy timings (rounds, verdicts,
 * the race, the shorth): one definition, so that every such test draws its noise alike. */
#ifndef GAUSS_H
#define GAUSS_H
#include "lib/rng.h"
#include <math.h>

/* gauss: a standard normal from two uniforms of g (Box-Muller), drawn in that order. */
static inline double gauss(struct rng *g)
{
    double u1 = rng_uniform(g, 1e-12, 1), u2 = rng_uniform(g, 0, 1);
    return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}
#endif
