/* compare_outcome.c — `clx compare` decided: verdicts, tallies, the tables both outputs print (the
 * sides': compare_sides.c). */
#include "compare_outcome.h"
#include "compare_builds.h"
#include "compare_noise.h"
#include "compare_provenance.h"
#include "compare_sol.h"
#include "store/solwords.h"
#include "store/columns.h"
#include "store/results.h"
#include "lib/stats.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static struct group *group_of(struct group **g, int *ng, const char *variant, const char *build, int n)
{
    for (int i = 0; i < *ng; i++)
        if (!strcmp((*g)[i].variant, variant) && !strcmp((*g)[i].build, build)) return &(*g)[i];
    *g = xrealloc(*g, sizeof **g * (size_t)(*ng + 1));
    struct group *x = &(*g)[(*ng)++];
    *x = (struct group){ .variant = xstrdup(variant), .build = xstrdup(build), .n = 0,
                         .count = xcalloc((size_t)n * 4, sizeof(int)), .logsum = xcalloc((size_t)n, sizeof(double)),
                         .decided = xcalloc((size_t)n, sizeof(struct decided_way)) };
    return x;
}

static double floor_median(const struct cmp_join *j, const struct outcome *o, int s, int *unsure);

/* cmp_decide_all: every cell; then, for a side that is another run on the same device model, again
 * with the run-to-run noise its cells show beyond their rounds (cmp_run_noise); then the tallies. */
void cmp_decide_all(const struct cmp_join *j, const struct verdict_rule *rule, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    o->min_effect = rule->min_effect;
    o->common = xcalloc((size_t)j->ncommon + 1, sizeof *o->common);
    o->cell = xcalloc((size_t)(j->ncommon + 1) * (size_t)j->n, sizeof *o->cell);
    o->noise = xcalloc((size_t)j->n, sizeof *o->noise);
    o->floor = xcalloc((size_t)j->n, sizeof *o->floor);
    for (int c = 0; c < j->nconf; c++)
        if (cmp_in_all(j, c)) o->common[o->ncommon++] = c;
    for (int s = 1; s < j->n; s++) {
        for (int k = 0; k < o->ncommon; k++) cmp_decide(j, o->common[k], 0, s, rule, 0, &o->cell[k * j->n + s]);
        o->noise[s] = cmp_same_device(j, 0, s) ? cmp_run_noise(&o->cell[s], o->ncommon, j->n, cmp_same_setup(j, 0, s)) : 1;
        for (int k = 0; k < o->ncommon && o->noise[s] > 1; k++) {
            struct cmp_cell *x = &o->cell[k * j->n + s];
            if (!x->paired) cmp_decide(j, o->common[k], 0, s, rule, x->v.se * sqrt(o->noise[s] * o->noise[s] - 1), x);
        }
        int unsure;
        o->floor[s] = floor_median(j, o, s, &unsure);
    }
    const struct rundir *a = j->side[0].r;
    /* Along a column each side holds one value of it: a verdict table's "(each)" reads as B's against
     * A's ("VEC=1,ILP=8 vs 1", "-cl-opt-disable vs default"), as a student reads the question. */
    if (j->side[0].value) {
        o->nsides = j->n;
        o->each_said = xcalloc((size_t)j->n, sizeof *o->each_said);
        for (int s = 1; s < j->n; s++)
            if (j->side[s].value)
                o->each_said[s] = xasprintf("%s vs %s", *j->side[s].value ? j->side[s].value : "default",
                                            *j->side[0].value ? j->side[0].value : "default");
    }
    for (int k = 0; k < o->ncommon; k++) {
        int ia = j->where[o->common[k] * j->n];
        /* Along a parameter a group is the rest of the variant: ILP's means at each VEC. */
        char *variant = j->by_param ? cmp_variant_said(j, a, ia)
                                    : xstrdup(j->along == 0 ? "(each)" : table_cell(&a->t, ia, a->c_variant));
        const char *build = j->along == 1 ? "(each)" : table_cell(&a->t, ia, a->c_build);
        struct group *g = group_of(&o->g, &o->ng, variant, build, j->n);
        free(variant);
        g->n++;
        int slower = 0;
        for (int s = 1; s < j->n; s++) {
            const struct cmp_cell *x = &o->cell[k * j->n + s];
            g->count[s * 4 + x->v.v]++;
            g->logsum[s] += log(x->speedup);
            if (x->v.v == VERDICT_FASTER || x->v.v == VERDICT_SLOWER) cmp_decided_take(&g->decided[s], x->v.v == VERDICT_FASTER, x->speedup);
            slower |= x->v.v == VERDICT_SLOWER;
        }
        o->slower += slower;
    }
}

void cmp_outcome_free(struct outcome *o)
{
    for (int i = 0; i < o->ng; i++) {
        free(o->g[i].variant); free(o->g[i].build); free(o->g[i].count); free(o->g[i].logsum); free(o->g[i].decided);
    }
    free(o->g);
    free(o->cell);
    free(o->common);
    free(o->noise);
    free(o->floor);
    if (o->each_said)
        for (int s = 0; s < o->nsides; s++) free(o->each_said[s]);
    free(o->each_said);
}

const char *cmp_ratio_said(char *buf, size_t n, double x)
{
    char b[32], slow[32];
    if (!isfinite(x)) { snprintf(buf, n, "-"); return buf; }
    fmt_ratio(b, sizeof b, x);
    /* The run summary says -cl-opt-disable's cost as a slowdown (>1 = slower, "3.23x"); a bare
     * 0.310x here read as the other way round. The factor is the speed-up's: per unit of work. */
    if (x > 0 && x < 1 && strcmp(fmt_sig(slow, sizeof slow, 1 / x, 3, 2), "1")) snprintf(buf, n, "%s (%sx slowdown)", b, slow);
    else snprintf(buf, n, "%s", b);
    return buf;
}

char *cmp_verdicts_said(const int *count)
{
    static const enum speed_verdict order[] = { VERDICT_SAME, VERDICT_FASTER, VERDICT_SLOWER, VERDICT_UNSURE };
    int kinds = 0, only = 0;
    for (int k = 0; k < 4; k++)
        if (count[order[k]]) { kinds++; only = order[k]; }
    if (kinds <= 1) return xstrdup(verdict_name((enum speed_verdict)only));
    struct sbuf b = {0};
    for (int k = 0; k < 4; k++)
        if (count[order[k]]) sb_printf(&b, "%s%d %s", b.len ? ", " : "", count[order[k]], verdict_name(order[k]));
    return b.s;
}

void cmp_ratio_cell(struct texttab *t, double x)
{
    char b[64];
    tt_cell(t, "%s", cmp_ratio_said(b, sizeof b, x));
}

/* decided_cell: the decided configurations' speed-up, with how many of the row's n they are where
 * not all ("26.3x (1 of 2)": volkov_fma's ILP=4 read as 26x beside an overall 9.2x, its other
 * configuration UNSURE at 3.2x), or where they went both ways, that said. */
static void decided_cell(struct texttab *t, const struct decided_way *d, int n)
{
    char b[160], r[64];
    int nd = d->faster + d->slower;
    if (cmp_decided_both(b, sizeof b, d)) tt_cell(t, "%s", b);
    else if (nd > 0 && nd < n) tt_cell(t, "%s (%d of %d)", cmp_ratio_said(r, sizeof r, cmp_decided_mean(d)), nd, n);
    else cmp_ratio_cell(t, cmp_decided_mean(d));
}

/* point_of: configuration c's launch point (with local) and, compared along a launch axis or
 * none, nothing more; a new string, "-" when nothing varies. */
static char *point_of(const struct cmp_join *j, int c)
{
    const struct rundir *a = j->side[0].r;
    int ia = j->where[c * j->n];
    char *p = rundir_point(a, ia, 1);
    if (*p) return p;
    free(p);
    return xstrdup("-");
}

/* mostly_unsure: whether most configurations of side s are UNSURE (then the mean of all is mostly
 * noise). */
static int mostly_unsure(const struct outcome *o, int s)
{
    int n = 0, unsure = 0;
    for (int i = 0; i < o->ng; i++) {
        n += o->g[i].n;
        unsure += o->g[i].count[s * 4 + VERDICT_UNSURE];
    }
    return 2 * unsure > n;
}

/* all_row: an "all" row of the summary table: counts n and total, the speed-up of log sum all
 * (NAN: none said) and the decided ones' cell of dec (NULL: none said); where the table has its note column (note), that cell, said where the
 * row's own configurations are mostly UNSURE and empty otherwise: a row a cell short slid every
 * row after it one cell left (a build's "all" row read build=12, SLOWER=12). */
static void all_row(struct texttab *t, const char *build, int n, const int *total, double all, const struct decided_way *dec,
                    int note)
{
    tt_cell(t, "all");
    tt_cell(t, "%s", build);
    tt_cell(t, "%d", n);
    for (int v = 0; v < 4; v++) tt_cell(t, "%d", total[v]);
    cmp_ratio_cell(t, n ? exp(all / n) : NAN);
    decided_cell(t, dec ? dec : &(struct decided_way){0}, n);
    if (!note) return;
    /* "all 0.537x" alone reads as a result; with 23 of 24 UNSURE it is mostly noise. SAME is a
     * verdict too: "only 0 of 24 decided" above 5 SAME read as if nothing got one. */
    int noisy = 2 * total[VERDICT_UNSURE] > n;
    if (noisy && n == total[VERDICT_UNSURE])       /* "only 0 of 8 with a verdict" said none in words that count some */
        tt_cell(t, "none of %d with a verdict (all UNSURE): within the noise", n);
    else if (noisy && !total[VERDICT_FASTER] && !total[VERDICT_SLOWER])
        tt_cell(t, "only %d of %d with a verdict (%d SAME, 0 FASTER or SLOWER; %d UNSURE): within the noise",
                total[VERDICT_SAME], n, total[VERDICT_SAME], total[VERDICT_UNSURE]);
    /* Some FASTER or SLOWER are beyond the noise: "within the noise" beside "5 FASTER up to 29.4x, 6
     * SLOWER up to 23.4x slowdown" (PoCL against Intel's runtime) read as if nothing differed. It is
     * the mean of all that rests mostly on noise. */
    else if (noisy)
        tt_cell(t, "only %d of %d with a verdict (%d SAME, %d FASTER or SLOWER: beyond the noise; %d UNSURE): "
                "the speed-up of all is mostly noise", n - total[VERDICT_UNSURE], n, total[VERDICT_SAME],
                total[VERDICT_FASTER] + total[VERDICT_SLOWER], total[VERDICT_UNSURE]);
    else
        tt_cell(t, "%s", "");
}

/* each_text: text (new, taken) with its "(each)" as each says it where each is not NULL; a new string. */
static char *each_text(char *text, const char *each)
{
    const char *at = each ? strstr(text, "(each)") : NULL;
    if (!at) return text;
    char *said = xasprintf("%.*s%s%s", (int)(at - text), text, each, at + 6);
    free(text);
    return said;
}

/* each_cell: text as a cell, its "(each)" as each says it where each is not NULL. */
static void each_cell(struct texttab *t, const char *text, const char *each)
{
    char *cell = each_text(xstrdup(text), each);
    tt_cell(t, "%s", cell);
    free(cell);
}

/* cmp_summary_table: per group and side, the verdicts' counts and the geometric means of the speed-ups
 * (of every configuration, and of the decided ones); where most are UNSURE, a last column says on
 * how few decided ones the overall speed-up rests; where the builds' speed-ups differ, no overall
 * speed-up (compare_builds.h). */
void cmp_summary_table(const struct outcome *o, int s, struct texttab *t)
{
    tt_head(t, (const char *const []){ "variant", "build", "rows", "SAME", "FASTER", "SLOWER", "UNSURE", "speed-up",
                                       "decided speed-up", NULL });
    int noisy = mostly_unsure(o, s);
    if (noisy) tt_head_add(t, "note");
    int total[4] = {0}, n = 0;
    double all = 0;
    struct decided_way dec = {0};
    const char *each = o->each_said && s < o->nsides ? o->each_said[s] : NULL;
    for (int i = 0; i < o->ng; i++) {
        const struct group *g = &o->g[i];
        each_cell(t, g->variant, each);
        each_cell(t, g->build, each);
        tt_cell(t, "%d", g->n);
        for (int v = 0; v < 4; v++) { tt_cell(t, "%d", g->count[s * 4 + v]); total[v] += g->count[s * 4 + v]; }
        cmp_ratio_cell(t, exp(g->logsum[s] / g->n));
        decided_cell(t, &g->decided[s], g->n);
        if (noisy) tt_cell(t, "%s", "");
        n += g->n; all += g->logsum[s];
        cmp_decided_add(&dec, &g->decided[s]);
    }
    struct build_mean *b;
    int nb = cmp_builds_of(o, s, &b), apart = nb >= 2 && cmp_builds_differ(o, s, b, nb);
    for (int k = 0; k < nb && apart; k++)   /* a build of one group has its row above already */
        if (b[k].groups > 1) all_row(t, b[k].build, b[k].n, b[k].count, b[k].logsum, &b[k].decided, noisy);
    free(b);
    /* Over builds that differ the overall row keeps its counts, and no speed-up (cmp_builds_line says why). */
    all_row(t, apart ? "(builds differ)" : "", n, total, apart ? NAN : all, apart ? NULL : &dec, noisy);
}

/* floor_median: the median noise floor of side s's comparisons (what the rows could decide). */
static double floor_median(const struct cmp_join *j, const struct outcome *o, int s, int *unsure)
{
    double *f = xcalloc((size_t)o->ncommon + 1, sizeof *f);
    int n = 0;
    *unsure = 0;
    for (int k = 0; k < o->ncommon; k++) {
        /* A floor the rows cannot give (a row of one trial: no scatter) is no floor at all. */
        double x = o->cell[k * j->n + s].v.floor;
        f[n++] = isnan(x) ? INFINITY : x;
        *unsure += o->cell[k * j->n + s].v.v == VERDICT_UNSURE;
    }
    double m = n ? stats_median(f, n) : 0;
    free(f);
    return m;
}

/* rounds_median: the median rounds of the rows side 0 and side s compare (0 where no row says). */
static double rounds_median(const struct cmp_join *j, const struct outcome *o, int s)
{
    double *r = xcalloc(2 * (size_t)o->ncommon + 1, sizeof *r);
    int n = 0;
    for (int k = 0; k < o->ncommon; k++)
        for (int side = 0; side <= s; side += s ? s : 1) {
            const struct rundir *d = j->side[side].r;
            int c = table_col(&d->t, "rounds"), row = j->where[o->common[k] * j->n + side];
            double x = c >= 0 && row >= 0 ? table_num(&d->t, row, c) : NAN;
            if (x > 0) r[n++] = x;
        }
    double m = n ? stats_median(r, n) : 0;
    free(r);
    return m;
}

/* config_said: the k-th configuration on side s by name, "naive default N=1000 local=64" (a new
 * string), the column compared along as the tables say it ("VEC=2,ILP=8 vs 1"), not "(each)". */
static char *config_said(const struct cmp_join *j, const struct outcome *o, int k, int s)
{
    const struct rundir *a = j->side[0].r;
    int c = o->common[k], ia = j->where[c * j->n];
    char *pt = point_of(j, c);
    const char *each = o->each_said && s < o->nsides ? o->each_said[s] : NULL;
    char *variant = each_text(cmp_variant_said(j, a, ia), each);
    char *build = each_text(xstrdup(j->along == 1 ? "(each)" : table_cell(&a->t, ia, a->c_build)), each);
    char *said = xasprintf("%s %s %s", variant, *build ? build : "default", pt);
    free(pt);
    free(variant);
    free(build);
    return said;
}

/* far_said: the k-th configuration's cell x, UNSURE by one round far out, by name: "naive default
 * N=1000: A's round of 5.2 ms against 0.18 ms, its other rounds' median (29x), puts its floor at a
 * factor of 4023 (3.1% without it)", each floor said as floor_said says the median's (a new
 * string). */
static char *far_said(const struct cmp_join *j, const struct outcome *o, int k, int s, const struct cmp_cell *x)
{
    char ms[32], others[32], times[32], fl[FLOOR_SAID_SIZE], wo[FLOOR_SAID_SIZE];
    char *name = config_said(j, o, k, s);
    double r = x->far_ms / x->far_others_ms;
    /* Past telling, the floor bare: the words in parentheses are the floor without the round. */
    char *said = xasprintf("%s: %s's round of %s ms against %s ms, its other rounds' median (%s), puts its floor "
                           "%s%s (%s without it)", name, j->side[x->far_side].label,
                           fmt_fig(ms, sizeof ms, x->far_ms), fmt_fig(others, sizeof others, x->far_others_ms),
                           fmt_ratio(times, sizeof times, r), floor_past_telling(x->v.floor) ? "" : "at ",
                           floor_said_bare(fl, sizeof fl, x->v.floor), compare_floor_said(wo, sizeof wo, x->far_floor_without));
    free(name);
    return said;
}

/* row_rounds: results.tsv's rounds of row i of r (0: not known). */
static int row_rounds(const struct rundir *r, int i)
{
    int c = table_col(&r->t, "rounds");
    double x = c >= 0 && i >= 0 ? table_num(&r->t, i, c) : NAN;
    return x > 0 ? (int)x : 0;
}

/* unsure_of: the k-th configuration's cell x (UNSURE) on side s as the noise line's advice takes it:
 * its own rounds beside its floor (compare_noise.h), far said where one round far out makes it. */
static struct unsure_row unsure_of(const struct cmp_join *j, const struct outcome *o, int k, int s, const struct cmp_cell *x)
{
    int c = o->common[k], ra = row_rounds(j->side[0].r, j->where[c * j->n]), rb = row_rounds(j->side[s].r, j->where[c * j->n + s]);
    struct unsure_row u = { .ratio = x->v.ratio, .floor = x->v.floor, .far = x->far ? far_said(j, o, k, s, x) : NULL,
                            .name = config_said(j, o, k, s) };
    if (ra > 0 && rb > 0) {
        u.rounds_lo = ra < rb ? ra : rb;
        u.rounds_hi = ra < rb ? rb : ra;
        /* paired: the rounds both took; else each median's error over its own rounds */
        u.rounds = x->paired ? u.rounds_lo : 2.0 / (1.0 / ra + 1.0 / rb);
    }
    return u;
}

/* floor_without: the median floor of side s's configurations, each floor one round far out makes
 * taken without that round (0 where there is none such). */
static double floor_without(const struct cmp_join *j, const struct outcome *o, int s)
{
    double *f = xcalloc((size_t)o->ncommon + 1, sizeof *f);
    int n = 0, far = 0;
    for (int k = 0; k < o->ncommon; k++) {
        const struct cmp_cell *x = &o->cell[k * j->n + s];
        double v = x->far ? x->far_floor_without : x->v.floor;
        far += x->far;
        f[n++] = isnan(v) ? INFINITY : v;
    }
    double m = n && far ? stats_median(f, n) : 0;
    free(f);
    return m;
}

/* noise_said_of: what side s's comparison noise let decide (compare_noise.h); its UNSURE rows' own
 * ratios, floors and rounds far out in *rows, freed by rows_free. */
static struct noise_said noise_said_of(const struct cmp_join *j, const struct outcome *o, int s,
                                       const struct verdict_rule *rule, struct unsure_row **rows)
{
    struct noise_said n = { .label = j->side[s].label, .run_noise = o->noise[s], .min_effect = rule->min_effect,
                            .ncommon = o->ncommon, .runs = j->nruns, .rounds = rounds_median(j, o, s),
                            .same_floor = SAME_MAX_FLOORS * rule->min_effect };
    n.floor = floor_median(j, o, s, &n.unsure);
    n.floor_without = floor_without(j, o, s);
    n.move = cmp_shift(&o->cell[s], o->ncommon, j->n);
    n.same_setup = cmp_same_device(j, 0, s) && cmp_same_setup(j, 0, s);
    n.other_device = cmp_other_device(j, 0, s) != 0;
    n.searched = rundir_is_search(j->side[0].r) || rundir_is_search(j->side[s].r);
    *rows = xcalloc((size_t)n.unsure + 1, sizeof **rows);
    for (int k = 0, u = 0; k < o->ncommon; k++) {
        const struct cmp_cell *x = &o->cell[k * j->n + s];
        if (x->v.v == VERDICT_UNSURE)
            (*rows)[u++] = unsure_of(j, o, k, s, x);
    }
    n.rows = *rows;
    return n;
}

static void rows_free(struct unsure_row *rows, int n)
{
    for (int i = 0; i < n; i++) free((char *)rows[i].far), free((char *)rows[i].name);
    free(rows);
}

void cmp_noise_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, const struct verdict_rule *rule)
{
    struct unsure_row *rows;
    struct noise_said n = noise_said_of(j, o, s, rule, &rows);
    compare_noise_line(out, &n);
    rows_free(rows, n.unsure);
}

int cmp_say_level(FILE *out, const char *lead, const struct cmp_join *j, const struct outcome *o, int s,
                  const struct verdict_rule *rule)
{
    struct unsure_row *rows;
    struct noise_said n = noise_said_of(j, o, s, rule, &rows);
    int said = compare_say_level(out, lead, &n);
    rows_free(rows, n.unsure);
    return said;
}

/* cmp_rows_table: every configuration in common: its point, and per other side the speed-up and verdict. */
void cmp_rows_table(const struct cmp_join *j, const struct outcome *o, struct texttab *t)
{
    const struct rundir *a = j->side[0].r;
    tt_head(t, (const char *const []){ "variant", "build", "point", "A: " SOLWORDS_PCT " (bound)", NULL });
    for (int s = 1; s < j->n; s++) {
        char col[64];
        snprintf(col, sizeof col, "%c vs A", 'A' + s);
        tt_head_add(t, col);
        tt_head_add(t, "verdict");
        snprintf(col, sizeof col, "%c: %s (bound)", 'A' + s, SOLWORDS_PCT);
        tt_head_add(t, col);
    }
    for (int k = 0; k < o->ncommon; k++) {
        int c = o->common[k], ia = j->where[c * j->n];
        char *pt = point_of(j, c);
        char *variant = cmp_variant_said(j, a, ia);
        tt_cell(t, "%s", variant);
        free(variant);
        tt_cell(t, "%s", j->along == 1 ? "(each)" : table_cell(&a->t, ia, a->c_build));
        tt_cell(t, "%s", pt);
        free(pt);
        cmp_sol_cell(t, a, ia);
        for (int s = 1; s < j->n; s++) {
            const struct cmp_cell *x = &o->cell[k * j->n + s];
            cmp_ratio_cell(t, x->speedup);
            int cut = rundir_row_cut(a, ia) || rundir_row_cut(j->side[s].r, j->where[c * j->n + s]);
            tt_cell(t, "%s%s%s", verdict_name(x->v.v), x->clock ? " (clock)" : "", cut ? " (rounds-cut)" : "");
            cmp_sol_cell(t, j->side[s].r, j->where[c * j->n + s]);
        }
    }
}

int cmp_any_cut(const struct cmp_join *j, const struct outcome *o)
{
    for (int k = 0; k < o->ncommon; k++)
        for (int s = 0; s < j->n; s++)
            if (rundir_row_cut(j->side[s].r, j->where[o->common[k] * j->n + s])) return 1;
    return 0;
}
