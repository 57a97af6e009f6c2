/* spec_check.c — checks of a spec once it is read: its top-level names, its axes' names, and every
 * expression evaluated with each known name set to 1 (a typo reported with its line at load). */
#include "spec_impl.h"
#include "lib/names.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Top-level settings a spec may have; anything else is a typo worth reporting. */
static const char *const known_keys[] = {
    "description", "template", "kernel", "variants", "params", "builds", "launch", "global",
    "local_size", "buffers", "args", "flops", "flops_peak", "bytes", "sol", "verify", "relative", "warmups", "trials", "rounds", "target_cv",
    "quick", "derived", "transfers", "plots", "findings", "probes", "expect", "modes", "tune", "restrictions", NULL
};

int spec_is_upper_name(const char *s)
{
    if (!isupper((unsigned char)*s)) return 0;
    for (; *s; s++)
        if (!isupper((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_') return 0;
    return 1;
}

/* Expressions are evaluated at load time with every known name set to 1, to report a typo or a
 * syntax error now, with its line, rather than in the middle of a run. */
void spec_known_vars(const struct spec *s, struct vars *v)
{
    for (int i = 0; spec_builtin_names[i]; i++) vars_set(v, spec_builtin_names[i], 1);
    for (int i = 0; i < s->nparams; i++) vars_set(v, s->params[i].name, 1);
    for (int i = 0; i < s->nlaunch; i++) vars_set(v, s->launch[i].name, 1);
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++) vars_set(v, s->variants[i].keys.v[k], 1);
    for (int i = 0; i < s->derived_names.n; i++) vars_set(v, s->derived_names.v[i], 1);
}

int spec_check_vars(struct loader *L, const char *what, const char *text, int line, const struct vars *v)
{
    double x;
    char *err = NULL;
    int rc = expr_eval(text, v, &x, &err);
    /* Every name is 1 here: a division by (1 - 1) is no mistake of the spec's. */
    if (rc == -1) {
        if (!L->err) L->err = xasprintf("%s:%d: %s: %s", L->path, line, what, err ? err : "invalid");
        free(err);
        return -1;
    }
    free(err);
    return 0;
}

int spec_check_expr(struct loader *L, const struct spec *s, const char *what, const char *text, int line)
{
    struct vars v = {0};
    spec_known_vars(s, &v);
    int rc = spec_check_vars(L, what, text, line, &v);
    vars_free(&v);
    return rc;
}

int spec_check_all_exprs(struct loader *L, struct spec *s)
{
    int rc = 0;
    for (int i = 0; i < s->derived_exprs.n; i++) rc |= spec_check_expr(L, s, s->derived_names.v[i], s->derived_exprs.v[i], s->derived_lines[i]);
    for (int i = 0; i < s->global.n; i++) rc |= spec_check_expr(L, s, "global", s->global.v[i], s->global_line);
    for (int i = 0; i < s->local_size.n; i++) rc |= spec_check_expr(L, s, "local_size", s->local_size.v[i], s->local_size_line);
    for (int i = 0; i < s->nbufs; i++) rc |= spec_check_expr(L, s, "buffer count", s->bufs[i].count, s->bufs[i].line);
    for (int i = 0; i < s->nargs; i++)
        if (s->args[i].expr) rc |= spec_check_expr(L, s, "argument", s->args[i].expr, s->args[i].line);
    for (int i = 0; i < s->nvariants; i++)
        if (s->variants[i].requires) rc |= spec_check_expr(L, s, "requires", s->variants[i].requires, s->variants[i].line);
    if (s->flops) rc |= spec_check_expr(L, s, "flops", s->flops, s->flops_line);
    if (s->flops_peak) rc |= spec_check_expr(L, s, "flops_peak", s->flops_peak, s->flops_peak_line);
    if (s->bytes) rc |= spec_check_expr(L, s, "bytes", s->bytes, s->bytes_line);
    for (int k = 0; s->sol && k < SPEC_SOL_KEYS; k++)
        if (s->sol->expr[k]) rc |= spec_check_expr(L, s, spec_sol_key(k), s->sol->expr[k], s->sol->line[k]);
    return rc;
}

int spec_only_keys(struct loader *L, const config_setting_t *g, const char *what, const char *const *keys)
{
    for (int i = 0; i < config_setting_length(g); i++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        const char *n = config_setting_name(m);
        int ok = 0;
        for (int k = 0; keys[k] && !ok; k++) ok = n && !strcmp(keys[k], n);
        if (ok) continue;
        struct sbuf list = {0};
        for (int k = 0; keys[k]; k++) sb_printf(&list, "%s%s", k ? ", " : "", keys[k]);
        int rc = spec_fail(L, m, "%s: unknown setting '%s' (%s)", what, n ? n : "(unnamed)", list.s);
        sb_free(&list);
        return rc;
    }
    return 0;
}

int spec_check_top_keys(struct loader *L, const config_setting_t *root)
{
    for (int i = 0; i < config_setting_length(root); i++) {
        const config_setting_t *m = config_setting_get_elem(root, (unsigned)i);
        const char *name = config_setting_name(m);
        int ok = 0;
        for (int k = 0; known_keys[k]; k++) ok |= !strcmp(known_keys[k], name);
        if (ok) continue;
        const char *near = nearest_name(name, (char *const *)known_keys, (int)(sizeof known_keys / sizeof *known_keys) - 1);
        return spec_fail(L, m, "unknown setting '%s'%s%s%s", name, near ? ": did you mean " : "", near ? near : "", near ? "?" : "");
    }
    return 0;
}

int spec_check_names(struct loader *L, struct spec *s, const config_setting_t *root)
{
    for (int i = 0; i < s->nparams; i++)
        if (!spec_is_upper_name(s->params[i].name))
            return spec_fail(L, config_setting_get_member(root, "params"), "template parameter '%s' must be upper case", s->params[i].name);
    for (int i = 0; i < s->nlaunch; i++) {
        const char *n = s->launch[i].name;
        for (int k = 0; spec_builtin_names[k]; k++)
            if (!strcmp(n, spec_builtin_names[k]))
                return spec_fail(L, config_setting_get_member(root, "launch"), "launch axis '%s' hides the built-in name %s", n, n);
        if (spec_axis_find(s->params, s->nparams, n))
            return spec_fail(L, config_setting_get_member(root, "launch"), "'%s' is both a template parameter and a launch axis", n);
    }
    /* The work-group size comes from a 'local' axis, or from local_size alone (fixed shapes). */
    if (!spec_axis_find(s->launch, s->nlaunch, "local") && s->local_size.n == 0)
        return spec_fail(L, config_setting_get_member(root, "launch") ? config_setting_get_member(root, "launch") : root, "'launch' needs a 'local' axis (the work-group sizes, e.g. local = \"64:1024:64\";) or the spec a local_size");
    for (int i = 0; i < s->nquick; i++) {
        const char *n = s->quick[i].name;
        if (strcmp(n, "variant") && strcmp(n, "builds") && !spec_axis_find(s->params, s->nparams, n) &&
            !spec_axis_find(s->launch, s->nlaunch, n))
            return spec_fail(L, config_setting_get_member(root, "quick"), "quick: '%s' is not an axis of this experiment", n);
    }
    const char *vnames[] = { s->baseline, s->relative };
    const config_setting_t *vset[] = { config_setting_get_member(root, "verify"), config_setting_get_member(root, "relative") };
    for (int i = 0; i < 2; i++)
        if (vnames[i] && spec_variant_find(s, vnames[i]) < 0)
            return spec_fail(L, vset[i], "'%s' is not a variant of this experiment", vnames[i]);
    return 0;
}
