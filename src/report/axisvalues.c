/* axisvalues.c — values of a sweep's axis as text: one value however it is written, and lists of them
 * joined in order (axisvalues.h). */
#include "axisvalues.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

int axval_same(const char *a, const char *b)
{
    double x, y;
    if (parse_number(a, &x) == 0 && parse_number(b, &y) == 0) return x == y;
    return !strcmp(a, b);
}

int axval_has(const struct strlist *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (axval_same(l->v[i], s)) return 1;
    return 0;
}

/* by_number: qsort's order of two value texts that read as numbers. */
static int by_number(const void *a, const void *b)
{
    double x, y;
    parse_number(*(char *const *)a, &x);
    parse_number(*(char *const *)b, &y);
    return (x > y) - (x < y);
}

char *axval_joined(const struct strlist *base, const struct strlist *add)
{
    struct strlist v = {0};
    int numbers = 1;
    double d;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < (pass ? add : base)->n; i++) {
            const char *x = (pass ? add : base)->v[i];
            if (axval_has(&v, x)) continue;
            numbers &= parse_number(x, &d) == 0;
            sl_push(&v, x);
        }
    /* An empty v has no array (v.v NULL), which qsort must not be given even with no items (UBSan). */
    if (numbers && v.n > 1) qsort(v.v, (size_t)v.n, sizeof *v.v, by_number);
    char *j = sl_join(&v, ",");
    sl_free(&v);
    return j;
}
