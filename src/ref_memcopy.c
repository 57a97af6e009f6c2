/* ref_memcopy.c — host reference of the memory copy (templates/memcopy_ilp.cl.m4): out[i] = in[i],
 * whatever the kernel's vector width and ILP; any element type, as long as in and out agree. */
#include "refs_impl.h"
#include "types.h"
#include <string.h>

int ref_memcopy(struct ref_ctx *c)
{
    enum cltype t = CT_FLOAT;
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, "out")) t = c->bufs[i].type;
    size_t nin, nout, es = cltype_info(t)->size;
    const unsigned char *in = ref_in(c, "in", t, &nin);
    unsigned char *out = ref_out(c, "out", t, &nout);
    if (!in || !out) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        memcpy(out + i * es, in + i * es, es);
    }
    return 0;
}
