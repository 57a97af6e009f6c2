/* axis.c — expands the value syntax of sweep axes into lists of values. */
#include "axis.h"
#include "lib/expr.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AXIS_MAX_VALUES 100000   /* a range longer than this is surely a typo */

char *axis_format_number(double x)
{
    if (x == floor(x) && fabs(x) < 9.007199254740992e15) return xasprintf("%.0f", x);
    /* The shortest text that reads back as the same double: 0.9999, not 0.99990000000000001. */
    for (int prec = 1; prec < 17; prec++) {
        char *t = xasprintf("%.*g", prec, x);
        if (strtod(t, NULL) == x) return t;
        free(t);
    }
    return xasprintf("%.17g", x);
}

/* xasprintf_round: x with 12 significant digits, which removes binary fractions' dust
 * (0.30000000000000004 -> 0.3); a static buffer, for strtod straight away. */
static const char *xasprintf_round(double x)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "%.12g", x);
    return buf;
}

/* A word: an identifier, dots allowed after the first character (PTX opcodes: add.s32). */
static int is_word(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_') return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.') return 0;
    return 1;
}

static int range_bound(const char *s, double max, double *out, char **err)
{
    if (strcmp(s, "max") == 0) {
        if (max <= 0) { *err = xstrdup("'max' is not known here"); return -1; }
        *out = max;
        return 0;
    }
    if (parse_number(s, out)) { *err = xasprintf("'%s' is not a number", s); return -1; }
    return 0;
}

/* One range "a:b[:step]" or "a:b:*f": arithmetic or geometric, both ends inclusive. */
static int expand_range(const char *item, double max, struct strlist *out, char **err)
{
    struct strlist f = {0};
    sl_split(&f, item, ':');
    double a, b, step = 1;
    int geometric = 0, rc = -1;
    if (f.n < 2 || f.n > 3) { *err = xasprintf("range '%s' must be FROM:TO or FROM:TO:STEP", item); goto out; }
    if (range_bound(str_trim(f.v[0]), max, &a, err) || range_bound(str_trim(f.v[1]), max, &b, err)) goto out;
    if (f.n == 3) {
        char *st = str_trim(f.v[2]);
        geometric = st[0] == '*';
        if (parse_number(st + geometric, &step) || step <= (geometric ? 1 : 0)) {
            *err = xasprintf("range '%s': step '%s' must be a positive number (or *F with F > 1)", item, st);
            goto out;
        }
    }
    if (a > b) { *err = xasprintf("range '%s' is empty (FROM > TO)", item); goto out; }
    if (geometric && a <= 0) { *err = xasprintf("range '%s': a geometric range must start above 0", item); goto out; }
    /* Each value from the start, not by adding the step again and again (0.1 steps drift). */
    for (long i = 0;; i++) {
        double x = geometric ? a * pow(step, (double)i) : a + (double)i * step;
        x = strtod(xasprintf_round(x), NULL);
        if (x > b * (1 + 1e-12)) break;
        if (i >= AXIS_MAX_VALUES) { *err = xasprintf("range '%s' has too many values", item); goto out; }
        sl_push_own(out, axis_format_number(x));
    }
    rc = 0;
out:
    sl_free(&f);
    return rc;
}

int axis_expand(const char *text, double max, struct strlist *out, char **err)
{
    struct strlist items = {0};
    int rc = 0;
    *err = NULL;
    sl_split(&items, text, ',');
    for (int i = 0; i < items.n && rc == 0; i++) {
        char *it = str_trim(items.v[i]);
        double x;
        if (!*it) {
            *err = xasprintf("empty value in '%s'", text);
            rc = -1;
        } else if (strchr(it, ':')) {
            rc = expand_range(it, max, out, err);
        } else if (parse_number(it, &x) == 0) {
            sl_push_own(out, axis_format_number(x));
        } else if (strcmp(it, "max") == 0 && max > 0) {
            sl_push_own(out, axis_format_number(max));
        } else if (is_word(it)) {
            sl_push(out, it);
        } else {
            *err = xasprintf("'%s' is neither a number (10, 1.5, 10M, 64Ki), a range (FROM:TO:STEP) nor a word", it);
            rc = -1;
        }
    }
    sl_free(&items);
    return rc;
}

int axis_reads_max(const char *text)
{
    struct strlist items = {0};
    int reads = 0;
    sl_split(&items, text, ',');
    for (int i = 0; i < items.n && !reads; i++) {
        struct strlist f = {0};
        sl_split(&f, items.v[i], ':');
        /* The item, or a range's two ends: a step is no size ("64:1024:max" is refused as a step). */
        for (int k = 0; k < f.n && k < 2 && !reads; k++) reads = !strcmp(str_trim(f.v[k]), "max");
        sl_free(&f);
    }
    sl_free(&items);
    return reads;
}
