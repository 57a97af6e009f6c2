/* plan_peakcode.c — a --set value the spec's flops_peak turns into no class's code refused with the
 * plan (plan_impl.h): the spec's own values are checked at load (spec_check.c), a --set bypassed that. */
#include "plan_impl.h"
#include "solkinds.h"
#include "lib/expr.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* blamed: the last of the overrides that x reads (the one whose value the variant has), else NULL. */
static const struct override *blamed(const struct expr_prog *x, const struct override *ov, int nov)
{
    for (int i = nov - 1; i >= 0; i--)
        if (x && expr_reads(x, ov[i].name)) return &ov[i];
    return NULL;
}

int plan_check_peak_codes(const struct spec *s, const struct override *ov, int nov, const struct plan *p, char **err)
{
    if (!s->flops_peak) return 0;
    for (int i = 0; i < p->nvariants; i++) {
        const struct variant *v = &p->variants[i];
        struct vars vv = {0};
        for (int k = 0; k < v->keys.n; k++) {
            double x;
            if (parse_number(v->values.v[k], &x) == 0) vars_set(&vv, v->keys.v[k], x);
        }
        char *said = sol_code_wrong(s->flops_peak, &vv);
        if (!said) { vars_free(&vv); continue; }
        char *e = NULL;
        struct expr_prog *x = expr_compile(s->flops_peak, &vv, &e);
        free(e);
        const struct override *from = blamed(x, ov, nov);
        expr_free(x);
        vars_free(&vv);
        /* Where no override gave it (the spec's quick), the spec's axis is named. */
        e = xasprintf("%s's flops_peak '%s' is %s for variant %s, which is no class's code (" SOL_CODES_TAKE ")",
                      s->name, s->flops_peak, said, v->id, sol_codes_said());
        free(said);
        return plan_blame(s, s->flops_peak_line, from, from ? from->name : s->flops_peak, e, err);
    }
    return 0;
}
