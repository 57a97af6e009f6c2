/* expandcheck.c — every variant of a plan expanded by m4 before anything runs (expandcheck.h). */
#include "expandcheck.h"
#include "expand.h"
#include "expandfail.h"
#include <stdio.h>
#include <stdlib.h>

int expandcheck_plan(const struct spec *s, const struct plan *p, int *checked)
{
    int n = p->nvariants < EXPANDCHECK_MAX ? p->nvariants : EXPANDCHECK_MAX;
    char **errs = xcalloc((size_t)n + 1, sizeof *errs);
    const char **ids = xcalloc((size_t)n + 1, sizeof *ids);
    for (int i = 0; i < n; i++) {
        const struct variant *var = &p->variants[(long)i * p->nvariants / n];
        char *src = expand_variant(s->template_name, &var->keys, &var->values, NULL, &errs[i]);
        if (src) free(errs[i]), errs[i] = NULL;   /* an expansion that worked has no error */
        free(src);
        ids[i] = var->id;
    }
    fflush(stdout);
    int failed = expandfail_say(stderr, errs, ids, n);
    for (int i = 0; i < n; i++) free(errs[i]);
    free(errs);
    free(ids);
    *checked = n;
    return failed;
}
