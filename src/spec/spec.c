/* spec.c — reads and checks an experiment spec (libconfig syntax); every error names file:line. */
#include "spec.h"
#include "expand.h"
#include "modes.h"
#include "restrictions.h"
#include "spec_impl.h"
#include "syntaxsaid.h"
#include "lib/names.h"
#include <ctype.h>
#include <libconfig.h>
#include <stddef.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

static int is_ident(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_') return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_') return 0;
    return 1;
}

/* get_expr: an expression member, given as a string or a number. */
static int get_expr(struct loader *L, const config_setting_t *grp, const char *key, char **out, int *line)
{
    const config_setting_t *st = config_setting_get_member(grp, key);
    *out = NULL;
    if (!st) return 0;
    *out = spec_scalar_text(st);
    if (line) *line = config_setting_source_line(st);
    if (!*out || config_setting_type(st) == CONFIG_TYPE_BOOL)
        return spec_fail(L, st, "'%s' must be an expression (a string such as \"12 * N\") or a number", key);
    return 0;
}

/* read_variant: variants' entry i, { name = "..."; [kernel; requires;] PARAM = value; ... }. */
static int read_variant(struct loader *L, struct spec *s, const config_setting_t *g, int i, void *entry)
{
    struct spec_variant *v = entry;
    static char *const own[] = { "name", "kernel", "requires" };
    /* The keys first: a misspelt 'nmae' is said as such, not as the name missing. */
    for (int k = 0; k < config_setting_length(g); k++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)k);
        const char *key = config_setting_name(m);
        if (!strcmp(key, "name") || !strcmp(key, "kernel") || !strcmp(key, "requires")) continue;
        const char *near = nearest_name(key, own, (int)(sizeof own / sizeof *own));
        if (!spec_is_upper_name(key) && near)
            return spec_fail(L, m, "variant: unknown setting '%s': did you mean %s? (name, kernel, requires, and the "
                             "template's parameters in upper case)", key, near);
        if (!spec_is_upper_name(key))
            return spec_fail(L, m, "template parameter '%s' must be upper case (A-Z, 0-9, _)", key);
        char *val = spec_scalar_text(m);
        if (!val) return spec_fail(L, m, "parameter '%s' must be a number or a word", key);
        sl_push(&v->keys, key);
        sl_push_own(&v->values, val);
    }
    if (spec_get_string(L, g, "name", 1, &v->name) || spec_get_string(L, g, "kernel", 0, &v->kernel) ||
        spec_get_string(L, g, "requires", 0, &v->requires)) return -1;
    if (!is_ident(v->name)) return spec_fail(L, g, "variant name '%s' must be letters, digits and _", v->name);
    for (int j = 0; j < i; j++)
        if (strcmp(s->variants[j].name, v->name) == 0) return spec_fail(L, g, "variant '%s' is defined twice", v->name);
    return 0;
}

static const struct { const char *name; enum buf_init init; } inits[] = {
    {"random", INIT_RANDOM}, {"zero", INIT_ZERO}, {"iota", INIT_IOTA}, {"output", INIT_OUTPUT},
};

/* read_buffer: buffers' entry i, { name; type; count; init; [reset; range; vector;] }. */
static int read_buffer(struct loader *L, struct spec *s, const config_setting_t *g, int i, void *entry)
{
    struct spec_buffer *b = entry;
    char *type = NULL, *init = NULL, *reset = NULL;
    static const char *const keys[] = { "name", "type", "count", "init", "reset", "range", "vector", NULL };
    if (spec_only_keys(L, g, "buffer", keys)) return -1;
    if (spec_get_string(L, g, "name", 1, &b->name) || spec_get_string(L, g, "type", 1, &type) ||
        get_expr(L, g, "count", &b->count, NULL) || spec_get_string(L, g, "init", 1, &init) ||
        spec_get_string(L, g, "reset", 0, &reset) || get_expr(L, g, "vector", &b->vector, &b->vector_line)) { free(type); free(init); free(reset); return -1; }
    int t = cltype_parse(type);
    if (t < 0 && spec_is_upper_name(type)) { b->type_param = xstrdup(type); t = CT_FLOAT; }
    int bad_init = 1;
    for (size_t k = 0; k < sizeof inits / sizeof inits[0]; k++)
        if (!strcmp(init, inits[k].name)) { b->init = inits[k].init; bad_init = 0; }
    int bad_reset = reset && strcmp(reset, "zero");
    b->reset_zero = reset != NULL;
    if (t < 0) spec_fail(L, config_setting_get_member(g, "type"), "buffer '%s': unknown type '%s' (char, uchar, short, ushort, int, uint, long, ulong, float, double)", b->name, type);
    else if (!b->count) spec_fail(L, g, "buffer '%s': 'count' (elements, an expression) is missing", b->name);
    else if (bad_init) spec_fail(L, config_setting_get_member(g, "init"), "buffer '%s': init '%s' must be random, zero, iota or output", b->name, init);
    else if (bad_reset) spec_fail(L, config_setting_get_member(g, "reset"), "buffer '%s': reset '%s' must be \"zero\"", b->name, reset);
    free(type); free(init); free(reset);
    if (L->err) return -1;
    b->type = (enum cltype)t;
    b->lo = 0;
    b->hi = cltype_info(b->type)->is_float ? 1.0 : 100.0;
    const config_setting_t *r = config_setting_get_member(g, "range");
    if (r) {
        if (!spec_is_sequence(r) || config_setting_length(r) != 2 ||
            !spec_num_value(config_setting_get_elem(r, 0), &b->lo) || !spec_num_value(config_setting_get_elem(r, 1), &b->hi))
            return spec_fail(L, r, "buffer '%s': range must be [lo, hi]", b->name);
        if (!(b->lo < b->hi)) return spec_fail(L, r, "buffer '%s': range [lo, hi] needs lo < hi", b->name);
    }
    for (int j = 0; j < i; j++)
        if (!strcmp(s->bufs[j].name, b->name)) return spec_fail(L, g, "buffer '%s' is defined twice", b->name);
    return 0;
}

static const struct spec_list variants_list = {
    .name = "variants", .noun = "variant",
    .form = "{ name = \"...\"; PARAM = value; }",
    .size = sizeof (struct spec_variant), .line = offsetof(struct spec_variant, line), .read = read_variant };
static const struct spec_list buffers_list = {
    .name = "buffers", .noun = "buffer",
    .form = "{ name = \"a\"; type = \"float\"; count = \"N\"; init = \"random\"; }",
    .size = sizeof (struct spec_buffer), .line = offsetof(struct spec_buffer, line), .read = read_buffer };

/* An argument is "bufname", "TYPE:expr" (a scalar) or "local:expr" (a __local buffer, bytes). */
static int read_args(struct loader *L, struct spec *s, const config_setting_t *st)
{
    if (!st) return 0;
    if (!spec_is_sequence(st)) return spec_fail(L, st, "'args' must be a list of strings: [ \"a\", \"uint:N\", \"local:4*local\" ]");
    s->nargs = config_setting_length(st);
    s->args = xcalloc((size_t)s->nargs, sizeof *s->args);
    for (int i = 0; i < s->nargs; i++) {
        const config_setting_t *e = config_setting_get_elem(st, (unsigned)i);
        struct spec_arg *a = &s->args[i];
        a->line = config_setting_source_line(e);
        const char *txt = config_setting_get_string(e);
        if (!txt) return spec_fail(L, st, "argument %d must be a string", i + 1);
        const char *colon = strchr(txt, ':');
        if (!colon) {
            a->kind = ARG_BUFFER;
            a->buffer = -1;
            for (int b = 0; b < s->nbufs; b++)
                if (!strcmp(s->bufs[b].name, txt)) a->buffer = b;
            if (a->buffer < 0) return spec_fail(L, st, "argument %d: no buffer named '%s' (scalars are TYPE:EXPR, e.g. uint:N)", i + 1, txt);
            continue;
        }
        char *type = xasprintf("%.*s", (int)(colon - txt), txt);
        a->expr = xstrdup(colon + 1);
        int t = cltype_parse(type);
        if (!strcmp(type, "local")) a->kind = ARG_LOCAL;
        else if (t >= 0) { a->kind = ARG_SCALAR; a->type = (enum cltype)t; }
        else if (spec_is_upper_name(type)) { a->kind = ARG_SCALAR; a->type = CT_FLOAT; a->type_param = xstrdup(type); }
        else spec_fail(L, st, "argument %d: '%s' is not a type (int, uint, long, ulong, float, double, ...) or 'local'", i + 1, type);
        free(type);
        if (L->err) return -1;
    }
    return 0;
}

static int read_strings(struct loader *L, const config_setting_t *st, struct strlist *out, int maxn)
{
    if (!st) return 0;
    if (!spec_is_sequence(st)) {
        char *t = config_setting_type(st) == CONFIG_TYPE_BOOL ? NULL : spec_scalar_text(st);
        if (t) { sl_push_own(out, t); return 0; }
    }
    if (!spec_is_sequence(st)) return spec_fail(L, st, "'%s' must be a string or a list of strings", config_setting_name(st));
    for (int i = 0; i < config_setting_length(st); i++) {
        char *t = spec_scalar_text(config_setting_get_elem(st, (unsigned)i));
        if (!t) return spec_fail(L, st, "'%s': element %d must be a string", config_setting_name(st), i + 1);
        sl_push_own(out, t);
    }
    if (maxn && out->n > maxn) return spec_fail(L, st, "'%s' has %d entries; at most %d", config_setting_name(st), out->n, maxn);
    return 0;
}

/* empty_lists_said: builds or local_size written as [ ] (a list emptied in an edit) fell back unsaid
 * to what leaving them out gives (two builds; [ "local", "1", ... ]), so that builds = [ ] ran
 * -cl-opt-disable too: said at its line, as an empty launch axis, global or args is; -1 then. */
static int empty_lists_said(struct loader *L, const struct spec *s, const config_setting_t *root)
{
    const config_setting_t *b = config_setting_get_member(root, "builds"), *ls = config_setting_get_member(root, "local_size");
    if (b && s->builds.n == 0)
        return spec_fail(L, b, "'builds' (the build-option sets) is empty: [ \"\" ] is the driver's default build alone; "
                         "leave builds out for the default, [ \"\", \"-cl-opt-disable\" ]");
    if (ls && s->local_size.n == 0)
        return spec_fail(L, ls, "'local_size' (the work-group size per dimension) is empty: give one entry per "
                         "dimension of global ([ \"local\" ], [ \"local\", \"1\" ]), or leave it out for [ \"local\", \"1\", ... ]");
    return 0;
}

static int read_verify(struct loader *L, struct spec *s, const config_setting_t *v)
{
    if (!v) return 0;
    if (config_setting_type(v) != CONFIG_TYPE_GROUP)
        return spec_fail(L, v, "'verify' must be a group { reference = \"name\"; } or { baseline = \"variant\"; }");
    static const char *const keys[] = { "reference", "baseline", "tolerance", "abs_tolerance", "sample", "nan_answer", NULL };
    if (spec_only_keys(L, v, "verify", keys)) return -1;
    if (spec_get_string(L, v, "reference", 0, &s->reference) || spec_get_string(L, v, "baseline", 0, &s->baseline)) return -1;
    if (!s->reference == !s->baseline) return spec_fail(L, v, "'verify' needs exactly one of reference = \"name\" or baseline = \"variant\"");
    /* Whether the reference exists is asked when a run needs it (refload.c): a user's may have to
     * be compiled first, and clx expand or list must not need it. */
    s->reference_line = config_setting_source_line(v);
    double sample = 0;
    if (spec_get_number(L, v, "tolerance", 0, 0, 1e300, &s->rtol, &s->rtol_set) ||
        spec_get_number(L, v, "abs_tolerance", 0, 0, 1e300, &s->atol, NULL) ||
        spec_get_number(L, v, "sample", 1, 0, 1e15, &sample, NULL) ||
        (s->rtol_set && spec_check_tolerance(L, v, s->rtol))) return -1;
    if (s->rtol_set) s->rtol_line = config_setting_source_line(config_setting_get_member(v, "tolerance"));
    s->sample = (long)sample;
    const config_setting_t *na = config_setting_get_member(v, "nan_answer");
    if (na && config_setting_type(na) != CONFIG_TYPE_BOOL) return spec_fail(L, na, "nan_answer must be true or false");
    s->nan_answer = na && config_setting_get_bool(na);
    return 0;
}

/* read_derived: derived = { NAME = "expression"; ... }, names upper case, evaluated in order. */
static int read_derived(struct loader *L, struct spec *s, const config_setting_t *g)
{
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP) return spec_fail(L, g, "'derived' must be a group { NAME = \"expression\"; }");
    for (int i = 0; i < config_setting_length(g); i++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        char *t = spec_scalar_text(m);
        if (!spec_is_upper_name(config_setting_name(m))) { free(t); return spec_fail(L, m, "derived name '%s' must be upper case", config_setting_name(m)); }
        if (!t) return spec_fail(L, m, "derived '%s' must be an expression", config_setting_name(m));
        sl_push(&s->derived_names, config_setting_name(m));
        sl_push_own(&s->derived_exprs, t);
        s->derived_lines = xrealloc(s->derived_lines, sizeof *s->derived_lines * (size_t)s->derived_names.n);
        s->derived_lines[s->derived_names.n - 1] = config_setting_source_line(m);
    }
    return 0;
}

static char *experiment_name(const char *path)
{
    const char *b = strrchr(path, '/');
    char *n = xstrdup(b ? b + 1 : path);
    char *dot = strstr(n, ".spec");
    if (dot) *dot = '\0';
    return n;
}

/* parse: reads s->text (s->path names it in messages) into s. 0, or -1 and *err. */
static int parse(struct spec *s, char **err)
{
    struct loader L = { s->path, NULL, s->text };
    config_t cfg;
    s->warmups = 3;
    s->trials = 10;
    s->rounds = SPEC_ROUNDS_DEFAULT;
    config_init(&cfg);
    if (!config_read_string(&cfg, s->text)) {
        *err = syntaxsaid(s->path, s->text, config_error_line(&cfg), config_error_text(&cfg));
        config_destroy(&cfg);
        return -1;
    }
    const config_setting_t *root = config_root_setting(&cfg);
    const config_setting_t *g;
    int rc = spec_check_top_keys(&L, root) ||
             spec_get_string(&L, root, "description", 1, &s->description) ||
             spec_get_string(&L, root, "template", 1, &s->template_name) ||
             spec_get_string(&L, root, "kernel", 0, &s->kernel) ||
             spec_read_list(&L, s, config_setting_get_member(root, "variants"), &variants_list, &s->variants, &s->nvariants) ||
             spec_read_axes(&L, config_setting_get_member(root, "params"), &s->params, &s->nparams) ||
             read_strings(&L, config_setting_get_member(root, "builds"), &s->builds, 0) ||
             spec_read_axes(&L, config_setting_get_member(root, "launch"), &s->launch, &s->nlaunch) ||
             spec_read_axes(&L, config_setting_get_member(root, "quick"), &s->quick, &s->nquick) ||
             read_strings(&L, config_setting_get_member(root, "global"), &s->global, 3) ||
             read_strings(&L, config_setting_get_member(root, "local_size"), &s->local_size, 3) ||
             spec_read_list(&L, s, config_setting_get_member(root, "buffers"), &buffers_list, &s->bufs, &s->nbufs) ||
             read_args(&L, s, config_setting_get_member(root, "args")) ||
             get_expr(&L, root, "flops", &s->flops, &s->flops_line) ||
             get_expr(&L, root, "flops_peak", &s->flops_peak, &s->flops_peak_line) ||
             get_expr(&L, root, "bytes", &s->bytes, &s->bytes_line) ||
             get_expr(&L, root, "grid_stride", &s->grid_stride, &s->grid_stride_line) ||
             read_verify(&L, s, config_setting_get_member(root, "verify")) ||
             spec_get_string(&L, root, "relative", 0, &s->relative) ||
             read_derived(&L, s, config_setting_get_member(root, "derived")) ||
             spec_read_list(&L, s, config_setting_get_member(root, "plots"), &spec_plots_list, &s->plots, &s->nplots) ||
             spec_read_list(&L, s, config_setting_get_member(root, "findings"), &spec_findings_list, &s->findings, &s->nfindings) ||
             spec_read_probes(&L, s, config_setting_get_member(root, "probes")) ||
             spec_read_list(&L, s, config_setting_get_member(root, "expect"), &spec_expect_list, &s->expects, &s->nexpects) ||
             spec_read_modes(&L, s, config_setting_get_member(root, "modes")) ||
             spec_read_tune(&L, s, config_setting_get_member(root, "tune")) ||
             spec_read_sol(&L, s, config_setting_get_member(root, "sol")) ||
             spec_read_restrictions(&L, s, config_setting_get_member(root, "restrictions"));
    double warmups = s->warmups, trials = s->trials, rounds = s->rounds;
    const config_setting_t *tr = config_setting_get_member(root, "transfers");
    if (!rc) rc = spec_get_number(&L, root, "warmups", 1, 0, 1e6, &warmups, NULL) ||
                  spec_get_number(&L, root, "trials", 1, 1, 1e6, &trials, NULL) ||
                  spec_get_number(&L, root, "rounds", 1, 1, 1000, &rounds, NULL) ||
                  spec_get_number(&L, root, "target_cv", 0, 0, 1, &s->target_cv, NULL);
    if (!rc && tr && config_setting_type(tr) != CONFIG_TYPE_BOOL)
        rc = spec_fail(&L, tr, "transfers must be true or false");
    if (!rc) rc = empty_lists_said(&L, s, root);
    if (!rc) {
        s->warmups = (int)warmups;
        s->trials = (int)trials;
        s->rounds = (int)rounds;
        if (tr) s->transfers = config_setting_get_bool(tr);
        if ((g = config_setting_get_member(root, "global"))) s->global_line = config_setting_source_line(g);
        if ((g = config_setting_get_member(root, "local_size"))) s->local_size_line = config_setting_source_line(g);
        if ((g = config_setting_get_member(root, "builds"))) s->builds_line = config_setting_source_line(g);
        if ((g = config_setting_get_member(root, "template"))) s->template_line = config_setting_source_line(g);
        if ((g = config_setting_get_member(root, "kernel"))) s->kernel_line = config_setting_source_line(g);
        if (!s->kernel) s->kernel = xstrdup(s->name);
        if (s->builds.n == 0) { sl_push(&s->builds, ""); sl_push(&s->builds, "-cl-opt-disable"); }
        rc = spec_check_launch_shape(&L, s, root) || spec_check_names(&L, s, root) || spec_check_verify(&L, s, root) ||
             spec_check_all_exprs(&L, s) || spec_check_view(&L, s) || spec_check_findings(&L, s) ||
             spec_check_expect(&L, s) || spec_check_tune(&L, s) || spec_check_restrictions(&L, s) ||
             spec_check_launch_values(&L, s);
    }
    config_destroy(&cfg);
    if (rc) { *err = L.err ? L.err : xasprintf("%s: invalid spec", s->path); return -1; }
    return 0;
}

int spec_load(const char *path, struct spec *s, char **err)
{
    memset(s, 0, sizeof *s);
    s->path = xstrdup(path);
    s->name = experiment_name(path);
    const char *slash = strrchr(path, '/');
    s->dir = slash ? xasprintf("%.*s", (int)(slash - path), path) : xstrdup(".");
    s->text = read_file(path, NULL);
    if (!s->text) { *err = xasprintf("%s: cannot read the spec: %s", path, strerror(errno)); return -1; }
    if (parse(s, err)) return -1;
    /* A template is a file of the experiment (in the spec's folder or below it) or a shipped one. */
    if (s->template_name[0] == '/') {
        *err = xasprintf("%s:%d: template '%s' must be named relative to the spec's folder", path,
                         s->template_line > 0 ? s->template_line : 1, s->template_name);
        return -1;
    }
    char *tpl = path_join(s->dir, s->template_name), *shipped = path_join(clx_home(), "templates");
    /* A plain name not beside the spec is looked for among clx's templates (a user's spec reusing
     * a shipped kernel: template = "volkov_fma.cl.m4"). */
    if (!file_exists(tpl) && !strchr(s->template_name, '/')) {
        char *there = path_join(shipped, s->template_name);
        if (file_exists(there)) { free(tpl); tpl = there; s->template_dir = xstrdup(shipped); }
        else free(there);
    }
    if (!file_exists(tpl)) {
        *err = xasprintf("%s:%d: template '%s' not found beside the spec%s", path, s->template_line > 0 ? s->template_line : 1,
                         s->template_name, strchr(s->template_name, '/') ? "" : " nor among clx's templates/");
        free(tpl);
        free(shipped);
        return -1;
    }
    int inside = path_within(tpl, s->dir) || path_within(tpl, shipped);
    free(shipped);
    if (!inside) {
        *err = xasprintf("%s:%d: template '%s' must be a file in the spec's folder (or below it) or one of clx's "
                         "templates/", path, s->template_line > 0 ? s->template_line : 1, s->template_name);
        free(tpl);
        return -1;
    }
    free(tpl);
    if (!s->template_dir) s->template_dir = xstrdup(s->dir);
    return 0;
}

int spec_load_text(const char *label, const char *name, const char *text, struct spec *s, char **err)
{
    memset(s, 0, sizeof *s);
    s->path = xstrdup(label);
    s->name = xstrdup(name);
    s->dir = xstrdup(".");
    s->text = xstrdup(text);
    return parse(s, err);
}

void spec_free(struct spec *s)
{
    free(s->path); free(s->name); free(s->dir); free(s->text);
    free(s->description); free(s->template_name); free(s->template_dir); free(s->kernel);
    for (int i = 0; i < s->nvariants; i++) {
        free(s->variants[i].name); free(s->variants[i].kernel); free(s->variants[i].requires);
        sl_free(&s->variants[i].keys); sl_free(&s->variants[i].values);
    }
    free(s->variants);
    spec_free_axes(s->params, s->nparams);
    spec_free_axes(s->launch, s->nlaunch);
    spec_free_axes(s->quick, s->nquick);
    sl_free(&s->builds); sl_free(&s->global); sl_free(&s->local_size); sl_free(&s->probes);
    modes_free(s->modes);
    for (int i = 0; i < s->nbufs; i++) { free(s->bufs[i].name); free(s->bufs[i].count); free(s->bufs[i].type_param); free(s->bufs[i].vector); }
    free(s->bufs);
    for (int i = 0; i < s->nargs; i++) { free(s->args[i].expr); free(s->args[i].type_param); }
    free(s->args);
    sl_free(&s->derived_names); sl_free(&s->derived_exprs); free(s->derived_lines);
    free(s->flops); free(s->flops_peak); free(s->grid_stride); free(s->bytes); free(s->reference); free(s->baseline); free(s->relative);
    spec_free_view(s);
    spec_free_findings(s);
    spec_free_expect(s);
    spec_free_tune(s);
    spec_free_sol(s);
    restrictions_free(s->restrictions);
    memset(s, 0, sizeof *s);
}
