/* run.c — one experiment's sweep: expand and build every variant x option set, then for every
 * launch point time, verify and measure each of them, writing each row as soon as it exists. */
#include "run.h"
#include "build.h"
#include "devinfo.h"
#include "expected.h"
#include "expand.h"
#include "peak.h"
#include "ptx.h"
#include "report.h"
#include "results.h"
#include "stats.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

/* Everything a run needs while it goes. */
struct runner {
    const struct spec *s;
    const struct run_opts *o;
    struct plan plan;
    struct ocl_device dev;
    struct devprops dp;
    struct peak pk;
    size_t max_item[3];
    cl_context ctx;
    cl_command_queue q;
    struct results res;
    struct build *builds;        /* [variant * nbuilds + build] */
    char **sources;              /* expanded source per variant (NULL when m4 failed) */
    char **expand_errors;
    char **skips;                /* why a variant does not run here (its requires is false) */
    enum cltype *btypes, *atypes;/* buffer and argument types per variant [v * n + i] */
    int *ptx_op_counts;          /* [variant * nbuilds + build]: instructions of its PTX_OP, -1 */
    struct bufset bufs;
    struct expected expected;
    struct report rep;
    int nfail, nerror, nskip, nok, nbuildfail;
    int nbuildrows;              /* rows written before the sweep (failed or skipped variants) */
};

static struct build *build_of(struct runner *r, int v, int b) { return &r->builds[v * r->plan.builds.n + b]; }

/* ---- provenance --------------------------------------------------------------------------- */

static cJSON *axes_json(const struct plan *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *vs = cJSON_AddArrayToObject(o, "variants");
    for (int i = 0; i < p->nvariants; i++) {
        cJSON *v = cJSON_CreateObject();
        cJSON_AddStringToObject(v, "id", p->variants[i].id);
        cJSON_AddStringToObject(v, "kernel", p->variants[i].kernel);
        cJSON *ps = cJSON_AddObjectToObject(v, "params");
        for (int k = 0; k < p->variants[i].keys.n; k++)
            cJSON_AddStringToObject(ps, p->variants[i].keys.v[k], p->variants[i].values.v[k]);
        cJSON_AddItemToArray(vs, v);
    }
    cJSON_AddItemToObject(o, "builds", cJSON_CreateStringArray((const char *const *)p->builds.v, p->builds.n));
    cJSON *la = cJSON_AddObjectToObject(o, "launch");
    for (int a = 0; a < p->naxes; a++)
        cJSON_AddItemToObject(la, p->axis_names[a],
                              cJSON_CreateStringArray((const char *const *)p->axis_values[a].v, p->axis_values[a].n));
    return o;
}

static void iso_time(char *buf, size_t n)
{
    time_t t = time(NULL);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%S%z", localtime(&t));
}

static void write_run_json(struct runner *r, const char *started, int finished)
{
    const struct spec *s = r->s;
    cJSON *j = cJSON_CreateObject();
    struct utsname u;
    char now[64];
    iso_time(now, sizeof now);
    cJSON_AddStringToObject(j, "clx_version", CLX_VERSION);
    cJSON_AddStringToObject(j, "experiment", s->name);
    cJSON_AddStringToObject(j, "description", s->description);
    cJSON_AddStringToObject(j, "command_line", r->o->command_line);
    cJSON_AddStringToObject(j, "started", started);
    if (finished) cJSON_AddStringToObject(j, "finished", now);
    if (uname(&u) == 0) {
        cJSON_AddStringToObject(j, "host", u.nodename);
        char *os = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
        cJSON_AddStringToObject(j, "os", os);
        free(os);
    }
    cJSON_AddStringToObject(j, "device_selector", r->o->device ? r->o->device : "(default: first GPU, else first device)");
    char *pd = xasprintf("%d:%d", r->dev.pidx, r->dev.didx);
    cJSON_AddStringToObject(j, "device_index", pd);
    free(pd);
    cJSON_AddItemToObject(j, "device", devinfo_json(&r->dp));
    cJSON *pk = cJSON_AddObjectToObject(j, "peak");
    cJSON_AddNumberToObject(pk, "fp32_gflops", r->pk.fp32_gflops);
    cJSON_AddStringToObject(pk, "fp32_source", r->pk.fp32_source);
    cJSON_AddNumberToObject(pk, "mem_gbs", r->pk.mem_gbs);
    cJSON_AddStringToObject(pk, "mem_source", r->pk.mem_source);
    cJSON_AddNumberToObject(pk, "cache_bytes", r->pk.cache_bytes);
    cJSON_AddNumberToObject(j, "seed", (double)r->o->seed);
    cJSON_AddNumberToObject(j, "warmups", r->o->bench.warmups);
    cJSON_AddNumberToObject(j, "trials", r->o->bench.trials);
    cJSON_AddNumberToObject(j, "max_seconds_per_config", r->o->bench.max_seconds);
    cJSON_AddBoolToObject(j, "quick", r->o->quick);
    cJSON_AddStringToObject(j, "verify", !r->o->verify ? "off" : s->reference ? s->reference : s->baseline ? "baseline" : "none");
    /* Relative to clx's home for the shipped experiments: no machine's paths in results. */
    const char *home = clx_home();
    size_t hl = strlen(home);
    cJSON_AddStringToObject(j, "spec_file", !strncmp(s->path, home, hl) && s->path[hl] == '/' ? s->path + hl + 1 : s->path);
    cJSON_AddStringToObject(j, "spec", s->text);
    cJSON_AddItemToObject(j, "as_run", axes_json(&r->plan));
    if (finished) {
        cJSON *c = cJSON_AddObjectToObject(j, "counts");
        cJSON_AddNumberToObject(c, "ok", r->nok);
        cJSON_AddNumberToObject(c, "fail", r->nfail);
        cJSON_AddNumberToObject(c, "error", r->nerror);
        cJSON_AddNumberToObject(c, "skipped", r->nskip);
        cJSON_AddNumberToObject(c, "build_failed", r->nbuildfail);
    }
    if (results_write_json(&r->res, "run.json", j)) warn("cannot write %s/run.json", r->res.dir);
    cJSON_Delete(j);
}

/* ---- columns ------------------------------------------------------------------------------ */

/* Metric columns after the variant, parameter and launch columns; to add one, add it here and
 * fill it in fill_metrics (the row is built by name, so the order is free). */
static const char *const metric_cols[] = {
    "global", "local", "status", "trials", "batch", "min_ms", "median_ms", "mean_ms", "stddev_ms", "cv",
    "gflops", "gbs", "pct_fp32_peak", "pct_bw_peak", "flag", "rel_time", "speedup", "wall_ms", "cpu_ms", "speedup_vs_cpu", "max_rel_err", "regs",
    "private_bytes", "local_bytes", "bin_bytes", "ptx_instr", "ptx_op_count", "note", "trials_ms", NULL
};

/* All parameter names across variants, in first-seen order: one column each. */
static void param_names(const struct plan *p, struct strlist *out)
{
    for (int i = 0; i < p->nvariants; i++)
        for (int k = 0; k < p->variants[i].keys.n; k++) {
            int seen = 0;
            for (int j = 0; j < out->n; j++) seen |= !strcmp(out->v[j], p->variants[i].keys.v[k]);
            if (!seen) sl_push(out, p->variants[i].keys.v[k]);
        }
}

struct row { struct strlist cols, vals; };

static void row_init(struct row *w, const struct strlist *cols)
{
    memset(w, 0, sizeof *w);
    for (int i = 0; i < cols->n; i++) { sl_push(&w->cols, cols->v[i]); sl_push(&w->vals, ""); }
}

static void row_set(struct row *w, const char *col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void row_set(struct row *w, const char *col, const char *fmt, ...)
{
    for (int i = 0; i < w->cols.n; i++)
        if (!strcmp(w->cols.v[i], col)) {
            va_list ap;
            va_start(ap, fmt);
            free(w->vals.v[i]);
            w->vals.v[i] = xvasprintf(fmt, ap);
            va_end(ap);
            return;
        }
}

static void row_free(struct row *w) { sl_free(&w->cols); sl_free(&w->vals); }

static void header_columns(struct runner *r, struct strlist *cols)
{
    sl_push(cols, "experiment");
    sl_push(cols, "variant");
    param_names(&r->plan, cols);
    sl_push(cols, "build");
    for (int a = 0; a < r->plan.naxes; a++)
        if (strcmp(r->plan.axis_names[a], "local")) sl_push(cols, r->plan.axis_names[a]);
    /* Derived values (iterations, groups per CU implied by local memory...) are worth a column. */
    for (int i = 0; i < r->s->derived_names.n; i++) sl_push(cols, r->s->derived_names.v[i]);
    for (int i = 0; metric_cols[i]; i++) sl_push(cols, metric_cols[i]);
}

/* row_start: a row with the identifying columns of variant v, build b, and (when pt >= 0) point pt. */
static void row_start(struct runner *r, struct row *w, const struct strlist *cols, int v, int b, long pt)
{
    const struct variant *var = &r->plan.variants[v];
    row_init(w, cols);
    row_set(w, "experiment", "%s", r->s->name);
    row_set(w, "variant", "%s", var->id);
    for (int k = 0; k < var->keys.n; k++) row_set(w, var->keys.v[k], "%s", var->values.v[k]);
    row_set(w, "build", "%s", plan_build_label(r->plan.builds.v[b]));
    if (pt < 0) return;
    for (int a = 0; a < r->plan.naxes; a++)
        row_set(w, r->plan.axis_names[a], "%s", plan_point_value(&r->plan, (size_t)pt, a));
}

static void row_emit(struct runner *r, struct row *w) { results_row(&r->res, &w->vals); }

/* ---- build phase -------------------------------------------------------------------------- */

static void save_file(struct runner *r, const char *sub, const void *data, size_t n)
{
    char *p = results_path(&r->res, sub);
    if (write_file_atomic(p, data, n)) warn("cannot write %s", p);
    free(p);
}

/* resolve_type: a buffer's or argument's type for variant var: the spec's, or the OpenCL type a
 * template parameter names (TYPE = "double"). NULL, or why not (a new string). */
static char *resolve_type(const struct variant *var, enum cltype fixed, const char *param, enum cltype *out)
{
    *out = fixed;
    if (!param) return NULL;
    const char *val = plan_variant_value(var, param);
    int t = val ? cltype_parse(val) : -1;
    if (t < 0) return xasprintf("type parameter %s='%s' is not an OpenCL type", param, val ? val : "(not set)");
    *out = (enum cltype)t;
    return NULL;
}

/* variant_setup: types and the requires condition of variant v; NULL or why it cannot run. */
static char *variant_setup(struct runner *r, int v, int *skip)
{
    const struct spec *s = r->s;
    const struct variant *var = &r->plan.variants[v];
    char *err = NULL;
    *skip = 0;
    for (int i = 0; i < s->nbufs && !err; i++)
        err = resolve_type(var, s->bufs[i].type, s->bufs[i].type_param, &r->btypes[v * s->nbufs + i]);
    for (int i = 0; i < s->nargs && !err; i++)
        err = resolve_type(var, s->args[i].type, s->args[i].type_param, &r->atypes[v * s->nargs + i]);
    int sv = var->name ? spec_variant_find(s, var->name) : -1;
    const char *req = sv >= 0 ? s->variants[sv].requires : NULL;
    if (!err && req) {
        struct vars vv = {0};
        double ok = 0;
        plan_device_vars(&r->dp, &vv);
        plan_variant_vars(var, &vv);
        if (expr_eval(req, &vv, &ok, &err) == 0 && !ok) {
            *skip = 1;
            err = xasprintf("requires %s, false on this device (FP64=%s)", req, r->dp.has_fp64 ? "1" : "0: no cl_khr_fp64");
        }
        vars_free(&vv);
    }
    return err;
}

/* borrow_registers: a build whose verbose log had no ptxas report (a driver cache hit) has the
 * register count of any build with a byte-identical binary: the same PTX compiles the same way. */
static void borrow_registers(struct runner *r, struct build *bd)
{
    int n = r->plan.nvariants * r->plan.builds.n;
    for (int i = 0; i < n && bd->registers < 0 && bd->binary; i++) {
        const struct build *o = &r->builds[i];
        if (o != bd && o->registers >= 0 && o->binary_size == bd->binary_size &&
            !memcmp(o->binary, bd->binary, bd->binary_size))
            bd->registers = o->registers;
    }
}

static void build_all(struct runner *r, const struct strlist *cols, FILE *ktsv)
{
    const struct plan *p = &r->plan;
    int nb = p->builds.n;
    r->skips = xcalloc((size_t)p->nvariants, sizeof *r->skips);
    r->btypes = xcalloc((size_t)(p->nvariants * (r->s->nbufs + 1)), sizeof *r->btypes);
    r->atypes = xcalloc((size_t)(p->nvariants * (r->s->nargs + 1)), sizeof *r->atypes);
    r->ptx_op_counts = xcalloc((size_t)(p->nvariants * nb), sizeof *r->ptx_op_counts);
    r->builds = xcalloc((size_t)(p->nvariants * nb), sizeof *r->builds);
    r->sources = xcalloc((size_t)p->nvariants, sizeof *r->sources);
    r->expand_errors = xcalloc((size_t)p->nvariants, sizeof *r->expand_errors);
    for (int v = 0; v < p->nvariants; v++) {
        const struct variant *var = &p->variants[v];
        int skip;
        char *why = variant_setup(r, v, &skip);
        if (why) {
            /* Not this device's (no fp64) or a spec mistake: one row per build says which. */
            fprintf(stderr, "clx: variant %s %s: %s\n", var->id, skip ? "skipped" : "failed", why);
            for (int b = 0; b < nb; b++) {
                struct row w;
                row_start(r, &w, cols, v, b, -1);
                row_set(&w, "status", "%s", skip ? "skipped" : "error");
                row_set(&w, "note", "%s", why);
                row_emit(r, &w);
                row_free(&w);
                r->nbuildrows++;
                if (skip) r->nskip++; else r->nerror++;
            }
            r->skips[v] = why;
            continue;
        }
        char *note = xasprintf("experiment %s, variant %s, kernel %s", r->s->name, var->id, var->kernel);
        r->sources[v] = expand_variant(r->s->template_name, &var->keys, &var->values, note, &r->expand_errors[v]);
        free(note);
        char *clname = xasprintf("cl/%s.cl", var->slug);
        if (r->sources[v]) save_file(r, clname, r->sources[v], strlen(r->sources[v]));
        else fprintf(stderr, "clx: variant %s: %s\n", var->id, r->expand_errors[v]);
        for (int b = 0; b < nb; b++) {
            struct build *bd = build_of(r, v, b);
            const char *opts = p->builds.v[b];
            char *bslug = plan_build_slug(opts);
            if (r->sources[v]) build_variant(r->ctx, r->dev.id, &r->dp, r->sources[v], opts, var->kernel, bd);
            else { memset(bd, 0, sizeof *bd); bd->error = xasprintf("m4: %s", r->expand_errors[v]); }
            /* PTX_OP names an opcode whose count proves the operation survived compilation. */
            const char *op = plan_variant_value(var, "PTX_OP");
            r->ptx_op_counts[v * nb + b] = op && bd->ptx_instructions >= 0
                ? ptx_count_instructions((const char *)bd->binary, var->kernel, op) : -1;
            char *logname = xasprintf("logs/%s__%s.log", var->slug, bslug);
            struct sbuf lg = {0};
            sb_printf(&lg, "# variant %s, build options \"%s\", source %s\n", var->id, opts, clname);
            if (bd->error) sb_printf(&lg, "# FAILED: %s\n", bd->error);
            sb_printf(&lg, "%s", bd->log ? bd->log : "");
            if (bd->verbose_log) sb_printf(&lg, "\n# -cl-nv-verbose build log:\n%s", bd->verbose_log);
            save_file(r, logname, lg.s, lg.len);
            sb_free(&lg);
            if (bd->binary) {
                char *bin = xasprintf("bin/%s__%s%s", var->slug, bslug, bd->binary_ext);
                save_file(r, bin, bd->binary, bd->binary_size);
                free(bin);
            }
            borrow_registers(r, bd);
            fprintf(ktsv, "%s\t%s\t%s\t%zu\t%zu\t%llu\t%llu\t%d\t%s\t%zu\t%d\t%.1f\t%s\n", var->id,
                    plan_build_label(opts), bd->ok ? "ok" : "build-failed", bd->wg_max, bd->wg_multiple,
                    (unsigned long long)bd->local_mem, (unsigned long long)bd->private_mem, bd->registers,
                    bd->binary_format ? bd->binary_format : "", bd->binary_size, bd->ptx_instructions,
                    bd->build_seconds * 1e3, logname);
            fflush(ktsv);
            if (!bd->ok) {
                r->nbuildfail++;
                if (!r->sources[v]) goto row;       /* the m4 error was shown once above */
                fprintf(stderr, "clx: variant %s, build \"%s\" failed (source %s/%s, log %s/%s):\n  %s\n",
                        var->id, opts, r->res.dir, clname, r->res.dir, logname, bd->error);
            row:;
                struct row w;
                row_start(r, &w, cols, v, b, -1);
                row_set(&w, "status", "build-failed");
                char *first = xstrdup(bd->error);
                char *nl = strchr(first, '\n');
                if (nl) *nl = '\0';
                row_set(&w, "note", "%s; log: %s", first, logname);
                free(first);
                row_emit(r, &w);
                row_free(&w);
                r->nbuildrows++;
            }
            free(logname);
            free(bslug);
        }
        free(clname);
    }
}

/* ---- one launch configuration ------------------------------------------------------------- */

/* eval_derived: evaluates the spec's derived values in order into vv. With err NULL a value that
 * cannot be computed yet is left out; otherwise it is an error. */
static int eval_derived(const struct spec *s, struct vars *vv, char **err)
{
    for (int i = 0; i < s->derived_names.n; i++) {
        double x;
        char *e = NULL;
        if (expr_eval(s->derived_exprs.v[i], vv, &x, err ? &e : NULL)) {
            if (!err) continue;
            *err = xasprintf("derived %s: %s", s->derived_names.v[i], e);
            free(e);
            return -1;
        }
        vars_set(vv, s->derived_names.v[i], x);
    }
    return 0;
}

/* run_vars: every variable an expression can use for variant v, build b, point pt. Returns 0, or
 * -1 with *err. Fills the launch geometry. */
static int run_vars(struct runner *r, int v, int b, size_t pt, struct vars *vv, struct launch *L, char **err)
{
    const struct spec *s = r->s;
    const struct build *bd = build_of(r, v, b);
    plan_device_vars(&r->dp, vv);
    plan_variant_vars(&r->plan.variants[v], vv);
    plan_point_vars(&r->plan, pt, vv);
    vars_set(vv, "NOOPT", plan_is_noopt(r->plan.builds.v[b]));
    vars_set(vv, "KMAX_WG", (double)bd->wg_max);
    vars_set(vv, "KPREF", (double)(bd->wg_multiple ? bd->wg_multiple : 1));
    vars_set(vv, "KLOCAL_MEM", (double)bd->local_mem);
    /* Derived values may feed the geometry or use it (GLOBAL, GROUPS): evaluate them before it,
     * leaving out those that need it, and again after it, when every name is known. */
    eval_derived(s, vv, NULL);
    memset(L, 0, sizeof *L);
    L->dims = (cl_uint)s->global.n;
    double groups = 1, total = 1, local;
    vars_get(vv, "local", &local);
    for (cl_uint d = 0; d < L->dims; d++) {
        double lx = d == 0 ? local : 1, gx;
        char *e = NULL;
        if ((int)d < s->local_size.n && expr_eval(s->local_size.v[d], vv, &lx, &e)) goto bad;
        if (expr_eval(s->global.v[d], vv, &gx, &e)) goto bad;
        if (lx < 1 || gx < 1) { *err = xasprintf("dimension %u: local %.0f, global %.0f must be >= 1", d, lx, gx); return -1; }
        L->local[d] = (size_t)lx;
        /* OpenCL 1.2 needs global to be a multiple of local: round up; kernels bound-check. */
        L->global[d] = (size_t)(ceil(gx / lx) * lx);
        groups *= (double)(L->global[d] / L->local[d]);
        total *= (double)L->global[d];
        char nm[16];
        snprintf(nm, sizeof nm, "GLOBAL%u", d);
        vars_set(vv, nm, (double)L->global[d]);
        snprintf(nm, sizeof nm, "LOCAL%u", d);
        vars_set(vv, nm, (double)L->local[d]);
        continue;
    bad:
        *err = xasprintf("dimension %u: %s", d, e);
        free(e);
        return -1;
    }
    vars_set(vv, "GLOBAL", total);
    vars_set(vv, "GROUPS", groups);
    return eval_derived(s, vv, err);
}

/* launch_items: work-items in one work-group. */
static size_t launch_items(const struct launch *L)
{
    size_t wg = 1;
    for (cl_uint d = 0; d < L->dims; d++) wg *= L->local[d];
    return wg;
}

/* feasible: NULL when the device can run this launch, else why not (a new string). */
static char *infeasible(struct runner *r, const struct build *bd, const struct launch *L, const struct vars *vv)
{
    size_t wg = launch_items(L);
    for (cl_uint d = 0; d < L->dims; d++) {
        if (L->local[d] > r->max_item[d])
            return xasprintf("local size %zu in dimension %u is above CL_DEVICE_MAX_WORK_ITEM_SIZES %zu", L->local[d], d, r->max_item[d]);
    }
    if (wg > bd->wg_max && !r->o->ignore_kernel_wg)
        return xasprintf("work-group of %zu is above this kernel's maximum %zu (CL_KERNEL_WORK_GROUP_SIZE)", wg, bd->wg_max);
    double lm = (double)bd->local_mem + bench_local_arg_bytes(r->s, vv);
    if (lm > (double)r->dp.local_mem)
        return xasprintf("needs %.0f bytes of local memory; the device has %llu", lm, (unsigned long long)r->dp.local_mem);
    return NULL;
}

static double eval_or_nan(const char *expr, const struct vars *vv)
{
    double x;
    return expr && expr_eval(expr, vv, &x, NULL) == 0 ? x : NAN;
}

static void fill_metrics(struct runner *r, struct row *w, const struct timing *t, const struct vars *vv,
                         struct report_rec *rec, struct sbuf *note)
{
    struct stats st;
    stats_compute(t->ms, t->n, &st);
    row_set(w, "trials", "%d", t->n);
    row_set(w, "batch", "%d", t->batch);
    row_set(w, "min_ms", "%.6g", st.min);
    row_set(w, "median_ms", "%.6g", st.median);
    row_set(w, "mean_ms", "%.6g", st.mean);
    row_set(w, "stddev_ms", "%.3g", st.stddev);
    row_set(w, "cv", "%.3g", st.cv);
    /* Every trial is kept (last column, ';'-separated, per launch): statistics can be redone. */
    struct sbuf all = {0};
    for (int i = 0; i < t->n; i++) sb_printf(&all, "%s%.6g", i ? ";" : "", t->ms[i]);
    row_set(w, "trials_ms", "%s", all.s ? all.s : "");
    sb_free(&all);
    rec->median_ms = st.median;
    rec->stddev_ms = st.stddev;
    double sec = st.median * 1e-3;
    double flops = eval_or_nan(r->s->flops, vv), bytes = eval_or_nan(r->s->bytes, vv);
    /* Zero work (an expression like "COPY ? 0 : ...") means the rate does not apply to the row. */
    rec->gflops = !(flops > 0) || sec <= 0 ? NAN : flops / sec * 1e-9;
    rec->gbs = !(bytes > 0) || sec <= 0 ? NAN : bytes / sec * 1e-9;
    struct sbuf flag = {0};
    if (!isnan(rec->gflops)) {
        row_set(w, "gflops", "%.6g", rec->gflops);
        if (r->pk.fp32_gflops > 0) {
            rec->pct_flops = 100 * rec->gflops / r->pk.fp32_gflops;
            row_set(w, "pct_fp32_peak", "%.1f", rec->pct_flops);
            if (rec->pct_flops > 100) sb_printf(&flag, "IMPOSSIBLE:flops>peak");
        }
    }
    if (!isnan(rec->gbs)) {
        row_set(w, "gbs", "%.6g", rec->gbs);
        if (r->pk.mem_gbs > 0) {
            rec->pct_bw = 100 * rec->gbs / r->pk.mem_gbs;
            row_set(w, "pct_bw_peak", "%.1f", rec->pct_bw);
            /* Above DRAM peak is possible only when the data lives in cache between launches. */
            if (rec->pct_bw > 100)
                sb_printf(&flag, "%s%s", flag.len ? "," : "",
                          (double)r->bufs.total_bytes <= r->pk.cache_bytes ? "cache-resident" : "IMPOSSIBLE:bw>peak");
        }
    }
    if (flag.s) { row_set(w, "flag", "%s", flag.s); rec->impossible = strstr(flag.s, "IMPOSSIBLE") != NULL; }
    sb_free(&flag);
    if (t->batch > 1) sb_printf(note, "%stimed as batches of %d back-to-back launches (kernel < 100x timer resolution)", note->len ? "; " : "", t->batch);
    if (t->short_unbatched) sb_printf(note, "%sshort kernel timed singly (a buffer is reset between launches)", note->len ? "; " : "");
    if (t->cut) sb_printf(note, "%strials cut to %d by --max-time", note->len ? "; " : "", t->n);
}

static void print_progress(struct runner *r, const struct row *w, const struct report_rec *rec)
{
    if (r->o->quiet) return;
    const struct variant *var = &r->plan.variants[rec->variant];
    printf("  %-22s %-16.16s", var->id, plan_build_label(r->plan.builds.v[rec->build]));
    for (int a = 0; a < r->plan.naxes; a++)   /* constant axes say nothing */
        if (r->plan.axis_values[a].n > 1 || !strcmp(r->plan.axis_names[a], "local"))
            printf(" %s=%s", r->plan.axis_names[a], plan_point_value(&r->plan, rec->point, a));
    if (!isnan(rec->median_ms) && rec->median_ms > 0) {
        printf("  %9.4f ms", rec->median_ms);
        if (!isnan(rec->gbs)) printf("  %8.1f GB/s", rec->gbs);
        if (!isnan(rec->gflops)) printf("  %9.1f GFLOP/s", rec->gflops);
    }
    printf("  %s", rec->status);
    for (int i = 0; i < w->cols.n; i++)
        if (!strcmp(w->cols.v[i], "flag") && *w->vals.v[i]) printf(" [%s]", w->vals.v[i]);
    printf("\n");
    fflush(stdout);
}

static void count_status(struct runner *r, const char *st)
{
    if (!strcmp(st, "ok") || !strcmp(st, "unverified")) r->nok++;
    else if (!strcmp(st, "FAIL")) r->nfail++;
    else if (!strcmp(st, "skipped")) r->nskip++;
    else r->nerror++;
}

static void run_one(struct runner *r, const struct strlist *cols, int v, int b, size_t pt)
{
    struct build *bd = build_of(r, v, b);
    struct row w;
    struct vars vv = {0};
    struct launch L;
    struct timing t = {0};
    struct sbuf note = {0};
    char *err = NULL, *vnote = NULL;
    struct report_rec rec = { .variant = v, .build = b, .point = pt, .median_ms = NAN, .gflops = NAN, .gbs = NAN,
                              .pct_flops = NAN, .pct_bw = NAN, .wall_ms = NAN, .cpu_ms = NAN };
    const char *status = "ok";
    row_start(r, &w, cols, v, b, (long)pt);
    if (run_vars(r, v, b, pt, &vv, &L, &err)) { status = "error"; goto done; }
    {
        struct sbuf g = {0}, l = {0};
        for (cl_uint d = 0; d < L.dims; d++) {
            sb_printf(&g, "%s%zu", d ? "x" : "", L.global[d]);
            sb_printf(&l, "%s%zu", d ? "x" : "", L.local[d]);
        }
        row_set(&w, "global", "%s", g.s);
        row_set(&w, "local", "%s", l.s);
        sb_free(&g);
        sb_free(&l);
    }
    if (bd->registers >= 0) row_set(&w, "regs", "%d", bd->registers);
    row_set(&w, "private_bytes", "%llu", (unsigned long long)bd->private_mem);
    row_set(&w, "local_bytes", "%.0f", (double)bd->local_mem + bench_local_arg_bytes(r->s, &vv));
    row_set(&w, "bin_bytes", "%zu", bd->binary_size);
    if (bd->ptx_instructions >= 0) row_set(&w, "ptx_instr", "%d", bd->ptx_instructions);
    if (r->ptx_op_counts[v * r->plan.builds.n + b] >= 0)
        row_set(&w, "ptx_op_count", "%d", r->ptx_op_counts[v * r->plan.builds.n + b]);
    for (int i = 0; i < r->s->derived_names.n; i++) {
        double x;
        if (vars_get(&vv, r->s->derived_names.v[i], &x)) row_set(&w, r->s->derived_names.v[i], "%.10g", x);
    }
    if ((err = infeasible(r, bd, &L, &vv))) { status = "skipped"; goto done; }
    if (r->o->ignore_kernel_wg && launch_items(&L) > bd->wg_max)
        sb_printf(&note, "above CL_KERNEL_WORK_GROUP_SIZE %zu, launched anyway (--ignore-kernel-wg-limit)", bd->wg_max);
    int brc = bench_buffers(r->ctx, r->q, r->s, &r->btypes[v * r->s->nbufs], &vv, &r->dp, r->o->seed, &r->bufs, &err);
    if (brc) { status = brc > 0 ? "skipped" : "error"; goto done; }
    if (bench_set_args(bd->kernel, r->s, &r->atypes[v * r->s->nargs], &vv, &r->bufs, &err)) { status = "error"; goto done; }
    if (bench_time(r->q, bd->kernel, &L, &r->bufs, &r->o->bench, (double)r->dp.timer_res_ns, &t, &err)) {
        /* The device refused this launch shape: not the sweep's fault, record and go on. */
        status = strstr(err, "INVALID_WORK_GROUP_SIZE") || strstr(err, "OUT_OF_RESOURCES") ? "skipped" : "error";
        goto done;
    }
    if (r->s->transfers) {
        double *wall = xcalloc((size_t)t.n, sizeof *wall);
        struct stats ws;
        if (bench_wall(r->q, bd->kernel, &L, &r->bufs, t.n, wall, &err)) { free(wall); status = "error"; goto done; }
        stats_compute(wall, t.n, &ws);
        row_set(&w, "wall_ms", "%.6g", ws.median);
        rec.wall_ms = ws.median;
        free(wall);
    }
    if (r->o->verify) {
        struct outcome oc;
        expected_check(&r->expected, r->s, &r->plan, v, &r->bufs, &vv, r->o->seed, &oc);
        status = oc.status;
        vnote = oc.note;
        if (!isnan(oc.max_rel_err)) row_set(&w, "max_rel_err", "%.3g", oc.max_rel_err);
        if (oc.cpu_ms > 0) { row_set(&w, "cpu_ms", "%.6g", oc.cpu_ms); rec.cpu_ms = oc.cpu_ms; }
    } else {
        status = "unverified";
    }
    fill_metrics(r, &w, &t, &vv, &rec, &note);
    if (rec.cpu_ms > 0 && rec.wall_ms > 0) row_set(&w, "speedup_vs_cpu", "%.4g", rec.cpu_ms / rec.wall_ms);
done:
    if (err) sb_printf(&note, "%s%s", note.len ? "; " : "", err);
    if (vnote) sb_printf(&note, "%s%s", note.len ? "; " : "", vnote);
    if (!strcmp(status, "FAIL") && !r->o->quiet)
        fprintf(stderr, "clx: FAIL %s, build \"%s\": %s\n", r->plan.variants[v].id, r->plan.builds.v[b], vnote);
    row_set(&w, "status", "%s", status);
    if (note.s) row_set(&w, "note", "%s", note.s);
    snprintf(rec.status, sizeof rec.status, "%s", status);
    double rel = report_rel_time(&r->rep, r->s->relative ? spec_variant_find(r->s, r->s->relative) : -1, &rec, &r->plan);
    if (!isnan(rel)) { row_set(&w, "rel_time", "%.4g", rel); row_set(&w, "speedup", "%.4g", 1 / rel); }
    row_emit(r, &w);
    print_progress(r, &w, &rec);
    report_add(&r->rep, &rec);
    count_status(r, status);
    row_free(&w);
    vars_free(&vv);
    timing_free(&t);
    sb_free(&note);
    free(err);
    free(vnote);
}

/* variant_order: the order variants run at each point: the baseline and relative ones first, so
 * the others can be checked and compared against them. */
static int *variant_order(struct runner *r)
{
    int n = r->plan.nvariants, k = 0;
    int *ord = xmalloc(sizeof *ord * (size_t)n);
    const char *first[2] = { r->s->baseline, r->s->relative };
    for (int f = 0; f < 2; f++)
        for (int v = 0; v < n && first[f]; v++)
            if (r->plan.variants[v].name && !strcmp(r->plan.variants[v].name, first[f])) {
                int dup = 0;
                for (int j = 0; j < k; j++) dup |= ord[j] == v;
                if (!dup) ord[k++] = v;
            }
    for (int v = 0; v < n; v++) {
        int dup = 0;
        for (int j = 0; j < k; j++) dup |= ord[j] == v;
        if (!dup) ord[k++] = v;
    }
    return ord;
}

static void sweep(struct runner *r, const struct strlist *cols)
{
    const struct plan *p = &r->plan;
    size_t nlocal = (size_t)p->axis_values[p->naxes - 1].n;
    int *ord = variant_order(r);
    for (size_t dp = 0; dp < p->npoints / nlocal; dp++) {
        expected_clear(&r->expected);
        for (int i = 0; i < p->nvariants; i++)
            for (int b = 0; b < p->builds.n; b++) {
                if (!build_of(r, ord[i], b)->ok) continue;
                for (size_t l = 0; l < nlocal; l++) run_one(r, cols, ord[i], b, dp * nlocal + l);
            }
    }
    expected_clear(&r->expected);
    free(ord);
}

/* add_row_deviation: the deviation from the row average needs every work-group size of a point,
 * so it joins the rows as a last column when the sweep is done. Every swept row has a report
 * record, in the same order, after the rows of the build phase. */
static void add_row_deviation(struct runner *r)
{
    struct strlist vals = {0};
    for (int i = 0; i < r->nbuildrows; i++) sl_push(&vals, "");
    for (size_t i = 0; i < r->rep.n; i++) {
        double d = report_row_dev(&r->rep, i);
        sl_push_own(&vals, isnan(d) ? xstrdup("") : xasprintf("%+.4f", d));
    }
    if (results_add_column(&r->res, "dev_row_avg", &vals)) warn("cannot add dev_row_avg to %s/results.tsv", r->res.dir);
    sl_free(&vals);
}

/* ---- setup -------------------------------------------------------------------------------- */

static void setup_device(struct runner *r)
{
    r->dev = ocl_select(r->o->device);
    ocl_query(r->dev.platform, r->dev.id, &r->dp);
    peak_derive(&r->dp, &r->pk);
    size_t items[3] = {0, 0, 0};
    clGetDeviceInfo(r->dev.id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL);
    memcpy(r->max_item, items, sizeof items);
    cl_int e;
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)r->dev.platform, 0 };
    r->ctx = clCreateContext(props, 1, &r->dev.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext on %s: %s", r->dp.name, ocl_err_name(e));
    r->q = clCreateCommandQueue(r->ctx, r->dev.id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS) die("clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE) on %s: %s", r->dp.name, ocl_err_name(e));
}

static void teardown(struct runner *r)
{
    bench_buffers_free(&r->bufs);
    for (int i = 0; i < r->plan.nvariants * r->plan.builds.n; i++) build_free(&r->builds[i]);
    for (int v = 0; v < r->plan.nvariants; v++) { free(r->sources[v]); free(r->expand_errors[v]); free(r->skips[v]); }
    free(r->skips); free(r->btypes); free(r->atypes); free(r->ptx_op_counts);
    free(r->builds);
    free(r->sources);
    free(r->expand_errors);
    report_free(&r->rep);
    clReleaseCommandQueue(r->q);
    clReleaseContext(r->ctx);
    results_close(&r->res);
    plan_free(&r->plan);
}

int run_experiment(const struct spec *s, const struct run_opts *o)
{
    struct runner r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.o = o;
    setup_device(&r);
    char *err = NULL;
    if (plan_make(s, o->ov, o->nov, o->quick, (double)r.dp.max_wg, &r.plan, &err)) die("%s: %s", s->path, err);
    if (r.plan.nvariants == 0 || r.plan.builds.n == 0 || r.plan.npoints == 0) die("%s: nothing to run", s->name);
    if (results_open(&r.res, o->results_root, s->name, r.dp.name))
        die("cannot make a results folder under %s: %s", o->results_root, strerror(errno));
    char started[64];
    iso_time(started, sizeof started);
    write_run_json(&r, started, 0);
    printf("clx: %s on %s (%s, driver %s)\n", s->name, r.dp.name, r.dp.platform, r.dp.driver);
    printf("clx: theoretical peaks: FP32 %s%.0f GFLOP/s (%s); memory %s%.0f GB/s (%s)\n",
           r.pk.fp32_gflops > 0 ? "" : "unknown ", r.pk.fp32_gflops, r.pk.fp32_source,
           r.pk.mem_gbs > 0 ? "" : "unknown ", r.pk.mem_gbs, r.pk.mem_source);
    printf("clx: %d variants x %d builds x %zu launch points%s; results in %s\n", r.plan.nvariants, r.plan.builds.n,
           r.plan.npoints, o->quick ? " (quick mode)" : "", r.res.dir);
    struct strlist cols = {0};
    header_columns(&r, &cols);
    char *prov = xasprintf("%s on %s, driver %s, %s; clx %s; seed %llu", s->name, r.dp.name, r.dp.driver, r.dp.version,
                           CLX_VERSION, (unsigned long long)o->seed);
    results_comment(&r.res, "provenance", prov);
    free(prov);
    results_header(&r.res, &cols);
    char *kpath = results_path(&r.res, "kernels.tsv");
    FILE *ktsv = fopen(kpath, "w");
    if (!ktsv) die("cannot write %s", kpath);
    fprintf(ktsv, "variant\tbuild\tstatus\twg_max\twg_multiple\tlocal_bytes\tprivate_bytes\tregs\tbin_format\tbin_bytes\tptx_instr\tbuild_ms\tlog\n");
    build_all(&r, &cols, ktsv);
    fclose(ktsv);
    free(kpath);
    report_init(&r.rep, s, &r.plan, &r.pk);
    sweep(&r, &cols);
    add_row_deviation(&r);
    write_run_json(&r, started, 1);
    report_print(&r.rep, stdout);
    printf("clx: %d ok, %d FAIL, %d error, %d skipped, %d build-failed; results in %s\n", r.nok, r.nfail, r.nerror,
           r.nskip, r.nbuildfail, r.res.dir);
    int status = (r.nfail || r.nerror || r.nbuildfail) ? 1 : 0;
    sl_free(&cols);
    teardown(&r);
    return status;
}
