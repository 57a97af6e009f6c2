/* test_plotsown.c — which files in plots/ a report replaces (report/plotsown.c): exactly the names it
 * writes (a plot's or chart's STEM.tsv/.gp/.svg/.png, a figure it drew, found in its draft), and those
 * the earlier report.md names; never a user's file merely named after a plot (lines-mine.png), nor a
 * kind it does not write (lines.pdf). */
#include "check.h"
#include "report/plotsown.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char run[] = "/tmp/test_plotsown.XXXXXX";

static void put(const char *dir, const char *name, const char *text)
{
    char *p = path_join(dir, name);
    FILE *f = fopen(p, "w");
    if (f) { fputs(text, f); fclose(f); }
    free(p);
}

static void test_exact_names(void)
{
    struct strlist stems = {0};
    sl_push(&stems, "lines");
    sl_push(&stems, "heat");
    sl_push(&stems, "sol");
    struct plots_own o;
    plots_own_read(&o, run, &stems, NULL);
    CHECK(o.md == NULL);
    CHECK(plots_own_is(&o, "lines.png"));
    CHECK(plots_own_is(&o, "lines.svg"));
    CHECK(plots_own_is(&o, "lines.tsv"));
    CHECK(plots_own_is(&o, "lines.gp"));
    CHECK(plots_own_is(&o, "sol.png"));
    CHECK(!plots_own_is(&o, "lines-mine.png"));
    CHECK(!plots_own_is(&o, "lines-old.gp"));
    CHECK(!plots_own_is(&o, "lines.pdf"));
    CHECK(!plots_own_is(&o, "lines.png.bak"));
    CHECK(!plots_own_is(&o, "linesx.png"));
    CHECK(!plots_own_is(&o, "heat-fast.png"));     /* a figure only once this report draws it */
    CHECK(!plots_own_is(&o, "mine.png"));
    CHECK(!plots_own_is(&o, ".png"));
    plots_own_free(&o);
    sl_free(&stems);
}

static void test_drawn_figures(void)
{
    struct strlist stems = {0};
    sl_push(&stems, "heat");
    char *draft = path_join(run, "draft");
    mkdir(draft, 0777);
    put(draft, "heat-fast.tsv", "x\n");
    put(draft, "heat-fast.gp", "plot\n");
    put(draft, "notes.txt", "not a plot's\n");
    struct plots_own o;
    plots_own_read(&o, run, &stems, draft);
    /* Its picture too, though gnuplot did not draw it this time: a stale one goes. */
    CHECK(plots_own_is(&o, "heat-fast.png"));
    CHECK(plots_own_is(&o, "heat-fast.svg"));
    CHECK(!plots_own_is(&o, "heat-slow.png"));
    CHECK(!plots_own_is(&o, "heat-fast-mine.png"));
    CHECK(!plots_own_is(&o, "notes.png"));
    plots_own_free(&o);
    sl_free(&stems);
    free(draft);
}

static void test_named_in_md(void)
{
    put(run, "report.md", "![old](plots/gone.png)\n[data](plots/gone.tsv) plots/sol.png.bak\n");
    struct plots_own o;
    plots_own_read(&o, run, NULL, NULL);
    CHECK(plots_own_is(&o, "gone.png"));
    CHECK(plots_own_is(&o, "gone.tsv"));
    CHECK(!plots_own_is(&o, "gone.svg"));
    CHECK(!plots_own_is(&o, "sol.png"));
    plots_own_free(&o);
}

int main(void)
{
    if (!mkdtemp(run)) return 1;
    RUN(test_exact_names);
    RUN(test_drawn_figures);
    RUN(test_named_in_md);
    remove_tree(run);
    CHECK_EXIT();
}
