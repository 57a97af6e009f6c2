/* catalog.c — the experiment search path, specs found by name along it, and clx list's two listings. */
#include "catalog.h"
#include "expand.h"
#include "refs.h"
#include "refscan.h"
#include "spec.h"
#include "lib/calledas.h"
#include "lib/names.h"
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *catalog_shipped_dir(void) { return path_join(clx_home(), "templates"); }

void catalog_check_home(void)
{
    /* Unchecked, a CLX_HOME that names the wrong folder listed nothing (exit 0) and blamed the
     * experiment's name (exit 2), though it is the setup that cannot run. */
    const char *env = getenv("CLX_HOME");
    if (!env || !*env) return;
    char *t = catalog_shipped_dir();
    struct stat st;
    int ok = stat(t, &st) == 0 && S_ISDIR(st.st_mode);
    free(t);
    if (!ok)
        die("CLX_HOME=%s holds no templates/ folder: it names the folder with clx's templates/, m4/ and cl/ "
            "(point it there, or unset it for this clx's own)", env);
}

/* same_dir: both exist and are one folder once links and '..' are resolved. */
static int same_dir(const char *a, const char *b) { return path_within(a, b) && path_within(b, a); }

int catalog_is_shipped(const char *dir)
{
    char *shipped = catalog_shipped_dir();
    int same = same_dir(dir, shipped);
    free(shipped);
    return same;
}

char *catalog_origin(const char *dir) { return catalog_is_shipped(dir) ? xstrdup("shipped") : xstrdup(dir); }

static void add_dir(struct strlist *dirs, char *dir)
{
    for (int i = 0; i < dirs->n; i++)
        if (!strcmp(dirs->v[i], dir) || same_dir(dirs->v[i], dir)) { free(dir); return; }
    sl_push_own(dirs, dir);
}

void catalog_dirs(struct strlist *dirs)
{
    struct strlist parts = {0};
    const char *env = getenv("CLX_PATH");
    if (env) sl_split(&parts, env, ':');
    for (int i = 0; i < parts.n; i++)
        if (*parts.v[i]) add_dir(dirs, xstrdup(parts.v[i]));
    sl_free(&parts);
    /* Like XDG_CACHE_HOME in cache.c, a relative XDG_DATA_HOME is taken as given. */
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) add_dir(dirs, path_join(xdg, "clx/templates"));
    else if (home && *home) add_dir(dirs, path_join(home, ".local/share/clx/templates"));
    add_dir(dirs, catalog_shipped_dir());
}

char *catalog_find(const char *name)
{
    struct strlist dirs = {0};
    catalog_dirs(&dirs);
    char *found = NULL, *file = xasprintf("%s.spec", name);
    for (int i = 0; i < dirs.n && !found; i++) {
        char *p = path_join(dirs.v[i], file);
        if (file_exists(p)) found = p;
        else free(p);
    }
    free(file);
    sl_free(&dirs);
    return found;
}

char *catalog_spec_path(const char *exp)
{
    catalog_check_home();
    /* A path names a spec file, NAME.spec, that is there: anything else is a mistake on the command
     * line (exit 2) that would otherwise read as a syntax error of a file that was never a spec. */
    if (strchr(exp, '/') || str_ends(exp, ".spec")) {
        struct stat st;
        if (!str_ends(exp, ".spec"))
            die_usage("'%s' is neither an experiment name nor a spec file (NAME.spec): clx list shows the experiments",
                      exp);
        if (stat(exp, &st) != 0) die_usage("no spec file %s: %s (clx list shows the experiments)", exp, strerror(errno));
        if (!S_ISREG(st.st_mode)) die_usage("%s is not a file: a spec is a file NAME.spec", exp);
        return xstrdup(exp);
    }
    char *p = catalog_find(exp);
    if (p) return p;
    struct strlist dirs = {0};
    struct sbuf where = {0};
    struct strlist names = {0};
    catalog_dirs(&dirs);
    for (int i = 0; i < dirs.n; i++) {
        sb_printf(&where, "%s%s", i ? ", " : "", dirs.v[i]);
        catalog_files(dirs.v[i], ".spec", &names);
    }
    for (int i = 0; i < names.n; i++) names.v[i][strlen(names.v[i]) - strlen(".spec")] = '\0';
    char *near = did_you_mean(exp, names.v, names.n);
    /* A name that is not there is a mistake on the command line: exit 2, as for an option. */
    die_usage("no experiment '%s'%s (%s list shows them; looked for %s.spec in %s; CLX_PATH adds folders)", exp, near,
              clx_cmd(), exp, where.s);
}

/* A listing's rows, printed once every width is known (an origin may be a long folder). */
struct rows { struct strlist name, origin, what; };

static void rows_add(struct rows *r, const char *name, const char *origin, const char *what)
{
    sl_push(&r->name, name);
    sl_push(&r->origin, origin);
    sl_push(&r->what, what);
}

static void rows_free(struct rows *r)
{
    sl_free(&r->name);
    sl_free(&r->origin);
    sl_free(&r->what);
}

/* rows_print: prints the rows aligned, the name column at least min_name wide, and frees them. */
static void rows_print(struct rows *r, FILE *out, int min_name)
{
    int wn = min_name, wo = 0;
    for (int i = 0; i < r->name.n; i++) {
        int n = (int)strlen(r->name.v[i]), o = (int)strlen(r->origin.v[i]);
        if (n > wn) wn = n;
        if (o > wo) wo = o;
    }
    for (int i = 0; i < r->name.n; i++)
        fprintf(out, "%-*s %-*s %s\n", wn, r->name.v[i], wo, r->origin.v[i], r->what.v[i]);
    rows_free(r);
}

int catalog_files(const char *dir, const char *suffix, struct strlist *names)
{
    struct dirent **ents;
    int n = scandir(dir, &ents, NULL, alphasort);
    if (n < 0) return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
    for (int i = 0; i < n; i++) {
        if (str_ends(ents[i]->d_name, suffix) && strlen(ents[i]->d_name) > strlen(suffix)) sl_push(names, ents[i]->d_name);
        free(ents[i]);
    }
    free(ents);
    return 0;
}

/* each_spec: every experiment along the search path, its first folder's (a name hidden by an earlier
 * folder is left out), handed to each with its origin; a spec or folder that cannot be read is said
 * on stderr unless quiet. Returns 1 when one could not be read, else 0. */
static int each_spec(int quiet, void (*each)(const struct spec *s, const char *origin, void *arg), void *arg)
{
    struct strlist dirs = {0}, seen = {0};
    int bad = 0;
    catalog_dirs(&dirs);
    for (int d = 0; d < dirs.n; d++) {
        struct strlist files = {0};
        if (catalog_files(dirs.v[d], ".spec", &files)) {
            if (!quiet) warn("cannot read %s: %s", dirs.v[d], strerror(errno));
            bad = 1;
        }
        char *origin = catalog_origin(dirs.v[d]);
        for (int i = 0; i < files.n; i++) {
            char *p = path_join(dirs.v[d], files.v[i]), *err = NULL;
            struct spec s;
            if (spec_load(p, &s, &err) == 0) {
                int hidden = 0;
                for (int k = 0; k < seen.n; k++) hidden |= !strcmp(seen.v[k], s.name);
                if (!hidden) {
                    each(&s, origin, arg);
                    sl_push(&seen, s.name);
                }
            } else {
                if (!quiet) fprintf(stderr, "clx: %s\n", err);
                bad = 1;
                free(err);
            }
            spec_free(&s);
            free(p);
        }
        free(origin);
        sl_free(&files);
    }
    sl_free(&seen);
    sl_free(&dirs);
    return bad;
}

static void add_row(const struct spec *s, const char *origin, void *arg)
{
    rows_add(arg, s->name, origin, s->description);
}

int catalog_list(FILE *out)
{
    catalog_check_home();
    struct rows rows = {0};
    int bad = each_spec(0, add_row, &rows);
    rows_print(&rows, out, 18);
    return bad;
}

static void add_if_modes(const struct spec *s, const char *origin, void *arg)
{
    (void)origin;
    if (s->modes) sl_push(arg, s->name);
}

void catalog_with_modes(struct strlist *names)
{
    each_spec(1, add_if_modes, names);
}

int catalog_list_refs(FILE *out)
{
    catalog_check_home();
    struct rows rows = {0};
    struct strlist dirs = {0};
    int bad = 0;
    for (const struct ref_def *const *r = ref_shipped; *r; r++) rows_add(&rows, (*r)->name, "shipped", (*r)->what);
    catalog_dirs(&dirs);
    for (int d = 0; d < dirs.n; d++) {
        if (catalog_is_shipped(dirs.v[d])) continue;    /* compiled in: listed above */
        struct strlist files = {0};
        if (catalog_files(dirs.v[d], ".ref.c", &files)) {
            warn("cannot read %s: %s", dirs.v[d], strerror(errno));
            bad = 1;
        }
        for (int i = 0; i < files.n; i++) {
            char *p = path_join(dirs.v[d], files.v[i]), *err = NULL;
            struct refscan sc = {0};
            if (refscan_file(p, &sc, &err)) { warn("%s", err); free(err); bad = 1; }
            for (int k = 0; k < sc.n; k++) rows_add(&rows, sc.v[k].name, dirs.v[d], sc.v[k].what);
            refscan_free(&sc);
            free(p);
        }
        sl_free(&files);
    }
    /* By name, for reading: the registry's order is only that of the shipped files. */
    int *idx = xcalloc((size_t)rows.name.n + 1, sizeof *idx);
    for (int i = 0; i < rows.name.n; i++) idx[i] = i;
    sort_by_keys(idx, rows.name.n, rows.name.v);
    struct rows sorted = {0};
    for (int i = 0; i < rows.name.n; i++) rows_add(&sorted, rows.name.v[idx[i]], rows.origin.v[idx[i]], rows.what.v[idx[i]]);
    free(idx);
    rows_print(&sorted, out, 16);
    rows_free(&rows);
    sl_free(&dirs);
    return bad;
}
