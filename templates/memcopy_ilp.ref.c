/* memcopy_ilp.ref.c — host reference of the memory copy (templates/memcopy_ilp.cl.m4): out[i] = in[i],
 * whatever the kernel's vector width and ILP; any element type, as long as in and out agree. */
#include <clx/ref.h>
#include <string.h>

CLX_REF_SPLIT(memcopy, "out = in, any vector width and ILP (seed 001)")
{
    const struct ref_buf *ob = ref_buffer(c, "out");
    enum cltype t = ob ? ob->type : CT_FLOAT;
    size_t nin, nout, es = ref_type_size(t);
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
