/* spec_expect.c — a spec's `expect`: the instructions each variant's optimised binary must hold
 * (opcode prefixes and count expressions), so that work the compiler removed is caught even when
 * the time looks plausible (docs/spec.md, "Expected instructions"). */
#include "spec_impl.h"
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* op_form_ok: an opcode prefix is lower-case letters, digits, '.' and '_', starting with a
 * letter; an upper-case name (A-Z, 0-9, _) names a template parameter holding one. */
static int op_form_ok(const char *op)
{
    int upper = isupper((unsigned char)op[0]);
    if (!upper && !islower((unsigned char)op[0])) return 0;
    for (const char *c = op; *c; c++) {
        int ok = upper ? isupper((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_'
                       : islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '.' || *c == '_';
        if (!ok) return 0;
    }
    return 1;
}

/* read_entry: expect's entry i, { op = "..."; count = "..."; }; one column of kernels.tsv per op,
 * so a second count for an op belongs in the first's expression (per variant with ?:). */
static int read_entry(struct loader *L, struct spec *s, const config_setting_t *g, int i, void *entry)
{
    struct spec_expect *e = entry;
    static const char *const keys[] = { "op", "count", NULL };
    if (spec_only_keys(L, g, "expect", keys)) return -1;
    const config_setting_t *op = config_setting_get_member(g, "op"), *count = config_setting_get_member(g, "count");
    if (!op) return spec_fail(L, g, "expect: 'op' (an opcode prefix such as \"fma.rn.f32\") is missing");
    if (config_setting_type(op) != CONFIG_TYPE_STRING || !op_form_ok(config_setting_get_string(op)))
        return spec_fail(L, op, "expect: op must be an opcode prefix in quotes (\"fma.rn.f32\", \"ld.global\") or the "
                                "name of a template parameter holding one (\"PTX_OP\")");
    e->op = xstrdup(config_setting_get_string(op));
    if (!count) return spec_fail(L, g, "expect %s: 'count' (the least number of instructions, an expression) is missing", e->op);
    e->count_line = config_setting_source_line(count);
    if (config_setting_type(count) == CONFIG_TYPE_BOOL || !(e->count = spec_scalar_text(count)))
        return spec_fail(L, count, "expect %s: count must be an expression (a string such as \"ILP * UNROLL\") or a number", e->op);
    for (int j = 0; j < i; j++)
        if (!strcmp(s->expects[j].op, e->op))
            return spec_fail(L, g, "expect: op '%s' is declared twice (one count expression per op; use ?: for "
                                   "different variants)", e->op);
    return 0;
}

/* The expect section as spec_read_list reads it (spec.c's parse), one entry by read_entry. */
const struct spec_list spec_expect_list = {
    .name = "expect", .noun = "expect entry",
    .form = "{ op = \"fma.rn.f32\"; count = \"ILP * UNROLL\"; }",
    .size = sizeof (struct spec_expect), .line = offsetof(struct spec_expect, line), .read = read_entry };

int spec_check_expect(struct loader *L, const struct spec *s)
{
    for (int i = 0; i < s->nexpects; i++) {
        const struct spec_expect *e = &s->expects[i];
        if (isupper((unsigned char)e->op[0]) && !spec_is_param(s, e->op)) {
            if (!L->err)
                L->err = xasprintf("%s:%d: expect: op '%s' is not a template parameter of this experiment (an opcode "
                                   "prefix is lower case: \"fma.rn.f32\")", L->path, e->line, e->op);
            return -1;
        }
        char *what = xasprintf("expect %s: count", e->op);
        int rc = spec_check_expr(L, s, what, e->count, e->count_line);
        free(what);
        if (rc) return -1;
    }
    return 0;
}

void spec_free_expect(struct spec *s)
{
    for (int i = 0; i < s->nexpects; i++) { free(s->expects[i].op); free(s->expects[i].count); }
    free(s->expects);
    s->expects = NULL;
    s->nexpects = 0;
}

char *spec_expect_unchecked(const char *why)
{
    return xasprintf("instruction counts not checked: %s", why);
}
