/* compare_solceil.c — the ceilings two sides of a comparison bound their rows by, where they differ
 * (compare_solceil.h). */
#include "compare_solceil.h"
#include "sol/measuredpeaks.h"
#include "spec/solkinds.h"
#include "store/columns.h"
#include "store/jsonval.h"
#include "lib/texttab.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The bounds that are not a class's throughput, and where run.json's sol keeps their figures (in obj,
 * or sol itself where obj is NULL; a figure of 0 is none). To add one, a row: its class, its keys
 * (two at most) and the words before each figure. */
static const struct {
    enum sol_class k;
    const char *obj, *key[2], *what[2], *unit;
} others[] = {
    { SOL_LAUNCH, NULL, { "launch_floor_us", NULL }, { "", NULL }, "us" },
    { SOL_LATENCY, "latency_ns", { "fp32_fma", "int32_mad" }, { "fp32 fma ", "int32 mad " }, "ns" },
    { SOL_DRAM_LATENCY, "latency_ns", { "last_level_cache", "memory" }, { "last-level cache ", "memory " }, "ns" },
};

/* One side's ceiling of a class: its figures (NAN: unknown) and, for the note, what it is. */
struct ceil { double v[2]; int n; const cJSON *at; int row; };

/* figure: x's number where it is a positive one, else NAN. */
static double figure(const cJSON *x) { return cJSON_IsNumber(x) && x->valuedouble > 0 ? x->valuedouble : NAN; }

/* read_ceil: class k's ceiling in sol; -1 where sol records none of it (an older clx's run). */
static int read_ceil(const cJSON *sol, int k, struct ceil *c)
{
    *c = (struct ceil){ .v = { NAN, NAN }, .row = -1 };
    if (k < SOL_LAUNCH) {
        c->at = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(sol, "ceilings"), sol_class_name(k));
        if (!c->at) return -1;
        c->v[0] = figure(c->at->child);     /* the first member: the figure in its unit */
        c->n = 1;
        return 0;
    }
    for (int i = 0; i < (int)(sizeof others / sizeof *others); i++) {
        if (others[i].k != (enum sol_class)k) continue;
        c->at = others[i].obj ? cJSON_GetObjectItemCaseSensitive(sol, others[i].obj) : sol;
        if (!c->at || !cJSON_GetObjectItemCaseSensitive(c->at, others[i].key[0])) return -1;
        c->row = i;
        for (c->n = 0; c->n < 2 && others[i].key[c->n]; c->n++)
            c->v[c->n] = figure(cJSON_GetObjectItemCaseSensitive(c->at, others[i].key[c->n]));
        return 0;
    }
    return -1;
}

/* apart: whether two figures differ (one known and the other not, or CMP_SOLCEIL_APART apart). */
static int apart(double a, double b)
{
    if (isnan(a) || isnan(b)) return isnan(a) != isnan(b);
    return fabs(a - b) > CMP_SOLCEIL_APART * fmax(a, b);
}

/* said: side's ceiling c of class k for the note: its figures and where they come from, the peaks run
 * read named for what it is (a --quick one: small sizes and few trials); a new string. */
static char *said(const cJSON *sol, int k, const struct ceil *c)
{
    if (c->row < 0) {
        const char *src = json_str(c->at, "source");
        char *is = NULL;
        if (str_starts(src, "measured")) {
            struct sol_peaks_what w;
            sol_peaks_what_recorded(sol, &w);
            is = sol_peaks_what_said(&w);
            sol_peaks_what_free(&w);
        }
        char *s = isnan(c->v[0]) ? xstrdup(*src ? src : "unknown")
                : xasprintf("%.4g %s (%s%s%s)", c->v[0], c->at->child->string, src, is ? "; that peaks run: " : "",
                            is ? is : "");
        free(is);
        return s;
    }
    struct sbuf b = {0};
    for (int i = 0; i < c->n; i++) {
        sb_printf(&b, "%s%s", i ? ", " : "", others[c->row].what[i]);
        if (isnan(c->v[i])) sb_printf(&b, "unknown");
        else sb_printf(&b, "%.4g %s", c->v[i], others[c->row].unit);
    }
    const char *src = k != SOL_LAUNCH ? json_str(c->at, "source") : isnan(c->v[0])
                    ? "not measured: run.json blocker.launch_floor_why says why" : "measured at its run's set-up";
    sb_printf(&b, " (%s)", *src ? src : "no source recorded");
    return b.s;
}

/* What side s holds against A: the classes whose ceilings differ (differ[k]) and how many
 * configurations in common each bounds on either side (bound[k]). 0 where either run records no
 * ceilings. */
struct side_diff { int differ[SOL_NCLASS], bound[SOL_NCLASS]; };

static int side_diff(const struct cmp_join *j, int s, const int *common, int ncommon, struct side_diff *d)
{
    memset(d, 0, sizeof *d);
    const struct rundir *a = j->side[0].r, *b = j->side[s].r;
    const cJSON *sa = runjson_part(&a->rj, RJ_SOL), *sb = runjson_part(&b->rj, RJ_SOL);
    /* Two device models have two sets of ceilings by nature: each side's sol_pct is its own device's
     * share, as a comparison of devices reads it. Another driver on one model is said (its clock). */
    if (!sa || !sb || a == b || (cmp_other_device(j, 0, s) & CMP_OTHER_DEVICE)) return 0;
    int any = 0;
    for (int k = 0; k < SOL_NCLASS; k++) {
        struct ceil x, y;
        if (read_ceil(sa, k, &x) || read_ceil(sb, k, &y)) continue;
        for (int i = 0; i < x.n; i++) d->differ[k] |= apart(x.v[i], y.v[i]);
        any |= d->differ[k];
    }
    if (!any) return 0;
    int ca = table_col(&a->t, COLUMN(bound)), cb = table_col(&b->t, COLUMN(bound));
    for (int c = 0; c < ncommon; c++) {
        int ia = j->where[common[c] * j->n], ib = j->where[common[c] * j->n + s];
        int ka = ca >= 0 && ia >= 0 ? sol_class_of_name(table_cell(&a->t, ia, ca)) : -1;
        int kb = cb >= 0 && ib >= 0 ? sol_class_of_name(table_cell(&b->t, ib, cb)) : -1;
        if (ka >= 0) d->bound[ka]++;
        if (kb >= 0 && kb != ka) d->bound[kb]++;
    }
    return 1;
}

/* classes: the classes of d that differ and bound rows (binding 1) or bound none (0), as said on a
 * device (cpu), ", " between; a new string, NULL where none. */
static char *classes(const struct side_diff *d, int binding, int cpu)
{
    struct sbuf b = {0};
    for (int k = 0; k < SOL_NCLASS; k++)
        if (d->differ[k] && (d->bound[k] > 0) == binding) sb_printf(&b, "%s%s", b.len ? ", " : "", sol_class_said(k, cpu));
    return b.s;
}

void cmp_solceil_note(FILE *md, const struct cmp_join *j, const int *common, int ncommon)
{
    for (int s = 1; s < j->n; s++) {
        struct side_diff d;
        if (!side_diff(j, s, common, ncommon, &d)) continue;
        const struct rundir *r[2] = { j->side[0].r, j->side[s].r };
        char *binding = classes(&d, 1, rundir_cpu(r[1])), *idle = classes(&d, 0, rundir_cpu(r[1]));
        char n[2] = { 'A', (char)('A' + s) };
        if (binding) {
            fprintf(md, "\n**Note:** %c's speed of light rests on other ceilings than A's (run.json `sol`) for the "
                        "classes that bound these rows: the `%% of sol` of a row bound by one of them moved with its "
                        "ceiling, not only with the row, and is not comparable between A and %c.\n\n", n[1], n[1]);
            for (int k = 0; k < SOL_NCLASS; k++) {
                if (!d.differ[k] || !d.bound[k]) continue;
                /* The word in code, as the bound column has it; a CPU's l2 glossed after it. */
                fprintf(md, "- `%s`%s, %d configuration%s bound by it:", sol_class_name(k),
                        k == SOL_L2 && rundir_cpu(r[1]) ? " (" SOL_CPU_L2_GLOSS ")" : "", d.bound[k], d.bound[k] == 1 ? "" : "s");
                for (int i = 0; i < 2; i++) {
                    const cJSON *sol = runjson_part(&r[i]->rj, RJ_SOL);
                    struct ceil c;
                    read_ceil(sol, k, &c);
                    char *w = said(sol, k, &c), *e = tt_md_escape(w);
                    fprintf(md, "%s %c %s", i ? ";" : "", n[i], e);
                    free(w);
                    free(e);
                }
                fprintf(md, "\n");
            }
        }
        /* Ceilings no row in common is bound by move no sol_pct here: named beside those that do, not
         * listed, and not said alone (two runs' launch floors, each measured at its set-up, always differ). */
        if (binding && idle) fprintf(md, "\n%c's ceilings of %s differ from A's too, binding no row compared here.\n", n[1], idle);
        free(binding);
        free(idle);
    }
}

void cmp_solceil_line(FILE *out, const struct cmp_join *j, const int *common, int ncommon)
{
    struct sbuf b = {0};
    for (int s = 1; s < j->n; s++) {
        struct side_diff d;
        if (!side_diff(j, s, common, ncommon, &d)) continue;
        char *binding = classes(&d, 1, rundir_cpu(j->side[s].r));
        if (binding) sb_printf(&b, "%s%c's %sfor %s", b.len ? "; " : "", 'A' + s, b.len ? "" : "speed-of-light ceilings differ from A's ", binding);
        free(binding);
    }
    if (b.len)
        fprintf(out, "clx: compare: %s: the sol_pct of rows those classes bound are not comparable between the sides "
                     "(compare.md has each side's figure and source)\n", b.s);
    sb_free(&b);
}
