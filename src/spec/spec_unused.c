/* spec_unused.c — launch axes of several values that nothing of the spec reads: each of their
 * values would measure every configuration again, alike, so the one who runs it is told, of the
 * values the run takes (the spec's, quick's, or --set's). */
#include "plan.h"
#include "restrictions.h"
#include "spec_impl.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* names_word: whether text holds name as a word of its own (not inside another name, nor the
 * suffix of a number such as 10N). Words, not parsed expressions: a selector's value or a column
 * list reads the same, and a word that is not a use only costs a warning not given. */
static int names_word(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; p && (p = strstr(p, name)); p += n) {
        int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        int after = isalnum((unsigned char)p[n]) || p[n] == '_';
        if (!before && !after) return 1;
    }
    return 0;
}

/* axis_read: whether any text of the spec that a configuration's values reach reads the axis:
 * the launch geometry, arguments, buffers, work, derived columns, speed of light, restrictions,
 * expected instructions and variants' requires (through these alone does an axis reach the kernel
 * or a row: it is no m4 parameter and no build option); and, read as deliberate, a tune pass over
 * it and a plot or finding that names it (rows kept apart by it on purpose: repeats). */
static int axis_read(const struct spec *s, const char *name)
{
    struct strlist t = {0};
    for (int i = 0; i < s->global.n; i++) sl_push(&t, s->global.v[i]);
    for (int i = 0; i < s->local_size.n; i++) sl_push(&t, s->local_size.v[i]);
    for (int i = 0; i < s->nbufs; i++) sl_push(&t, s->bufs[i].count);
    for (int i = 0; i < s->nargs; i++)
        if (s->args[i].expr) sl_push(&t, s->args[i].expr);
    for (int i = 0; i < s->derived_exprs.n; i++) sl_push(&t, s->derived_exprs.v[i]);
    for (int i = 0; i < s->nvariants; i++)
        if (s->variants[i].requires) sl_push(&t, s->variants[i].requires);
    const char *one[] = { s->flops, s->flops_peak, s->bytes };
    for (size_t i = 0; i < sizeof one / sizeof *one; i++)
        if (one[i]) sl_push(&t, one[i]);
    for (int k = 0; s->sol && k < SPEC_SOL_KEYS; k++)
        if (s->sol->expr[k]) sl_push(&t, s->sol->expr[k]);
    for (int i = 0; s->restrictions && i < s->restrictions->exprs.n; i++) sl_push(&t, s->restrictions->exprs.v[i]);
    for (int i = 0; i < s->nexpects; i++) sl_push(&t, s->expects[i].count);
    for (int i = 0; s->tune && i < s->tune->all.naxes; i++) sl_push(&t, s->tune->all.axes[i].name);
    for (int i = 0; s->tune && i < s->tune->cpu.naxes; i++) sl_push(&t, s->tune->cpu.axes[i].name);
    for (int i = 0; i < s->nplots; i++) {
        const struct spec_plot *p = &s->plots[i];
        const char *cols[] = { p->metric, p->x, p->y, p->series, p->panels, p->figures, p->where, p->label };
        for (size_t k = 0; k < sizeof cols / sizeof *cols; k++)
            if (cols[k]) sl_push(&t, cols[k]);
    }
    for (int i = 0; i < s->nfindings; i++) {
        const struct spec_finding *f = &s->findings[i];
        const char *texts[] = { f->check, f->compare, f->size, f->where };
        for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
            if (texts[k]) sl_push(&t, texts[k]);
    }
    int read = 0;
    for (int i = 0; i < t.n && !read; i++) read = names_word(t.v[i], name);
    sl_free(&t);
    return read;
}

void spec_warn_unused_axes(const struct spec *s, const struct override *ov, int nov, int quick, struct strlist *warnings)
{
    for (int i = 0; i < s->nlaunch; i++) {
        const struct spec_axis *a = &s->launch[i];
        /* local is the work-group size: the launch reads it whatever the expressions say. */
        if (!strcmp(a->name, "local") || axis_read(s, a->name)) continue;
        const struct override *from;
        int n = plan_axis_count(s, ov, nov, quick, a->name, a, &from);
        /* A spec's text that does not expand counts as several (the plan then says what is wrong with
         * it); an override's is refused as a mistake on the command line, with nothing to warn of. */
        if (n < 0) n = from ? 0 : 2;
        if (n < 2) continue;
        char *given = from ? plan_override_text(from) : NULL;
        char *whose = given ? xasprintf(" (%s)", given)
                            : xstrdup(quick && spec_axis_find(s->quick, s->nquick, a->name) ? " in quick" : "");
        sl_push_own(warnings, xasprintf("%s:%d: launch axis '%s' has %d values%s but nothing reads it (global, local_size, "
                                        "args, buffers' counts, flops, bytes, derived, sol, restrictions, expect, plots, "
                                        "findings): every configuration is measured %d times alike; give it one value, or "
                                        "use it", s->path, a->line, a->name, n, whose, n));
        free(given);
        free(whose);
    }
}
