/* spec_keys.c — a variant's key that nothing reads but that is near a name the template or the other
 * variants use (VECC where the template reads VEC): m4 says only that the template's VEC is not
 * defined, never which line of the spec set the wrong name, so the spec's line is said as it is read. */
#include "spec_impl.h"
#include "lib/names.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* upper_words: each word of text written as a parameter (VEC, OPW_2), once, into w. */
static void upper_words(const char *text, struct strlist *w)
{
    for (const char *p = text; *p;) {
        if (!(isalnum((unsigned char)*p) || *p == '_')) {
            p++;
            continue;
        }
        const char *e = p;
        while (isalnum((unsigned char)*e) || *e == '_') e++;
        char *word = xasprintf("%.*s", (int)(e - p), p);
        int seen = !spec_is_upper_name(word);
        for (int i = 0; i < w->n && !seen; i++) seen = !strcmp(w->v[i], word);
        if (seen) free(word);
        else sl_push_own(w, word);
        p = e;
    }
}

void spec_warn_variant_keys(const struct spec *s, struct strlist *warnings)
{
    char *ttext = spec_template_text(s);
    if (!ttext) return;                      /* what the template reads is not known */
    struct strlist texts = {0}, tnames = {0};
    spec_reading_texts(s, &texts);
    upper_words(ttext, &tnames);
    for (int v = 0; v < s->nvariants; v++) {
        const struct spec_variant *var = &s->variants[v];
        for (int k = 0; k < var->keys.n; k++) {
            const char *key = var->keys.v[k];
            /* A params axis is crossed with every variant and replaces the variant's own value: the
             * value written here never reaches the template, and the run does not say so. */
            const struct spec_axis *pa = spec_axis_find(s->params, s->nparams, key);
            if (pa) {
                char *vals = sl_join(&pa->items, ", ");
                sl_push_own(warnings, xasprintf("%s:%d: variant %s sets %s = %s, which the params' %s (line %d: %s) "
                                                "replaces, as it does in every variant: remove %s from the variant, "
                                                "or from params to keep the variant's own", s->path, var->line,
                                                var->name ? var->name : "", key, var->values.v[k], key, pa->line,
                                                vals, key));
                free(vals);
                continue;
            }
            int read = spec_names_word(ttext, key);
            for (int i = 0; i < texts.n && !read; i++) read = spec_names_word(texts.v[i], key);
            /* A key several variants set is meant (peaks' PTX_OP, which clx reads for ptx_op_count). */
            int others = 0;
            for (int o = 0; o < s->nvariants && !others; o++)
                for (int j = 0; o != v && j < s->variants[o].keys.n && !others; j++) others = !strcmp(s->variants[o].keys.v[j], key);
            if (read || others) continue;
            /* What it may have meant: a name the template reads, another variant sets or the
             * params declare, that this variant does not set itself; else one it sets beside it
             * (VEC = 4; VECC = 4;), whose stray copy the key is. */
            struct strlist meant = {0}, own = {0};
            for (int i = 0; i < tnames.n; i++) sl_push(&meant, tnames.v[i]);
            for (int o = 0; o < s->nvariants; o++)
                for (int j = 0; j < s->variants[o].keys.n; j++) sl_push(&meant, s->variants[o].keys.v[j]);
            for (int i = 0; i < s->nparams; i++) sl_push(&meant, s->params[i].name);
            for (int i = 0; i < meant.n;) {
                int is_own = 0;
                for (int j = 0; j < var->keys.n && !is_own; j++) is_own = !strcmp(var->keys.v[j], meant.v[i]);
                if (is_own) {
                    if (strcmp(meant.v[i], key)) sl_push(&own, meant.v[i]);
                    free(meant.v[i]);
                    meant.v[i] = meant.v[--meant.n];
                } else {
                    i++;
                }
            }
            char *near = did_you_mean(key, meant.v, meant.n);
            if (*near) {
                sl_push_own(warnings, xasprintf("%s:%d: variant %s sets %s, which neither the template nor the spec "
                                                "reads%s", s->path, var->line, var->name ? var->name : "", key, near));
            } else {
                const char *beside = nearest_name(key, own.v, own.n);
                if (beside)
                    sl_push_own(warnings, xasprintf("%s:%d: variant %s sets %s, which neither the template nor the spec "
                                                    "reads, beside %s: remove %s if it is a slip", s->path, var->line,
                                                    var->name ? var->name : "", key, beside, key));
            }
            free(near);
            sl_free(&meant);
            sl_free(&own);
        }
    }
    sl_free(&texts);
    sl_free(&tnames);
    free(ttext);
}
