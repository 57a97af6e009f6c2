/* ref_memcopy.c — host reference of the memcopy experiment (being written). */
#include "refs_impl.h"

int ref_memcopy(struct ref_ctx *c) { return ref_fail(c, "the memcopy reference is not written yet"); }
