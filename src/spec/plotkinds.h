/* plotkinds.h — the kinds of plot a spec may declare, as one table: what each needs from the spec
 * (spec_view.c checks it) and what it takes by default (report/plot.c draws by it), so a new kind
 * is a row here and a drawing there. */
#ifndef PLOTKINDS_H
#define PLOTKINDS_H

enum plot_kind { PLOT_HEATMAP, PLOT_LINES, PLOT_BARS, PLOT_OPTNOOPT, PLOT_ROOFLINE, PLOT_SCATTER, PLOT_KINDS };

struct plot_kind_info {
    const char *name;            /* as a spec writes it: "heatmap" */
    int needs_metric, needs_x, needs_y;
    int own_series;              /* its series are fixed (default_series), a spec may not set them */
    const char *default_x;       /* NULL: the spec's x */
    const char *default_series;  /* NULL: the spec's series, if any */
    const char *fixed_metric;    /* NULL: the spec's metric; else this one, with fixed_agg */
    const char *fixed_agg;
    /* Its panels share their axes' ranges, so that they compare by eye, unless the spec's
     * own_ranges asks each its own (lines, bars, scatter); 0 where they have no such ranges to set
     * (a heat map's categories and one colour scale, a roofline's one panel). */
    int shared_ranges;
    /* Every row its own point, never combined with another at the same x (a scatter's x is a
     * measure: two rows of one median time are two points, not a "best of" them); 0: a point per
     * category, its rows combined by agg. */
    int point_per_row;
};

/* plot_kind_info: the kind's row; plot_kind_of: the kind a name names, or -1. */
const struct plot_kind_info *plot_kind_info(enum plot_kind k);
int plot_kind_of(const char *name);
/* plot_kind_names: "heatmap, lines, bars, optnoopt, roofline or scatter", for messages. */
const char *plot_kind_names(void);
/* plot_kind_near: ": did you mean bars?" for a word near a kind's name, else "" (a new string). */
char *plot_kind_near(const char *word);

/* The charts clx draws itself into a run's plots/ (report/), each by its fixed name, which a
 * spec's plot may not take (it would overwrite it, or be overwritten). A new chart of clx's own is
 * a name here and a row in plotkinds.c's table. */
#define PLOT_NAME_SOL "sol"
#define PLOT_NAME_SEARCH "search"
#define PLOT_NAME_LATENCY "latency"
/* plot_name_reserved: which chart of clx's own a plot named name would collide with ("the
 * speed-of-light chart"), or NULL. */
const char *plot_name_reserved(const char *name);
/* plot_reserved_names: "sol, search and latency", for messages. */
const char *plot_reserved_names(void);
#endif
