/* expandfail.c — m4's failures over several variants said once each, with the variants each hit
 * (expandfail.h). */
#include "expandfail.h"
#include "lib/util.h"
#include <string.h>

/* The variants named in a failure's line; its count says the rest. */
#define NAMED 3

int expandfail_say(FILE *f, char *const *errs, const char *const *ids, int n)
{
    int failed = 0;
    for (int i = 0; i < n; i++) {
        if (!errs[i]) continue;
        failed++;
        int same = 0, first = 1;
        for (int j = 0; j < i && first; j++)
            if (errs[j] && !strcmp(errs[j], errs[i])) first = 0;
        if (!first) continue;
        for (int j = i; j < n; j++) same += errs[j] && !strcmp(errs[j], errs[i]);
        if (same == 1) {
            fprintf(f, "clx: variant %s: %s\n", ids[i], errs[i]);
            continue;
        }
        struct sbuf b = {0};
        int listed = 0;
        for (int j = i; j < n && listed < NAMED; j++)
            if (errs[j] && !strcmp(errs[j], errs[i])) sb_printf(&b, "%s%s", listed++ ? "; " : "", ids[j]);
        fprintf(f, "clx: on %d of %d variants (%s%s): %s\n", same, n, b.s, same > listed ? "; ..." : "", errs[i]);
        sb_free(&b);
    }
    return failed;
}
