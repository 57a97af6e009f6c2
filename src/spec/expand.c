/* expand.c — template expansion with m4 in a child process (proc.c: parameter values are passed
 * as arguments and are never seen by a shell), under a time limit. */
#include "config.h"   /* build/config.h: CLX_DATADIR */
#include "expand.h"
#include "m4names.h"
#include "m4stray.h"
#include "m4prep.h"
#include "m4warn.h"
#include "lib/proc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CLX_DATADIR
#define CLX_DATADIR "/usr/local/share/clx"
#endif

const char *clx_home(void)
{
    static char home[PATH_MAX];
    if (home[0]) return home;
    const char *env = getenv("CLX_HOME");
    if (env && *env) {
        snprintf(home, sizeof home, "%s", env);
        return home;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
        char *t = path_join(exe, "templates");
        int ok = file_exists(t);
        free(t);
        if (ok) {
            snprintf(home, sizeof home, "%s", exe);
            return home;
        }
    }
    snprintf(home, sizeof home, "%s", CLX_DATADIR);
    return home;
}

/* A parameter value reaches m4 as -DKEY=VALUE; a value that is not a plain token could still
 * be an m4 macro call, so only numbers and identifiers are accepted. */
static int safe_value(const char *v)
{
    if (!*v) return 0;
    for (; *v; v++)
        if (!(*v == '_' || *v == '.' || *v == '-' || *v == '+' || (*v >= '0' && *v <= '9') ||
              (*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z'))) return 0;
    return 1;
}

/* A template that recurses forever must not hang clx; real ones take milliseconds, the largest
 * shipped one (taylor's) about 20 ms on a 2-core machine. */
static double m4_seconds = 10;

void expand_time_limit(double seconds) { m4_seconds = seconds; }

static int allow_shell;

void expand_allow_shell(int on) { allow_shell = on; }


/* foreign_include: the first file m4 read (its -s #line markers name every one) that is neither
 * the template nor in the template's folder, the m4 library or cl/; NULL when there is none (a new
 * string). Paths are relative to clx_home(), where m4 runs. */
static char *foreign_include(const char *tpl, const char *out)
{
    const char *home = clx_home();
    char *tpl_path = tpl[0] == '/' ? xstrdup(tpl) : path_join(home, tpl);
    char *tpl_dir = xstrdup(tpl_path);
    char *slash = strrchr(tpl_dir, '/');
    if (slash) *slash = '\0';
    char *lib = path_join(home, "m4"), *cl = path_join(home, "cl"), *bad = NULL;
    for (const char *l = out; l && *l && !bad; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, "#line ", 6)) continue;
        const char *q = strchr(l, '"'), *e = q ? strchr(q + 1, '"') : NULL;
        if (!e) continue;
        char *name = xasprintf("%.*s", (int)(e - q - 1), q + 1);
        char *file = name[0] == '/' ? xstrdup(name) : path_join(home, name);
        if (!path_within(file, tpl_dir) && !path_within(file, lib) && !path_within(file, cl)) bad = xstrdup(name);
        free(file);
        free(name);
    }
    free(tpl_path); free(tpl_dir); free(lib); free(cl);
    return bad;
}

/* prepare: the template's text as m4prep_in makes it, in a new temporary file; its path (a new
 * string), the template's own text in *text (a new string) and where its quotes look wrong in *q;
 * or NULL and *err naming the template and why. */
static char *prepare(const char *tpl, char **text, struct m4prep_quotes *q, char **err)
{
    char *path = tpl[0] == '/' ? xstrdup(tpl) : path_join(clx_home(), tpl), *tmp = NULL;
    size_t len;
    *text = read_file(path, &len);
    if (!*text) { *err = xasprintf("cannot read %s: %s", tpl, strerror(errno)); goto out; }
    char *ready = m4prep_in(*text, q);
    const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    tmp = xasprintf("%s/clx-template-XXXXXX", dir);
    int fd = mkstemp(tmp), bad = fd < 0;
    size_t n = strlen(ready);
    if (!bad) bad = write(fd, ready, n) != (ssize_t)n;
    if (!bad) bad = close(fd) != 0, fd = -1;
    if (bad) {
        *err = xasprintf("cannot write a copy of %s to %s: %s", tpl, dir, strerror(errno ? errno : EIO));
        if (fd >= 0) close(fd);
        unlink(tmp);
        free(tmp);
        tmp = NULL;
    }
    free(ready);
out:
    free(path);
    return tmp;
}

/* lib_text: m4/clx.m4's text, read once (NULL when it cannot be): the names it defines. */
static const char *lib_text(void)
{
    static char *text;
    static int read;
    if (!read) {
        read = 1;
        char *path = path_join(clx_home(), "m4/clx.m4");
        size_t len;
        text = read_file(path, &len);
        free(path);
    }
    return text;
}

char *expand_variant(const char *tpl, const struct strlist *keys, const struct strlist *values,
                     const char *header_note, char **err)
{
    struct strlist argv = {0};
    char *out = NULL, *errtext = NULL, *result = NULL, *text = NULL;
    *err = NULL;
    /* m4 reads a prepared copy (m4prep.h); its name in m4's output and messages becomes tpl's. */
    struct m4prep_quotes q;
    char *copy = prepare(tpl, &text, &q, err);
    if (!copy) {
        free(text);
        return NULL;
    }
    /* A quote that ends where it cannot have been meant to makes something else of every variant,
     * with or without an error from m4: said before m4 runs. */
    if ((*err = m4prep_refusal(&q, tpl))) goto out;
    sl_push(&argv, "m4");
    sl_push(&argv, "-P");
    sl_push(&argv, "-s");
    sl_push(&argv, "-I");
    sl_push(&argv, "m4");
    sl_push(&argv, "-I");
    sl_push(&argv, "cl");
    /* A template includes the files beside it by their names. */
    const char *tslash = strrchr(tpl, '/');
    sl_push(&argv, "-I");
    sl_push_own(&argv, tslash ? xasprintf("%.*s", (int)(tslash - tpl), tpl) : xstrdup("."));
    if (!allow_shell) sl_push(&argv, "m4/clx-safe.m4");
    /* The parameters' names, each quoted, for clx.m4's errors: a name left unquoted in an assertion
     * reaches it as its value, which it tells from a name never defined by finding a parameter that
     * has that value (m4 has no list of its definitions). */
    struct sbuf names = {0};
    sb_printf(&names, "-Dm4_clx_params=");
    for (int i = 0; i < keys->n; i++) {
        if (!safe_value(values->v[i])) {
            *err = xasprintf("parameter %s='%s': values must be numbers or identifiers", keys->v[i], values->v[i]);
            sb_free(&names);
            goto out;
        }
        sl_push_own(&argv, xasprintf("-D%s=%s", keys->v[i], values->v[i]));
        sb_printf(&names, "%s`%s'", i ? "," : "", keys->v[i]);
    }
    sl_push_own(&argv, names.s);
    sl_push(&argv, copy);
    sl_push_own(&argv, NULL);
    struct proc_result pr;
    if (proc_run_owning(argv.v, clx_home(), m4_seconds, copy, &pr)) {
        *err = xasprintf("cannot run m4 on %s: %s", tpl, pr.err);
        proc_result_free(&pr);
        goto out;
    }
    int st = pr.status, timed_out = pr.timed_out;
    out = st == 0 ? m4prep_out(pr.out, copy, tpl) : xstrdup(pr.out);
    errtext = m4prep_messages(pr.err, copy, tpl);
    proc_result_free(&pr);
    if (timed_out) {
        *err = xasprintf("m4 did not finish %s in %g s (a macro that expands to itself? --m4-timeout sets the limit): "
                         "stopped", tpl, m4_seconds);
        goto out;
    }
    if (st == 127 && strstr(errtext, "cannot run")) {
        *err = xasprintf("%s (install GNU m4: tools/install-deps.sh in clx's source tree)", str_trim(errtext));
        goto out;
    }
    if (st != 0) {
        /* m4 names the line of the macro call it was in, not where a quote went wrong. */
        char *where = m4prep_failure_say(&q, tpl, errtext);
        *err = xasprintf("m4 failed on %s (exit %d)%s%s%s%s", tpl, st, errtext && *errtext ? ":\n" : "",
                         errtext ? str_trim(errtext) : "", where ? "\n" : "", where ? where : "");
        free(where);
        goto out;
    }
    if (errtext && *errtext) {
        /* m4 warnings (an eval of a bad number...) make plausible but wrong code: fail. */
        char *advice = m4warn_advice(errtext);
        *err = xasprintf("m4 warned on %s:\n%s%s%s", tpl, str_trim(errtext), advice ? "\n" : "", advice ? advice : "");
        free(advice);
        goto out;
    }
    /* clx-safe.m4 left a disabled builtin's call as text: say so rather than let the build fail. */
    static const char *const disabled[] = {"m4_syscmd", "m4_esyscmd", "m4_sysval", "m4_builtin", "m4_maketemp",
                                           "m4_mkstemp", "m4_debugfile", "m4_undivert", NULL};
    for (int i = 0; disabled[i] && !allow_shell && out; i++) {
        const char *at = strstr(out, disabled[i]);
        size_t n = strlen(disabled[i]);
        if (at && !(at[n] == '_' || (at[n] >= 'a' && at[n] <= 'z'))) {
            *err = xasprintf("%s uses %s, which clx disables: a template may not run commands or write files "
                             "(--allow-shell allows it)", tpl, disabled[i]);
            goto out;
        }
    }
    char *bad = allow_shell ? NULL : foreign_include(tpl, out);
    if (bad) {
        *err = xasprintf("%s includes %s: a template may include only files in its own folder, the m4 library "
                         "(m4/) and cl/ (--allow-shell lifts this)", tpl, bad);
        free(bad);
        goto out;
    }
    /* A name m4 left is a mistake the compiler would say as an unknown identifier, once per use. */
    if ((*err = m4names_left(out, tpl, text, lib_text()))) goto out;
    if ((*err = m4stray_quote(out, tpl))) goto out;
    struct sbuf b = {0};
    sb_printf(&b, EXPAND_HEADER "%s -- do not edit; edit the template.\n", tpl);
    if (header_note && *header_note) sb_printf(&b, "// %s\n", header_note);
    sb_printf(&b, "// Parameters:");
    for (int i = 0; i < keys->n; i++) sb_printf(&b, " %s=%s", keys->v[i], values->v[i]);
    sb_printf(&b, "%s\n", keys->n ? "" : " (none)");
    sb_printf(&b, "%s", out ? out : "");
    result = b.s;
out:
    unlink(copy);
    free(copy);
    free(text);
    free(out);
    free(errtext);
    for (int i = 0; i < argv.n; i++) free(argv.v[i]);
    free(argv.v);
    return result;
}
