/* refscan.c — finding CLX_REF lines in a .ref.c's text: names for dlsym, and descriptions for clx list --refs. */
#include "refscan.h"
#include "lib/util.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* literal: a C string literal's text at p (escapes \" \\ \n \t taken, others kept as written), and
 * adjacent literals joined; NULL when p is not at one. */
static char *literal(const char *p)
{
    struct sbuf b = {0};
    int any = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (*p != '"') break;
        for (p++; *p && *p != '"' && *p != '\n'; p++) {
            if (*p == '\\' && p[1] && p[1] != '\n') {
                p++;
                char e = *p == 'n' ? ' ' : *p == 't' ? ' ' : *p;   /* one line for a listing */
                if (*p != '"' && *p != '\\' && *p != 'n' && *p != 't') sb_putn(&b, "\\", 1);
                sb_putn(&b, &e, 1);
            } else sb_putn(&b, p, 1);
        }
        if (*p != '"') break;
        p++;
        any = 1;
    }
    if (!any) { sb_free(&b); return NULL; }
    if (!b.s) return xstrdup("");
    return b.s;
}

void refscan_text(const char *text, struct refscan *r)
{
    int line = 1;
    for (const char *p = text; *p; line++) {
        const char *q = p;
        while (*q == ' ' || *q == '\t') q++;
        int split = 0, hit = 0;
        if (str_starts(q, "CLX_REF_SPLIT")) { q += 13; split = 1; hit = 1; }
        else if (str_starts(q, "CLX_REF")) { q += 7; hit = 1; }
        if (hit) {
            while (*q == ' ' || *q == '\t') q++;
            if (*q == '(') {
                q++;
                while (*q == ' ' || *q == '\t') q++;
                const char *n = q;
                while (isalnum((unsigned char)*q) || *q == '_') q++;
                if (q > n && !isdigit((unsigned char)*n)) {
                    char *name = xasprintf("%.*s", (int)(q - n), n);
                    while (*q == ' ' || *q == '\t') q++;
                    char *what = *q == ',' ? literal(q + 1) : NULL;
                    r->v = xrealloc(r->v, sizeof *r->v * (size_t)(r->n + 1));
                    r->v[r->n++] = (struct refscan_item){ .name = name, .what = what ? what : xstrdup(""), .line = line,
                                                          .split = split };
                }
            }
        }
        const char *nl = strchr(p, '\n');
        if (!nl) break;
        p = nl + 1;
    }
}

int refscan_file(const char *path, struct refscan *r, char **err)
{
    char *text = read_file(path, NULL);
    if (!text) {
        *err = xasprintf("cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    refscan_text(text, r);
    free(text);
    return 0;
}

int refscan_find(const struct refscan *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->v[i].name, name)) return i;
    return -1;
}

void refscan_free(struct refscan *r)
{
    for (int i = 0; i < r->n; i++) { free(r->v[i].name); free(r->v[i].what); }
    free(r->v);
    r->v = NULL;
    r->n = 0;
}
