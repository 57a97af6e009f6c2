/* compare_declwork.c — runs of the same kernels whose specs declare their work otherwise
 * (compare_declwork.h). */
#include "compare_declwork.h"
#include "spec/specdiff.h"
#include "lib/util.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* code: a generated source less its comment lines and #line markers, which name the template's
 * path (a spec copied elsewhere with its template) and nothing the kernel does (a new string). */
static char *code(const char *text)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s", "");
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        const char *q = p + strspn(p, " \t");
        if (strncmp(q, "//", 2) && strncmp(q, "#line", 5)) sb_putn(&b, p, n + (p[n] == '\n'));
        p += n + (p[n] == '\n');
    }
    return b.s;
}

/* same_sources: whether every generated source both runs kept (cl/NAME.cl) is the same code. */
static int same_sources(const struct rundir *a, const struct rundir *b)
{
    char *da = path_join(a->dir, "cl"), *db = path_join(b->dir, "cl");
    DIR *d = opendir(da);
    int same = 1;
    for (struct dirent *e; d && same && (e = readdir(d));) {
        if (!strstr(e->d_name, ".cl")) continue;
        char *pa = path_join(da, e->d_name), *pb = path_join(db, e->d_name);
        char *ta = read_file(pa, NULL), *tb = ta ? read_file(pb, NULL) : NULL;
        if (ta && tb) {
            char *ca = code(ta), *cb = code(tb);
            same = !strcmp(ca, cb);
            free(ca);
            free(cb);
        }
        free(ta);
        free(tb);
        free(pa);
        free(pb);
    }
    if (d) closedir(d);
    free(da);
    free(db);
    return same;
}

static int recorded(const char *x) { return x && *x; }

/* declared: whether runs a and b ran the same kernels under specs that declare other work
 * (cmp_declwork), d made either way (specdiff_free). */
static int declared(const struct rundir *a, const struct rundir *b, struct specdiff *d)
{
    memset(d, 0, sizeof *d);
    if (a == b || !a->spec_text || !b->spec_text || !strcmp(a->spec_text, b->spec_text)) return 0;
    /* The template's hash is what tells the kernel: a run that did not record it (a clx before
     * 2026-11-30) may have run another, and keeps the rule per unit of work. */
    const char *ta = a->rj.template_sha, *tb = b->rj.template_sha, *ra = a->rj.reference_sha, *rb = b->rj.reference_sha;
    if (!recorded(ta) || !recorded(tb) || strcmp(ta, tb)) return 0;
    if (recorded(ra) && recorded(rb) && strcmp(ra, rb)) return 0;
    specdiff_make(a->spec_text, b->spec_text, d);
    return specdiff_work_only(d) && same_sources(a, b);
}

char *cmp_declwork(const struct rundir *a, const char *an, const struct rundir *b, const char *bn)
{
    struct specdiff d;
    char *said = declared(a, b, &d) ? specdiff_said(&d, an, bn) : NULL;
    specdiff_free(&d);
    return said;
}

char *cmp_declwork_note(const struct cmp_join *j, int sa, int sb, const char *an, const char *bn)
{
    if (!cmp_timed(j, sa, sb)) return NULL;
    char *w = cmp_declwork(j->side[sa].r, an, j->side[sb].r, bn);
    if (!w) return NULL;
    char *note = xasprintf("%s's spec declares other work than %s's, not other kernels (the template and the generated "
                           "sources are the same): %s. Their GFLOP/s and GB/s are the declarations' and no comparison "
                           "of them; their times a launch are, and the speed-ups and the verdicts between them are by "
                           "time a launch, not per unit of work", bn, an, w);
    free(w);
    return note;
}

char *cmp_declwork_short(const struct cmp_join *j, int sa, int sb)
{
    if (!cmp_timed(j, sa, sb)) return NULL;
    struct specdiff d;
    char *said = NULL;
    if (declared(j->side[sa].r, j->side[sb].r, &d)) {
        struct sbuf t = {0};
        sb_printf(&t, "by time a launch: the spec's ");
        for (int i = 0; i < d.work.n; i++) sb_printf(&t, "%s%s", i == 0 ? "" : i == d.work.n - 1 ? " and " : ", ", d.work.v[i]);
        sb_printf(&t, " differ%s, not the kernels", d.work.n == 1 ? "s" : "");
        said = t.s;
    }
    specdiff_free(&d);
    return said;
}

void cmp_declwork_join(struct cmp_join *j)
{
    free(j->timed);
    j->timed = NULL;
    for (int sa = 0; sa < j->n; sa++)
        for (int sb = sa + 1; sb < j->n; sb++) {
            if (j->side[sa].r == j->side[sb].r) continue;
            struct specdiff d;
            if (declared(j->side[sa].r, j->side[sb].r, &d)) {
                if (!j->timed) j->timed = xcalloc((size_t)(j->n * j->n), 1);
                j->timed[sa * j->n + sb] = j->timed[sb * j->n + sa] = 1;
            }
            specdiff_free(&d);
        }
}

int cmp_timed(const struct cmp_join *j, int sa, int sb)
{
    return j->timed && sa >= 0 && sb >= 0 && sa < j->n && sb < j->n && j->timed[sa * j->n + sb];
}

/* pair_from: the side pair s's speed-up is against. */
static int pair_from(enum cmp_pairs how, int s) { return how == CMP_CONSECUTIVE ? s - 1 : 0; }

int cmp_basis_timed(const struct cmp_join *j, enum cmp_pairs how)
{
    int n = 0;
    for (int s = 1; s < j->n; s++) n += cmp_timed(j, pair_from(how, s), s);
    return n;
}

/* pairs_said: the pairs of j whose timed-ness is timed, "B and D", "run 2, run 3 and run 5" (a new string). */
static char *pairs_said(const struct cmp_join *j, enum cmp_pairs how, int timed)
{
    struct strlist l = {0};
    for (int s = 1; s < j->n; s++)
        if (cmp_timed(j, pair_from(how, s), s) == timed)
            sl_push_own(&l, how == CMP_AGAINST_A ? xstrdup(j->side[s].label) : how == CMP_AGAINST_FIRST
                            ? xasprintf("run %d", s + 1) : xasprintf("%d -> %d", s, s + 1));
    struct sbuf b = {0};
    for (int i = 0; i < l.n; i++) sb_printf(&b, "%s%s", i == 0 ? "" : i == l.n - 1 ? " and " : ", ", l.v[i]);
    sl_free(&l);
    return b.s;
}

char *cmp_basis_said(const struct cmp_join *j, enum cmp_pairs how, int full)
{
    static const char work[] = "per unit of work", launch[] = "per launch";
    const char *wf = full ? " (GFLOP/s or GB/s ratio where both define it, else time ratio)" : "";
    const char *lf = full ? " (time ratio: the specs declare other work for the same kernels)" : "";
    int timed = cmp_basis_timed(j, how);
    if (!timed) return xasprintf("%s%s", work, wf);
    if (timed == j->n - 1) return xasprintf("%s%s", launch, lf);
    char *w = pairs_said(j, how, 0), *l = pairs_said(j, how, 1);
    char *said = xasprintf("%s for %s%s, %s for %s%s", work, w, wf, launch, l, lf);
    free(w);
    free(l);
    return said;
}
