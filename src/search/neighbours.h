/* neighbours.h — the places around a configuration of a search's space (race.h's race_space): every
 * other value of one parameter, nearest first, and one step along two parameters at once; found
 * by a sorted index of the places, each configuration offered to the caller, who takes it or not. */
#ifndef NEIGHBOURS_H
#define NEIGHBOURS_H
#include "race.h"
#include "lib/rng.h"
#include <stdint.h>

struct neighbours {
    const struct race_space *sp;
    struct place *places;       /* every configuration's place, sorted by key (bsearch) */
    int64_t *stride;            /* [d]: a place's key is the sum of coord[d] x stride[d] */
    int *top;                   /* [d]: the largest value index along d */
    int *pairs, npairs;         /* every pair of parameters (d1 * ndims + d2), in a seeded order */
};

/* neighbours_make: the index of sp's places, and the pairs shuffled with g (after whatever the
 * caller drew from it: a search's sample stays as it was). */
void neighbours_make(struct neighbours *nb, const struct race_space *sp, struct rng *g);
void neighbours_free(struct neighbours *nb);

/* take(arg, j): 1 when the caller took configuration j (it counts against the room), else 0. */
typedef int (*neighbour_take)(void *arg, int j);
/* neighbours_one: configuration i's neighbours along one parameter, every other value of it, the
 * nearest first (one step along any parameter, then two...), offered until `room` are taken.
 * Not only one step: where restrictions tie parameters together (sgemm's tile must be a multiple
 * of its work-group's shape times its vector width) the place one step away is often no
 * configuration, and a climb that sees only those stops short of the top. */
void neighbours_one(const struct neighbours *nb, int i, int room, neighbour_take take, void *arg);
/* neighbours_two: the places one step away from i along two parameters at once, the pairs in
 * their seeded order, offered until `room` are taken. Where restrictions tie parameters together a
 * best can be a step along each of two away from a better one with every place between slower or
 * no configuration (sgemm on the H200: MDIMC=8 NDIMC=16 at 36.6 TFLOP/s, MDIMC=16 NDIMC=8 at
 * 39.8): a climb one parameter at a time stops there. */
void neighbours_two(const struct neighbours *nb, int i, int room, neighbour_take take, void *arg);
#endif
