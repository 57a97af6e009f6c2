/* ref_histogram.c — host reference of the histogram experiment (being written). */
#include "refs_impl.h"

int ref_histogram(struct ref_ctx *c) { return ref_fail(c, "the histogram reference is not written yet"); }
