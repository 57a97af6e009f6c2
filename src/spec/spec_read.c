/* spec_read.c — reading libconfig settings for the spec: typed values with their file:line in
 * every error (a string where a number belongs, a fraction where a whole number does, a number
 * out of range or wrapped around by libconfig), and axes. Shared by spec.c and the section readers. */
#include "spec_impl.h"
#include "axis.h"
#include "lib/util.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* vfail_line: spec_fail's message at a line (0 or less: line 1, a whole-file error). */
static int vfail_line(struct loader *L, int line, const char *fmt, va_list ap)
{
    if (L->err) return -1;
    char *msg = xvasprintf(fmt, ap);
    L->err = xasprintf("%s:%d: %s", L->path, line > 0 ? line : 1, msg);
    free(msg);
    return -1;
}

int spec_fail(struct loader *L, const config_setting_t *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail_line(L, at ? config_setting_source_line(at) : 0, fmt, ap);
    va_end(ap);
    return rc;
}

int spec_fail_line(struct loader *L, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail_line(L, line, fmt, ap);
    va_end(ap);
    return rc;
}

/* scalar_text: a scalar setting (number, string, bool) as a new string, or NULL. */
char *spec_scalar_text(const config_setting_t *st)
{
    switch (config_setting_type(st)) {
    case CONFIG_TYPE_INT:    return xasprintf("%d", config_setting_get_int(st));
    case CONFIG_TYPE_INT64:  return xasprintf("%lld", config_setting_get_int64(st));
    case CONFIG_TYPE_FLOAT:  return xasprintf("%.17g", config_setting_get_float(st));
    case CONFIG_TYPE_BOOL:   return xstrdup(config_setting_get_bool(st) ? "1" : "0");
    case CONFIG_TYPE_STRING: return xstrdup(config_setting_get_string(st));
    default:                 return NULL;
    }
}

/* num_value: a numeric setting as a double (libconfig keeps ints and floats apart); 0 if neither. */
int spec_num_value(const config_setting_t *st, double *out)
{
    switch (st ? config_setting_type(st) : CONFIG_TYPE_NONE) {
    case CONFIG_TYPE_INT:   *out = config_setting_get_int(st); return 1;
    case CONFIG_TYPE_INT64: *out = (double)config_setting_get_int64(st); return 1;
    case CONFIG_TYPE_FLOAT: *out = config_setting_get_float(st); return 1;
    default:                return 0;
    }
}

/* int_as_written: whether line `line` of text holds v as written (libconfig wraps a too-large
 * integer literal around into 32 bits instead of refusing it). */
static int int_as_written(const char *text, int line, int v)
{
    for (int l = 1; l < line && text; l++) text = strchr(text, '\n') ? strchr(text, '\n') + 1 : NULL;
    if (!text) return 1;
    char digits[16];
    snprintf(digits, sizeof digits, "%d", v < 0 ? -v : v);
    const char *end = strchr(text, '\n');
    size_t n = end ? (size_t)(end - text) : strlen(text), k = strlen(digits);
    for (size_t i = 0; i + 1 < n; i++)
        if (text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X')) return 1;   /* hex: not checked */
    for (size_t i = 0; i + k <= n; i++)
        if (!strncmp(text + i, digits, k) && (i == 0 || !isdigit((unsigned char)text[i - 1])) &&
            !isdigit((unsigned char)text[i + k])) return 1;
    return 0;
}

/* get_number: the member name of parent, when present, into *out (*set = 1): a number (a whole
 * one when whole) within [lo, hi]; anything else is an error at its line. 0 or -1. */
int spec_get_number(struct loader *L, const config_setting_t *parent, const char *name, int whole, double lo,
                      double hi, double *out, int *set)
{
    const config_setting_t *m = config_setting_get_member(parent, name);
    if (!m) return 0;
    double d;
    int type = config_setting_type(m);
    if (!spec_num_value(m, &d) || (whole && type == CONFIG_TYPE_FLOAT && d != floor(d))) {
        char *t = spec_scalar_text(m);
        int rc = spec_fail(L, m, "%s must be %s, not %s%s%s", name, whole ? "a whole number" : "a number",
                           type == CONFIG_TYPE_STRING ? "\"" : "", t ? t : "a list or group",
                           type == CONFIG_TYPE_STRING ? "\"" : "");
        free(t);
        return rc;
    }
    if (type == CONFIG_TYPE_INT && L->text && !int_as_written(L->text, config_setting_source_line(m), (int)d))
        return spec_fail(L, m, "%s is too large (more than 32 bits)", name);
    if (d < lo || d > hi) return spec_fail(L, m, "%s = %.17g is outside %.17g..%.17g", name, d, lo, hi);
    *out = d;
    if (set) *set = 1;
    return 0;
}

int spec_is_sequence(const config_setting_t *st)
{
    int t = config_setting_type(st);
    return t == CONFIG_TYPE_ARRAY || t == CONFIG_TYPE_LIST;
}

int spec_read_list(struct loader *L, struct spec *s, const config_setting_t *st, const struct spec_list *how,
                   void *array, int *n)
{
    if (!st) return 0;
    if (config_setting_type(st) != CONFIG_TYPE_LIST)
        return spec_fail(L, st, "'%s' must be a list ( %s, ... )", how->name, how->form);
    int len = config_setting_length(st);
    char *entries = xcalloc((size_t)len + 1, how->size);
    memcpy(array, &entries, sizeof entries);   /* a T * field, whatever T: one pointer's bytes */
    for (int i = 0; i < len; i++) {
        const config_setting_t *g = config_setting_get_elem(st, (unsigned)i);
        char *entry = entries + (size_t)i * how->size;
        (*n)++;
        *(int *)(entry + how->line) = config_setting_source_line(g);
        if (config_setting_type(g) != CONFIG_TYPE_GROUP)
            return spec_fail(L, g, "%s %d must be a group %s", how->noun, i + 1, how->form);
        if (how->read(L, s, g, i, entry)) return -1;
    }
    return 0;
}

/* get_string: a required (or optional) string member. */
int spec_get_string(struct loader *L, const config_setting_t *grp, const char *key, int required, char **out)
{
    const config_setting_t *st = config_setting_get_member(grp, key);
    *out = NULL;
    if (!st) return required ? spec_fail(L, grp, "'%s' is missing", key) : 0;
    if (config_setting_type(st) != CONFIG_TYPE_STRING) return spec_fail(L, st, "'%s' must be a string in quotes", key);
    *out = xstrdup(config_setting_get_string(st));
    return 0;
}

/* read_axis: an axis given as a scalar ("64:1024:64", 256) or a sequence of scalars. */
static int read_axis(struct loader *L, const config_setting_t *st, struct spec_axis *ax)
{
    ax->name = xstrdup(config_setting_name(st));
    ax->line = config_setting_source_line(st);
    memset(&ax->items, 0, sizeof ax->items);
    if (!spec_is_sequence(st)) {
        char *t = spec_scalar_text(st);
        if (!t) return spec_fail(L, st, "axis '%s' must be a value, a string such as \"1,2,4\" or \"64:1024:64\", or a list", ax->name);
        sl_push_own(&ax->items, t);
        return 0;
    }
    int n = config_setting_length(st);
    if (n == 0) return spec_fail(L, st, "axis '%s' has no values", ax->name);
    for (int i = 0; i < n; i++) {
        char *t = spec_scalar_text(config_setting_get_elem(st, (unsigned)i));
        if (!t) return spec_fail(L, st, "axis '%s': value %d is not a number or a string", ax->name, i + 1);
        sl_push_own(&ax->items, t);
    }
    return 0;
}

int spec_read_axes(struct loader *L, const config_setting_t *grp, struct spec_axis **out, int *n)
{
    *out = NULL;
    *n = 0;
    if (!grp) return 0;
    if (config_setting_type(grp) != CONFIG_TYPE_GROUP)
        return spec_fail(L, grp, "'%s' must be a group { NAME = values; ... }", config_setting_name(grp));
    int len = config_setting_length(grp);
    *out = xcalloc((size_t)len, sizeof **out);
    for (int i = 0; i < len; i++) {
        if (read_axis(L, config_setting_get_elem(grp, (unsigned)i), &(*out)[i])) return -1;
        (*n)++;
    }
    return 0;
}

/* check_values: axis ax's values as the plan will expand them; where they do not, the axis' line
 * is blamed now, in a --quick run too (whose own values may be fine). */
static int check_values(struct loader *L, const struct spec_axis *ax)
{
    char *text = sl_join(&ax->items, ","), *e = NULL;
    struct strlist v = {0};
    /* 'max' (the device's largest work-group) is a word here: any stand-in reads the same. */
    int bad = axis_expand(text, 1024, &v, &e);
    int rc = bad ? spec_fail_line(L, ax->line, "axis %s: %s", ax->name, e) : 0;
    free(text);
    free(e);
    sl_free(&v);
    return rc;
}

int spec_check_launch_values(struct loader *L, const struct spec *s)
{
    for (int i = 0; i < s->nlaunch; i++)
        if (check_values(L, &s->launch[i])) return -1;
    for (int i = 0; i < s->nquick; i++)
        if (spec_axis_find(s->launch, s->nlaunch, s->quick[i].name) && check_values(L, &s->quick[i])) return -1;
    return 0;
}

void spec_free_axes(struct spec_axis *a, int n)
{
    for (int i = 0; i < n; i++) { free(a[i].name); sl_free(&a[i].items); }
    free(a);
}
