/* wgunknown.c — what of a spec reads the largest work-group a device does not report (wgunknown.h). */
#include "wgunknown.h"
#include "axis.h"
#include "plan_impl.h"
#include "restrictions.h"
#include "spec_impl.h"
#include <stdlib.h>
#include <string.h>

/* at: "f.spec:9", or the file alone where no line is known. A new string. */
static char *at(const struct spec *s, int line)
{
    return line > 0 ? xasprintf("%s:%d", s->path, line) : xstrdup(s->path);
}

/* local_said: where the local axis as run reaches "max": an override's (the option as the user wrote
 * it), else the spec's (quick's where --quick gives it one), with its line. */
static char *local_said(const struct spec *s, const struct override *ov, int nov, int quick)
{
    const struct spec_axis *base = spec_axis_find(s->launch, s->nlaunch, "local");
    const struct override *from = NULL;
    char *text = plan_effective_items(s, ov, nov, quick, "local", base, &from), *said = NULL;
    if (text && axis_reads_max(text)) {
        if (from) {
            char *opt = plan_override_text(from);
            said = xasprintf("%s: 'max' is " WGUNKNOWN_SIZE ": give the sizes themselves (--local 64,128)", opt);
            free(opt);
        } else {
            const struct spec_axis *ax = quick ? spec_axis_find(s->quick, s->nquick, "local") : NULL;
            if (!ax) ax = base;
            char *w = at(s, ax ? ax->line : 0);
            said = xasprintf("%s: local = '%s' reaches 'max', " WGUNKNOWN_SIZE ": give the sizes themselves "
                             "(local = [64, 128], or --local 64,128)", w, text);
            free(w);
        }
    }
    free(text);
    return said;
}

/* One expression of the spec: its setting as the messages name it, its text and its line. */
struct wg_text { char *label; const char *text; int line; };

/* texts: every expression a run evaluates with the device's values (spec_reading_texts' settings
 * less the report's: a finding reads run.json's figures), with its setting and line, into *out. */
static int texts(const struct spec *s, struct wg_text **out)
{
    int n = 0, cap = 16;
    struct wg_text *t = xcalloc((size_t)cap, sizeof *t);
#define ADD(lab, txt, ln) do { if (txt) { if (n == cap) t = xrealloc(t, (size_t)(cap *= 2) * sizeof *t); \
                                          t[n++] = (struct wg_text){ lab, txt, ln }; } else free(lab); } while (0)
    for (int i = 0; i < s->global.n; i++)
        ADD(s->global.n > 1 ? xasprintf("global[%d]", i) : xstrdup("global"), s->global.v[i], s->global_line);
    for (int i = 0; i < s->local_size.n; i++)
        ADD(s->local_size.n > 1 ? xasprintf("local_size[%d]", i) : xstrdup("local_size"), s->local_size.v[i],
            s->local_size_line);
    for (int i = 0; i < s->derived_names.n; i++)
        ADD(xasprintf("derived %s", s->derived_names.v[i]), s->derived_exprs.v[i], s->derived_lines[i]);
    for (int i = 0; i < s->nbufs; i++) ADD(xasprintf("buffer %s's count", s->bufs[i].name), s->bufs[i].count, s->bufs[i].line);
    for (int i = 0; i < s->nargs; i++) ADD(xasprintf("argument %d", i + 1), s->args[i].expr, s->args[i].line);
    for (int i = 0; i < s->nvariants; i++)
        ADD(xasprintf("variant %s's requires", s->variants[i].name), s->variants[i].requires, s->variants[i].line);
    ADD(xstrdup("flops"), s->flops, s->flops_line);
    ADD(xstrdup("flops_peak"), s->flops_peak, s->flops_peak_line);
    ADD(xstrdup("bytes"), s->bytes, s->bytes_line);
    for (int k = 0; s->sol && k < SPEC_SOL_KEYS; k++)
        ADD(xasprintf("sol's %s", spec_sol_key(k)), s->sol->expr[k], s->sol->line[k]);
    for (int i = 0; s->restrictions && i < s->restrictions->exprs.n; i++)
        ADD(xstrdup("restriction"), s->restrictions->exprs.v[i], s->restrictions->lines[i]);
    for (int i = 0; i < s->nexpects; i++) ADD(xstrdup("expect's count"), s->expects[i].count, s->expects[i].count_line);
#undef ADD
    *out = t;
    return n;
}

char *wgunknown_said(const struct spec *s, const struct override *ov, int nov, int quick)
{
    char *said = local_said(s, ov, nov, quick);
    struct wg_text *t;
    int n = texts(s, &t);
    for (int i = 0; i < n; i++) {
        if (!said && spec_names_word(t[i].text, "MAX_WG")) {
            char *w = at(s, t[i].line);
            said = xasprintf("%s: %s = '%s' reads MAX_WG, " WGUNKNOWN_SIZE ": write a fixed work-group size in its "
                             "place (256, say) to run on this device", w, t[i].label, t[i].text);
            free(w);
        }
        free(t[i].label);
    }
    free(t);
    return said;
}
