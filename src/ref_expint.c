/* ref_expint.c — host reference of the expint experiment (being written). */
#include "refs_impl.h"

int ref_expint(struct ref_ctx *c) { return ref_fail(c, "the expint reference is not written yet"); }
