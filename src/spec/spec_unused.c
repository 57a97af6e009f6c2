/* spec_unused.c — launch axes of several values that nothing of the spec reads: each of their
 * values would measure every configuration again, alike, so the one who runs it is told, of the
 * values the run takes (the spec's, quick's, or --set's). */
#include "plan.h"
#include "spec_impl.h"
#include <stdlib.h>
#include <string.h>

/* axis_read: whether any text of the spec that a configuration's values reach reads the axis
 * (spec_reading_texts), as a word of its own. */
static int axis_read(const struct spec *s, const char *name)
{
    struct strlist t = {0};
    spec_reading_texts(s, &t);
    int read = 0;
    for (int i = 0; i < t.n && !read; i++) read = spec_names_word(t.v[i], name);
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
