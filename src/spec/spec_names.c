/* spec_names.c — looking names up in a loaded spec (its axes, its variants) and the names of
 * the built-in variables every expression may use; shared by the loader and its readers. */
#include "spec.h"
#include <stddef.h>
#include <string.h>

const char *const spec_builtin_names[] = {
    "CU", "CLOCK_MHZ", "MAX_WG", "LOCAL_MEM", "GLOBAL_MEM", "MAX_ALLOC", "CACHE", "FP64", "FP16", "NV_CC", "CPU",
    "KMAX_WG", "KPREF", "KLOCAL_MEM", "NOOPT", "GLOBAL", "GLOBAL0", "GLOBAL1", "GLOBAL2",
    "LOCAL0", "LOCAL1", "LOCAL2", "GROUPS", NULL
};

struct spec_axis *spec_axis_find(struct spec_axis *axes, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(axes[i].name, name)) return &axes[i];
    return NULL;
}

int spec_variant_find(const struct spec *s, const char *name)
{
    for (int i = 0; i < s->nvariants; i++)
        if (!strcmp(s->variants[i].name, name)) return i;
    return -1;
}
