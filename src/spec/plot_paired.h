/* plot_paired.h — a plot that sets builds side by side (optnoopt, or bars and lines whose x or series
 * is build) at each build's best row, over a launch axis of several values it does not show: the
 * two builds' bars may stand at different values of it (GPC 8 against 1), a ratio at neither point.
 * Said at the spec's load, before the run, with what shows like against like. */
#ifndef PLOT_PAIRED_H
#define PLOT_PAIRED_H
#include "plan.h"
#include "lib/util.h"

/* spec_warn_plot_unpaired: "path:line: plot K (name): each build's bar is its own best over GPC
 * (2 values: 1, 8): ..." pushed onto warnings for each such plot of s and axis, counting the values
 * the run takes (the spec's, quick's, or the overrides'). local is left out: each build at its own
 * best work-group size is what such a chart draws (docs/spec.md, optnoopt), its label naming both. */
void spec_warn_plot_unpaired(const struct spec *s, const struct override *ov, int nov, int quick,
                             struct strlist *warnings);
#endif
