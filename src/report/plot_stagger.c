/* plot_stagger.c — labels over bars kept apart: where two neighbours' widest lines would touch on the
 * picture, every other label stands a label's height higher. Opt vs no-opt's "local 128 vs 1024"
 * over one pair ran into the next pair's "2.19x SLOWER" on a panel of six pairs. */
#include "plot_impl.h"
#include <string.h>

/* LABEL_CHAR_PX: a label's character at its 8 points, in pixels (5.5 a small letter, 6.7 a capital
 * of "SLOWER"; label_share's reckoning); LABEL_GAP_PX: the room kept between two neighbours' text. */
#define LABEL_CHAR_PX 6.0
#define LABEL_GAP_PX 6.0

/* widest_line: the characters of s's longest line as the chart draws it (a clause a line, split at
 * ", ": clx_said). */
static size_t widest_line(const char *s)
{
    size_t widest = 0;
    for (;;) {
        const char *e = strstr(s, ", ");
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n > widest) widest = n;
        if (!e) return widest;
        s = e + 2;
    }
}

double plot_area_px(const struct fig *f, int key_chars)
{
    /* gnuplot's multiplot gives each panel an equal share; the y axis's label and tics take about
     * 75 pixels on its left, a margin 20 on its right, and a key beside it its entries' length (about
     * 7 pixels a character at 10 points) and its sample and box (60). */
    double panel = (double)f->width / (f->cols > 0 ? f->cols : 1) - 95;
    if (key_chars > 0) panel -= 7.0 * key_chars + 60;
    return panel > 50 ? panel : 50;
}

int plot_stagger(const struct label_at *l, int n, double unit_px, int *lift)
{
    int touch = 0, prev = -1;
    for (int i = 0; i < n; i++) {
        lift[i] = 0;
        if (!l[i].text || !*l[i].text) continue;
        if (prev >= 0) {
            double need = LABEL_CHAR_PX * (double)(widest_line(l[prev].text) + widest_line(l[i].text)) / 2 + LABEL_GAP_PX;
            touch |= (l[i].x - l[prev].x) * unit_px < need;
        }
        prev = i;
    }
    if (!touch) return 0;
    /* Every other label up, counted along the labelled ones only: an empty slot between two labels
     * must not put them at one height. */
    for (int i = 0, k = 0; i < n; i++)
        if (l[i].text && *l[i].text) lift[i] = k++ % 2;
    return 1;
}
