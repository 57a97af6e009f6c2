/* basefail.c — the baseline variant's failures at a launch point, said on the rows checked against it. */
#include "basefail.h"
#include <stdlib.h>
#include <string.h>

void basefail_note(struct basefail *f, const char *key, const char *name, const char *status, const char *why)
{
    if (basefail_find(f, key)) return;
    const char *w = why && *why ? why : NULL;
    sl_push(&f->keys, key);
    /* FAIL is the usual case (a baseline that writes past a buffer); a skip or an error is said by its word. */
    if (!strcmp(status, "FAIL"))
        sl_push_own(&f->notes, xasprintf("not checked: the baseline %s FAILed at this point%s%s%s: mend the baseline, "
                                         "which the other variants are checked against", name, w ? " (" : "",
                                         w ? w : "", w ? ")" : ""));
    else
        sl_push_own(&f->notes, xasprintf("not checked: the baseline %s has no answer at this point: its row is %s%s%s%s",
                                         name, status, w ? " (" : "", w ? w : "", w ? ")" : ""));
}

const char *basefail_find(const struct basefail *f, const char *key)
{
    for (int i = 0; i < f->keys.n; i++)
        if (!strcmp(f->keys.v[i], key)) return f->notes.v[i];
    return NULL;
}

void basefail_clear(struct basefail *f)
{
    sl_free(&f->keys);
    sl_free(&f->notes);
}
