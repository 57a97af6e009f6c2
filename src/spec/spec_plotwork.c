/* spec_plotwork.c — plots that need work the spec does not declare: a roofline sets GFLOP/s against
 * flops per byte, and a spec whose flops is the literal 0 (a transpose, a copy) gives no row a
 * GFLOP/s, so the plot draws nothing on any device; said once, at the plot's line, before a run. */
#include "spec.h"
#include <stdlib.h>
#include <string.h>

/* zero_literal: whether the expression is a plain number that is 0 ("0", " 0.0 "), not one that may
 * be 0 at some points only ("COPY ? 0 : N"). */
static int zero_literal(const char *e)
{
    char *end;
    double x = strtod(e, &end);
    while (*end == ' ' || *end == '\t') end++;
    return end != e && !*end && x == 0;
}

void spec_warn_plot_work(const struct spec *s, struct strlist *warnings)
{
    if (!s->flops || !zero_literal(s->flops)) return;
    for (int i = 0; i < s->nplots; i++) {
        const struct spec_plot *p = &s->plots[i];
        if (p->kind_id != PLOT_ROOFLINE) continue;
        sl_push_own(warnings, xasprintf("%s:%d: plot %d (%s): a roofline plot needs non-zero flops, and the spec's flops "
                                        "is 0 (line %d): no row has a GFLOP/s, so it draws nothing", s->path, p->line,
                                        i + 1, p->name ? p->name : p->kind, s->flops_line));
    }
}
