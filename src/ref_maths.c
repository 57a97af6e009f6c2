/* ref_maths.c — host reference of the maths experiment (being written). */
#include "refs_impl.h"

int ref_maths(struct ref_ctx *c) { return ref_fail(c, "the maths reference is not written yet"); }
