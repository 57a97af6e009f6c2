/* spec_tolerance.c — verify's relative tolerance judged when the spec is read: an element passes
 * where |got - want| <= abs_tolerance + tolerance * |want|, so a tolerance of 1 or more passes an
 * output of zeros (a kernel that writes nothing of its answer reads ok): refused at its line; one
 * above SPEC_TOLERANCE_WARN passes an answer that far off, which is most often a percentage
 * written as a fraction (0.5 meant as 0.5%): warned of at its line, before a run. */
#include "spec_impl.h"

/* What the words say of the form, in one place for the refusal and the warning. */
#define TOLERANCE_FORM "|got - want| <= abs_tolerance + tolerance * |want|"

int spec_check_tolerance(struct loader *L, const config_setting_t *verify, double rtol)
{
    if (rtol < 1) return 0;
    return spec_fail(L, config_setting_get_member(verify, "tolerance"),
                     "verify: tolerance = %g is relative (an element passes where " TOLERANCE_FORM "): 1 or more "
                     "passes an output of zeros, so every row would be ok having verified nothing; write a fraction "
                     "(%g for %g%%; without tolerance, 1e-5 for float outputs, 1e-12 for double), and abs_tolerance "
                     "for rounding near zero", rtol, rtol / 100, rtol);
}

void spec_warn_tolerance(const struct spec *s, struct strlist *warnings)
{
    if (!s->rtol_set || s->rtol <= SPEC_TOLERANCE_WARN) return;
    sl_push_own(warnings, xasprintf("%s:%d: verify: tolerance = %g passes an answer up to %g%% off (it is relative: "
                                    TOLERANCE_FORM "), so a kernel that far wrong reads ok; for %g%%, write %g "
                                    "(abs_tolerance is for rounding near zero)", s->path, s->rtol_line, s->rtol,
                                    s->rtol * 100, s->rtol, s->rtol / 100));
}
