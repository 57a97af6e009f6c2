/* refload.c — compiling a user's .ref.c with the system C compiler (no shell: proc.c), caching the shared object, dlopen and registration. */
#include "refload.h"
#include "device/cache.h"
#include "catalog.h"
#include "expand.h"
#include "lib/calledas.h"
#include "lib/proc.h"
#include "refs.h"
#include "refscan.h"
#include "lib/names.h"
#include "lib/util.h"
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A reference compiles in well under a second; a compiler that hangs must not hang the run. */
#define CC_SECONDS 120

/* What every reference is compiled with, besides -I for clx/ref.h: a shared object for dlopen;
 * -ffp-contract=off so a*b+c rounds twice, as written and as clx's own references (C11 mode) do,
 * where GNU C mode would fuse it into an fma on some hosts; -pthread for references that start
 * threads of their own. */
static const char *const cc_flags[] = { "-shared", "-fPIC", "-O2", "-ffp-contract=off", "-pthread", NULL };

char *refload_include_dir(char **err)
{
    char *cands[2] = { path_join(clx_home(), "include"), path_join(clx_home(), "../../include") };
    char *found = NULL;
    for (int i = 0; i < 2 && !found; i++) {
        char *h = path_join(cands[i], "clx/ref.h"), abs[PATH_MAX];
        if (file_exists(h)) found = realpath(cands[i], abs) ? xstrdup(abs) : xstrdup(cands[i]);
        free(h);
    }
    if (!found) *err = xasprintf("cannot find clx/ref.h for compiling host references (looked in %s and %s)", cands[0], cands[1]);
    free(cands[0]);
    free(cands[1]);
    return found;
}

/* compiler_words: $CC (else cc) split at blanks ("ccache gcc" is two words); no quoting, as there
 * is no shell to honour it. */
static void compiler_words(struct strlist *w)
{
    const char *cc = getenv("CC");
    if (!cc || !*cc) cc = "cc";
    struct sbuf word = {0};
    for (const char *p = cc;; p++) {
        if (*p && !isspace((unsigned char)*p)) { sb_putn(&word, p, 1); continue; }
        if (word.len) { sl_push(w, word.s); sb_free(&word); }
        if (!*p) break;
    }
    sb_free(&word);
    if (!w->n) sl_push(w, "cc");
}

/* so_key: the cache key: the source, the header it is compiled against, the compiler and flags. */
static uint64_t so_key(const char *source, const char *header, const struct strlist *cc)
{
    uint64_t h = fnv1a(FNV1A_START, "clx-ref", 8);
    int abi = CLX_REF_ABI;
    h = fnv1a(h, &abi, sizeof abi);
    for (int i = 0; i < cc->n; i++) h = fnv1a(h, cc->v[i], strlen(cc->v[i]) + 1);
    for (int i = 0; cc_flags[i]; i++) h = fnv1a(h, cc_flags[i], strlen(cc_flags[i]) + 1);
    h = fnv1a(h, header, strlen(header) + 1);
    return fnv1a(h, source, strlen(source) + 1);
}

/* error_line: whether l begins "FILE:LINE[:COL]: error:" (or "fatal error:"), as gcc and clang write. */
static int error_line(const char *l)
{
    const char *p = strchr(l, ':');
    if (!p || p == l || !isdigit((unsigned char)p[1])) return 0;
    for (p++; isdigit((unsigned char)*p); p++) {}
    if (*p == ':' && isdigit((unsigned char)p[1]))
        for (p++; isdigit((unsigned char)*p); p++) {}
    return str_starts(p, ": error:") || str_starts(p, ": fatal error:");
}

/* first_line: the first line of text for which want (NULL: any non-blank one) holds, a new string or NULL. */
static char *first_line(const char *text, int (*want)(const char *))
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *l = xasprintf("%.*s", (int)n, p);
        if (want ? want(l) : *str_trim(l) != '\0') return l;
        free(l);
        if (!nl) break;
        p = nl + 1;
    }
    return NULL;
}

/* compile: path into the shared object out; 0, or -1 with *err (one line). */
static int compile(const char *path, const char *out, const char *inc, const struct strlist *cc, char **err)
{
    struct strlist av = {0};
    for (int i = 0; i < cc->n; i++) sl_push(&av, cc->v[i]);
    for (int i = 0; cc_flags[i]; i++) sl_push(&av, cc_flags[i]);
    sl_push(&av, "-I");
    sl_push(&av, inc);
    sl_push(&av, "-o");
    sl_push(&av, out);
    sl_push(&av, path);
    sl_push(&av, "-lm");
    sl_push_own(&av, NULL);
    struct proc_result pr;
    int rc = -1;
    if (proc_run(av.v, NULL, CC_SECONDS, &pr)) {
        *err = xasprintf("%s: cannot run the C compiler %s: %s", path, cc->v[0], pr.err ? pr.err : "");
        goto out;
    }
    if (pr.timed_out) {
        *err = xasprintf("%s: the C compiler %s took more than %d s", path, cc->v[0], CC_SECONDS);
        goto out;
    }
    if (pr.status == 0 && file_exists(out)) { rc = 0; goto out; }
    char *line = first_line(pr.err, error_line);
    if (line) *err = xasprintf("%s (host reference not compiled by %s)", line, cc->v[0]);
    else {
        line = first_line(pr.err, NULL);
        if (pr.status == 127) *err = xasprintf("%s: cannot run the C compiler '%s' (set CC, or install gcc): %s", path,
                                               cc->v[0], line ? line : "not found");
        else *err = xasprintf("%s: %s failed (exit %d)%s%s", path, cc->v[0], pr.status, line ? ": " : "", line ? line : "");
    }
    free(line);
out:
    proc_result_free(&pr);
    sl_free(&av);
    return rc;
}

/* so_path: where the compiled object of path is kept: the cache folder's refs/, named by the key
 * (an edit, a new header or another compiler gives another file); NULL when there is no cache
 * folder or it cannot be made. */
static char *so_path(const char *path, uint64_t key)
{
    char *top = cache_folder();
    if (!top) return NULL;
    char *dir = path_join(top, "refs");
    free(top);
    if (mkdir_p(dir)) { free(dir); return NULL; }
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *stem = xasprintf("%.*s", (int)(str_ends(base, ".ref.c") ? strlen(base) - 6 : strlen(base)), base);
    char *slug = slugify(stem);
    char *so = xasprintf("%s/%s-%016llx.so", dir, slug, (unsigned long long)key);
    free(slug);
    free(stem);
    free(dir);
    return so;
}

/* register_all: every reference sc found in path's text, looked up in the loaded object h. */
static int register_all(void *h, const char *path, const struct refscan *sc, char **err)
{
    const char *slash = strrchr(path, '/');
    char *origin = slash ? xasprintf("%.*s", (int)(slash - path), path) : xstrdup(".");
    int rc = 0;
    for (int i = 0; i < sc->n && !rc; i++) {
        char *sym = xasprintf("clx_ref_def_%s", sc->v[i].name);
        const struct ref_def *d = dlsym(h, sym);
        free(sym);
        if (!d) {
            *err = xasprintf("%s:%d: reference %s is not in the compiled object (is its CLX_REF line inside an #if?)", path,
                             sc->v[i].line, sc->v[i].name);
            rc = -1;
        } else if (ref_register(d, origin, err)) {
            char *e = xasprintf("%s:%d: %s", path, sc->v[i].line, *err);
            free(*err);
            *err = e;
            rc = -1;
        }
    }
    free(origin);
    return rc;
}

int refload_file(const char *path, char **err)
{
    struct refscan sc = {0};
    struct strlist cc = {0};
    char *source = NULL, *header = NULL, *inc = NULL, *hpath = NULL, *so = NULL, *tmp = NULL;
    void *h = NULL;
    int rc = -1, fd = -1;
    if (!(source = read_file(path, NULL))) { *err = xasprintf("cannot read %s: %s", path, strerror(errno)); goto out; }
    refscan_text(source, &sc);
    if (!sc.n) { *err = xasprintf("%s: declares no host reference (CLX_REF(name, \"what\") at the start of a line)", path); goto out; }
    if (!(inc = refload_include_dir(err))) goto out;
    hpath = path_join(inc, "clx/ref.h");
    if (!(header = read_file(hpath, NULL))) { *err = xasprintf("cannot read %s: %s", hpath, strerror(errno)); goto out; }
    compiler_words(&cc);
    so = so_path(path, so_key(source, header, &cc));
    if (so && file_exists(so) && (h = dlopen(so, RTLD_NOW | RTLD_LOCAL))) goto loaded;
    /* Not cached (or a damaged file: compiled again). Written beside its final name and renamed,
     * so that another clx never loads half a file; with no cache folder, a temporary file. */
    if (so) tmp = xasprintf("%s.%ld.tmp", so, (long)getpid());
    else {
        const char *t = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
        tmp = xasprintf("%s/clx-ref-XXXXXX.so", t);
        if ((fd = mkstemps(tmp, 3)) < 0) { *err = xasprintf("cannot make a temporary file in %s: %s", t, strerror(errno)); goto out; }
        close(fd);
    }
    if (compile(path, tmp, inc, &cc, err)) { unlink(tmp); goto out; }
    if (so && rename(tmp, so)) { *err = xasprintf("cannot move %s to %s: %s", tmp, so, strerror(errno)); unlink(tmp); goto out; }
    h = dlopen(so ? so : tmp, RTLD_NOW | RTLD_LOCAL);
    if (!so) unlink(tmp);           /* loaded (or not): the file is no longer needed */
    if (!h) { *err = xasprintf("%s: cannot load its compiled object: %s", path, dlerror()); goto out; }
loaded:
    /* h is never closed: the references are called until clx exits. */
    rc = register_all(h, path, &sc, err);
out:
    refscan_free(&sc);
    sl_free(&cc);
    free(source); free(header); free(inc); free(hpath); free(so); free(tmp);
    return rc;
}

/* declaring_file: the .ref.c beside s that declares name (see refload_spec for the order), a new
 * string; NULL when none does or *err is set (a file that cannot be read). */
static char *declaring_file(const struct spec *s, const char *name, char **err)
{
    struct strlist files = {0}, order = {0};
    char *own = xasprintf("%s.ref.c", s->name), *found = NULL;
    if (catalog_files(s->dir, ".ref.c", &files)) {
        *err = xasprintf("cannot read %s: %s", s->dir, strerror(errno));
        goto out;
    }
    for (int i = 0; i < files.n; i++)
        if (!strcmp(files.v[i], own)) sl_push(&order, own);
    for (int i = 0; i < files.n; i++)
        if (strcmp(files.v[i], own)) sl_push(&order, files.v[i]);
    for (int i = 0; i < order.n && !found && !*err; i++) {
        char *p = path_join(s->dir, order.v[i]);
        struct refscan sc = {0};
        if (!refscan_file(p, &sc, err) && refscan_find(&sc, name) >= 0) found = xstrdup(p);
        refscan_free(&sc);
        free(p);
    }
out:
    free(own);
    sl_free(&files);
    sl_free(&order);
    return found;
}

/* declared_beside: the names the .ref.c files beside a user's spec declare, pushed onto out (none
 * for a shipped spec's folder, whose references are the shipped ones). */
static void declared_beside(const struct spec *s, struct strlist *out)
{
    struct strlist files = {0};
    if (catalog_is_shipped(s->dir) || catalog_files(s->dir, ".ref.c", &files)) {
        sl_free(&files);
        return;
    }
    for (int i = 0; i < files.n; i++) {
        char *p = path_join(s->dir, files.v[i]), *err = NULL;
        struct refscan sc = {0};
        if (!refscan_file(p, &sc, &err))
            for (int k = 0; k < sc.n; k++) sl_push(out, sc.v[k].name);
        free(err);
        refscan_free(&sc);
        free(p);
    }
    sl_free(&files);
}

char *refload_source(const struct spec *s)
{
    if (!s->reference || catalog_is_shipped(s->dir)) return NULL;
    char *err = NULL, *file = declaring_file(s, s->reference, &err);
    free(err);
    return file;
}

int refload_spec(const struct spec *s, char **err)
{
    if (!s->reference) return 0;
    if (!catalog_is_shipped(s->dir)) {
        *err = NULL;
        char *file = declaring_file(s, s->reference, err);
        if (*err) return -1;
        if (file) {
            int rc = refload_file(file, err);
            free(file);
            if (rc) return -1;
        }
    }
    if (ref_find(s->reference)) return 0;
    struct strlist names = {0};
    ref_names(&names);
    declared_beside(s, &names);
    sl_sort(&names);
    /* The one meant where one is near; else their names, which are few. */
    char *near = did_you_mean(s->reference, names.v, names.n), *all = sl_join(&names, ", ");
    char *there = *near ? xstrdup("") : xasprintf("there are %s; ", all);
    *err = xasprintf("%s:%d: no host reference named '%s'%s (%s%s list --refs %s; one of your own goes in a NAME.ref.c "
                     "beside the spec)", s->path, s->reference_line > 0 ? s->reference_line : 1, s->reference, near, there,
                     clx_cmd(), *near ? "shows them" : "says what each computes");
    free(near);
    free(all);
    free(there);
    sl_free(&names);
    return -1;
}
