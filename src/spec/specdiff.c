/* specdiff.c — what of a spec differs between two of its texts (specdiff.h). */
#include "specdiff.h"
#include "spec_impl.h"
#include "lib/spectext.h"
#include <libconfig.h>
#include <stdlib.h>
#include <string.h>

/* The settings a row's rates are counted from, and those no row reads: every other one is of what
 * runs or how it is timed. A row per setting; add one where the spec gains such a setting. */
static const char *const work_keys[] = { "flops", "bytes", "flops_peak", NULL };
static const char *const unread_keys[] = { "description", "findings", "plots", "grid_stride", NULL };

static int listed(const char *const *keys, const char *name)
{
    for (int k = 0; keys[k]; k++)
        if (!strcmp(keys[k], name)) return 1;
    return 0;
}

/* Members of a group that only a --modes run reads (a buffer's vector: docs/spec.md, "Buffers"): a
 * difference in them alone is of nothing a sweep runs or measures. */
static const char *const modes_only_members[] = { "vector", NULL };

/* members: how many members group x has that skip (NULL: none) does not list. */
static int members(const config_setting_t *x, const char *const *skip)
{
    int n = 0;
    for (int i = 0; i < config_setting_length(x); i++)
        n += !skip || !listed(skip, config_setting_name(config_setting_get_elem(x, (unsigned)i)));
    return n;
}

/* same_but: whether settings x and y hold the same value (groups by member name, lists by place),
 * the members of any group that skip lists (NULL: none) left out. */
static int same_but(const config_setting_t *x, const config_setting_t *y, const char *const *skip)
{
    if (!x || !y) return x == y;
    int t = config_setting_type(x);
    if (t != config_setting_type(y)) return 0;
    switch (t) {
    case CONFIG_TYPE_INT: return config_setting_get_int(x) == config_setting_get_int(y);
    case CONFIG_TYPE_INT64: return config_setting_get_int64(x) == config_setting_get_int64(y);
    case CONFIG_TYPE_FLOAT: return config_setting_get_float(x) == config_setting_get_float(y);
    case CONFIG_TYPE_BOOL: return config_setting_get_bool(x) == config_setting_get_bool(y);
    case CONFIG_TYPE_STRING: return !strcmp(config_setting_get_string(x), config_setting_get_string(y));
    default: break;
    }
    int group = t == CONFIG_TYPE_GROUP, n = config_setting_length(x);
    if (group ? members(x, skip) != members(y, skip) : n != config_setting_length(y)) return 0;
    for (int i = 0; i < n; i++) {
        const config_setting_t *a = config_setting_get_elem(x, (unsigned)i);
        if (group && skip && listed(skip, config_setting_name(a))) continue;
        const config_setting_t *b = group ? config_setting_get_member(y, config_setting_name(a))
                                          : config_setting_get_elem(y, (unsigned)i);
        if (!same_but(a, b, skip)) return 0;
    }
    return 1;
}

static int same(const config_setting_t *x, const config_setting_t *y) { return same_but(x, y, NULL); }

/* shown: a work setting as said: its text quoted, "(none)" where the spec has none (a new string). */
static char *shown(const config_setting_t *x)
{
    char *t = x ? spec_scalar_text(x) : NULL;
    char *r = t ? xasprintf("'%s'", t) : xstrdup("(none)");
    free(t);
    return r;
}

/* one: setting `name` (of a's root, or of b's where a lacks it) compared, and put where it belongs. */
static void one(const config_setting_t *ra, const config_setting_t *rb, const char *name, struct specdiff *d)
{
    const config_setting_t *x = config_setting_get_member(ra, name), *y = config_setting_get_member(rb, name);
    if (same(x, y)) return;
    if (listed(work_keys, name)) {
        sl_push(&d->work, name);
        sl_push_own(&d->work_a, shown(x));
        sl_push_own(&d->work_b, shown(y));
    } else if (!strcmp(name, "buffers") && same_but(x, y, modes_only_members)) {
        sl_push(&d->unread, "buffers' vector");
    } else {
        sl_push(listed(unread_keys, name) ? &d->unread : &d->run, name);
    }
}

void specdiff_make(const char *a, const char *b, struct specdiff *d)
{
    memset(d, 0, sizeof *d);
    /* Whether they say otherwise at all is spectext's to answer, as it is for --resume: where they do
     * not, no setting differs, and texts no libconfig reads are said alike too. */
    char *line = a && b ? spectext_first_said(a, b) : NULL;
    d->said_same = a && b && !line;
    free(line);
    if (d->said_same) return;
    config_t ca, cb;
    config_init(&ca);
    config_init(&cb);
    if (a && b && config_read_string(&ca, a) && config_read_string(&cb, b)) {
        const config_setting_t *ra = config_root_setting(&ca), *rb = config_root_setting(&cb);
        d->read = 1;
        for (int i = 0; i < config_setting_length(ra); i++) one(ra, rb, config_setting_name(config_setting_get_elem(ra, (unsigned)i)), d);
        for (int i = 0; i < config_setting_length(rb); i++) {
            const char *name = config_setting_name(config_setting_get_elem(rb, (unsigned)i));
            if (!config_setting_get_member(ra, name)) one(ra, rb, name, d);
        }
    }
    config_destroy(&ca);
    config_destroy(&cb);
}

void specdiff_free(struct specdiff *d)
{
    sl_free(&d->work);
    sl_free(&d->work_a);
    sl_free(&d->work_b);
    sl_free(&d->run);
    sl_free(&d->unread);
    memset(d, 0, sizeof *d);
}

/* names: "a", "a and b", "a, b and c" appended to t. */
static void names(struct sbuf *t, const struct strlist *l)
{
    for (int i = 0; i < l->n; i++) sb_printf(t, "%s%s", i == 0 ? "" : i == l->n - 1 ? " and " : ", ", l->v[i]);
}

char *specdiff_said(const struct specdiff *d, const char *an, const char *bn)
{
    if (!d->read && !d->said_same) return NULL;
    struct sbuf t = {0};
    for (int i = 0; i < d->work.n; i++)
        sb_printf(&t, "%sthe spec's %s: %s in %s, %s in %s", t.len ? "; " : "", d->work.v[i], d->work_a.v[i], an,
                  d->work_b.v[i], bn);
    if (d->run.n) {
        sb_printf(&t, "%sthe spec's ", t.len ? "; " : "");
        names(&t, &d->run);
        sb_printf(&t, " (what it runs or how it is timed)");
    }
    if (!t.len) {
        sb_printf(&t, "the spec, only its ");
        if (d->unread.n) names(&t, &d->unread);
        else sb_printf(&t, "comments or layout");
        sb_printf(&t, " (nothing it runs or measures)");
    }
    return t.s;
}

int specdiff_work_only(const struct specdiff *d)
{
    /* flops_peak alone names another peak for the same count: the rates stay comparable. */
    int counts = 0;
    for (int i = 0; i < d->work.n; i++) counts |= strcmp(d->work.v[i], "flops_peak") != 0;
    return d->read && counts && !d->run.n;
}

int specdiff_unread_only(const struct specdiff *d)
{
    return (d->read && !d->work.n && !d->run.n) || d->said_same;
}
