/* plot_fixedx.h — a lines plot whose where fixes its x to one value (x = "N"; where = "N=2048"):
 * every line is one point, which the spec says nothing else of. Said at the spec's load and in the
 * report's note under the plot, in the same words. */
#ifndef PLOT_FIXEDX_H
#define PLOT_FIXEDX_H
#include "spec.h"
#include "lib/util.h"

/* plot_fixed_x: where plot p is a lines plot whose where gives each column of its x (x, or the
 * kind's default where NULL) one value, "x = N takes one value only (where 'build=default, N=2048'
 * fixes N=2048): each line is one point; ...what to do" (a new string); else NULL. */
char *plot_fixed_x(const struct spec_plot *p);
/* spec_warn_plot_fixed_x: "path:line: plot K (name): " and plot_fixed_x's words, pushed onto
 * warnings for each plot of s it holds for (line: the plot's where). */
void spec_warn_plot_fixed_x(const struct spec *s, struct strlist *warnings);
#endif
