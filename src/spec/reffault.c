/* reffault.c — a host reference's memory fault said as the mistake that made it (reffault.h). */
#include "reffault.h"
#include "lib/types.h"
#include "lib/util.h"
#include <signal.h>
#include <stdint.h>

/* Below this address a fault is a NULL pointer's (an element of it): what ref_in or ref_out
 * returned, used without checking. */
#define NULL_PAGE_BYTES 65536

/* past_input: the input of c that addr lies just past the end of, and how far past (*past); NULL
 * when none. */
static const struct ref_buf *past_input(const struct ref_ctx *c, const void *addr, long *past)
{
    for (int i = 0; i < c->nbufs; i++) {
        const struct ref_buf *b = &c->bufs[i];
        if (!b->input) continue;
        long p = hostguard_past_end(b->input, b->count * cltype_info(b->type)->size, addr);
        if (p >= 0) { *past = p; return b; }
    }
    return NULL;
}

char *reffault_say(const struct ref_ctx *c, const char *name, const char *where, const struct hostguard_fault *f)
{
    struct sbuf s = {0};
    if (where) sb_printf(&s, "%s: ", where);
    sb_printf(&s, "reference %s ", name);
    long past = 0;
    const struct ref_buf *b = past_input(c, f->addr, &past);
    if (c->err) {
        /* Its own reason first: a buffer it asked for and did not get, then used anyway. */
        sb_printf(&s, "failed: %s; it then made a memory fault (%s at %p) instead of returning: return "
                  "ref_fail's -1 when ref_in or ref_out gives NULL", c->err, f->sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
                  f->addr);
    } else if (b) {
        size_t es = cltype_info(b->type)->size, at = b->count + (size_t)past / (es ? es : 1);
        sb_printf(&s, "read past the end of its input %s: element %zu, where %s has %zu %s elements (0 to %zu); its "
                  "loops must stop at the count ref_in gives (ref_in(c, \"%s\", ..., &count))",
                  b->name, at, b->name, b->count, cltype_info(b->type)->name, b->count ? b->count - 1 : 0, b->name);
    } else {
        sb_printf(&s, "made a memory fault (%s at %p): it read or wrote outside its buffers", f->sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
                  f->addr);
        if ((uintptr_t)f->addr < NULL_PAGE_BYTES)
            sb_printf(&s, " (near address 0: a NULL pointer, such as ref_in's or ref_out's for a buffer it lacks, used "
                      "without checking)");
        else sb_printf(&s, " (an index past an output's end, or before an input's start)");
    }
    return s.s;
}
