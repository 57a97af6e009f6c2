/* plot_key.c — where a figure's key goes and how wide it makes the figure: beside one panel, one
 * key above several, or off (plot_impl.h's gp_key_place, gp_key_shared, gp_key_fit). */
#include "plot_impl.h"
#include <string.h>

void gp_key_fit(struct fig *f, const char *entry)
{
    /* About 8 pixels a character (as the title's), the sample and the box's padding (90), and the
     * panel's margins beside its plot area (110): Intel's CPU roofline, 720 pixels wide for its
     * shorter device name, drew its key's box off the picture's left edge and its text nowhere. */
    int need = (f->cols > 0 ? f->cols : 1) * ((int)strlen(entry) * 8 + 90 + 110) + 40;
    if (f->width < need) f->width = need;
}

void gp_key_shared(struct fig *f, int entries, int longest)
{
    /* Entries of the key's 9-point font about 6 pixels a character, and the sample's room; at most 4
     * a row, as the key above each panel had. */
    int per = longest * 6 + 60, cols = per > 0 ? (f->width - 80) / per : 4;
    cols = cols < 1 ? 1 : cols > 4 ? 4 : cols > entries ? entries : cols;
    int rows = entries > 0 ? (entries + cols - 1) / cols : 1;
    /* Placed at the picture's middle over the first panel's plot area, which a placed key does not
     * shrink: every panel's top margin is set the same, with room for the key's rows under its title
     * (raised by them), so that the plot areas of a row stay aligned. */
    /* A row of the key is about 1.3 characters of the picture's font (the PNG's: the SVG's is larger). */
    sb_printf(&f->body, "set tmargin %.1f\nset title offset 0,%.1f\n", 1.3 * rows + 3, 1.3 * rows + 0.3);
    sb_printf(&f->body, "set key at screen 0.5, graph 1.02 center bottom horizontal Left reverse samplen 2 font \",9\" "
                        "maxcols %d maxrows %d\n", cols, rows);
}

const char *gp_key_place(int npanels, int wanted)
{
    /* Several panels' one key is gp_key_shared's, placed in the first panel's plot. */
    return wanted && npanels <= 1 ? "outside right top Left reverse samplen 2" : "off";
}
