/* refs_impl.h — the reference functions themselves, one src/ref_<experiment>.c file each. */
#ifndef REFS_IMPL_H
#define REFS_IMPL_H
#include "refs.h"

int ref_vecsum(struct ref_ctx *c);
int ref_fma_chain(struct ref_ctx *c);
#endif
