/* finding_narrow.c — the small sweep that decides a --quick run's findings that cannot be checked
 * for want of rows (or a narrowed full run's: its own sweep with what its options left out): built from the findings' parsed filters (their where and selectors), never from
 * the words of their reasons, and planned before it is said: a finding counts only where the
 * sweep's configurations give each of its selectors rows, one where it names one. */
#include "finding_narrow.h"
#include "axisvalues.h"
#include "spec/finding_form.h"
#include "spec/bufbytes.h"
#include "spec/plan_table.h"
#include "spec/select.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/expr.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most configurations a small sweep is planned to: past it, it is no small sweep (a quick one
 * has tens to hundreds), and its findings are left to the full sweep. */
#define NARROW_MOST 100000

void narrow_add(struct narrow *n, const struct spec_finding *f)
{
    n->f = xrealloc(n->f, sizeof *n->f * (size_t)(n->nf + 1));
    n->f[n->nf++] = f;
}

/* A finding's selectors, each with its where's conditions merged in and bound to the run's table;
 * ok: every part of it parsed and bound. */
struct parsed {
    struct check c[3]; int nc;
    struct compare cp; int has_cp;
    struct selector **sel; int nsel;
    int ok;
};

static void parsed_sel(struct parsed *pf, struct selector *sel)
{
    pf->sel = xrealloc(pf->sel, sizeof *pf->sel * (size_t)(pf->nsel + 1));
    pf->sel[pf->nsel++] = sel;
}

/* parsed_make: f's selectors on r: a check and a size are expressions over selectors; a compare,
 * pairs of one selector a side. */
static void parsed_make(struct parsed *pf, const struct spec_finding *f, const struct rundir *r)
{
    memset(pf, 0, sizeof *pf);
    struct filter where;
    char *err = NULL;
    if (filter_parse(f->where, &where, &err)) { free(err); return; }
    pf->ok = 1;
    const char *exprs[] = { f->check, f->size, f->given };
    for (size_t e = 0; e < sizeof exprs / sizeof *exprs; e++) {
        if (!exprs[e]) continue;
        if (check_parse(exprs[e], &pf->c[pf->nc], &err)) { free(err); err = NULL; pf->ok = 0; continue; }
        struct check *c = &pf->c[pf->nc++];
        for (int i = 0; i < c->nsel; i++) parsed_sel(pf, &c->sel[i]);
    }
    if (f->compare && compare_parse(f->compare, &pf->cp, &err)) { free(err); err = NULL; pf->ok = 0; }
    else if (f->compare) {
        pf->has_cp = 1;
        for (int i = 0; i < pf->cp.n; i++) {
            parsed_sel(pf, &pf->cp.pair[i].a.sel[0]);
            parsed_sel(pf, &pf->cp.pair[i].b.sel[0]);
        }
    }
    for (int i = 0; i < pf->nsel; i++) {
        filter_merge(&pf->sel[i]->f, &where);
        if (filter_bind(&pf->sel[i]->f, &r->t, &err)) { free(err); err = NULL; pf->ok = 0; }
    }
    pf->ok &= pf->nsel > 0;
    filter_free(&where);
}

static void parsed_free(struct parsed *pf)
{
    for (int i = 0; i < pf->nc; i++) check_free(&pf->c[i]);
    if (pf->has_cp) compare_free(&pf->cp);
    free(pf->sel);
}

/* is_axis: whether col is a column of r that the command line sets: variant, build, a template
 * parameter of s, a launch axis of the run (local where its column holds the axis's value, not a
 * launch's shape: expint's "256x1" is no --local). */
static int is_axis(const struct rundir *r, const struct spec *s, const char *col)
{
    if (table_col(&r->t, col) < 0 || (!strcmp(col, "local") && !plan_local_is_axis(s))) return 0;
    if (!strcmp(col, "variant") || !strcmp(col, "build") || sl_has(&r->axes, col)) return 1;
    for (int i = 0; i < s->nparams; i++)
        if (!strcmp(s->params[i].name, col)) return 1;
    return 0;
}

static int has_extreme(const struct selector *sel)
{
    for (int i = 0; i < sel->f.n; i++)
        if (sel->f.c[i].extreme) return 1;
    return 0;
}

/* reads: whether sel takes in every value of axis the sweep has (rows of all of them aggregated,
 * the highest of them, or a range), so that a run's options that narrow axis change what it says
 * ("All six kernels": max(gbs[]) of one variant). A condition AXIS=VALUE pins it; a selector that
 * names one row and says nothing of axis wants the axis to have one value, which a narrowing keeps. */
static int reads(const struct selector *sel, const char *axis)
{
    int named = 0;
    for (int i = 0; i < sel->f.n; i++) {
        const struct cond *c = &sel->f.c[i];
        if (strcmp(c->col, axis)) continue;
        if (c->op == OP_EQ && !c->extreme) return 0;
        named = 1;
    }
    return named || sel->agg != AGG_ONE || has_extreme(sel);
}

/* Values by axis, in the order they come: what the findings pin. */
struct byaxis { struct strlist axis, *values; };

static void byaxis_push(struct byaxis *a, const char *axis, const char *value)
{
    int k = 0;
    while (k < a->axis.n && strcmp(a->axis.v[k], axis)) k++;
    if (k == a->axis.n) {
        sl_push(&a->axis, axis);
        a->values = xrealloc(a->values, sizeof *a->values * (size_t)a->axis.n);
        memset(&a->values[k], 0, sizeof a->values[k]);
    }
    if (!axval_has(&a->values[k], value)) sl_push(&a->values[k], value);
}

static void byaxis_free(struct byaxis *a)
{
    for (int k = 0; k < a->axis.n; k++) sl_free(&a->values[k]);
    free(a->values);
    sl_free(&a->axis);
    memset(a, 0, sizeof *a);
}

/* pins_of: the values pf's conditions AXIS=VALUE name, into pins (the default build as "", --build's
 * word for it). */
static void pins_of(const struct parsed *pf, const struct rundir *r, const struct spec *s, struct byaxis *pins)
{
    for (int i = 0; i < pf->nsel; i++)
        for (int j = 0; j < pf->sel[i]->f.n; j++) {
            const struct cond *c = &pf->sel[i]->f.c[j];
            if (c->op != OP_EQ || c->extreme || !is_axis(r, s, c->col)) continue;
            for (int k = 0; k < c->alts.n; k++)
                byaxis_push(pins, c->col, !strcmp(c->col, "build") && !strcmp(c->alts.v[k], "default") ? "" : c->alts.v[k]);
        }
}

/* A run's own option that shapes its sweep, as given: its row of args_shaping, its value, the axis
 * it sets. */
struct given { const struct args_shaping_option *row; const char *value; char *axis; };

static int givens_of(const struct rundir *r, struct given **out)
{
    char *const *args = r->rj.args.v;
    int n = r->rj.args.n, k = 0;
    *out = xcalloc((size_t)n + 1, sizeof **out);
    for (int i = 0; i < n; i++)
        for (int o = 0; o < ARGS_NSHAPING; o++) {
            int span = 1;
            const char *value = NULL;
            if (!args_option_at(args, n, i, &args_shaping[o].o, &span, &value)) continue;
            if (value) (*out)[k++] = (struct given){ &args_shaping[o], value, args_shaping_axis(&args_shaping[o], value) };
            i += span - 1;
            break;
        }
    return k;
}

/* Overrides as runflags.c makes them of the command line: a name given again joins its values. */
struct overrides { struct override *v; int n; };

static void overrides_add(struct overrides *o, const struct args_shaping_option *row, const char *axis, const char *values)
{
    plan_override_add(&o->v, &o->n, row->o.name, row->override ? row->override : axis, values);
}

/* overrides_given: g's as an override ("--set ILP=1,4" is ILP's "1,4"). */
static void overrides_given(struct overrides *o, const struct given *g)
{
    const char *values = g->value;
    if (!g->row->axis) values = strchr(g->value, '=') ? strchr(g->value, '=') + 1 : "";
    overrides_add(o, g->row, g->axis, values);
}

static void overrides_free(struct overrides *o)
{
    for (int i = 0; i < o->n; i++) { free(o->v[i].name); free(o->v[i].values); }
    free(o->v);
    memset(o, 0, sizeof *o);
}

/* decided: whether the sweep whose configurations are t gives each of pf's selectors rows: its
 * conditions on t's columns (the configuration's own) met by one of them at least, by exactly one
 * where it names one row (several: "2 rows match: name one", which no sweep of more rows changes);
 * its other conditions (a derived column, taylor's DATA_BYTES; status) by a row of r, measured
 * unless it names status, as r's rows stand for the sweep's. */
static int decided(const struct parsed *pf, const struct table *t, const struct rundir *r)
{
    int ok = pf->ok;
    for (int i = 0; i < pf->nsel && ok; i++) {
        const struct selector *sel = pf->sel[i];
        struct filter own = { xcalloc((size_t)sel->f.n + 1, sizeof *own.c), 0 };
        struct filter other = { xcalloc((size_t)sel->f.n + 1, sizeof *other.c), 0 };
        for (int j = 0; j < sel->f.n; j++) {
            struct cond c = sel->f.c[j];      /* shared, not owned: freed with sel */
            int col = c.extreme ? -1 : table_col(t, c.col);
            if (col >= 0) {
                c.colidx = col;
                own.c[own.n++] = c;
            } else other.c[other.n++] = c;
        }
        int rows = 0, found = 0, any_status = filter_names(&sel->f, "status");
        for (int k = 0; k < t->nrows && rows < 2; k++) rows += filter_match(&own, t, k);
        for (int k = 0; k < r->t.nrows && !found; k++)
            found = (any_status || rundir_row_ok(r, k)) && filter_match(&other, &r->t, k);
        ok = found && rows >= 1 && (rows == 1 || sel->agg != AGG_ONE || has_extreme(sel));
        free(own.c);
        free(other.c);
    }
    return ok;
}

/* What of the run's device decides which configurations it runs (run.json; 0: not known): its
 * largest work-group, CL_DEVICE_MAX_MEM_ALLOC_SIZE and CL_DEVICE_GLOBAL_MEM_SIZE. */
struct limits { double max_wg, max_alloc, global_mem; };

static double known(double x) { return isfinite(x) ? x : 0; }

static struct limits limits_of(const struct rundir *r)
{
    const struct rj_device *d = &r->rj.device;
    return (struct limits){ .max_wg = known(d->max_work_group_size), .max_alloc = known(d->max_alloc_bytes),
                            .global_mem = known(d->global_mem_bytes) };
}

/* What the small sweep is made from: the run and its spec, the findings (pf[k], in[k] while they
 * count), the run's own options that shape its sweep, the plans of its sweep and of the spec's own
 * (its quick one where the run was quick: quick). */
struct making {
    const struct rundir *r;
    const struct spec *s;
    struct parsed *pf; int *in, nf;
    struct given *g; int ng;
    struct plan runp, specp;
    int quick;
    struct limits dev;
    const char *prefix;
};

/* drop_unfit: t's rows (plan p's configurations, in plan_table's order) less those the run would skip
 * for their buffers (bench.h): one larger than max_alloc, or all together past the device's share of
 * global_mem (0: not known). A size the device cannot hold gives no row, so a finding that names it is
 * not one the small sweep decides (Oclgrind's 128 MiB against vecsum's 200M; rusticl's 2 GiB against
 * its three buffers of 800 MB). A row whose buffers cannot be told without the device is kept. */
static void drop_unfit(const struct spec *s, const struct plan *p, const struct limits *dev, struct table *t)
{
    double max_alloc = dev->max_alloc, global_mem = dev->global_mem;
    if (!(max_alloc > 0) && !(global_mem > 0)) return;
    int k = 0, kept = 0;
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++)
            for (size_t pt = 0; pt < p->npoints; pt++, k++) {
                double bytes, total;
                const char *name;
                if (!bufbytes_point(s, p, v, pt, &bytes, &name, &total) &&
                    ((max_alloc > 0 && bytes > max_alloc) || (global_mem > 0 && total > global_mem * BUFBYTES_DEVICE_SHARE)))
                    free(t->cells[k]);
                else t->cells[kept++] = t->cells[k];
            }
    t->nrows = kept;
}

/* every_variant: whether --set variant=values selects every variant the command runs without it
 * (the spec's, the quick ones of a quick run): the findings' names beside the run's ids
 * ("naive:TILE=8,...,naive") that select them all say nothing but make the reader wonder. */
static int every_variant(const struct making *m, const char *values)
{
    struct overrides ov = {0};
    overrides_add(&ov, args_shaping_for("variant"), "variant", values);
    struct plan p;
    char *err = NULL;
    int same = !plan_make(m->s, ov.v, ov.n, m->quick, m->dev.max_wg, &p, &err);
    free(err);
    overrides_free(&ov);
    if (!same) return 0;
    same = p.nvariants == m->specp.nvariants;
    for (int v = 0; same && v < p.nvariants; v++) same = !strcmp(p.variants[v].id, m->specp.variants[v].id);
    plan_free(&p);
    return same;
}

/* One try at the small sweep for the findings m->in[k] marks: the run's options that shape it kept
 * where the findings read nothing they narrow, an axis they read restored to the spec's values (the
 * quick ones of a quick run), and each axis whose values they pin given those, and its own (the
 * run's, or the spec's restored).
 * Planned into *t (its plan *hp); the command after m->prefix in *cmd (NULL where it adds nothing
 * to the run's). 0, or -1 where it cannot be planned. */
static int try_sweep(const struct making *m, struct plan *hp, struct table *t, char **cmd)
{
    const struct rundir *r = m->r;
    const struct spec *s = m->s;
    const struct parsed *pf = m->pf;
    const struct given *g = m->g;
    const int *in = m->in, nf = m->nf, ng = m->ng;
    struct strlist restored = {0};
    struct byaxis pins = {0};
    for (int j = 0; j < ng; j++) {
        int read = 0;
        for (int k = 0; k < nf && !read; k++)
            for (int i = 0; in[k] && i < pf[k].nsel && !read; i++) read = reads(pf[k].sel[i], g[j].axis);
        if (read && !sl_has(&restored, g[j].axis)) sl_push(&restored, g[j].axis);
    }
    for (int k = 0; k < nf; k++)
        if (in[k]) pins_of(&pf[k], r, s, &pins);
    struct strlist gained = {0};
    for (int a = 0; a < pins.axis.n; a++) {
        struct strlist base = {0};
        plan_values(sl_has(&restored, pins.axis.v[a]) ? &m->specp : &m->runp, pins.axis.v[a], &base);
        int more = 0;
        for (int i = 0; i < pins.values[a].n; i++) more |= !axval_has(&base, pins.values[a].v[i]);
        char *values = more ? axval_joined(&base, &pins.values[a]) : NULL;
        if (values && !strcmp(pins.axis.v[a], "variant") && every_variant(m, values)) {
            /* The spec's own variants: a --set variant= the run had is dropped with it. */
            for (int j = 0; j < ng && !sl_has(&restored, "variant"); j++)
                if (g[j].axis && !strcmp(g[j].axis, "variant")) sl_push(&restored, "variant");
            free(values);
        } else if (values) {
            sl_push(&gained, pins.axis.v[a]);
            sl_push_own(&gained, values);
        }
        sl_free(&base);
    }
    /* gained: axis, values, axis, values ... */
    struct overrides ov = {0};
    struct sbuf b = {0};
    sb_printf(&b, "%s%s", m->prefix, m->quick ? " --quick" : "");
    int changed = restored.n > 0 || gained.n > 0;
    for (int j = 0; j < ng; j++) {
        int dropped = sl_has(&restored, g[j].axis);
        for (int a = 0; a < gained.n && !dropped; a += 2) dropped = !strcmp(gained.v[a], g[j].axis);
        if (dropped) continue;
        overrides_given(&ov, &g[j]);
        char *q = shell_word(g[j].value);
        sb_printf(&b, " %s %s", g[j].row->o.name, q);
        free(q);
    }
    for (int a = 0; a < gained.n; a += 2) {
        overrides_add(&ov, args_shaping_for(gained.v[a]), gained.v[a], gained.v[a + 1]);
        args_shaping_words(&b, gained.v[a], gained.v[a + 1]);
    }
    char *err = NULL;
    int rc = plan_make(s, ov.v, ov.n, m->quick, m->dev.max_wg, hp, &err) ? -1 : 0;
    free(err);
    if (!rc && plan_table(s, hp, NARROW_MOST, t)) {
        plan_free(hp);
        rc = -1;
    }
    if (!rc) drop_unfit(s, hp, &m->dev, t);
    *cmd = !rc && changed ? xstrdup(b.s) : NULL;
    sb_free(&b);
    overrides_free(&ov);
    sl_free(&gained);
    byaxis_free(&pins);
    sl_free(&restored);
    return rc;
}

char *narrow_command(struct narrow *n, const struct rundir *r, const struct spec *s, const char *prefix)
{
    n->decides = 0;
    if (!n->nf) return NULL;
    struct making m = { .r = r, .s = s, .nf = n->nf, .prefix = prefix, .quick = rundir_quick(r) };
    m.dev = limits_of(r);
    m.pf = xcalloc((size_t)n->nf, sizeof *m.pf);
    m.in = xcalloc((size_t)n->nf, sizeof *m.in);
    for (int k = 0; k < n->nf; k++) {
        parsed_make(&m.pf[k], n->f[k], r);
        m.in[k] = m.pf[k].ok;
    }
    m.ng = givens_of(r, &m.g);
    struct overrides ran = {0};
    for (int j = 0; j < m.ng; j++) overrides_given(&ran, &m.g[j]);
    char *err = NULL, *cmd = NULL;
    int planned = !plan_make(s, ran.v, ran.n, m.quick, m.dev.max_wg, &m.runp, &err);
    free(err);
    err = NULL;
    planned &= !plan_make(s, NULL, 0, m.quick, m.dev.max_wg, &m.specp, &err);
    free(err);
    /* A finding whose selectors the sweep does not give rows is let go, and the sweep made again
     * without it (what it pinned, or read, may have made another one's selector ambiguous): the
     * findings left shrink at each try, so it ends. */
    for (int again = 1; planned && again;) {
        struct plan hp;
        struct table t;
        free(cmd);
        if (try_sweep(&m, &hp, &t, &cmd)) {
            cmd = NULL;
            break;
        }
        again = 0;
        for (int k = 0; k < n->nf; k++)
            if (m.in[k] && !decided(&m.pf[k], &t, r)) m.in[k] = 0, again = 1;
        table_free(&t);
        plan_free(&hp);
    }
    for (int k = 0; k < n->nf; k++) n->decides += cmd && m.in[k];
    if (!n->decides) {
        free(cmd);
        cmd = NULL;
    }
    plan_free(&m.runp);
    plan_free(&m.specp);
    overrides_free(&ran);
    for (int j = 0; j < m.ng; j++) free(m.g[j].axis);
    free(m.g);
    for (int k = 0; k < n->nf; k++) parsed_free(&m.pf[k]);
    free(m.pf);
    free(m.in);
    return cmd;
}

int narrow_unfit(const struct narrow *n, const struct rundir *r, const struct spec *s)
{
    struct limits dev = limits_of(r);
    if (!n->nf || (!(dev.max_alloc > 0) && !(dev.global_mem > 0))) return 0;
    struct plan p;
    struct table t;
    char *err = NULL;
    if (plan_make(s, NULL, 0, 0, dev.max_wg, &p, &err)) {
        free(err);
        return 0;
    }
    if (plan_table(s, &p, NARROW_MOST, &t)) {
        plan_free(&p);
        return 0;
    }
    struct parsed *pf = xcalloc((size_t)n->nf, sizeof *pf);
    int *swept = xcalloc((size_t)n->nf, sizeof *swept), unfit = 0;
    for (int k = 0; k < n->nf; k++) {
        parsed_make(&pf[k], n->f[k], r);
        swept[k] = decided(&pf[k], &t, r);
    }
    drop_unfit(s, &p, &dev, &t);
    for (int k = 0; k < n->nf; k++) {
        unfit += swept[k] && !decided(&pf[k], &t, r);
        parsed_free(&pf[k]);
    }
    free(pf);
    free(swept);
    table_free(&t);
    plan_free(&p);
    return unfit;
}

char *narrow_run_options(const struct rundir *r)
{
    struct given *g;
    int n = givens_of(r, &g);
    struct sbuf b = {0};
    for (int j = 0; j < n; j++) {
        char *q = shell_word(g[j].value);
        sb_printf(&b, "%s%s %s", j ? " " : "", g[j].row->o.name, q);
        free(q);
        free(g[j].axis);
    }
    free(g);
    return b.s;
}

void narrow_free(struct narrow *n)
{
    free(n->f);
    memset(n, 0, sizeof *n);
}
