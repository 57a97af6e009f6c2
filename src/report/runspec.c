/* runspec.c — the spec a report of a run reads: --spec, else the experiment's file as it is now
 * where it loads and still fits the run's rows, else the spec run.json recorded. */
#include "runspec.h"
#include "spec/catalog.h"
#include "spec/expand.h"
#include "spec/plot_paired.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
        if (!spec_is_param(s, t->cols.v[c])) sl_push(&unnamed, t->cols.v[c]);
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

/* template_not_found: why the spec written out in the run's folder finds no template named name:
 * where it lies (beside the spec file, file: the one the run read or the experiment's found now; NULL:
 * run.json's spec_file), which a spec there does not look in, else that it is found nowhere (a new
 * string). */
static char *template_not_found(const struct rundir *r, const char *file, const char *name)
{
    char *own = file ? xstrdup(file) : !*r->spec_file ? NULL
              : r->spec_file[0] == '/' ? xstrdup(r->spec_file) : path_join(clx_home(), r->spec_file);
    const char *slash = own ? strrchr(own, '/') : NULL;
    char *dir = slash ? xasprintf("%.*s", (int)(slash - own), own) : xstrdup(".");
    char *tpl = path_join(dir, name), abs[PATH_MAX], *why;
    if (own && file_exists(tpl))
        why = xasprintf("its template, %s beside %s, would not be found from the run's folder", realpath(tpl, abs) ? abs : tpl,
                        own);
    else if (own)
        why = xasprintf("its template '%s' is neither beside %s nor one of clx's templates/", name, own);
    else why = xasprintf("its template '%s' is not one of clx's templates/, and run.json names no spec file", name);
    free(tpl);
    free(dir);
    free(own);
    return why;
}

/* write_recorded: the spec run.json recorded written out in r's folder as spec/NAME.spec, where it
 * runs as the run did: it loads from there (a template named as a shipped one is found among clx's
 * templates/; one beside the user's spec is not) and that template is the one the run built (run.json
 * template_sha; a run.json without one, an older clx's, cannot say and is taken at its word). The
 * file's absolute path (a new string), else NULL with *why (a new string) saying why not; file: the
 * experiment's spec file as it is now, where its template may lie (NULL: none). */
static char *write_recorded(const struct rundir *r, const char *file, char **why)
{
    *why = NULL;
    if (!*r->experiment) { *why = xstrdup("run.json names no experiment"); return NULL; }
    char *dir = path_join(r->dir, "spec"), *name = xasprintf("%s.spec", r->experiment), *path = path_join(dir, name);
    char *out = NULL, *err = NULL;
    struct spec s;
    if (mkdir_p(dir) || write_file_atomic(path, r->spec_text, strlen(r->spec_text))) {
        *why = xasprintf("it cannot be written to %s: %s", path, strerror(errno));
        goto out;
    }
    /* run.json's text parsed (recorded()): what fails here is where its template is found from. */
    if (spec_load(path, &s, &err)) {
        *why = s.template_name ? template_not_found(r, file, s.template_name) : xstrdup(err);
    } else {
        char *tpl = path_join(s.template_dir, s.template_name), *sha = file_hash(tpl);
        const char *ran = rj_str(r->rj.template_sha);
        if (*ran && (!sha || strcmp(sha, ran)))
            *why = xasprintf("its template %s is not the one the run built (run.json template_sha): edited since", tpl);
        else {
            char abs[PATH_MAX];
            out = xstrdup(realpath(path, abs) ? abs : path);
        }
        free(tpl);
        free(sha);
    }
    spec_free(&s);
    /* A spec that does not run as the run did is not left where a reader takes it for one that does. */
    if (!out) {
        remove(path);
        rmdir(dir);
    }
out:
    free(err);
    free(dir);
    free(name);
    free(path);
    return out;
}

/* commands_run_recorded: where the report reads the spec run.json recorded, what its suggested
 * commands name (runspec_cmd), and the clause the console's line on the fallback ends with: "; the
 * commands it suggests run that spec, written out as FILE" or "; the commands it suggests use that
 * spec's names, which NAMED may refuse (WHY)" (a new string). named: the spec file as report.md
 * names it, NULL where there is none. */
static char *commands_run_recorded(const struct rundir *r, const char *named, const char *file, struct runspec_cmd *cmd)
{
    char *why = NULL;
    cmd->file = write_recorded(r, file, &why);
    if (cmd->file) {
        free(why);
        return xasprintf("; the commands it suggests run that spec, written out as %s", cmd->file);
    }
    const char *as = named ? named : *r->spec_file ? r->spec_file : r->experiment;
    cmd->names = xasprintf("the commands above use the names of the spec recorded in run.json, which %s may refuse "
                           "(the spec as run is not written out to run instead: %s)", as, why);
    char *said = xasprintf("; the commands it suggests use that spec's names, which %s may refuse (it is not written "
                           "out to run instead: %s)", as, why);
    free(why);
    return said;
}

/* unreadable: why path, which exists, cannot be read as a spec file (a new string: strerror's
 * words: no permission, a folder in its place), else NULL. */
static char *unreadable(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return xstrdup(strerror(errno));
    struct stat st;
    int dir = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    close(fd);
    return dir ? xstrdup(strerror(EISDIR)) : NULL;
}

/* current_file: the experiment's spec file as it is now (a new string), or NULL; *named: how report.md
 * names it (a new string): as run.json does, or templates/NAME.spec for a shipped one found along the
 * search path, never a machine's paths. Where run.json names a file that cannot be read (no
 * permission, a folder in its place; gone, and no experiment of its name along the search path),
 * NULL and *unread: "the spec file FILE could not be read (WHY)" (a new string; else NULL). */
static char *current_file(const struct rundir *r, char **named, char **unread)
{
    *named = *unread = NULL;
    if (!*r->spec_file) return NULL;
    char *path = r->spec_file[0] == '/' ? xstrdup(r->spec_file) : path_join(clx_home(), r->spec_file), *why = NULL;
    if (file_exists(path)) {
        if (!(why = unreadable(path))) {
            *named = xstrdup(r->spec_file);
            return path;
        }
        *unread = xasprintf("the spec file %s could not be read (%s)", r->spec_file, why);
        free(why);
        free(path);
        return NULL;
    }
    why = xstrdup(strerror(errno));
    free(path);
    /* Moved, or recorded by a clx with another home: the experiment of that name along the search
     * path (catalog.c) is the spec as it is now. */
    if (!*r->experiment || !(path = catalog_find(r->experiment))) {
        *unread = xasprintf("the spec file %s could not be read (%s)", r->spec_file, why);
        free(why);
        return NULL;
    }
    free(why);
    char *shipped = catalog_shipped_dir();
    *named = path_within(path, shipped) ? xasprintf("templates/%s.spec", r->experiment) : xstrdup(path);
    free(shipped);
    return path;
}

void runspec_pick(const struct rundir *r, const char *override, struct spec *s, char **source, struct runspec_cmd *cmd,
                  char **unread)
{
    char *err = NULL;
    memset(cmd, 0, sizeof *cmd);
    *unread = NULL;
    if (override) {
        /* --spec is what the user asked for: its error is the answer. */
        if (spec_load(override, s, &err)) die("%s", err);
        *source = xasprintf("%s (--spec)", override);
        return;
    }
    char *named = NULL, *why = NULL, *path = current_file(r, &named, unread);
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
            char *cmds = commands_run_recorded(r, named, path, cmd);
            warn("report: %s no longer fits the run's rows (%s), so the report uses the spec recorded in %s/run.json "
                 "(--spec FILE gives another)%s", named, misfit, r->dir, cmds);
            free(cmds);
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
        char *cmds = commands_run_recorded(r, named, path, cmd);
        warn("report: the spec at %s failed to read: %s; the run's recorded spec (%s/run.json) was used (--spec FILE "
             "gives another)%s", path, err, r->dir, cmds);
        free(cmds);
        why = xasprintf("%s does not load", named);
    }
    if (!*r->spec_text) {
        if (*unread) die("%s, and %s/run.json holds no spec: give one with --spec FILE", *unread, r->dir);
        die("%s/run.json holds no spec, and no spec file was found: give one with --spec FILE", r->dir);
    }
    free(err);
    err = NULL;
    if (recorded(r, s, &err)) die("%s", err);
    /* The file gone (not found along the search path either): the commands cannot name it. */
    if (!path) {
        char *cmds = commands_run_recorded(r, NULL, NULL, cmd);
        /* A file the run names that cannot be read is said, not passed over: the report's plots and
         * findings are then the run's, not the file's edits since. */
        if (*unread) {
            warn("report: %s, so the report uses the spec stored in run.json (--spec FILE gives another)%s", *unread, cmds);
            why = xasprintf("%s could not be read", r->spec_file);
        }
        free(cmds);
    }
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

void runspec_cmd_free(struct runspec_cmd *cmd)
{
    free(cmd->file);
    free(cmd->names);
    cmd->file = cmd->names = NULL;
}

void runspec_warn_unpaired(const struct rundir *r, const struct spec *s)
{
    struct override *ov = NULL;
    int nov = 0;
    for (int a = 0; a < r->rj.as_run.naxes; a++) {
        const struct rj_axis *x = &r->rj.as_run.axes[a];
        char *values = sl_join(&x->values, ",");
        plan_override_add(&ov, &nov, "run.json", x->name, values);
        free(values);
    }
    struct strlist warnings = {0};
    spec_warn_plot_unpaired(s, ov, nov, rundir_quick(r), &warnings);
    for (int i = 0; i < warnings.n; i++) warn("report: %s", warnings.v[i]);
    sl_free(&warnings);
    for (int i = 0; i < nov; i++) {
        free(ov[i].name);
        free(ov[i].values);
    }
    free(ov);
}
