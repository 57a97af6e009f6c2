/* strlist.c — a growable list of owned strings (util.h): pushed, joined, split, searched, sorted, its most common string found. */
#include "util.h"
#include <stdlib.h>
#include <string.h>

void sl_push_own(struct strlist *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->v = xrealloc(l->v, sizeof *l->v * (size_t)l->cap);
    }
    l->v[l->n++] = s;
}

void sl_push(struct strlist *l, const char *s) { sl_push_own(l, xstrdup(s)); }

void sl_free(struct strlist *l)
{
    for (int i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

char *sl_join(const struct strlist *l, const char *sep)
{
    struct sbuf b = {0};
    for (int i = 0; i < l->n; i++) sb_printf(&b, "%s%s", i ? sep : "", l->v[i]);
    return b.s ? b.s : xstrdup("");
}

void sl_split(struct strlist *l, const char *s, char sep)
{
    for (;;) {
        const char *e = strchr(s, sep);
        size_t n = e ? (size_t)(e - s) : strlen(s);
        char *f = xmalloc(n + 1);
        memcpy(f, s, n);
        f[n] = '\0';
        sl_push_own(l, f);
        if (!e) break;
        s = e + 1;
    }
}

int str_ptr_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void sl_sort(struct strlist *l)
{
    if (l->n > 1) qsort(l->v, (size_t)l->n, sizeof *l->v, str_ptr_cmp);
}

int sl_has(const struct strlist *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s)) return 1;
    return 0;
}

const char *sl_most(const struct strlist *l)
{
    int best = 0;
    const char *w = "";
    for (int i = 0; i < l->n; i++) {
        int c = 0;
        for (int j = 0; j < l->n; j++) c += !strcmp(l->v[i], l->v[j]);
        if (c > best) { best = c; w = l->v[i]; }
    }
    return w;
}
