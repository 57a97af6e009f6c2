/* neighbours.c — a search space's places indexed, and the neighbours of one offered in order
 * (neighbours.h). */
#include "neighbours.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* A place in the space as one number (mixed radix over the parameters), and the configuration at it. */
struct place { int64_t key; int config; };

static int place_cmp(const void *a, const void *b)
{
    int64_t x = ((const struct place *)a)->key, y = ((const struct place *)b)->key;
    return x < y ? -1 : x > y;
}

static int64_t key_of(const struct neighbours *nb, const int *coord)
{
    int64_t k = 0;
    for (int d = 0; d < nb->sp->ndims; d++) k += coord[d] * nb->stride[d];
    return k;
}

void neighbours_make(struct neighbours *nb, const struct race_space *sp, struct rng *g)
{
    memset(nb, 0, sizeof *nb);
    nb->sp = sp;
    nb->top = xcalloc((size_t)sp->ndims + 1, sizeof *nb->top);
    nb->stride = xcalloc((size_t)sp->ndims + 1, sizeof *nb->stride);
    for (int i = 0; i < sp->n; i++)
        for (int d = 0; d < sp->ndims; d++)
            if (sp->coord[(size_t)i * sp->ndims + d] > nb->top[d]) nb->top[d] = sp->coord[(size_t)i * sp->ndims + d];
    int64_t s = 1;
    for (int d = 0; d < sp->ndims; d++) { nb->stride[d] = s; s *= nb->top[d] + 1; }
    nb->places = xmalloc(sizeof *nb->places * (size_t)(sp->n ? sp->n : 1));
    for (int i = 0; i < sp->n; i++) nb->places[i] = (struct place){ key_of(nb, sp->coord + (size_t)i * sp->ndims), i };
    qsort(nb->places, (size_t)sp->n, sizeof *nb->places, place_cmp);
    nb->pairs = xmalloc(sizeof *nb->pairs * ((size_t)sp->ndims * sp->ndims + 1));
    for (int d1 = 0; d1 < sp->ndims; d1++)
        for (int d2 = d1 + 1; d2 < sp->ndims; d2++) nb->pairs[nb->npairs++] = d1 * sp->ndims + d2;
    rng_shuffle(g, nb->pairs, nb->npairs);
}

void neighbours_free(struct neighbours *nb)
{
    free(nb->places);
    free(nb->stride);
    free(nb->top);
    free(nb->pairs);
    memset(nb, 0, sizeof *nb);
}

/* offer: the configuration at coord (none where a restriction left it out, or off the space) to
 * take; 1 when taken. */
static int offer(const struct neighbours *nb, const int *coord, neighbour_take take, void *arg)
{
    for (int d = 0; d < nb->sp->ndims; d++)
        if (coord[d] < 0 || coord[d] > nb->top[d]) return 0;
    struct place want = { key_of(nb, coord), 0 };
    const struct place *p = bsearch(&want, nb->places, (size_t)nb->sp->n, sizeof *nb->places, place_cmp);
    return p && take(arg, p->config);
}

void neighbours_one(const struct neighbours *nb, int i, int room, neighbour_take take, void *arg)
{
    const struct race_space *sp = nb->sp;
    int *at = xmalloc(sizeof *at * (size_t)(sp->ndims ? sp->ndims : 1)), far = 0;
    for (int d = 0; d < sp->ndims; d++) far = nb->top[d] > far ? nb->top[d] : far;
    for (int dist = 1; dist <= far && room > 0; dist++)
        for (int d = 0; d < sp->ndims && room > 0; d++)
            for (int step = -dist; step <= dist && room > 0; step += 2 * dist) {
                memcpy(at, sp->coord + (size_t)i * sp->ndims, sizeof *at * (size_t)sp->ndims);
                at[d] += step;
                room -= offer(nb, at, take, arg);
            }
    free(at);
}

void neighbours_two(const struct neighbours *nb, int i, int room, neighbour_take take, void *arg)
{
    const struct race_space *sp = nb->sp;
    int *at = xmalloc(sizeof *at * (size_t)(sp->ndims ? sp->ndims : 1));
    for (int k = 0; k < nb->npairs && room > 0; k++) {
        int d1 = nb->pairs[k] / sp->ndims, d2 = nb->pairs[k] % sp->ndims;
        for (int s = 0; s < 4 && room > 0; s++) {
            memcpy(at, sp->coord + (size_t)i * sp->ndims, sizeof *at * (size_t)sp->ndims);
            at[d1] += s & 1 ? 1 : -1;
            at[d2] += s & 2 ? 1 : -1;
            room -= offer(nb, at, take, arg);
        }
    }
    free(at);
}
