/* test_plotpaired.c — a plot that sets builds side by side at each build's best row, over a launch
 * axis of several values it does not show (spec/plot_paired.c): warned of at the plot's line, and
 * not where a panel, a figure, the where or a mean keeps the builds at one value; no shipped spec's
 * plot does it (memcopy_ilp's optnoopt did: its bars stood at GPC 8 against 1). */
#include "check.h"
#include "spec/plot_paired.h"
#include <glob.h>
#include <stdlib.h>

#define HEAD "description = \"d\";\ntemplate = \"t.cl.m4\";\nbuilds = [ \"\", \"-cl-opt-disable\" ];\n" \
             "launch = { N = 64; GPC = [ 1, 8 ]; local = [ 32, 64 ]; };\nglobal = \"N * GPC\";\n"  \
             "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } );\n"  \
             "args = [ \"x\", \"uint:N\" ];\n"

/* warned: the warnings of plots (after HEAD's 7 lines), joined by " | "; "" where none. */
static char *warned(const char *plots, int quick)
{
    struct spec s;
    char *err = NULL, *all = xasprintf("%s%s", HEAD, plots);
    struct strlist w = {0};
    struct sbuf out = {0};
    sb_printf(&out, "%s", "");
    if (spec_load_text("t.spec", "t", all, &s, &err) == 0) {
        spec_warn_plot_unpaired(&s, NULL, 0, quick, &w);
        for (int i = 0; i < w.n; i++) sb_printf(&out, "%s%s", i ? " | " : "", w.v[i]);
        spec_free(&s);
    } else {
        sb_printf(&out, "load: %s", err);
    }
    free(err);
    free(all);
    sl_free(&w);
    return out.s;
}

#define WARNED(plots, quick, want) do { char *w_ = warned(plots, quick); CHECK_STR(w_, want); free(w_); } while (0)

static void optnoopt_over_hidden_axis(void)
{
    WARNED("plots = ( { kind = \"optnoopt\"; name = \"o\"; metric = \"gbs\"; } );\n", 0,
           "t.spec:8: plot 1 (o): each build's bar is its own best over GPC (1, 8), so two builds' bars may stand at "
           "different GPC, a ratio at neither point; add GPC to panels or figures (or fix it in where) to set the "
           "builds side by side at one GPC");
    /* Bars of builds side by side are the same chart. */
    WARNED("plots = ( { kind = \"bars\"; metric = \"gbs\"; series = \"build\"; } );\n", 0,
           "t.spec:8: plot 1 (bars_gbs): each build's bar is its own best over GPC (1, 8), so two builds' bars may stand "
           "at different GPC, a ratio at neither point; add GPC to panels or figures (or fix it in where) to set the "
           "builds side by side at one GPC");
}

static void like_with_like_quiet(void)
{
    WARNED("plots = ( { kind = \"optnoopt\"; metric = \"gbs\"; panels = \"GPC\"; } );\n", 0, "");
    WARNED("plots = ( { kind = \"optnoopt\"; metric = \"gbs\"; figures = \"GPC\"; } );\n", 0, "");
    WARNED("plots = ( { kind = \"optnoopt\"; metric = \"gbs\"; where = \"GPC=8\"; } );\n", 0, "");
    WARNED("plots = ( { kind = \"optnoopt\"; metric = \"bin_bytes\"; agg = \"mean\"; } );\n", 0, "");
    /* Bars of one build, and builds in panels of their own, set no two builds side by side. */
    WARNED("plots = ( { kind = \"bars\"; metric = \"gbs\"; where = \"build=default\"; } );\n", 0, "");
    /* local is each build's own best work-group size, which the chart's label names. */
    WARNED("plots = ( { kind = \"optnoopt\"; metric = \"gbs\"; panels = \"GPC\"; where = \"N=64\"; } );\n", 0, "");
    /* A quick run of one GPC has one value of it. */
    WARNED("quick = { GPC = 8; };\nplots = ( { kind = \"optnoopt\"; metric = \"gbs\"; } );\n", 1, "");
}

static void shipped_specs_pair_like_with_like(void)
{
    glob_t g;
    CHECK(glob("templates/*.spec", 0, NULL, &g) == 0 && g.gl_pathc > 10);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct spec s;
        char *err = NULL;
        if (spec_load(g.gl_pathv[i], &s, &err) != 0) {
            fprintf(stderr, "  %s\n", err ? err : g.gl_pathv[i]);
            check_failures_in_case++;
            free(err);
            continue;
        }
        struct strlist w = {0};
        spec_warn_plot_unpaired(&s, NULL, 0, 0, &w);
        for (int j = 0; j < w.n; j++) CHECK_STR(w.v[j], "");
        sl_free(&w);
        spec_free(&s);
    }
    globfree(&g);
}

int main(void)
{
    RUN(optnoopt_over_hidden_axis);
    RUN(like_with_like_quiet);
    RUN(shipped_specs_pair_like_with_like);
    CHECK_EXIT();
}
