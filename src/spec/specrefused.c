/* specrefused.c — where in the spec file a refused resume's settings differ (specrefused.h). */
#include "specrefused.h"
#include "spec_impl.h"
#include "lib/spectext.h"
#include <libconfig.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* lines: the lines of root's setting x, from its own to the one before the next setting's (its
 * last: to the text's end); x NULL: none (to < from). */
static void lines(const config_setting_t *root, const config_setting_t *x, int *from, int *to)
{
    *from = 1, *to = 0;
    if (!x) return;
    *from = config_setting_source_line(x), *to = INT_MAX;
    int n = config_setting_length(root);
    for (int i = 0; i + 1 < n; i++)
        if (config_setting_get_elem(root, (unsigned)i) == x) {
            int next = config_setting_source_line(config_setting_get_elem(root, (unsigned)i + 1));
            /* The next setting on x's own line: that line alone. */
            *to = next - 1 > *from ? next - 1 : *from;
        }
}

/* value: a setting of one value quoted, "(none)" where the text has none; NULL where x holds many
 * (a group, a list: said by its line instead). */
static char *value(const config_setting_t *x)
{
    if (!x) return xstrdup("(none)");
    char *t = spec_scalar_text(x);
    char *r = t ? xasprintf("'%s'", t) : NULL;
    free(t);
    return r;
}

/* part: setting name of the two roots, where and how it differs, onto t: "FILE:LINE: " (FILE alone
 * where now has no such setting), its name where more than one is said, both texts. */
static void part(struct sbuf *t, const char *name, int named, const config_setting_t *ra, const config_setting_t *rb,
                 const char *was, const char *now, const char *file)
{
    const config_setting_t *x = config_setting_get_member(ra, name), *y = config_setting_get_member(rb, name);
    char *vx = value(x), *vy = value(y), *said = NULL;
    int line = y ? config_setting_source_line(y) : 0;
    if (vx && vy) said = xasprintf("%s there, %s here", vx, vy);
    else {
        int xf, xt, yf, yt, at;
        lines(ra, x, &xf, &xt);
        lines(rb, y, &yf, &yt);
        said = spectext_said_within(was, xf, xt, now, yf, yt, &at);
        if (at) line = at;
    }
    sb_printf(t, "%s%s", t->len ? "; " : "", file);
    if (line > 0) sb_printf(t, ":%d", line);
    sb_printf(t, ":");
    if (named || !said) sb_printf(t, " %s", name);
    if (said) sb_printf(t, " %s", said);
    free(vx);
    free(vy);
    free(said);
}

/* names: "a", "a and b", "a, b and c" of the lists l (n of them) appended to t. */
static void names(struct sbuf *t, const struct strlist *const *l, int n)
{
    int all = 0, k = 0;
    for (int j = 0; j < n; j++) all += l[j]->n;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < l[j]->n; i++, k++)
            sb_printf(t, "%s%s", k == 0 ? "" : k == all - 1 ? " and " : ", ", l[j]->v[i]);
}

char *specrefused_said(const struct specdiff *d, const char *was, const char *now, const char *file)
{
    if (!d->read || (!d->work.n && !d->run.n) || !was || !now) return NULL;
    config_t ca, cb;
    config_init(&ca);
    config_init(&cb);
    struct sbuf t = {0};
    if (config_read_string(&ca, was) && config_read_string(&cb, now)) {
        const config_setting_t *ra = config_root_setting(&ca), *rb = config_root_setting(&cb);
        const struct strlist *refused[] = { &d->work, &d->run };
        int named = d->work.n + d->run.n > 1;
        struct sbuf parts = {0};
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < refused[j]->n; i++) part(&parts, refused[j]->v[i], named, ra, rb, was, now, file);
        sb_printf(&t, "the spec's ");
        names(&t, refused, 2);
        sb_printf(&t, " (%s", parts.s);
        free(parts.s);
        if (d->unread.n) {
            const struct strlist *unread[] = { &d->unread };
            sb_printf(&t, "; beside its ");
            names(&t, unread, 1);
            sb_printf(&t, ", which alone a resume goes on past");
        }
        sb_printf(&t, ")");
    }
    config_destroy(&ca);
    config_destroy(&cb);
    return t.s;
}
