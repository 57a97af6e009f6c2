/* ref_inline.c — host reference of the inline experiment (being written). */
#include "refs_impl.h"

int ref_inline(struct ref_ctx *c) { return ref_fail(c, "the inline reference is not written yet"); }
