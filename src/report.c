/* report.c — summary tables printed at the end of a run. */
#include "report.h"
#include "util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void report_init(struct report *r, const struct spec *s, const struct plan *p, const struct peak *pk)
{
    memset(r, 0, sizeof *r);
    r->s = s;
    r->p = p;
    r->pk = pk;
}

void report_add(struct report *r, const struct report_rec *rec)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 64;
        r->recs = xrealloc(r->recs, sizeof *r->recs * r->cap);
    }
    r->recs[r->n++] = *rec;
}

void report_free(struct report *r)
{
    free(r->recs);
    memset(r, 0, sizeof *r);
}

static int timed(const struct report_rec *x) { return !isnan(x->median_ms) && x->median_ms > 0; }

/* same_params: whether plan variant x carries the same values as variant y for every parameter
 * that is not one of spec variant sv's own (those come from params axes or overrides). */
static int same_params(const struct variant *x, const struct variant *y, const struct spec_variant *sv)
{
    for (int k = 0; k < x->keys.n; k++) {
        int own = 0;
        for (int j = 0; j < sv->keys.n; j++) own |= !strcmp(sv->keys.v[j], x->keys.v[k]);
        const char *yv = own ? NULL : plan_variant_value(y, x->keys.v[k]);
        if (yv && strcmp(yv, x->values.v[k])) return 0;
    }
    return 1;
}

double report_rel_time(const struct report *r, int rel, const struct report_rec *rec, const struct plan *p)
{
    if (rel < 0 || !timed(rec)) return NAN;
    /* rel is a spec variant index; match plan variants by that spec variant's name. */
    const char *name = r->s->variants[rel].name;
    if (p->variants[rec->variant].name && !strcmp(p->variants[rec->variant].name, name)) return 1.0;
    for (size_t i = 0; i < r->n; i++) {
        const struct report_rec *x = &r->recs[i];
        if (x->build == rec->build && x->point == rec->point && timed(x) &&
            p->variants[x->variant].name && !strcmp(p->variants[x->variant].name, name) &&
            same_params(&p->variants[x->variant], &p->variants[rec->variant], &r->s->variants[rel]))
            return rec->median_ms / x->median_ms;
    }
    return NAN;
}

static size_t nlocal(const struct plan *p) { return (size_t)p->axis_values[p->naxes - 1].n; }

static void point_label(const struct plan *p, size_t pt, int with_local, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int a = 0; a < p->naxes; a++) {
        int is_local = !strcmp(p->axis_names[a], "local");
        if (is_local && !with_local) continue;
        /* Axes with one value say nothing in a summary. */
        if (!is_local && p->axis_values[a].n < 2) continue;
        used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s=%s", used ? " " : "",
                                 p->axis_names[a], plan_point_value(p, pt, a));
    }
}

/* score: what "best" means: the work done may differ between work-group sizes (a grid sized by
 * the group), so throughput decides where the spec defines it, time otherwise. */
static double score(const struct report_rec *x)
{
    if (x->gflops > 0) return x->gflops;
    if (x->gbs > 0) return x->gbs;
    return 1.0 / x->median_ms;
}

/* best: the best timed row of variant v, build b at data point dp (any local size). */
static const struct report_rec *best(const struct report *r, int v, int b, size_t dp)
{
    const struct report_rec *bx = NULL;
    for (size_t i = 0; i < r->n; i++) {
        const struct report_rec *x = &r->recs[i];
        if (x->variant == v && x->build == b && x->point / nlocal(r->p) == dp && timed(x) &&
            (!bx || score(x) > score(bx)))
            bx = x;
    }
    return bx;
}

static const struct report_rec *find(const struct report *r, int v, int b, size_t pt)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->recs[i].variant == v && r->recs[i].build == b && r->recs[i].point == pt && timed(&r->recs[i]))
            return &r->recs[i];
    return NULL;
}

/* A work-group sweep reads best as a table: one row per local size, one column per variant,
 * throughput in the cells (the seed's "GFLOPS vs block size per ILP" plots), for each build and
 * data point. Printed when there are several local sizes. */
static void print_pivot(const struct report *r, FILE *out)
{
    const struct plan *p = r->p;
    size_t nl = nlocal(p), ndp = p->npoints / nl;
    if (nl < 2) return;
    for (int b = 0; b < p->builds.n; b++)
        for (size_t dp = 0; dp < ndp; dp++) {
            const struct report_rec *any = NULL;
            for (int v = 0; v < p->nvariants && !any; v++) any = best(r, v, b, dp);
            if (!any) continue;
            const char *unit = any->gflops > 0 ? "GFLOP/s" : any->gbs > 0 ? "GB/s" : "ms";
            char lbl[128];
            point_label(p, dp * nl, 0, lbl, sizeof lbl);
            fprintf(out, "\n%s by work-group size, build \"%s\"%s%s:\n  %6s", unit, plan_build_label(p->builds.v[b]),
                    lbl[0] ? ", " : "", lbl, "local");
            for (int v = 0; v < p->nvariants; v++) fprintf(out, " %12.12s", p->variants[v].id);
            fprintf(out, "\n");
            for (size_t l = 0; l < nl; l++) {
                fprintf(out, "  %6s", p->axis_values[p->naxes - 1].v[l]);
                for (int v = 0; v < p->nvariants; v++) {
                    const struct report_rec *x = find(r, v, b, dp * nl + l);
                    if (!x) fprintf(out, " %12s", "-");
                    else fprintf(out, " %12.1f", any->gflops > 0 ? x->gflops : any->gbs > 0 ? x->gbs : x->median_ms);
                }
                fprintf(out, "\n");
            }
        }
}


static void print_summary(const struct report *r, FILE *out)
{
    const struct plan *p = r->p;
    size_t ndp = p->npoints / nlocal(p);
    fprintf(out, "\nBest work-group size per variant, build and point (highest GFLOP/s, else GB/s, else lowest\n"
                 "median time):\n");
    fprintf(out, "  %-24s %-18s %-26s %11s %10s %10s %7s %11s %7s  %s\n", "variant", "build", "point (best local)",
            "median ms", "+/- ms", "GB/s", "%bw", "GFLOP/s", "%fp32", "status");
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++)
            for (size_t dp = 0; dp < ndp; dp++) {
                const struct report_rec *x = best(r, v, b, dp);
                if (!x) continue;
                char lbl[128];
                point_label(p, x->point, 1, lbl, sizeof lbl);
                fprintf(out, "  %-24.24s %-18.18s %-26.26s %11.4f %10.4f", p->variants[v].id,
                        plan_build_label(p->builds.v[b]), lbl, x->median_ms, x->stddev_ms);
                if (isnan(x->gbs)) fprintf(out, " %10s", "-"); else fprintf(out, " %10.1f", x->gbs);
                if (isnan(x->pct_bw)) fprintf(out, " %7s", "-"); else fprintf(out, " %6.1f%%", x->pct_bw);
                if (isnan(x->gflops)) fprintf(out, " %11s", "-"); else fprintf(out, " %11.1f", x->gflops);
                if (isnan(x->pct_flops)) fprintf(out, " %7s", "-"); else fprintf(out, " %6.1f%%", x->pct_flops);
                fprintf(out, "  %s%s\n", x->status, x->impossible ? " IMPOSSIBLE (above peak)" : "");
            }
}

/* slowdown: how many times slower x is than base per unit of work: a build may be given less work
 * (a no-opt build runs fewer iterations), so compare GFLOP/s or GB/s where the spec defines them. */
static double slowdown(const struct report_rec *base, const struct report_rec *x)
{
    if (base->gflops > 0 && x->gflops > 0) return base->gflops / x->gflops;
    if (base->gbs > 0 && x->gbs > 0) return base->gbs / x->gbs;
    return x->median_ms / base->median_ms;
}

/* With several build-option sets, the question is what each costs against the first (default). */
static void print_build_ratios(const struct report *r, FILE *out)
{
    const struct plan *p = r->p;
    if (p->builds.n < 2) return;
    size_t ndp = p->npoints / nlocal(p);
    fprintf(out, "\nSlowdown of each build against \"%s\" per unit of work (GFLOP/s or GB/s ratio where defined,\n"
                 "else time ratio; best work-group size of each; >1 = slower):\n", plan_build_label(p->builds.v[0]));
    fprintf(out, "  %-24s %-26s", "variant", "point");
    for (int b = 1; b < p->builds.n; b++) fprintf(out, " %18.18s", plan_build_label(p->builds.v[b]));
    fprintf(out, "\n");
    for (int v = 0; v < p->nvariants; v++)
        for (size_t dp = 0; dp < ndp; dp++) {
            const struct report_rec *base = best(r, v, 0, dp);
            if (!base) continue;
            char lbl[128];
            point_label(p, base->point, 0, lbl, sizeof lbl);
            fprintf(out, "  %-24.24s %-26.26s", p->variants[v].id, lbl[0] ? lbl : "-");
            for (int b = 1; b < p->builds.n; b++) {
                const struct report_rec *x = best(r, v, b, dp);
                if (x) fprintf(out, " %17.2fx", slowdown(base, x));
                else fprintf(out, " %18s", "-");
            }
            fprintf(out, "\n");
        }
}

/* When the spec times whole offloads and the reference is a full CPU implementation, the seed's
 * question is the speed-up over the CPU, transfers included: one line per variant/build/point at
 * its best work-group size by wall time. */
static void print_cpu_speedup(const struct report *r, FILE *out)
{
    const struct plan *p = r->p;
    size_t nl = nlocal(p), ndp = p->npoints / nl;
    int any = 0;
    for (size_t i = 0; i < r->n && !any; i++) any = r->recs[i].cpu_ms > 0 && r->recs[i].wall_ms > 0;
    if (!any) return;
    fprintf(out, "\nSpeed-up over the host reference on all CPU cores, transfers included (best local by wall time):\n");
    fprintf(out, "  %-16s %-16s %-22s %11s %11s %11s %9s\n", "variant", "build", "point (best local)", "kernel ms",
            "wall ms", "cpu ms", "speed-up");
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++)
            for (size_t dp = 0; dp < ndp; dp++) {
                const struct report_rec *bx = NULL;
                for (size_t i = 0; i < r->n; i++) {
                    const struct report_rec *x = &r->recs[i];
                    if (x->variant == v && x->build == b && x->point / nl == dp && x->wall_ms > 0 && x->cpu_ms > 0 &&
                        (!bx || x->wall_ms < bx->wall_ms))
                        bx = x;
                }
                if (!bx) continue;
                char lbl[128];
                point_label(p, bx->point, 1, lbl, sizeof lbl);
                fprintf(out, "  %-16.16s %-16.16s %-22.22s %11.3f %11.3f %11.3f %8.1fx\n", p->variants[v].id,
                        plan_build_label(p->builds.v[b]), lbl, bx->median_ms, bx->wall_ms, bx->cpu_ms, bx->cpu_ms / bx->wall_ms);
            }
}

double report_row_dev(const struct report *r, size_t i)
{
    const struct report_rec *x = &r->recs[i];
    size_t nl = nlocal(r->p);
    if (nl < 2 || !timed(x)) return NAN;
    double sum = 0;
    int n = 0;
    for (size_t k = 0; k < r->n; k++) {
        const struct report_rec *y = &r->recs[k];
        if (y->variant == x->variant && y->build == x->build && y->point / nl == x->point / nl && timed(y)) {
            sum += y->median_ms;
            n++;
        }
    }
    return n > 1 ? x->median_ms / (sum / n) - 1 : NAN;
}

void report_print(const struct report *r, FILE *out)
{
    print_pivot(r, out);
    print_summary(r, out);
    print_build_ratios(r, out);
    print_cpu_speedup(r, out);
    int bad = 0;
    for (size_t i = 0; i < r->n; i++) bad += r->recs[i].impossible;
    if (bad)
        fprintf(out, "\nWARNING: %d row(s) are above the device's theoretical peak: the work was probably optimised away.\n", bad);
}
