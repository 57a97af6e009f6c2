/* finding_why.c — every reason a finding cannot be checked, said once, the selectors of one reason
 * named together. */
#include "finding_why.h"
#include <stdlib.h>
#include <string.h>

void finding_why_add(struct finding_why *w, const char *sel, char *why)
{
    if (!why) return;
    size_t n = sel ? strlen(sel) : 0;
    int of_sel = sel && *sel && !strncmp(why, sel, n) && !strncmp(why + n, ": ", 2);
    const char *tail = of_sel ? why + n + 2 : why;
    for (int i = 0; i < w->n; i++) {
        struct finding_reason *r = &w->r[i];
        if (strcmp(r->tail, tail) || (r->sel.n > 0) != of_sel) continue;
        if (of_sel && !sl_has(&r->sel, sel)) sl_push(&r->sel, sel);
        free(why);
        return;
    }
    w->r = xrealloc(w->r, sizeof *w->r * (size_t)(w->n + 1));
    struct finding_reason *r = &w->r[w->n++];
    memset(r, 0, sizeof *r);
    if (of_sel) sl_push(&r->sel, sel);
    r->tail = xstrdup(tail);
    free(why);
}

char *finding_why_take(struct finding_why *w)
{
    struct sbuf b = {0};
    for (int i = 0; i < w->n; i++) {
        const struct finding_reason *r = &w->r[i];
        if (b.len) sb_printf(&b, "; ");
        for (int k = 0; k < r->sel.n; k++)
            sb_printf(&b, "%s%s", k == 0 ? "" : k + 1 == r->sel.n ? " and " : ", ", r->sel.v[k]);
        sb_printf(&b, "%s%s", r->sel.n ? ": " : "", r->tail);
    }
    finding_why_free(w);
    return b.s;
}

void finding_why_free(struct finding_why *w)
{
    for (int i = 0; i < w->n; i++) {
        sl_free(&w->r[i].sel);
        free(w->r[i].tail);
    }
    free(w->r);
    memset(w, 0, sizeof *w);
}
