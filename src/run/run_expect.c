/* run_expect.c — the instruction counts a spec expects (docs/spec.md, "Expected instructions") in a
 * run: counted in each variant x build's binary in the build phase (kernels.tsv), checked on every
 * measured row of an optimised build (its flag), and said once when this run cannot check them. */
#include "run_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *found_of(const struct runner *r, int v, int b)
{
    return &r->bl.expect.found[build_index(&r->bl, v, b) * r->s->nexpects];
}

void run_expect_columns(const struct spec *s, struct strlist *cols)
{
    for (int e = 0; e < s->nexpects; e++) {
        sl_push_own(cols, xasprintf("count:%s", s->expects[e].op));
        sl_push_own(cols, xasprintf("expect:%s", s->expects[e].op));
    }
}

/* build_vars: what a count may use that is known before any launch: the device, the variant's
 * parameters, the build, the kernel, and the derived values that need nothing more. */
static void build_vars(const struct runner *r, int v, int b, struct vars *vv)
{
    run_build_vars(r, v, b, vv);
    for (int i = 0; i < r->s->derived_names.n; i++) {
        double x;
        if (expr_eval(r->s->derived_exprs.v[i], vv, &x, NULL) == 0) vars_set(vv, r->s->derived_names.v[i], x);
    }
}

/* note_format: whether an optimised build's binary is one clx counts in (the run checks counts)
 * or not (the first such format is what the run says it could not read). */
static void note_format(struct run_expect *x, const struct build *bd)
{
    if (!bd->ok || !bd->binary) return;
    if (opcount_readable(bd->binary_format)) x->counted++;
    else if (!x->unreadable) x->unreadable = bd->binary_format;
}

/* alloc_found: every count unknown (-1) until its build is counted. */
static void alloc_found(struct runner *r)
{
    size_t builds = (size_t)(r->bl.nvariants * r->bl.nbuilds), n = builds * (size_t)r->s->nexpects;
    r->bl.expect.found = xmalloc(sizeof *r->bl.expect.found * n);
    for (size_t i = 0; i < n; i++) r->bl.expect.found[i] = -1;
    r->bl.expect.said = xcalloc(builds, 1);
}

void run_expect_build(struct runner *r, int v, int b, struct strlist *cells)
{
    if (!r->s->nexpects) return;
    if (!r->bl.expect.found) alloc_found(r);
    const struct build *bd = build_of(&r->bl, v, b);
    const struct variant *var = &r->plan.variants[v];
    int opt = !plan_is_noopt(r->plan.builds.v[b]);
    if (opt) note_format(&r->bl.expect, bd);
    struct vars vv = {0};
    build_vars(r, v, b, &vv);
    for (int e = 0; e < r->s->nexpects; e++) {
        const char *op = opcount_op_of(r->s->expects[e].op, &var->keys, &var->values);
        int n = bd->ok && bd->binary ? opcount_in(bd->binary_format, (const char *)bd->binary, var->kernel, op) : -1;
        found_of(r, v, b)[e] = n;
        /* The minimum only where it is checked and needs no launch point (else the rows' flags). */
        double want;
        int shown = opt && n >= 0 && expr_eval(r->s->expects[e].count, &vv, &want, NULL) == 0 && want > 0;
        sl_push_own(cells, n >= 0 ? xasprintf("%d", n) : xstrdup(""));
        sl_push_own(cells, shown ? xasprintf("%.15g", want) : xstrdup(""));
    }
    vars_free(&vv);
}

/* skip_reason: why this run checks no count at all (a new string), or NULL when it checks some. */
static char *skip_reason(const struct runner *r)
{
    if (r->bl.expect.counted) return NULL;
    /* A format binary_format does not know (rusticl's) is said as such, not as "(unknown)". */
    const char *fmt = r->bl.expect.unreadable;
    if (fmt)
        return xasprintf("clx counts instructions in %s only, and this device's optimised binaries are another format (%s)",
                         opcount_readable_formats(),
                         strcmp(fmt, "unknown") ? fmt : "one clx does not know: the run's bin/ holds them as .bin files");
    int opt = 0;
    for (int b = 0; b < r->plan.builds.n; b++) opt |= !plan_is_noopt(r->plan.builds.v[b]);
    return xstrdup(opt ? "no optimised build gave a program binary"
                       : "every build has -cl-opt-disable, and only optimised builds are checked");
}

void run_expect_say(struct runner *r)
{
    /* A resumed run said it when it began. */
    if (!r->bl.expect.found || r->o->quiet || r->out.resume.rows.nrows) return;
    char *why = skip_reason(r);
    if (why) {
        char *said = spec_expect_unchecked(why);
        progress_clear(&r->progress);
        printf("clx: expect: %s\n", said);
        free(said);
        fflush(stdout);
    }
    free(why);
}

/* Where a row's checks write: its flag (on row w), what to warn about once for its binary (pruned:
 * work the compiler removed; bad: counts that cannot be evaluated), and the row's note. */
struct expect_out {
    struct row *w;
    struct sbuf *pruned, *bad, *note;
};

/* check_one: entry e on the row, whose binary holds n of op: the flag (and what to warn about in
 * pruned) when n is below the count; a count that cannot be evaluated in bad and the row's note. */
static void check_one(const struct spec *s, int e, const char *op, int n, const struct vars *vv,
                      const struct expect_out *out)
{
    struct sbuf *pruned = out->pruned, *bad = out->bad, *note = out->note;
    const struct spec_expect *x = &s->expects[e];
    double want;
    char *err = NULL;
    if (expr_eval(x->count, vv, &want, &err)) {
        char *msg = xasprintf("expect %s: count \"%s\" (%s:%d): %s; not checked", x->op, x->count, s->path,
                              x->count_line, err ? err : "cannot be evaluated");
        sb_printf(note, "%s%s", note->len ? "; " : "", msg);
        sb_printf(bad, "%s%s", bad->len ? "; " : "", msg);
        free(msg);
        free(err);
        return;
    }
    char *flag = opcount_pruned(op, n, want);
    if (!flag) return;
    row_flag(out->w, "%s", flag);
    free(flag);
    sb_printf(pruned, "%s%d %s where the spec expects at least %.15g (%s:%d)", pruned->len ? "; " : "", n, op, want,
              s->path, x->count_line);
}

void run_expect_row(struct runner *r, struct row *w, int v, int b, const struct vars *vv, struct sbuf *note)
{
    if (!r->bl.expect.found || plan_is_noopt(r->plan.builds.v[b])) return;
    const struct variant *var = &r->plan.variants[v];
    struct sbuf pruned = {0}, bad = {0};
    struct expect_out out = { .w = w, .pruned = &pruned, .bad = &bad, .note = note };
    for (int e = 0; e < r->s->nexpects; e++) {
        const char *op = opcount_op_of(r->s->expects[e].op, &var->keys, &var->values);
        int n = found_of(r, v, b)[e];
        if (op && n >= 0) check_one(r->s, e, op, n, vv, &out);
    }
    /* Said once per variant and build: every row of it has the same binary. */
    char *said = &r->bl.expect.said[build_index(&r->bl, v, b)];
    if ((pruned.len || bad.len) && !*said) {
        const char *build = plan_build_label(r->plan.builds.v[b]);
        progress_clear(&r->progress);
        if (pruned.len)
            warn("variant %s, build %s: %s: the compiler removed work the spec expects, so its times are not of "
                 "that work (flag 'pruned')", var->id, build, pruned.s);
        if (bad.len) warn("variant %s, build %s: %s", var->id, build, bad.s);
        *said = 1;
    }
    sb_free(&pruned);
    sb_free(&bad);
}

cJSON *run_expect_json(const struct runner *r)
{
    if (!r->bl.expect.found) return NULL;
    cJSON *o = cJSON_CreateObject();
    char *why = skip_reason(r);
    cJSON_AddBoolToObject(o, "checked", why == NULL);
    if (why) cJSON_AddStringToObject(o, "why", why);
    else cJSON_AddNumberToObject(o, "builds_counted", r->bl.expect.counted);
    free(why);
    return o;
}

void run_expect_free(struct run_expect *x)
{
    free(x->found);
    free(x->said);
    memset(x, 0, sizeof *x);
}
