/* expandcheck.c — every variant of a plan expanded by m4 before anything runs (expandcheck.h). */
#include "expandcheck.h"
#include "expand.h"
#include "expandfail.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* has_word: whether src holds name as a whole identifier (in code or a comment alike). */
static int has_word(const char *src, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(src, name); p; p = strstr(p + 1, name))
        if ((p == src || !ident_char(p[-1])) && !ident_char(p[n])) return 1;
    return 0;
}

/* kernels_written: the names after "kernel void" or "__kernel void" in src, ", " between, for the
 * message ("" where none is written so). A new string. */
static char *kernels_written(const char *src)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s", "");
    for (const char *p = strstr(src, "kernel"); p; p = strstr(p + 1, "kernel")) {
        const char *w = p >= src + 2 && !strncmp(p - 2, "__", 2) ? p - 2 : p;
        if ((w > src && ident_char(w[-1])) || ident_char(p[6])) continue;
        const char *q = p + 6;
        while (isspace((unsigned char)*q)) q++;
        if (strncmp(q, "void", 4) || ident_char(q[4])) continue;
        for (q += 4; isspace((unsigned char)*q); q++) {}
        const char *e = q;
        while (ident_char(*e)) e++;
        if (e > q) sb_printf(&b, "%s%.*s", b.len ? ", " : "", (int)(e - q), q);
    }
    return b.s;
}

/* kernel_missing: where the variant's kernel name is nowhere in its expanded source, so that every
 * build of it fails (CL_INVALID_KERNEL_NAME) with no device needed to know it, the message; else
 * NULL. Only where nothing else can bring the name in: no #include (a header may define the kernel),
 * no ## (the preprocessor may paste it) and no -D among the plan's builds (a macro may spell it). */
static char *kernel_missing(const struct spec *s, const struct plan *p, const struct variant *var, const char *src)
{
    if (!var->kernel || strstr(src, "#include") || strstr(src, "##") || has_word(src, var->kernel)) return NULL;
    for (int i = 0; i < p->builds.n; i++)
        if (strstr(p->builds.v[i], "-D")) return NULL;
    /* Said at the setting that names the kernel: the spec's kernel, or the variant's own (a variant's
     * typo said "with no kernel = ..., the kernel is named as the experiment" where it has one). */
    int at;
    char *from = plan_kernel_origin(s, var, &at), *line = at ? xasprintf(":%d", at) : xstrdup("");
    char *defined = kernels_written(src);
    char *msg = xasprintf("%s%s: kernel \"%s\" is defined nowhere in the expanded source: every build would fail "
                          "(CL_INVALID_KERNEL_NAME)%s%s; %s", s->path, line, var->kernel, *defined ? "; the source's kernels: " : "",
                          defined, from);
    free(defined);
    free(line);
    free(from);
    return msg;
}

int expandcheck_plan(const struct spec *s, const struct plan *p, int *checked)
{
    int n = p->nvariants < EXPANDCHECK_MAX ? p->nvariants : EXPANDCHECK_MAX;
    char **errs = xcalloc((size_t)n + 1, sizeof *errs);
    const char **ids = xcalloc((size_t)n + 1, sizeof *ids);
    for (int i = 0; i < n; i++) {
        const struct variant *var = &p->variants[(long)i * p->nvariants / n];
        char *src = expand_variant(s->template_name, &var->keys, &var->values, NULL, &errs[i]);
        if (src) free(errs[i]), errs[i] = kernel_missing(s, p, var, src);   /* m4's part worked */
        free(src);
        ids[i] = var->id;
    }
    fflush(stdout);
    int failed = expandfail_say(stderr, errs, ids, n);
    for (int i = 0; i < n; i++) free(errs[i]);
    free(errs);
    free(ids);
    *checked = n;
    return failed;
}
