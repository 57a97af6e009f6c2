/* spec_names.c — looking names up in a loaded spec (its axes, its variants, the texts that read a
 * name) and the names of the built-in variables every expression may use; shared by the loader and
 * its readers. */
#include "spec_impl.h"
#include "restrictions.h"
#include <ctype.h>
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

int spec_variant_keyed(const struct spec *s, const char *name)
{
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++)
            if (!strcmp(s->variants[i].keys.v[k], name)) return i;
    return -1;
}

int spec_is_param(const struct spec *s, const char *name)
{
    return spec_axis_find(s->params, s->nparams, name) || spec_variant_keyed(s, name) >= 0;
}

/* Words, not parsed expressions (spec_impl.h): a selector's value or a column list reads the same,
 * and a word that is not a use only costs a warning not given. */
int spec_names_word(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; p && (p = strstr(p, name)); p += n) {
        int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        int after = isalnum((unsigned char)p[n]) || p[n] == '_';
        if (!before && !after) return 1;
    }
    return 0;
}

void spec_reading_texts(const struct spec *s, struct strlist *t)
{
    for (int i = 0; i < s->global.n; i++) sl_push(t, s->global.v[i]);
    for (int i = 0; i < s->local_size.n; i++) sl_push(t, s->local_size.v[i]);
    for (int i = 0; i < s->nbufs; i++) sl_push(t, s->bufs[i].count);
    for (int i = 0; i < s->nbufs; i++)
        if (s->bufs[i].vector) sl_push(t, s->bufs[i].vector);
    for (int i = 0; i < s->nargs; i++)
        if (s->args[i].expr) sl_push(t, s->args[i].expr);
    for (int i = 0; i < s->derived_exprs.n; i++) sl_push(t, s->derived_exprs.v[i]);
    for (int i = 0; i < s->nvariants; i++)
        if (s->variants[i].requires) sl_push(t, s->variants[i].requires);
    const char *one[] = { s->flops, s->flops_peak, s->bytes, s->grid_stride };
    for (size_t i = 0; i < sizeof one / sizeof *one; i++)
        if (one[i]) sl_push(t, one[i]);
    for (int k = 0; s->sol && k < SPEC_SOL_KEYS; k++)
        if (s->sol->expr[k]) sl_push(t, s->sol->expr[k]);
    for (int i = 0; s->restrictions && i < s->restrictions->exprs.n; i++) sl_push(t, s->restrictions->exprs.v[i]);
    for (int i = 0; i < s->nexpects; i++) sl_push(t, s->expects[i].count);
    for (int i = 0; s->tune && i < s->tune->all.naxes; i++) sl_push(t, s->tune->all.axes[i].name);
    for (int i = 0; s->tune && i < s->tune->cpu.naxes; i++) sl_push(t, s->tune->cpu.axes[i].name);
    for (int i = 0; i < s->nplots; i++) {
        const struct spec_plot *p = &s->plots[i];
        const char *cols[] = { p->metric, p->x, p->y, p->series, p->panels, p->figures, p->where, p->label };
        for (size_t k = 0; k < sizeof cols / sizeof *cols; k++)
            if (cols[k]) sl_push(t, cols[k]);
    }
    for (int i = 0; i < s->nfindings; i++) {
        const struct spec_finding *f = &s->findings[i];
        const char *texts[] = { f->check, f->compare, f->size, f->where, f->given };
        for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
            if (texts[k]) sl_push(t, texts[k]);
    }
}
