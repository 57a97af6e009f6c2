/* expandsame.c — two expansions of one variant compared as kernels: every byte but the paths they name. */
#include "expandsame.h"
#include "expand.h"
#include "lib/spectext.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* A line of a text: its start and length (its '\n' left out); s NULL past the text's end. */
struct tline { const char *s; int len; };

/* next_line: the line at *at into l, *at moved past it; 0 at the text's end. */
static int next_line(const char **at, struct tline *l)
{
    if (!**at) { *l = (struct tline){ NULL, 0 }; return 0; }
    l->s = *at, l->len = (int)strcspn(*at, "\n");
    *at += l->len + ((*at)[l->len] == '\n');
    return 1;
}

/* marker_name: where l is m4's `#line N "PATH"`, the length of its part up to PATH's opening quote,
 * and in *name where PATH's file name begins (past its folder, which a moved experiment or another
 * clx home changes; its closing quote ends l); -1 else. */
static int marker_name(const struct tline *l, const char **name)
{
    if (l->len < 8 || strncmp(l->s, "#line ", 6) || l->s[l->len - 1] != '"') return -1;
    const char *q = memchr(l->s, '"', (size_t)l->len);
    if (q == l->s + l->len - 1) return -1;
    *name = q + 1;
    for (const char *p = q + 1; p < l->s + l->len - 1; p++)
        if (*p == '/') *name = p + 1;
    return (int)(q - l->s);
}

/* same_line: whether line n (from 1) of two expansions is the same: byte for byte, but for the
 * header's first line (it names the template's path) and the folder of a #line marker's path. */
static int same_line(int n, const struct tline *x, const struct tline *y)
{
    if (!x->s || !y->s) return !x->s && !y->s;
    if (x->len == y->len && !memcmp(x->s, y->s, (size_t)x->len)) return 1;
    size_t h = strlen(EXPAND_HEADER);
    if (n == 1) return !strncmp(x->s, EXPAND_HEADER, h) && !strncmp(y->s, EXPAND_HEADER, h);
    const char *nx, *ny;
    int qx = marker_name(x, &nx), qy = marker_name(y, &ny);
    /* A marker's line number alike (all up to the path's opening quote), and its file's name. */
    if (qx < 0 || qx != qy || memcmp(x->s, y->s, (size_t)qx)) return 0;
    int lx = (int)(x->s + x->len - nx), ly = (int)(y->s + y->len - ny);
    return lx == ly && !memcmp(nx, ny, (size_t)lx);
}

char *expandsame_first_line(const char *there, const char *here)
{
    if (!there || !here || !strcmp(there, here)) return NULL;
    const char *a = there, *b = here;
    struct tline x, y;
    for (int n = 1;; n++) {
        int ha = next_line(&a, &x), hb = next_line(&b, &y);
        if (!ha && !hb) break;
        if (!same_line(n, &x, &y)) return spectext_quote_pair(n, x.s, x.len, y.s, y.len);
    }
    /* Every line alike as a kernel: a newline at the end alone differs, which changes nothing built. */
    return NULL;
}
