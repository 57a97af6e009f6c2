/* finding_check.h — a check over selectors judged on a run: a finding's `check` and its premise,
 * `given` (finding_given.h), are both this. */
#ifndef FINDING_CHECK_H
#define FINDING_CHECK_H
#include "finding_trace.h"
#include "finding_verdict.h"
#include "finding_why.h"
#include "lib/util.h"
#include "spec/select.h"
#include "store/rundir.h"

/* finding_check_eval: the check text (the spec's setting named setting: "check", "given") on r,
 * where's conditions applied to each selector: V_HOLDS where it is true, V_FAILS where false, at the
 * values measured and anywhere within their noise floors and the true peaks under estimates; else
 * V_UNDECIDED (the noise turns it) or V_NODATA (no value to decide by, or an estimated peak turns
 * it: every reason added to why). Each side of its comparisons by name and value appended to *shown;
 * a part of *t for it, its rows read. */
enum verdict finding_check_eval(const struct rundir *r, const char *text, const char *setting, const struct filter *where,
                                struct sbuf *shown, struct finding_why *why, struct finding_trace *t);
#endif
