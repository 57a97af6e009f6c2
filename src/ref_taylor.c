/* ref_taylor.c — host reference of the taylor experiment (being written). */
#include "refs_impl.h"

int ref_taylor(struct ref_ctx *c) { return ref_fail(c, "the taylor reference is not written yet"); }
