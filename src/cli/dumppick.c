/* dumppick.c — `clx dump`'s choice of a variant from ids as results.tsv prints them (dumppick.h). */
#include "dumppick.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include "lib/names.h"
#include "spec/restrictions.h"
#include "spec/variantid.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int same(const char *a, const char *b) { return a && b ? !strcmp(a, b) : a == b; }

/* varying_keys: the template parameters whose value is not the same in every variant (the ones
 * that tell variants apart), in the order of their first appearance. */
static void varying_keys(const struct plan *p, struct strlist *out)
{
    for (int i = 0; i < p->nvariants; i++)
        for (int k = 0; k < p->variants[i].keys.n; k++) {
            const char *key = p->variants[i].keys.v[k];
            int seen = 0, varies = 0;
            for (int j = 0; j < out->n && !seen; j++) seen = !strcmp(out->v[j], key);
            for (int j = 1; j < p->nvariants && !seen && !varies; j++)
                varies = !same(plan_variant_value(&p->variants[0], key), plan_variant_value(&p->variants[j], key));
            if (varies) sl_push(out, key);
        }
}

/* matches: whether variant i alone satisfies sel (plan_find_variant on a plan of that one). */
static int matches(const struct plan *p, int i, const struct strlist *sel)
{
    struct plan one = *p;
    one.variants = &p->variants[i];
    one.nvariants = 1;
    return plan_find_variant(&one, sel) == 0;
}

/* left_out: where the pairs given name values the plan's variants have, key by key, and a restriction
 * over the template parameters leaves their combination out (RY=1 UNR=1 of a spec whose RY=1 runs
 * unrolled only), why: a new string, else NULL. "no variant matches" alone left it to the reader. */
static char *left_out(const struct spec *s, const struct plan *p, const struct strlist *keys, const struct strlist *vals)
{
    if (!p->restricted || !keys->n) return NULL;
    struct vars vv = {0};
    int known = 1;
    for (int k = 0; k < keys->n && known; k++) {
        char *end;
        double x = strtod(vals->v[k], &end);
        known = end != vals->v[k] && !*end;
        int seen = 0;
        for (int i = 0; i < p->nvariants && !seen; i++) seen = same(plan_variant_value(&p->variants[i], keys->v[k]), vals->v[k]);
        known = known && seen;
        vars_set(&vv, keys->v[k], x);
    }
    char *why = known ? restrictions_variant(s, &vv) : NULL;
    vars_free(&vv);
    return why;
}

/* twice: where sel (the "KEY=VALUE" pairs given, variant=NAME for a name) gives one key two values,
 * which "no variant matches 'naive float4'" said as if neither variant existed: what it gives, as a
 * new string ("names two variants (naive and float4)", "gives ILP two values (2 and 4)"); else NULL. */
static char *twice(const struct strlist *sel)
{
    for (int i = 0; i < sel->n; i++) {
        const char *a = sel->v[i], *eq = strchr(a, '=');
        if (!eq || !eq[1]) continue;             /* "variant=": an id that did not parse, said already */
        size_t kl = (size_t)(eq - a) + 1;
        for (int j = i + 1; j < sel->n; j++) {
            const char *b = sel->v[j];
            if (strncmp(a, b, kl) || !b[kl] || !strcmp(a, b)) continue;
            if (!strncmp(a, "variant=", kl)) return xasprintf("names two variants (%s and %s), and dump shows one", a + kl, b + kl);
            return xasprintf("gives %.*s two values (%s and %s), and dump shows one variant", (int)kl - 1, a, a + kl, b + kl);
        }
    }
    return NULL;
}

int dump_pick(const struct spec *s, const struct plan *p, const char *experiment, char *const *args, int nargs)
{
    struct strlist pk = {0}, pv = {0};   /* every K=V given, for left_out */
    struct strlist sel = {0}, keys = {0};
    struct sbuf given = {0};
    /* Each argument an id as results.tsv prints it (variantid.h): a name, NAME:K=V,... or K=V. */
    for (int i = 0; i < nargs; i++) {
        struct vid id;
        char *err = NULL;
        if (vid_parse(args[i], &id, &err)) {
            fprintf(stderr, "clx dump: %s\n", err);
            free(err);
            sl_push(&sel, "variant=");   /* matches nothing: the candidates are listed below */
        } else {
            /* A name that is no template parameter picks nothing: said as --set variant= says it. */
            char *why = NULL;
            for (int k = 0; k < id.keys.n && !why; k++) why = plan_not_param(s, id.keys.v[k], args[i]);
            if (why) {
                fprintf(stderr, "clx dump: %s\n", why);
                free(why);
                sl_push(&sel, "variant=");
            }
            if (id.name) sl_push_own(&sel, xasprintf("variant=%s", id.name));
            for (int k = 0; k < id.keys.n; k++) {
                sl_push_own(&sel, xasprintf("%s=%s", id.keys.v[k], id.vals.v[k]));
                sl_push(&pk, id.keys.v[k]);
                sl_push(&pv, id.vals.v[k]);
            }
            vid_free(&id);
        }
        sb_printf(&given, "%s%s", i ? " " : "", args[i]);
    }
    /* Nothing given matches every variant: the only one, or several (-2). */
    int v = plan_find_variant(p, &sel);
    if (v >= 0) goto out;
    /* Not one: list the candidates (those matching what was given, or all when none does). */
    int *cand = xcalloc((size_t)p->nvariants, sizeof *cand), nc = 0;
    for (int i = 0; i < p->nvariants; i++)
        if (v == -1 || matches(p, i, &sel)) cand[nc++] = i;
    if (nargs == 0)
        fprintf(stderr, "clx dump: %s has %d variants: give one's id (as results.tsv prints it), or PARAM=VALUE pairs that pick it:\n",
                experiment, p->nvariants);
    else if (v == -2)
        fprintf(stderr, "clx dump: %d variants of %s match '%s': pick one of them by its id:\n", nc, experiment, given.s);
    else {
        /* A slip in one variant's name: the nearest of the names and ids. */
        struct strlist names = {0};
        for (int i = 0; i < p->nvariants; i++) {
            sl_push(&names, p->variants[i].id);
            if (p->variants[i].name && strcmp(p->variants[i].name, p->variants[i].id)) sl_push(&names, p->variants[i].name);
        }
        const char *near = nargs == 1 ? nearest_name(args[0], names.v, names.n) : NULL;
        char *two = twice(&sel), *why = two ? NULL : left_out(s, p, &pk, &pv);
        if (two) fprintf(stderr, "clx dump: '%s' %s at a time: pick one of:\n", given.s, two);
        else if (why) fprintf(stderr, "clx dump: no variant matches '%s' in %s: that combination is %s; pick one of:\n", given.s,
                         experiment, why);
        else fprintf(stderr, "clx dump: no variant matches '%s' in %s%s%s%s: pick one of:\n", given.s, experiment,
                     near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
        free(why);
        free(two);
        sl_free(&names);
    }
    varying_keys(p, &keys);
    int id_w = 0;
    for (int c = 0; c < nc; c++)
        if ((int)strlen(p->variants[cand[c]].id) > id_w) id_w = (int)strlen(p->variants[cand[c]].id);
    /* Each candidate by its id (unique in a plan, so it is also the example), then the parameters
     * that tell it from the others. */
    const char *example = nc ? p->variants[cand[0]].id : NULL;
    for (int c = 0; c < nc; c++) {
        const struct variant *var = &p->variants[cand[c]];
        struct sbuf line = {0};
        for (int k = 0; k < keys.n; k++) {
            const char *val = plan_variant_value(var, keys.v[k]);
            if (val) sb_printf(&line, "%s%s=%s", line.len ? " " : "", keys.v[k], val);
        }
        /* An id that is its pairs already ("ILP=4", no named variants) is not said twice. */
        char *as_id = line.s ? xstrdup(line.s) : xstrdup("");
        for (char *c = as_id; *c; c++) if (*c == ' ') *c = ',';
        if (!strcmp(as_id, var->id) || !line.s) fprintf(stderr, "  %s\n", var->id);
        else fprintf(stderr, "  %-*s  %s\n", id_w, var->id, line.s);
        free(as_id);
        sb_free(&line);
    }
    /* Quoted where a shell would split it, so the line can be pasted. */
    if (example) {
        char *q = shell_word(experiment);
        fprintf(stderr, "e.g. %s dump %s %s\n", clx_cmd(), q, example);
        free(q);
    }
    free(cand);
    v = -1;
out:
    sl_free(&pk);
    sl_free(&pv);
    sl_free(&sel);
    sl_free(&keys);
    sb_free(&given);
    return v;
}

