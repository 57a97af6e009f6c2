/* vacuous.c — host references whose answer a kernel that writes nothing would match: an output
 * starts as the poison (NaN for floats) on the device and in the reference's copy alike, so a
 * reference that reads it (y = a*x + y) expects NaN where the untouched poison is NaN too, and an
 * answer that is NaN everywhere checks nothing. */
#include "vacuous.h"
#include "verify.h"
#include "lib/util.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

/* The second pattern: finite (an arithmetic on it does not stay NaN as on the poison), positive
 * (sqrt or log of it are numbers), exact in float, and for integers bytes unlike the poison's. */
#define FILL_FLOAT 1234.5
static const unsigned char fill_bytes[4] = {0x5A, 0xC3, 0x3C, 0xA5};

void vacuous_fill(enum cltype t, void *data, size_t count)
{
    unsigned char *p = data;
    if (t == CT_FLOAT || t == CT_DOUBLE) {
        for (size_t i = 0; i < count; i++) cltype_set(t, p, i, FILL_FLOAT);
        return;
    }
    size_t es = cltype_info(t)->size;
    for (size_t i = 0; i < count * es; i++) p[i] = fill_bytes[i % 4];
}

/* same: whether a and b (element i of each) are one expected value: equal bits, both NaN, or
 * floats within the tolerance (a reference that sums on threads need not round alike twice). */
static int same(const struct vacuous_pair *p, size_t i)
{
    size_t es = cltype_info(p->type)->size;
    const unsigned char *a = (const unsigned char *)p->first + i * es, *b = (const unsigned char *)p->second + i * es;
    if (!memcmp(a, b, es)) return 1;
    if (!cltype_info(p->type)->is_float) return 0;
    double x = cltype_get(p->type, p->first, i), y = cltype_get(p->type, p->second, i);
    if (isnan(x) || isnan(y)) return isnan(x) && isnan(y);
    if (isinf(x) || isinf(y)) return x == y;
    return fabs(x - y) <= p->atol + p->rtol * fabs(x);
}

char *vacuous_read(const struct vacuous_pair *p)
{
    /* The patterns repeat every 4 bytes: four elements of each hold every element's value. */
    size_t es = cltype_info(p->type)->size;
    unsigned char poison[4 * 8], fill[4 * 8];
    verify_poison(p->type, poison, 4);
    vacuous_fill(p->type, fill, 4);
    size_t n = p->idx ? p->nidx : p->count;
    for (size_t k = 0; k < n; k++) {
        size_t i = p->idx ? p->idx[k] : k;
        if (i >= p->count || same(p, i)) continue;
        const unsigned char *a = (const unsigned char *)p->first + i * es, *b = (const unsigned char *)p->second + i * es;
        if (!memcmp(a, poison + (i % 4) * es, es) && !memcmp(b, fill + (i % 4) * es, es)) continue;
        double x = cltype_get(p->type, p->first, i), y = cltype_get(p->type, p->second, i);
        return xasprintf("reference %s reads its output buffer %s before writing it: %s[%zu] is expected to be "
                         "%.9g over the poison the buffer starts as and %.9g over another fill, so a kernel that writes "
                         "nothing would pass; an in-place kernel (y = a*x + y) cannot be verified across repeated "
                         "launches, since every launch changes y: give the kernel a separate output (z = a*x + y, "
                         "z with init = \"output\") that the reference writes without reading it",
                         p->ref, p->name, p->name, i, x, y);
    }
    return NULL;
}

int vacuous_all_nan(enum cltype t, const void *data, size_t count, const size_t *idx, size_t nidx)
{
    if (!cltype_info(t)->is_float) return 0;
    size_t n = idx ? nidx : count, seen = 0;
    /* The first number ends it: an answer of numbers costs one element here. */
    for (size_t k = 0; k < n; k++) {
        size_t i = idx ? idx[k] : k;
        if (i >= count) continue;
        if (!isnan(cltype_get(t, data, i))) return 0;
        seen++;
    }
    return seen > 0;
}
