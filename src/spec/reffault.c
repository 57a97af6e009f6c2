/* reffault.c — a host reference's memory fault said as the mistake that made it (reffault.h). */
#include "reffault.h"
#include "lib/types.h"
#include "lib/util.h"
#include <signal.h>
#include <stdint.h>

/* Below this address a fault is a NULL pointer's (an element of it): what ref_in or ref_out
 * returned, used without checking. */
#define NULL_PAGE_BYTES 65536

/* outside: the buffer of c whose guards addr lies in (its input, or its expected output: *output
 * 1), and how far: *off bytes past its end (>= 0), or -(bytes) before its start; NULL when none. */
static const struct ref_buf *outside(const struct ref_ctx *c, const void *addr, long *off, int *output)
{
    for (int i = 0; i < c->nbufs; i++) {
        const struct ref_buf *b = &c->bufs[i];
        size_t bytes = b->count * cltype_info(b->type)->size;
        for (int out = 0; out < 2; out++) {
            const void *p = out ? b->expected : b->input;
            long past = hostguard_past_end(p, bytes, addr), before = hostguard_before_start(p, bytes, addr);
            if (past < 0 && before < 0) continue;
            *off = past >= 0 ? past : -before;
            *output = out;
            return b;
        }
    }
    return NULL;
}

/* say_outside: "wrote past the end of its output c: element 1000003, where c has ..." for an access
 * off bytes from b's end (>= 0) or -off before its start, onto s. */
static void say_outside(struct sbuf *s, const struct ref_buf *b, long off, int output)
{
    size_t es = cltype_info(b->type)->size;
    if (!es) es = 1;
    const char *fn = output ? "ref_out" : "ref_in";
    if (off >= 0)
        sb_printf(s, "%s past the end of its %s %s: element %zu", output ? "wrote" : "read", output ? "output" : "input",
                  b->name, b->count + (size_t)off / es);
    else
        /* Byte k before the start is in element -ceil(k / es). */
        sb_printf(s, "%s before the start of its %s %s: element -%zu", output ? "wrote" : "read",
                  output ? "output" : "input", b->name, ((size_t)-off + es - 1) / es);
    sb_printf(s, ", where %s has %zu %s elements (0 to %zu); its ", b->name, b->count, cltype_info(b->type)->name,
              b->count ? b->count - 1 : 0);
    if (off >= 0) sb_printf(s, "loops must stop at the count %s gives (%s(c, \"%s\", ..., &count))", fn, fn, b->name);
    else sb_printf(s, "indices must not go below 0 (an i - 1 at i = 0)");
}

char *reffault_say(const struct ref_ctx *c, const char *name, const char *where, const struct hostguard_fault *f)
{
    struct sbuf s = {0};
    if (where) sb_printf(&s, "%s: ", where);
    sb_printf(&s, "reference %s ", name);
    long off = 0;
    int output = 0;
    const struct ref_buf *b = outside(c, f->addr, &off, &output);
    if (c->err) {
        /* Its own reason first: a buffer it asked for and did not get, then used anyway. */
        sb_printf(&s, "failed: %s; it then made a memory fault (%s at %p) instead of returning: return "
                  "ref_fail's -1 when ref_in or ref_out gives NULL", c->err, f->sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
                  f->addr);
    } else if (b) {
        /* An output is written far more often than read: a fault outside it is said as a write. */
        say_outside(&s, b, off, output);
    } else {
        sb_printf(&s, "made a memory fault (%s at %p): it read or wrote outside its buffers", f->sig == SIGBUS ? "SIGBUS" : "SIGSEGV",
                  f->addr);
        if ((uintptr_t)f->addr < NULL_PAGE_BYTES)
            sb_printf(&s, " (near address 0: a NULL pointer, such as ref_in's or ref_out's for a buffer it lacks, used "
                      "without checking)");
        else sb_printf(&s, " (an index farther before a buffer's start or past its end than its guards reach, "
                       "or a pointer gone astray)");
    }
    return s.s;
}

int reffault_before_input(const struct ref_ctx *c, const void *addr)
{
    long off = 0;
    int output = 0;
    return outside(c, addr, &off, &output) && !output && off < 0;
}

char *reffault_written_before(const struct ref_ctx *c, const char *name, const char *where)
{
    for (int i = 0; i < c->nbufs; i++) {
        const struct ref_buf *b = &c->bufs[i];
        size_t k = b->expected ? hostguard_written_before(b->expected) : 0;
        if (!k) continue;
        struct sbuf s = {0};
        if (where) sb_printf(&s, "%s: ", where);
        sb_printf(&s, "reference %s ", name);
        say_outside(&s, b, -(long)k, 1);
        return s.s;
    }
    return NULL;
}
