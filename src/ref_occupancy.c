/* ref_occupancy.c — host reference of the occupancy experiment (being written). */
#include "refs_impl.h"

int ref_occupancy(struct ref_ctx *c) { return ref_fail(c, "the occupancy reference is not written yet"); }
