/* reffault.h — what a memory fault inside a host reference says: the input it read outside of, or
 * the output it wrote outside of (each lies between inaccessible guards, lib/hostguard.h), else
 * where it faulted and the likely cause, at the spec's line that names the reference; and a write
 * just before an output's start, which faults in no guard, found after the reference returned. */
#ifndef REFFAULT_H
#define REFFAULT_H
#include "clx/ref.h"
#include "lib/hostguard.h"

/* reffault_say: the message for fault f of the reference name run on c (a new string): "WHERE:
 * reference NAME read past the end of its input A (...)", "... wrote past the end of its output C
 * (...)", "... wrote before the start of ...", or "... made a memory fault ...". where: "SPEC:LINE"
 * naming the reference, NULL for none. A reason the reference had already given
 * (ref_fail: a buffer it asked for missing) comes first: it is the cause of what then faulted. */
char *reffault_say(const struct ref_ctx *c, const char *name, const char *where, const struct hostguard_fault *f);
/* reffault_written_before: after reference name returned, whether it wrote before the start of an
 * output of c (the canary there changed: lib/hostguard.h), which no guard catches when the start is
 * not a page's: "WHERE: reference NAME wrote before the start of its output c: element -1, ..." (a new
 * string), NULL when it did not. Every expected array of c must come from hostguard_alloc. */
char *reffault_written_before(const struct ref_ctx *c, const char *name, const char *where);
/* reffault_before_input: whether addr (a fault's) lies before the start of an input of c, in the
 * guard before it: with the input's start at a page's (hostguard_alloc_start), a read of element -1. */
int reffault_before_input(const struct ref_ctx *c, const void *addr);
#endif
