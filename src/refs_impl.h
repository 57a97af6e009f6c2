/* refs_impl.h — the reference functions themselves, one src/ref_<experiment>.c file each. */
#ifndef REFS_IMPL_H
#define REFS_IMPL_H
#include "refs.h"

int ref_vecsum(struct ref_ctx *c);
int ref_fma_chain(struct ref_ctx *c);
int ref_shortcutting(struct ref_ctx *c);
int ref_inline(struct ref_ctx *c);
int ref_maths(struct ref_ctx *c);
int ref_occupancy(struct ref_ctx *c);
int ref_memcopy(struct ref_ctx *c);
int ref_taylor(struct ref_ctx *c);
int ref_histogram(struct ref_ctx *c);
int ref_expint(struct ref_ctx *c);
int ref_peaks(struct ref_ctx *c);
#endif
