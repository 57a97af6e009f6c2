/* samebin.c — two builds' program binaries compared, from a run folder's bin/ or kernels.tsv (samebin.h). */
#include "samebin.h"
#include "spec/finding_form.h"
#include "spec/plan.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

void samebin_open(struct samebin_run *s, const char *dir)
{
    memset(s, 0, sizeof *s);
    s->dir = xstrdup(dir);
    char *p = path_join(dir, "kernels.tsv"), *err = NULL;
    if (table_read(p, &s->k, &err)) { free(err); table_free(&s->k); }   /* none: no hashes */
    free(p);
    s->c_variant = table_col(&s->k, "variant");
    s->c_build = table_col(&s->k, "build");
    s->c_hash = table_col(&s->k, "bin_hash");
}

void samebin_free(struct samebin_run *s)
{
    free(s->dir);
    table_free(&s->k);
    memset(s, 0, sizeof *s);
}

/* hash_of: kernels.tsv's bin_hash of variant's build, NULL where it has none. */
static const char *hash_of(const struct samebin_run *s, const char *variant, const char *build)
{
    if (s->c_hash < 0 || s->c_variant < 0 || s->c_build < 0) return NULL;
    for (int i = 0; i < s->k.nrows; i++)
        if (!strcmp(table_cell(&s->k, i, s->c_variant), variant) && !strcmp(table_cell(&s->k, i, s->c_build), build)) {
            const char *h = table_cell(&s->k, i, s->c_hash);
            return *h ? h : NULL;
        }
    return NULL;
}

/* bin_file: the path of variant's build's binary in s's bin/ (plan_build_stem, then the format's one
 * extension), NULL where there is none. */
static char *bin_file(const struct samebin_run *s, const char *variant, const char *build)
{
    char *vs = slugify(variant), *stem = plan_build_stem(vs, strcmp(build, "default") ? build : "");
    char *prefix = xasprintf("%s.", stem), *bindir = path_join(s->dir, "bin"), *found = NULL;
    size_t n = strlen(prefix);
    DIR *d = opendir(bindir);
    for (struct dirent *e; d && !found && (e = readdir(d));)
        /* One extension after the slug: "DX_1." is not "DX_1.5.bin"'s start. */
        if (!strncmp(e->d_name, prefix, n) && e->d_name[n] && !strchr(e->d_name + n, '.'))
            found = path_join(bindir, e->d_name);
    if (d) closedir(d);
    free(vs);
    free(stem);
    free(prefix);
    free(bindir);
    return found;
}

/* bytes_same: the files' bytes compared; SAMEBIN_UNKNOWN where one cannot be read. */
static enum samebin_is bytes_same(const char *pa, const char *pb)
{
    size_t na = 0, nb = 0;
    char *a = read_file(pa, &na), *b = a ? read_file(pb, &nb) : NULL;
    enum samebin_is is = !a || !b ? SAMEBIN_UNKNOWN : na == nb && !memcmp(a, b, na) ? SAMEBIN_SAME : SAMEBIN_DIFFER;
    free(a);
    free(b);
    return is;
}

enum samebin_is samebin_of(const struct samebin_run *a, const char *build_a, const struct samebin_run *b,
                           const char *build_b, const char *variant)
{
    char *pa = bin_file(a, variant, build_a), *pb = pa ? bin_file(b, variant, build_b) : NULL;
    enum samebin_is is = pa && pb ? bytes_same(pa, pb) : SAMEBIN_UNKNOWN;
    free(pa);
    free(pb);
    if (is != SAMEBIN_UNKNOWN) return is;
    const char *ha = hash_of(a, variant, build_a), *hb = hash_of(b, variant, build_b);
    return ha && hb ? strcmp(ha, hb) ? SAMEBIN_DIFFER : SAMEBIN_SAME : SAMEBIN_UNKNOWN;
}

char *samebin_words(const char *build_a, const char *build_b, const char *variants)
{
    return xasprintf("the builds '%s' and '%s' of %s " SAMEBIN_SAID ": their difference is not the option's", build_a,
                     build_b, variants);
}

char *samebin_rows(const struct rundir *r, const int *ra, int na, const int *rb, int nb)
{
    struct samebin_run sb;
    samebin_open(&sb, r->dir);
    struct strlist vars = {0};
    const char *ba = NULL, *bb = NULL;
    int pairs = 0, other = 0;
    for (int i = 0; i < na && !other; i++)
        for (int k = 0; k < nb && !other; k++) {
            const char *va = table_cell(&r->t, ra[i], r->c_variant), *x = table_cell(&r->t, ra[i], r->c_build);
            const char *y = table_cell(&r->t, rb[k], r->c_build);
            if (strcmp(va, table_cell(&r->t, rb[k], r->c_variant)) || !strcmp(x, y)) continue;
            /* Every pair must be one binary: one that differs leaves the option something to do. */
            other = samebin_of(&sb, x, &sb, y, va) != SAMEBIN_SAME;
            pairs++;
            ba = x;
            bb = y;
            int seen = 0;
            for (int v = 0; v < vars.n && !seen; v++) seen = !strcmp(vars.v[v], va);
            if (!seen) sl_push(&vars, va);
        }
    char *list = sl_join(&vars, ", "), *w = pairs && !other ? samebin_words(ba, bb, list) : NULL;
    free(list);
    sl_free(&vars);
    samebin_free(&sb);
    return w;
}

/* timed: whether selector s reads a time or a rate the rounds measure, not a count of them. */
static int timed(const struct selector *s) { return s->agg != AGG_COUNT && finding_metric_kind(s->metric) != MK_UNTIMED; }

char *samebin_pair_said(const struct rundir *r, const struct selector *a, const int *ra, int na,
                        const struct selector *b, const int *rb, int nb)
{
    if (!timed(a) || !timed(b)) return NULL;
    char *same = samebin_rows(r, ra, na, rb, nb);
    if (!same) return NULL;
    char *said = xasprintf("%s vs %s: %s", a->text, b->text, same);
    free(same);
    return said;
}
