/* search_full.c — what a search at a smaller size than the spec's own says of one at that size: a
 * round there, from this run's rounds scaled by the work the spec counts, and the budget that pays
 * for the rounds a race needs (so that a command suggested for the full space can do what it says). */
#include "search_impl.h"
#include "lib/stats.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int search_reads_name(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text ? strstr(text, name) : NULL; p; p = strstr(p + 1, name)) {
        int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        int after = isalnum((unsigned char)p[n]) || p[n] == '_';
        if (!before && !after) return 1;
    }
    return 0;
}

double search_budget_for(double need_s)
{
    /* Twice the least (a round's cost moves with the load and the configuration: PoCL's full-size
     * sgemm took 35 s a round on one day, 114.6 s on a loaded one), then up to 1, 2 or 5 times a
     * power of ten: 722.7 s asks 2000. */
    double need = 2 * need_s;
    if (!(need > 0) || !isfinite(need)) return NAN;
    double p = pow(10, floor(log10(need)));
    static const double steps[] = { 1, 2, 5 };
    for (int k = 0; k < 3; k++)
        if (steps[k] * p >= need * (1 - 1e-9)) return steps[k] * p;
    return 10 * p;
}

/* work_expr: the expression of the work the race ranks by (NULL: the time, which no size scales). */
static const char *work_expr(const struct search *se)
{
    return *se->unit == 'G' ? (se->unit[1] == 'F' ? se->r->s->flops : se->r->s->bytes) : NULL;
}

/* full_values: into v, each launch axis the work reads set to the spec's own largest value where this
 * run's plan has other values (--quick, --set), named in at ("MNK=2048"): the number of them, 0 where
 * the run searched the spec's sizes, -1 where it cannot be said (a value that is no number, a derived
 * value the work reads, which would keep this run's size). */
static int full_values(const struct search *se, struct vars *v, struct sbuf *at)
{
    const struct spec *s = se->r->s;
    const struct plan *p = &se->r->plan;
    const char *expr = work_expr(se);
    if (!expr) return -1;
    for (int k = 0; k < s->derived_names.n; k++)
        if (search_reads_name(expr, s->derived_names.v[k])) return -1;
    int changed = 0;
    for (int a = 0; a < p->naxes; a++) {
        const char *name = p->axis_names[a];
        if (!strcmp(name, "local") || !search_reads_name(expr, name)) continue;
        const struct spec_axis *sa = NULL;
        for (int k = 0; k < s->nlaunch; k++)
            if (!strcmp(s->launch[k].name, name)) sa = &s->launch[k];
        if (!sa || sa->items.n == 0) return -1;
        double full = -INFINITY, here = -INFINITY, x;
        struct vars none = {0};
        for (int k = 0; k < sa->items.n; k++) {
            if (expr_eval(sa->items.v[k], &none, &x, NULL)) return -1;
            full = fmax(full, x);
        }
        for (int k = 0; k < p->axis_values[a].n; k++) {
            if (expr_eval(p->axis_values[a].v[k], &none, &x, NULL)) return -1;
            here = fmax(here, x);
        }
        if (full == here) continue;
        vars_set(v, name, full);
        sb_printf(at, "%s%s=%.10g", changed ? "," : "", name, full);
        changed++;
    }
    return changed;
}

double search_full_scale(const struct search *se, const struct vars *vv)
{
    struct vars v = {0};
    struct sbuf at = {0};
    vars_copy(&v, vv);
    int n = full_values(se, &v, &at);
    double full, here, scale = NAN;
    if (n == 0) scale = 1;
    else if (n > 0 && !expr_eval(work_expr(se), &v, &full, NULL) && !expr_eval(work_expr(se), vv, &here, NULL) &&
             full > 0 && here > 0)
        scale = full / here;
    vars_free(&v);
    sb_free(&at);
    return scale;
}

int search_full_estimate(const struct search *se, struct search_full *f)
{
    memset(f, 0, sizeof *f);
    struct vars v = {0};
    struct sbuf at = {0};
    int n = full_values(se, &v, &at);
    vars_free(&v);
    if (n <= 0) { sb_free(&at); return 0; }
    const struct race *ra = se->race;
    /* A configuration's first round carries its warm-ups and set-up (buffers, the reference's answer),
     * the later ones a round of trials alone: the race's first sample is first rounds, the best's
     * rounds later ones, each counted at its own median. A first round's one-off at its first launch
     * (se->once: a driver compiling the kernel then) is no work the spec counts, and is added
     * unscaled: counted as work, PoCL's cold kernel cache asked a budget 20x a warm one's. */
    size_t cap = (size_t)ra->nlog + 1;
    double *here = xmalloc(sizeof *here * cap), *first = xmalloc(sizeof *first * cap), *later = xmalloc(sizeof *later * cap);
    double *once = xmalloc(sizeof *once * cap);
    char *seen = xcalloc((size_t)se->n + 1, 1);
    int nf = 0, nl = 0;
    for (int s = 0; s < ra->nlog; s++) {
        const struct race_step *st = &ra->log[s];
        int again = seen[st->config]++;
        double round = st->cost_s - st->build_s, scale = se->full_scale ? se->full_scale[st->config] : NAN;
        if (!st->ok || !(round > 0) || !(scale > 0) || !isfinite(scale)) continue;
        if (again) later[nl++] = round * scale;
        else {
            double o = se->once ? fmin(fmax(se->once[st->config], 0), round) : 0;
            once[nf] = o;
            here[nf] = round - o;
            first[nf++] = (round - o) * scale;
        }
    }
    if (nf) {
        f->rounds = nf;
        f->round_s = stats_median(here, nf);
        f->once_s = stats_median(once, nf);
        f->full_round_s = stats_median(first, nf) + f->once_s;
        double next = nl ? stats_median(later, nl) : f->full_round_s - f->once_s;
        f->need_s = RACE_BUDGET_FROM * f->full_round_s + (SEARCH_PACE_ROUNDS - RACE_BUDGET_FROM) * next;
        f->budget_s = search_budget_for(f->need_s);
        f->at = at.s;
    } else sb_free(&at);
    free(here);
    free(first);
    free(later);
    free(once);
    free(seen);
    return nf > 0;
}
