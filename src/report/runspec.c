/* runspec.c — the spec a report of a run reads: --spec, else the experiment's file as it is now
 * where it loads and still fits the run's rows, else the spec run.json recorded. */
#include "runspec.h"
#include "spec/catalog.h"
#include "spec/expand.h"
#include <stdlib.h>
#include <string.h>

/* names_param: whether s names a template parameter so (a params axis, or a named variant's key). */
static int names_param(const struct spec *s, const char *name)
{
    if (spec_axis_find(s->params, s->nparams, name)) return 1;
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++)
            if (!strcmp(s->variants[i].keys.v[k], name)) return 1;
    return 0;
}

/* listed: "A" or "A, B" appended to b with what it is, when l has any. */
static void listed(struct sbuf *b, const struct strlist *l, const char *one, const char *many, const char *after)
{
    if (!l->n) return;
    sb_printf(b, "%s%s ", b->len ? "; " : "", l->n == 1 ? one : many);
    for (int i = 0; i < l->n; i++) sb_printf(b, "%s%s", i ? ", " : "", l->v[i]);
    sb_printf(b, "%s", after);
}

char *runspec_misfit(const struct spec *s, const struct rundir *r)
{
    const struct table *t = &r->t;
    struct strlist lack = {0}, unnamed = {0};
    /* What the spec makes a column of every row, whichever variants ran: its crossed parameters, its
     * launch axes ("local" is clx's own column) and its derived values. */
    for (int i = 0; i < s->nparams; i++)
        if (table_col(t, s->params[i].name) < 0) sl_push(&lack, s->params[i].name);
    for (int i = 0; i < s->nlaunch; i++)
        if (strcmp(s->launch[i].name, "local") && table_col(t, s->launch[i].name) < 0) sl_push(&lack, s->launch[i].name);
    for (int i = 0; i < s->derived_names.n; i++)
        if (table_col(t, s->derived_names.v[i]) < 0) sl_push(&lack, s->derived_names.v[i]);
    /* What tells the rows apart: the template parameters (results.tsv's columns between variant and
     * build, run_header_columns' order) and the launch axes as run. A spec without one of them would
     * take rows of several values for one. */
    for (int c = r->c_variant + 1; c < r->c_build; c++)
        if (!names_param(s, t->cols.v[c])) sl_push(&unnamed, t->cols.v[c]);
    for (int a = 0; a < r->axes.n; a++)
        if (strcmp(r->axes.v[a], "local") && !spec_axis_find(s->launch, s->nlaunch, r->axes.v[a]))
            sl_push(&unnamed, r->axes.v[a]);
    struct sbuf b = {0};
    listed(&b, &lack, "results.tsv has no column", "results.tsv has no columns", "");
    listed(&b, &unnamed, "the spec has no", "the spec has none of",
           unnamed.n == 1 ? " (a column of results.tsv)" : " (columns of results.tsv)");
    sl_free(&lack);
    sl_free(&unnamed);
    return b.s;
}

/* recorded: the spec run.json recorded, loaded into s; 0, or -1 with *err (new) and s freed. */
static int recorded(const struct rundir *r, struct spec *s, char **err)
{
    char *label = xasprintf("%s/run.json (spec)", r->dir);
    int rc = spec_load_text(label, r->experiment, r->spec_text, s, err);
    free(label);
    if (rc) spec_free(s);
    return rc;
}

/* current_file: the experiment's spec file as it is now (a new string), or NULL; *named: how report.md
 * names it (a new string): as run.json does, or templates/NAME.spec for a shipped one found along the
 * search path, never a machine's paths. */
static char *current_file(const struct rundir *r, char **named)
{
    *named = NULL;
    if (!*r->spec_file) return NULL;
    char *path = r->spec_file[0] == '/' ? xstrdup(r->spec_file) : path_join(clx_home(), r->spec_file);
    if (file_exists(path)) {
        *named = xstrdup(r->spec_file);
        return path;
    }
    free(path);
    /* Moved, or recorded by a clx with another home: the experiment of that name along the search
     * path (catalog.c) is the spec as it is now. */
    if (!*r->experiment || !(path = catalog_find(r->experiment))) return NULL;
    char *shipped = catalog_shipped_dir();
    *named = path_within(path, shipped) ? xasprintf("templates/%s.spec", r->experiment) : xstrdup(path);
    free(shipped);
    return path;
}

void runspec_pick(const struct rundir *r, const char *override, struct spec *s, char **source)
{
    char *err = NULL;
    if (override) {
        /* --spec is what the user asked for: its error is the answer. */
        if (spec_load(override, s, &err)) die("%s", err);
        *source = xasprintf("%s (--spec)", override);
        return;
    }
    char *named = NULL, *path = current_file(r, &named), *why = NULL;
    if (path && !spec_load(path, s, &err)) {
        char *misfit = runspec_misfit(s, r);
        if (!misfit) {
            *source = xasprintf("%s (the file as it is now)", named);
            goto out;
        }
        /* Edited since the run (a parameter renamed): its plots and findings would name columns
         * the rows lack, and take rows of several values of one they do not name as one. */
        struct spec ran;
        char *rerr = NULL;
        if (*r->spec_text && !recorded(r, &ran, &rerr)) {
            warn("report: %s no longer fits the run's rows (%s), so the report uses the spec recorded in %s/run.json "
                 "(--spec FILE gives another)", named, misfit, r->dir);
            spec_free(s);
            *s = ran;
            *source = xasprintf("the spec recorded in run.json (%s no longer fits its rows: %s)", named, misfit);
        } else {
            /* Nothing better to read: the file as it is, and its plots and findings say what they lack. */
            warn("report: %s no longer fits the run's rows (%s), and %s", named, misfit,
                 *r->spec_text ? rerr : "run.json holds no spec to fall back on");
            *source = xasprintf("%s (the file as it is now, which no longer fits the run's rows: %s)", named, misfit);
        }
        free(rerr);
        free(misfit);
        goto out;
    }
    if (path) {
        spec_free(s);
        if (!*r->spec_text)
            die("%s; run.json holds no spec to fall back on: fix the file, or give one with --spec FILE", err);
        warn("report: the experiment's spec does not load, so the report uses the one recorded in %s/run.json (--spec "
             "FILE gives another): %s", r->dir, err);
        why = xasprintf("%s does not load", named);
    }
    if (!*r->spec_text) die("%s/run.json holds no spec, and no spec file was found: give one with --spec FILE", r->dir);
    free(err);
    err = NULL;
    if (recorded(r, s, &err)) die("%s", err);
    *source = why ? xasprintf("the spec recorded in run.json (%s)", why) : xstrdup("the spec recorded in run.json");
out:
    free(why);
    free(err);
    free(named);
    free(path);
}

/* template_of: the file name of the template a spec names, without its folder ("vecsum.cl.m4"). */
static const char *template_of(const struct spec *s)
{
    const char *t = s->template_name ? s->template_name : "", *slash = strrchr(t, '/');
    return slash ? slash + 1 : t;
}

char *runspec_other_experiment(const struct rundir *r, const struct spec *s)
{
    if (!*r->spec_text) return NULL;
    struct spec ran;
    char *err = NULL, *other = NULL;
    if (!recorded(r, &ran, &err)) {
        if (strcmp(template_of(&ran), template_of(s))) other = xstrdup(template_of(&ran));
        spec_free(&ran);
    }
    free(err);
    return other;
}
