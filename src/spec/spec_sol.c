/* spec_sol.c — a spec's `sol`: what the speed of light needs beyond flops and bytes: a work-item's
 * longest dependent chain, the bytes it keeps in flight, and __local memory's traffic. */
#include "spec_impl.h"
#include <stdlib.h>
#include <string.h>

/* The settings of `sol`, in struct spec_sol's order; a row each (docs/spec.md, "Speed of light"). */
static const struct { const char *key, *what; } keys[SPEC_SOL_KEYS] = {
    { "chain",    "the dependent steps in a work-item's longest chain of its flops' operations" },
    { "inflight", "the bytes a work-item keeps in flight to memory at once (its independent loads)" },
    { "local",    "the bytes moved to and from __local memory in a launch" },
};

const char *spec_sol_key(int k) { return k >= 0 && k < SPEC_SOL_KEYS ? keys[k].key : NULL; }

int spec_read_sol(struct loader *L, struct spec *s, const config_setting_t *g)
{
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "'sol' must be a group { chain = \"STEPS\"; inflight = \"ILP * 16\"; }");
    s->sol = xcalloc(1, sizeof *s->sol);
    for (int i = 0; i < config_setting_length(g); i++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        const char *name = config_setting_name(m);
        int k = 0;
        while (k < SPEC_SOL_KEYS && strcmp(name, keys[k].key)) k++;
        if (k == SPEC_SOL_KEYS)
            return spec_fail(L, m, "sol: unknown setting '%s' (chain: %s; inflight: %s; local: %s)", name, keys[0].what,
                             keys[1].what, keys[2].what);
        s->sol->expr[k] = spec_scalar_text(m);
        s->sol->line[k] = config_setting_source_line(m);
        if (!s->sol->expr[k] || config_setting_type(m) == CONFIG_TYPE_BOOL)
            return spec_fail(L, m, "sol: '%s' must be an expression (a string such as \"ILP * 16\") or a number", name);
    }
    return 0;
}

void spec_free_sol(struct spec *s)
{
    for (int k = 0; s->sol && k < SPEC_SOL_KEYS; k++) free(s->sol->expr[k]);
    free(s->sol);
    s->sol = NULL;
}
