/* variantid.c — parsing and matching variant ids ("naive", "tiled:TILE=16", "ILP=4,UNROLL=128"). */
#include "variantid.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

void vid_free(struct vid *v)
{
    free(v->name);
    sl_free(&v->keys);
    sl_free(&v->vals);
    memset(v, 0, sizeof *v);
}

/* add_pairs: "K=V,K=V" into v; -1 and *err for a pair without its key or value. */
static int add_pairs(struct vid *v, const char *text, const char *whole, char **err)
{
    struct strlist parts = {0};
    sl_split(&parts, text, ',');
    int rc = 0;
    for (int i = 0; i < parts.n && !rc; i++) {
        char *p = str_trim(parts.v[i]);
        if (!*p) continue;
        char *eq = strchr(p, '=');
        if (!eq || eq == p || !eq[1]) {
            *err = xasprintf("'%s' in variant '%s' is not PARAM=VALUE", p, whole);
            rc = -1;
            break;
        }
        *eq = 0;
        sl_push(&v->keys, str_trim(p));
        sl_push(&v->vals, str_trim(eq + 1));
    }
    sl_free(&parts);
    return rc;
}

int vid_parse(const char *text, struct vid *out, char **err)
{
    memset(out, 0, sizeof *out);
    char *t = xstrdup(text ? text : "");
    str_trim(t);
    char *colon = strchr(t, ':'), *pairs = NULL;
    if (colon) {
        *colon = 0;
        pairs = colon + 1;
    } else if (strchr(t, '=')) {
        pairs = t;
    }
    if (pairs != t) {
        str_trim(t);
        if (!*t || strchr(t, '=')) {
            *err = xasprintf("'%s' is not a variant id (NAME, NAME:PARAM=VALUE,... or PARAM=VALUE,...)", text);
            free(t);
            return -1;
        }
        out->name = xstrdup(t);
    }
    int rc = pairs ? add_pairs(out, pairs, text, err) : 0;
    free(t);
    if (rc) vid_free(out);
    return rc;
}

/* pair_key_in: whether id (its pairs after any "NAME:") has a pair of key p's ("VWM=1" in "VWM=4,SA=0"). */
static int pair_key_in(const char *id, const char *p)
{
    size_t klen = strcspn(p, "=");
    const char *colon = strchr(id, ':');
    for (const char *q = colon ? colon + 1 : id; q && *q; q = strchr(q, ','), q = q ? q + 1 : NULL) {
        while (*q == ' ') q++;
        if (!strncmp(q, p, klen) && q[klen] == '=') return 1;
    }
    return 0;
}

void vid_split_list(const char *text, struct strlist *out)
{
    struct strlist ids = {0};
    sl_split(&ids, text ? text : "", ';');
    for (int j = 0; j < ids.n; j++) {
        struct strlist parts = {0};
        sl_split(&parts, ids.v[j], ',');
        int joinable = 0;   /* the last item pushed has pairs: a bare K=V continues it */
        for (int i = 0; i < parts.n; i++) {
            char *p = str_trim(parts.v[i]);
            if (!*p) continue;
            int is_pair = strchr(p, '=') && !strchr(p, ':');
            /* A key the id has already begins the next id: two generated names joined by a comma
             * ("VWM=4,SA=0,SB=1,VWM=4,SA=1,SB=0") are two, as no id gives a parameter two values. */
            if (is_pair && joinable && !pair_key_in(out->v[out->n - 1], p)) {
                char *joined = xasprintf("%s,%s", out->v[out->n - 1], p);
                free(out->v[out->n - 1]);
                out->v[out->n - 1] = joined;
                continue;
            }
            sl_push(out, p);
            joinable = strchr(p, '=') != NULL;
        }
        sl_free(&parts);
    }
    sl_free(&ids);
}

int vid_values_equal(const char *a, const char *b)
{
    if (!a || !b) return 0;
    if (!strcmp(a, b)) return 1;
    double x, y;
    return !parse_number(a, &x) && !parse_number(b, &y) && x == y;
}

int vid_match(const struct vid *pattern, const char *name, vid_lookup lookup, void *ctx)
{
    if (pattern->name && (!name || strcmp(pattern->name, name))) return 0;
    for (int i = 0; i < pattern->keys.n; i++)
        if (!vid_values_equal(lookup(ctx, pattern->keys.v[i]), pattern->vals.v[i])) return 0;
    return 1;
}

const char *vid_value(const struct vid *v, const char *key)
{
    for (int i = 0; i < v->keys.n; i++)
        if (!strcmp(v->keys.v[i], key)) return v->vals.v[i];
    return NULL;
}

static const char *own_value(void *ctx, const char *key) { return vid_value(ctx, key); }

int vid_match_id(const char *pattern, const char *id)
{
    struct vid p, v;
    char *err = NULL;
    if (vid_parse(pattern, &p, &err)) { free(err); return 0; }
    if (vid_parse(id, &v, &err)) { free(err); vid_free(&p); return 0; }
    int ok = vid_match(&p, v.name, own_value, &v);
    vid_free(&p);
    vid_free(&v);
    return ok;
}

char *vid_without(const char *id, const struct strlist *keys, const char *bare)
{
    struct vid v;
    char *err = NULL;
    if (vid_parse(id, &v, &err)) { free(err); return xstrdup(id ? id : ""); }
    struct sbuf b = {0};
    if (v.name) sb_printf(&b, "%s", v.name);
    int npairs = 0;
    for (int k = 0; k < v.keys.n; k++) {
        if (sl_has(keys, v.keys.v[k])) continue;
        sb_printf(&b, "%s%s=%s", npairs++ ? "," : v.name ? ":" : "", v.keys.v[k], v.vals.v[k]);
    }
    vid_free(&v);
    if (!b.s) return xstrdup(bare ? bare : "");
    return b.s;
}
