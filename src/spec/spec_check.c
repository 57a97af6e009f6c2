/* spec_check.c — checks of a spec once it is read: its top-level names, its axes' names, and every
 * expression evaluated with each known name set to 1 (a typo reported with its line at load). */
#include "spec_impl.h"
#include "expand.h"
#include "lib/names.h"
#include "solkinds.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Top-level settings a spec may have; anything else is a typo worth reporting. */
static const char *const known_keys[] = {
    "description", "template", "kernel", "variants", "params", "builds", "launch", "global",
    "local_size", "buffers", "args", "flops", "flops_peak", "bytes", "grid_stride", "sol", "verify", "relative", "warmups", "trials", "rounds", "target_cv",
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

/* declared: how s declares name, with its line: "the parameter OWP (line 6)"; NULL where s does
 * not (a built-in name), or for local, which the launch reads. A new string. */
static char *declared(const struct spec *s, const char *name)
{
    const struct spec_axis *a = spec_axis_find(s->params, s->nparams, name);
    if (a) return xasprintf("the parameter %s (line %d)", name, a->line);
    /* local: the launch reads it, whatever the expressions do. */
    if ((a = spec_axis_find(s->launch, s->nlaunch, name)) && strcmp(name, "local"))
        return xasprintf("the launch axis %s (line %d)", name, a->line);
    for (int i = 0; i < s->derived_names.n; i++)
        if (!strcmp(s->derived_names.v[i], name)) return xasprintf("the derived value %s (line %d)", name, s->derived_lines[i]);
    int v = spec_variant_keyed(s, name);
    return v >= 0 ? xasprintf("variant %s's %s (line %d)", s->variants[v].name, name, s->variants[v].line) : NULL;
}

/* reads_of: how many of s's texts (spec_reading_texts) read name, and in *template whether the
 * template beside the spec does. */
static int reads_of(const struct spec *s, const char *name, const char *template_text, int *template)
{
    struct strlist t = {0};
    spec_reading_texts(s, &t);
    int n = 0;
    for (int i = 0; i < t.n; i++) n += spec_names_word(t.v[i], name);
    sl_free(&t);
    *template = template_text && spec_names_word(template_text, name);
    return n;
}

char *spec_template_text(const struct spec *s)
{
    if (!s->template_name) return NULL;
    char *p = path_join(s->dir, s->template_name), *t = read_file(p, NULL);
    free(p);
    if (!t && !strchr(s->template_name, '/')) {
        char *shipped = path_join(clx_home(), "templates");
        p = path_join(shipped, s->template_name);
        t = read_file(p, NULL);
        free(p);
        free(shipped);
    }
    return t;
}

/* typo_said: where an expression reads a name the spec does not have (unknown) and the nearest
 * name it has is one the spec declares that nothing else reads (params OWP, while global and the
 * template read OPW), the declared one is likely the typo, not the expression's: the message says
 * so rather than suggest spreading it ("did you mean OWP?"). NULL where it is not so (the message
 * then stays expr_eval's). A new string. */
static char *typo_said(const struct spec *s, const char *text, const char *unknown, const struct vars *known)
{
    const char *near = nearest_name(unknown, known->names, known->n);
    char *decl = near ? declared(s, near) : NULL;
    if (!decl) return NULL;
    char *ttext = spec_template_text(s);
    /* Without the template, what reads a parameter is not known: the plain did-you-mean. */
    if (!ttext) {
        free(decl);
        return NULL;
    }
    int t_unknown, t_near;
    int n_unknown = reads_of(s, unknown, ttext, &t_unknown), n_near = reads_of(s, near, ttext, &t_near);
    char *said = NULL;
    if (n_near == 0 && !t_near && n_unknown + t_unknown >= 2) {
        /* This text is one of those that read it. */
        int others = n_unknown - 1;
        struct sbuf by = {0};
        sb_printf(&by, "%s", t_unknown ? "The template" : "");
        if (others) sb_printf(&by, "%s%d other setting%s", t_unknown ? ", " : "", others, others == 1 ? "" : "s");
        sb_printf(&by, "%s", by.len ? " and this one" : "This one");
        said = xasprintf("unknown name '%s' in '%s': is %s a typo of %s? %s read %s; nothing reads %s", unknown, text, decl,
                         unknown, by.s, unknown, near);
        sb_free(&by);
    } else if (n_near == 0 && !t_near) {
        said = xasprintf("unknown name '%s' in '%s': did you mean %s? (nothing else reads %s: if %s is the name meant, %s "
                         "is the typo)", unknown, text, decl, near, unknown, near);
    }
    free(decl);
    free(ttext);
    return said;
}

int spec_check_expr(struct loader *L, const struct spec *s, const char *what, const char *text, int line)
{
    struct vars v = {0};
    spec_known_vars(s, &v);
    int earlier = L->err != NULL;        /* only the first error is said */
    int rc = spec_check_vars(L, what, text, line, &v);
    char *unknown = rc && !earlier ? expr_unknown_name(text, &v) : NULL;
    char *said = unknown ? typo_said(s, text, unknown, &v) : NULL;
    if (said) {
        free(L->err);
        L->err = xasprintf("%s:%d: %s: %s", L->path, line, what, said);
    }
    free(said);
    free(unknown);
    vars_free(&v);
    return rc;
}

/* check_flops_peak: flops_peak's expression as every other's, an unknown name said with what it takes
 * (a class's word, fp32, with its code); and its value, where the spec alone gives it, a code or 0. */
static int check_flops_peak(struct loader *L, const struct spec *s)
{
    const char *text = s->flops_peak;
    int line = s->flops_peak_line, earlier = L->err != NULL;
    if (spec_check_expr(L, s, "flops_peak", text, line)) {
        struct vars v = {0};
        spec_known_vars(s, &v);
        char *unknown = earlier ? NULL : expr_unknown_name(text, &v);
        int c = unknown ? sol_class_of_name(unknown) : -1;
        if (unknown) {
            char *was = L->err;
            if (c >= 0 && sol_class_code(c))
                L->err = xasprintf("%s:%d: flops_peak: unknown name '%s' in '%s': did you mean %d? (" SOL_CODES_TAKE ")",
                                   L->path, line, unknown, text, sol_class_code(c), sol_codes_said());
            else
                L->err = xasprintf("%s (" SOL_CODES_TAKE ")", was, sol_codes_said());
            free(was);
        }
        free(unknown);
        vars_free(&v);
        return -1;
    }
    struct vars none = {0};
    char *said = sol_code_wrong(text, &none);
    if (said) {
        int rc = spec_fail_line(L, line, "flops_peak: %s is no class's code (" SOL_CODES_TAKE ")", said, sol_codes_said());
        free(said);
        return rc;
    }
    /* An expression of the variants' keys (PREC): each variant's number. */
    for (int i = 0; i < s->nvariants; i++) {
        const struct spec_variant *va = &s->variants[i];
        struct vars vv = {0};
        for (int k = 0; k < va->keys.n; k++) {
            double x;
            if (parse_number(va->values.v[k], &x) == 0) vars_set(&vv, va->keys.v[k], x);
        }
        said = sol_code_wrong(text, &vv);
        vars_free(&vv);
        if (said) {
            int rc = spec_fail_line(L, va->line, "flops_peak '%s' is %s for variant %s, which is no class's code ("
                                    SOL_CODES_TAKE ")", text, said, va->name, sol_codes_said());
            free(said);
            return rc;
        }
    }
    return 0;
}

int spec_check_all_exprs(struct loader *L, struct spec *s)
{
    int rc = 0;
    for (int i = 0; i < s->derived_exprs.n; i++) rc |= spec_check_expr(L, s, s->derived_names.v[i], s->derived_exprs.v[i], s->derived_lines[i]);
    for (int i = 0; i < s->global.n; i++) rc |= spec_check_expr(L, s, "global", s->global.v[i], s->global_line);
    for (int i = 0; i < s->local_size.n; i++) rc |= spec_check_expr(L, s, "local_size", s->local_size.v[i], s->local_size_line);
    for (int i = 0; i < s->nbufs; i++) rc |= spec_check_expr(L, s, "buffer count", s->bufs[i].count, s->bufs[i].line);
    for (int i = 0; i < s->nbufs; i++)
        if (s->bufs[i].vector) rc |= spec_check_expr(L, s, "buffer vector", s->bufs[i].vector, s->bufs[i].vector_line);
    for (int i = 0; i < s->nargs; i++)
        if (s->args[i].expr) rc |= spec_check_expr(L, s, "argument", s->args[i].expr, s->args[i].line);
    for (int i = 0; i < s->nvariants; i++)
        if (s->variants[i].requires) rc |= spec_check_expr(L, s, "requires", s->variants[i].requires, s->variants[i].line);
    if (s->flops) rc |= spec_check_expr(L, s, "flops", s->flops, s->flops_line);
    if (s->flops_peak) rc |= check_flops_peak(L, s);
    if (s->grid_stride) rc |= spec_check_expr(L, s, "grid_stride", s->grid_stride, s->grid_stride_line);
    if (s->bytes) rc |= spec_check_expr(L, s, "bytes", s->bytes, s->bytes_line);
    for (int k = 0; s->sol && k < SPEC_SOL_KEYS; k++)
        if (s->sol->expr[k]) rc |= spec_check_expr(L, s, spec_sol_key(k), s->sol->expr[k], s->sol->line[k]);
    return rc;
}

char *spec_did_you_mean_unset(const config_setting_t *g, const char *word, char *const *keys, int n)
{
    /* A key set already in the group is not what a second, unknown one meant ('claim_' beside a
     * claim is the claimed missing): the nearest of the others first, of all where none is near. */
    char **unset = xcalloc((size_t)n + 1, sizeof *unset);
    int m = 0;
    for (int k = 0; k < n; k++)
        if (!config_setting_get_member(g, keys[k])) unset[m++] = keys[k];
    char *near = did_you_mean(word, unset, m);
    free(unset);
    if (*near) return near;
    free(near);
    return did_you_mean(word, keys, n);
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
        int nk = 0;
        while (keys[nk]) nk++;
        char *near = n ? spec_did_you_mean_unset(g, n, (char *const *)keys, nk) : xstrdup("");
        int rc = spec_fail(L, m, "%s: unknown setting '%s'%s (%s)", what, n ? n : "(unnamed)", near, list.s);
        free(near);
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
        char *near = spec_did_you_mean_unset(root, name, (char *const *)known_keys,
                                             (int)(sizeof known_keys / sizeof *known_keys) - 1);
        int rc = spec_fail(L, m, "unknown setting '%s'%s", name, near);
        free(near);
        return rc;
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
    /* The work-group size comes from a 'local' axis, or from local_size alone (fixed shapes). An
     * axis whose name is near it is that axis mistyped (lcoal): said at its own line, by name. */
    if (!spec_axis_find(s->launch, s->nlaunch, "local") && s->local_size.n == 0)
        for (int i = 0; i < s->nlaunch; i++) {
            char *one[] = { "local" }, *m = did_you_mean(s->launch[i].name, one, 1);
            int near = *m != '\0';
            free(m);
            if (near)
                return spec_fail_line(L, s->launch[i].line, "launch: unknown axis '%s': did you mean local? ('launch' needs a "
                                                            "'local' axis, the work-group sizes)", s->launch[i].name);
        }
    if (!spec_axis_find(s->launch, s->nlaunch, "local") && s->local_size.n == 0)
        return spec_fail(L, config_setting_get_member(root, "launch") ? config_setting_get_member(root, "launch") : root, "'launch' needs a 'local' axis (the work-group sizes, e.g. local = \"64:1024:64\";) or the spec a local_size");
    for (int i = 0; i < s->nquick; i++) {
        const char *n = s->quick[i].name;
        if (strcmp(n, "variant") && strcmp(n, "builds") && !spec_axis_find(s->params, s->nparams, n) &&
            !spec_axis_find(s->launch, s->nlaunch, n))
        {
            struct strlist axes = {0};
            sl_push(&axes, "variant");
            sl_push(&axes, "builds");
            for (int k = 0; k < s->nparams; k++) sl_push(&axes, s->params[k].name);
            for (int k = 0; k < s->nlaunch; k++) sl_push(&axes, s->launch[k].name);
            char *near = did_you_mean(n, axes.v, axes.n);
            int rc = spec_fail(L, config_setting_get_member(root, "quick"), "quick: '%s' is not an axis of this experiment%s", n, near);
            free(near);
            sl_free(&axes);
            return rc;
        }
    }
    const char *vnames[] = { s->baseline, s->relative };
    const config_setting_t *vset[] = { config_setting_get_member(root, "verify"), config_setting_get_member(root, "relative") };
    for (int i = 0; i < 2; i++)
        if (vnames[i] && spec_variant_find(s, vnames[i]) < 0) {
            /* A mistyped name (scalr) is told the one it is near, as every other name of a spec is. */
            char **names = xmalloc(sizeof *names * (size_t)(s->nvariants + 1));
            for (int k = 0; k < s->nvariants; k++) names[k] = s->variants[k].name;
            char *near = did_you_mean(vnames[i], names, s->nvariants);
            /* The rule, and the names it allows: a params axis's values (ILP=1, the ids its rows
             * print) are no named variant, and a spec without variants = ( ... ) has none. */
            struct sbuf list = {0};
            for (int k = 0; k < s->nvariants && k < 8; k++) sb_printf(&list, "%s%s", k ? ", " : "", names[k]);
            if (s->nvariants > 8) sb_printf(&list, " and %d more", s->nvariants - 8);
            const char *key = i ? "relative" : "verify.baseline";
            int rc = s->nvariants
                         ? spec_fail(L, vset[i], "'%s' is not a variant of this experiment%s (%s names one of its "
                                                 "variants: %s)", vnames[i], near, key, list.s)
                         : spec_fail(L, vset[i], "'%s' is not a variant of this experiment: %s names one of variants = "
                                                 "( ... ), and this spec has none (a value of a params axis, such as "
                                                 "ILP=1, is no named variant): define variants = ( { name = ...; } ) "
                                                 "and give one of their names, or leave %s out", vnames[i], key, key);
            sb_free(&list);
            free(near);
            free(names);
            return rc;
        }
    return 0;
}

/* Only the outputs (init = "output": poisoned before each run, so an element never written shows)
 * are compared: a verify without one would call every row ok having compared nothing (a transpose
 * whose out was init = "zero" "agreed with" its baseline with its store deleted). */
int spec_check_verify(struct loader *L, const struct spec *s, const config_setting_t *root)
{
    static const char *const inits[] = { [INIT_RANDOM] = "random", [INIT_ZERO] = "zero", [INIT_IOTA] = "iota",
                                         [INIT_OUTPUT] = "output" };
    if (!s->reference && !s->baseline) return 0;
    int any = 0;
    for (int i = 0; i < s->nargs; i++) any |= s->args[i].kind == ARG_BUFFER && s->bufs[s->args[i].buffer].init == INIT_OUTPUT;
    if (any) {
        /* An output no argument takes is compared as it was poisoned, on both sides of a baseline: an
         * integer one agrees with itself, and the row reads ok having checked nothing of it. */
        for (int b = 0; b < s->nbufs; b++) {
            if (s->bufs[b].init != INIT_OUTPUT) continue;
            int passed = 0;
            for (int i = 0; i < s->nargs && !passed; i++) passed = s->args[i].kind == ARG_BUFFER && s->args[i].buffer == b;
            if (passed) continue;
            const config_setting_t *bs = config_setting_get_elem(config_setting_get_member(root, "buffers"), (unsigned)b);
            return spec_fail(L, bs ? bs : config_setting_get_member(root, "buffers"),
                             "buffer %s has init = \"output\" but no argument of the kernel takes it (args): verify would "
                             "compare it as it was poisoned, never written; pass it to the kernel, or remove it",
                             s->bufs[b].name);
        }
        return 0;
    }
    struct sbuf names = {0};
    for (int i = 0; i < s->nbufs; i++)
        sb_printf(&names, "%s%s: init = \"%s\"%s", i ? ", " : "", s->bufs[i].name, inits[s->bufs[i].init],
                  s->bufs[i].init == INIT_OUTPUT ? " but no argument of the kernel" : "");
    const config_setting_t *v = config_setting_get_member(root, "verify");
    const config_setting_t *at = config_setting_get_member(v, s->reference ? "reference" : "baseline");
    int rc = spec_fail(L, at ? at : v, "verify = { %s = \"%s\"; } compares only the buffers with init = \"output\" that "
                       "the kernel is given, and there is none (%s): an input (init random, zero or iota) is never "
                       "compared, so every row would be ok having checked nothing; give the buffer the kernel writes "
                       "init = \"output\" (it starts as a poison, so an element the kernel never writes is caught; "
                       "add reset = \"zero\" where the kernel adds to it)",
                       s->reference ? "reference" : "baseline", s->reference ? s->reference : s->baseline,
                       names.s ? names.s : "no buffer");
    sb_free(&names);
    return rc;
}

/* is_one: whether a local_size entry is the literal 1 ("1", 1, " 1 "), as the default has past
 * dimension 0. */
static int is_one(const char *t)
{
    char *end;
    double x = strtod(t, &end);
    while (isspace((unsigned char)*end)) end++;
    return end != t && !*end && x == 1;
}

int spec_check_launch_shape(struct loader *L, struct spec *s, const config_setting_t *root)
{
    const config_setting_t *g = config_setting_get_member(root, "global"), *a = config_setting_get_member(root, "args"),
                           *ls = config_setting_get_member(root, "local_size");
    /* Absent, the whole file lacks it (line 1); written as [ ], it is named at its line. */
    if (s->global.n == 0)
        return spec_fail(L, g ? g : root, "'global' (work-items per dimension, an expression) is %s",
                         g ? "empty: give one entry per dimension ([ \"N\" ], [ \"N\", \"N\" ])" : "missing");
    if (s->nargs == 0)
        return spec_fail(L, a ? a : root, "'args' (the kernel's arguments in order) is %s",
                         a ? "empty: name each argument ([ \"x\", \"y\", \"uint:N\" ])" : "missing");
    /* Fewer entries than dimensions was taken unsaid as the missing ones 1 ([ "local" ] beside a 2-D
     * global launched local x 1): a spec that names local_size says each dimension's work-group, so
     * one left out is more likely a slip than the default it fell back to. */
    if (s->local_size.n && s->local_size.n < s->global.n) {
        struct sbuf want = {0};
        for (int k = 0; k < s->global.n; k++)
            sb_printf(&want, "%s\"%s\"", k ? ", " : "", k < s->local_size.n ? s->local_size.v[k] : "1");
        int rc = spec_fail(L, ls, "local_size has %d entr%s and global %d (line %d): give one work-group size per "
                           "dimension of global, e.g. [ %s ] (1 in a dimension left out; leaving local_size out "
                           "launches [ \"local\", \"1\", ... ])", s->local_size.n, s->local_size.n == 1 ? "y" : "ies",
                           s->global.n, g ? config_setting_source_line(g) : 1, want.s);
        sb_free(&want);
        return rc;
    }
    if (s->local_size.n <= s->global.n) return 0;
    /* The launch has global's dimensions (clEnqueueNDRangeKernel takes one work_dim for both), and a
     * dimension past them is 1 work-item wide: an entry "1" there says what the launch does (the
     * default [ "local", "1", "1" ] written out), and is dropped; anything else cannot be launched. */
    for (int d = s->global.n; d < s->local_size.n; d++) {
        if (is_one(s->local_size.v[d])) continue;
        struct sbuf want = {0};
        for (int k = 0; k < s->global.n; k++) sb_printf(&want, "%s\"%s\"", k ? ", " : "", s->local_size.v[k]);
        int rc = spec_fail(L, ls, "local_size has %d entries and global %d (line %d): the kernel is launched in as "
                           "many dimensions as global has, so an entry past them can only be \"1\" (as in the "
                           "default [ \"local\", \"1\", \"1\" ]), not \"%s\"; give as many entries as global has: "
                           "[ %s ], or global one per entry of local_size", s->local_size.n, s->global.n,
                           g ? config_setting_source_line(g) : 1, s->local_size.v[d], want.s);
        sb_free(&want);
        return rc;
    }
    while (s->local_size.n > s->global.n) free(s->local_size.v[--s->local_size.n]);
    return 0;
}
