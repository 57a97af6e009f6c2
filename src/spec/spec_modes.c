/* spec_modes.c — a spec's `modes`: variants run at once on several devices, each a share of its
 * dim-0 range (docs/spec.md, "Modes"); read and checked here, run by modes_run.c. */
#include "spec_impl.h"
#include "modes.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MODES_MAX_DEVICE = 64 };

static int read_part(struct loader *L, const struct spec *s, const config_setting_t *g, const char *mode,
                     struct mode_part *p)
{
    static const char *const names[] = { "variant", "device", "share", NULL };
    p->line = config_setting_source_line(g);
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "modes: mode '%s': each part is a group { variant = \"double\"; device = 1; share = 0.5; }", mode);
    if (spec_only_keys(L, g, "modes: part", names) || spec_get_string(L, g, "variant", 1, &p->variant)) return -1;
    if (spec_variant_find(s, p->variant) < 0)
        return spec_fail(L, g, "modes: mode '%s': no variant named '%s'", mode, p->variant);
    double dev = 0, share = 1;
    int have_dev = 0;
    if (spec_get_number(L, g, "device", 1, 1, MODES_MAX_DEVICE, &dev, &have_dev) ||
        spec_get_number(L, g, "share", 0, 0, 1, &share, NULL)) return -1;
    if (!have_dev) return spec_fail(L, g, "modes: mode '%s': a part needs device = K (the K-th device of --device, from 1)", mode);
    if (!(share > 0)) return spec_fail(L, g, "modes: mode '%s': share must be above 0", mode);
    p->device = (int)dev;
    p->share = share;
    return 0;
}

/* shares_whole: each variant's parts in a mode share its whole range: their shares sum to 1. */
static int shares_whole(struct loader *L, const config_setting_t *g, const struct spec_mode *m)
{
    for (int i = 0; i < m->nparts; i++) {
        double sum = 0;
        for (int j = 0; j < m->nparts; j++)
            if (!strcmp(m->parts[j].variant, m->parts[i].variant)) sum += m->parts[j].share;
        if (fabs(sum - 1) > 1e-6)
            return spec_fail(L, g, "modes: mode '%s': the shares of variant '%s' sum to %g, not 1", m->name,
                             m->parts[i].variant, sum);
    }
    return 0;
}

static int read_mode(struct loader *L, const struct spec *s, const config_setting_t *g, struct spec_mode *m)
{
    static const char *const names[] = { "name", "parts", NULL };
    m->line = config_setting_source_line(g);
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "modes: each mode is a group { name = \"...\"; parts = ( { variant = ...; device = 1; } ); }");
    if (spec_only_keys(L, g, "modes: mode", names) || spec_get_string(L, g, "name", 1, &m->name)) return -1;
    const config_setting_t *parts = config_setting_get_member(g, "parts");
    if (!parts || config_setting_type(parts) != CONFIG_TYPE_LIST || config_setting_length(parts) == 0)
        return spec_fail(L, parts ? parts : g, "modes: mode '%s' needs parts = ( { variant = \"...\"; device = 1; }, ... )", m->name);
    m->nparts = config_setting_length(parts);
    m->parts = xcalloc((size_t)m->nparts, sizeof *m->parts);
    for (int i = 0; i < m->nparts; i++)
        if (read_part(L, s, config_setting_get_elem(parts, (unsigned)i), m->name, &m->parts[i])) return -1;
    return shares_whole(L, parts, m);
}

static int read_point(struct loader *L, const struct spec *s, struct spec_modes *m, const config_setting_t *g)
{
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "modes: point must be a group of axis values { Y = 128; local = 256; }");
    m->npoint = config_setting_length(g);
    m->point_names = xcalloc((size_t)m->npoint, sizeof *m->point_names);
    m->point_values = xcalloc((size_t)m->npoint, sizeof *m->point_values);
    for (int i = 0; i < m->npoint; i++) {
        const config_setting_t *v = config_setting_get_elem(g, (unsigned)i);
        m->point_names[i] = xstrdup(config_setting_name(v));
        if (!spec_num_value(v, &m->point_values[i]))
            return spec_fail(L, v, "modes: point: %s must be one number", m->point_names[i]);
        if (!spec_axis_find(s->launch, s->nlaunch, m->point_names[i]))
            return spec_fail(L, v, "modes: point: '%s' is not an axis of launch", m->point_names[i]);
    }
    return 0;
}

int spec_read_modes(struct loader *L, struct spec *s, const config_setting_t *g)
{
    static const char *const names[] = { "point", "chunks", "trials", "run", NULL };
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "'modes' must be a group { point = { ... }; chunks = 4; trials = 5; run = ( { name = ...; parts = ( ... ); } ); }");
    struct spec_modes *m = s->modes = xcalloc(1, sizeof *m);
    m->line = config_setting_source_line(g);
    double chunks = 4, trials = 5;
    if (spec_only_keys(L, g, "modes", names) || read_point(L, s, m, config_setting_get_member(g, "point")) ||
        spec_get_number(L, g, "chunks", 1, 1, 1024, &chunks, NULL) ||
        spec_get_number(L, g, "trials", 1, 1, 1e6, &trials, NULL)) return -1;
    m->chunks = (int)chunks;
    m->trials = (int)trials;
    const config_setting_t *run = config_setting_get_member(g, "run");
    if (!run || config_setting_type(run) != CONFIG_TYPE_LIST || config_setting_length(run) == 0)
        return spec_fail(L, run ? run : g, "modes: 'run' must list the modes: ( { name = \"...\"; parts = ( ... ); }, ... )");
    m->n = config_setting_length(run);
    m->modes = xcalloc((size_t)m->n, sizeof *m->modes);
    for (int i = 0; i < m->n; i++) {
        if (read_mode(L, s, config_setting_get_elem(run, (unsigned)i), &m->modes[i])) return -1;
        for (int j = 0; j < i; j++)
            if (!strcmp(m->modes[j].name, m->modes[i].name))
                return spec_fail(L, config_setting_get_elem(run, (unsigned)i), "modes: two modes are named '%s'", m->modes[i].name);
    }
    return 0;
}

void modes_free(struct spec_modes *m)
{
    if (!m) return;
    for (int i = 0; i < m->n; i++) {
        for (int j = 0; j < m->modes[i].nparts; j++) free(m->modes[i].parts[j].variant);
        free(m->modes[i].parts);
        free(m->modes[i].name);
    }
    free(m->modes);
    for (int i = 0; i < m->npoint; i++) free(m->point_names[i]);
    free(m->point_names);
    free(m->point_values);
    free(m);
}
