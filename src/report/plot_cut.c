/* plot_cut.c — the look of a point or bar whose value rests on a row a stop cut short (flag
 * rounds-cut: a time on fewer rounds than asked, status cut): hollow in every kind, a line of the title
 * saying so (plot.c), and a "cut" column in the figure's data, so that a stopped run's pictures do not show
 * such values as finished ones (the title's count of rows cut short said no more than how many). */
#include "plot_impl.h"
#include <stdio.h>

int plot_cut_in(const struct plotdata *d, int fg, int pn)
{
    for (int p = 0; p < d->d[D_PANEL].vals.n; p++)
        for (int s = 0; s < d->d[D_SERIES].vals.n && (pn < 0 || p == pn); s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++)
                for (int y = 0; y < d->d[D_Y].vals.n; y++) {
                    const struct pcell *c = plotdata_cell(d, fg, p, s, x, y);
                    if (c->nrows && c->cut) return 1;
                }
    return 0;
}

void plot_cut_points(struct sbuf *b, int blk, const char *using, const char *colour, double ps)
{
    /* A white disc over the series' own mark, then a ring in its colour: hollow, whatever the mark. */
    sb_printf(b, ", \"@DATA@.tsv\" index %d using %s with points pt 7 ps %.2f lc rgb \"white\" notitle", blk, using, ps);
    sb_printf(b, ", \"\" index %d using %s with points pt 6 ps %.2f lw 2 lc rgb \"%s\" notitle", blk, using, ps, colour);
}

void plot_cut_bars(struct sbuf *b, int blk, const char *using, const char *colour)
{
    sb_printf(b, ", \"@DATA@.tsv\" index %d using %s with boxes fs solid 1 border lc rgb \"%s\" lw 2 lc rgb \"white\" notitle",
              blk, using, colour);
}
