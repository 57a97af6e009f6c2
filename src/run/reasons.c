/* reasons.c — distinct reasons for rows that are not ok, keyed with their numbers blanked. */
#include "reasons.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* reason_key: "status: text" with every run of digits (and a decimal point or exponent inside
 * one) replaced by '#'. */
static char *reason_key(const char *status, const char *text)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s: ", status);
    for (const char *p = text; *p;) {
        if (isdigit((unsigned char)*p)) {
            while (isdigit((unsigned char)*p) || *p == '.' || ((*p == 'e' || *p == 'E') && isdigit((unsigned char)p[1])))
                p++;
            sb_putn(&b, "#", 1);
        } else {
            sb_putn(&b, p, 1);
            p++;
        }
    }
    return b.s;
}

int reasons_add(struct reasons *rs, const char *status, const char *text, int said)
{
    char *key = reason_key(status, text ? text : "");
    for (int i = 0; i < rs->keys.n; i++)
        if (!strcmp(rs->keys.v[i], key)) {
            rs->counts[i] += !said;
            free(key);
            return 0;
        }
    sl_push_own(&rs->keys, key);
    sl_push_own(&rs->first, xasprintf("%s: %s", status, text ? text : ""));
    rs->counts = xrealloc(rs->counts, sizeof *rs->counts * (size_t)rs->keys.n);
    rs->counts[rs->keys.n - 1] = 1;
    return 1;
}

void reasons_print_repeats(const struct reasons *rs, FILE *f)
{
    /* A reason of several lines (a failed build's log) by its first: it was said in full before. */
    for (int i = 0; i < rs->keys.n; i++)
        if (rs->counts[i] > 1) {
            const char *first = rs->first.v[i], *text = first + strcspn(first, ":") + 2;
            fprintf(f, "clx: %d more row%s %.*s for the same reason (numbers aside) as: %.*s%s\n", rs->counts[i] - 1,
                    rs->counts[i] == 2 ? "" : "s", (int)strcspn(first, ":"), first, (int)strcspn(text, "\n"), text,
                    strchr(text, '\n') ? " ..." : "");
        }
}

void reasons_free(struct reasons *rs)
{
    sl_free(&rs->keys);
    sl_free(&rs->first);
    free(rs->counts);
    memset(rs, 0, sizeof *rs);
}
