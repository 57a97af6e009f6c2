/* reffault.h — what a memory fault inside a host reference says: the input it read past the end of,
 * or the output it wrote past the end of (each ends at an inaccessible page, lib/hostguard.h), else
 * where it faulted and the likely cause, at the spec's line that names the reference. */
#ifndef REFFAULT_H
#define REFFAULT_H
#include "clx/ref.h"
#include "lib/hostguard.h"

/* reffault_say: the message for fault f of the reference name run on c (a new string): "WHERE:
 * reference NAME read past the end of its input A (...)" or "... made a memory fault ...". where:
 * "SPEC:LINE" naming the reference, NULL for none; "... wrote past the end of its output C (...)". A reason the reference had already given
 * (ref_fail: a buffer it asked for missing) comes first: it is the cause of what then faulted. */
char *reffault_say(const struct ref_ctx *c, const char *name, const char *where, const struct hostguard_fault *f);
#endif
