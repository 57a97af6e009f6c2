/* spec_probes.c — a spec's `probes`: host-side measurements (launch latency, transfers) run after
 * the sweep on the same device, with their sizes. */
#include "spec_impl.h"
#include "probekinds.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

int spec_read_probes(struct loader *L, struct spec *s, const config_setting_t *g)
{
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "'probes' must be a group { run = [ \"launch\", \"transfers\" ]; bytes = \"256Mi\"; }");
    const config_setting_t *run = config_setting_get_member(g, "run");
    if (!run || config_setting_type(run) != CONFIG_TYPE_ARRAY || config_setting_length(run) == 0)
        return spec_fail(L, run ? run : g, "probes: 'run' must list what to measure: \"launch\", \"transfers\"");
    for (int i = 0; i < config_setting_length(run); i++) {
        const char *n = config_setting_get_string_elem(run, (unsigned)i);
        if (probe_kind_of(n) < 0)
            return spec_fail(L, run, "probes: unknown probe '%s' (known: %s)", n ? n : "(not a string)", probe_kind_names());
        sl_push(&s->probes, n);
    }
    s->probe_bytes = 256.0 * 1024 * 1024;
    s->probe_launches = 1000;
    s->probe_trials = 20;
    const char *bytes = NULL;
    const config_setting_t *b = config_setting_get_member(g, "bytes");
    if (b && !(bytes = config_setting_get_string(b))) return spec_fail(L, b, "probes: bytes must be a size in quotes, e.g. \"256Mi\"");
    if (bytes && (parse_number(bytes, &s->probe_bytes) || s->probe_bytes < 4096 || s->probe_bytes > 1e12))
        return spec_fail(L, b, "probes: bytes '%s' must be a size from 4Ki to 1T", bytes);
    double launches = s->probe_launches, trials = s->probe_trials;
    if (spec_get_number(L, g, "launches", 1, 1, 1e7, &launches, NULL) ||
        spec_get_number(L, g, "trials", 1, 1, 1e6, &trials, NULL)) return -1;
    s->probe_launches = (int)launches;
    s->probe_trials = (int)trials;
    static const char *const keys[] = { "run", "bytes", "launches", "trials", NULL };
    return spec_only_keys(L, g, "probes", keys);
}
