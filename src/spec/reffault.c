/* reffault.c — a host reference's memory fault said as the mistake that made it (reffault.h). */
#include "reffault.h"
#include "lib/types.h"
#include "lib/util.h"
#include <signal.h>
#include <stdint.h>

/* Below this address a fault is a NULL pointer's (an element of it): what ref_in or ref_out
 * returned, used without checking. */
#define NULL_PAGE_BYTES 65536

/* past_end: the buffer of c that addr lies just past the end of (its input, or its expected output:
 * *output 1), and how far past (*past); NULL when none. */
static const struct ref_buf *past_end(const struct ref_ctx *c, const void *addr, long *past, int *output)
{
    for (int i = 0; i < c->nbufs; i++) {
        const struct ref_buf *b = &c->bufs[i];
        size_t bytes = b->count * cltype_info(b->type)->size;
        long p = hostguard_past_end(b->input, bytes, addr), q = hostguard_past_end(b->expected, bytes, addr);
        if (p >= 0 || q >= 0) {
            *past = p >= 0 ? p : q;
            *output = p < 0;
            return b;
        }
    }
    return NULL;
}

char *reffault_say(const struct ref_ctx *c, const char *name, const char *where, const struct hostguard_fault *f)
{
    struct sbuf s = {0};
    if (where) sb_printf(&s, "%s: ", where);
    sb_printf(&s, "reference %s ", name);
    long past = 0;
    int output = 0;
    const struct ref_buf *b = past_end(c, f->addr, &past, &output);
    if (c->err) {
        /* Its own reason first: a buffer it asked for and did not get, then used anyway. */
        sb_printf(&s, "failed: %s; it then made a memory fault (%s at %p) instead of returning: return "
                  "ref_fail's -1 when ref_in or ref_out gives NULL", c->err, f->sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
                  f->addr);
    } else if (b) {
        /* An output is written far more often than read: a fault past its end is said as a write. */
        size_t es = cltype_info(b->type)->size, at = b->count + (size_t)past / (es ? es : 1);
        sb_printf(&s, "%s past the end of its %s %s: element %zu, where %s has %zu %s elements (0 to %zu); its "
                  "loops must stop at the count %s gives (%s(c, \"%s\", ..., &count))", output ? "wrote" : "read",
                  output ? "output" : "input", b->name, at, b->name, b->count, cltype_info(b->type)->name,
                  b->count ? b->count - 1 : 0, output ? "ref_out" : "ref_in", output ? "ref_out" : "ref_in", b->name);
    } else {
        sb_printf(&s, "made a memory fault (%s at %p): it read or wrote outside its buffers", f->sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
                  f->addr);
        if ((uintptr_t)f->addr < NULL_PAGE_BYTES)
            sb_printf(&s, " (near address 0: a NULL pointer, such as ref_in's or ref_out's for a buffer it lacks, used "
                      "without checking)");
        else sb_printf(&s, " (an index before a buffer's start, or more than a page past its end)");
    }
    return s.s;
}
