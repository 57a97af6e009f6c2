/* setnote.c — a --set that replaces the named variants' own value of a parameter, said once before
 * the run (setnote.h). */
#include "setnote.h"
#include "catalog.h"
#include <stdlib.h>
#include <string.h>

/* own_value: the value named variant v sets for name, or NULL. */
static const char *own_value(const struct spec_variant *v, const char *name)
{
    for (int k = 0; k < v->keys.n; k++)
        if (!strcmp(v->keys.v[k], name)) return v->values.v[k];
    return NULL;
}

/* sweepers: the experiments along the search path (other than s) whose params sweep name, into b. */
static void sweepers(const struct spec *s, const char *name, struct sbuf *b)
{
    struct strlist dirs = {0}, seen = {0};
    catalog_dirs(&dirs);
    for (int d = 0; d < dirs.n; d++) {
        struct strlist files = {0};
        catalog_files(dirs.v[d], ".spec", &files);
        for (int f = 0; f < files.n; f++) {
            char *path = xasprintf("%s/%s", dirs.v[d], files.v[f]);
            struct spec o;
            char *err = NULL;
            if (spec_load(path, &o, &err) == 0) {
                int dup = !strcmp(o.name, s->name);
                for (int i = 0; i < seen.n && !dup; i++) dup = !strcmp(seen.v[i], o.name);
                if (!dup && spec_axis_find(o.params, o.nparams, name)) {
                    sb_printf(b, "%s%s", seen.n ? ", " : "", o.name);
                    sl_push(&seen, o.name);
                }
                spec_free(&o);
            }
            free(err);
            free(path);
        }
        sl_free(&files);
    }
    sl_free(&dirs);
    sl_free(&seen);
}

char *setnote_say(const struct spec *s, const struct override *ov, int nov)
{
    for (int i = 0; i < nov; i++)
        if (!strcmp(ov[i].name, "variant")) return NULL;   /* the variants are the user's pick */
    struct sbuf b = {0};
    for (int i = 0; i < nov; i++) {
        const char *name = ov[i].name;
        int said = 0;
        for (int j = 0; j < i && !said; j++) said = !strcmp(ov[j].name, name);
        if (said || !ov[i].flag || strcmp(ov[i].flag, "--set") || spec_axis_find(s->params, s->nparams, name)) continue;
        struct sbuf own = {0};
        int n = 0;
        const char *pick = NULL, *first = ov[i].values;
        size_t flen = strcspn(first, ",:");
        for (int v = 0; v < s->nvariants; v++) {
            const char *val = own_value(&s->variants[v], name);
            if (!val) continue;
            sb_printf(&own, "%s%s=%s", n++ ? " " : "", s->variants[v].name, val);
            /* A variant whose own value is the first asked keeps its name at it; the last such is
             * the spec's most elaborate one as specs are written (vecsum's gs_float4). */
            if (strlen(val) == flen && !strncmp(val, first, flen)) pick = s->variants[v].name;
        }
        if (n >= 2) {
            if (!pick) pick = s->variants[0].name;
            sb_printf(&b, "clx: --set %s=%s replaces the %s that each of %s's %d named variants sets (%s) and crosses "
                      "its values into every one of them, under names that no longer say their %s; one variant swept "
                      "over them: --set variant=%s --set %s=%s", name, ov[i].values, name, s->name, n, own.s, name, pick,
                      name, ov[i].values);
            struct sbuf sw = {0};
            sweepers(s, name, &sw);
            if (sw.len) sb_printf(&b, "; experiments that sweep %s as an axis: %s", name, sw.s);
            sb_printf(&b, "\n");
            sb_free(&sw);
        }
        sb_free(&own);
    }
    return b.s;
}
