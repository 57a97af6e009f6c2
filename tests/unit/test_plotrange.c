/* test_plotrange.c — a plot's value axis keeps the labels over its bars inside the plot area
 * (gp_y_range's labels share: shortcutting's upright "11639.80x SLOWER" ran into the title), and a
 * numeric x axis of one value shows that value (gp_numeric_xtics: sgemm --quick's one tile of 64
 * stood on an axis of 63.2..64.8). */
#include "check.h"
#include "report/plot_impl.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* top: the upper end of the "set yrange [lo:hi]" that gp_y_range writes for lo..hi as a asks. */
static double top(double lo, double hi, const struct span_ask *a)
{
    struct sbuf b = {0};
    gp_y_range(&b, lo, hi, a);
    double l = NAN, h = NAN;
    CHECK(b.s && sscanf(b.s, "set yrange [%lf:%lf]", &l, &h) == 2);
    sb_free(&b);
    return h;
}

static void test_label_room(void)
{
    /* Linear: without labels, the room asked (15% above the tallest bar), as before. */
    struct span_ask a = { .room = 0.15, .above = 2.2, .below = 1.6, .peak = NAN };
    CHECK(fabs(top(0, 100, &a) - 115) < 1e-9);
    /* Labels taking a third of the area: the tallest bar's top at two thirds of the way up. */
    a.labels = 1.0 / 3;
    CHECK(fabs(top(0, 100, &a) - 150) < 1e-9);
    /* A share the room already holds changes nothing. */
    a.labels = 0.05;
    CHECK(fabs(top(0, 100, &a) - 115) < 1e-9);
    /* Logarithmic, 0.01..1000 (from 0.01/1.6): the tallest bar's top at most 1 - share of the way up
     * the decades drawn. */
    a.ylog = 1;
    a.labels = 1.0 / 3;
    double lo = 0.01 / 1.6, t = top(0.01, 1000, &a);
    CHECK(log(1000 / lo) / log(t / lo) <= 2.0 / 3 + 1e-9);
    CHECK(log(1000 / lo) / log(t / lo) > 2.0 / 3 - 1e-6);
    /* A small share: the asked factor above (2.2) still holds. */
    a.labels = 0.01;
    CHECK(fabs(top(0.01, 1000, &a) - 2200) < 1e-6);
}

static void test_one_x_value(void)
{
    struct cats xs = {0};
    sl_push(&xs.vals, "64");
    double v = 64;
    xs.num = &v;
    xs.numeric = 1;
    struct sbuf b = {0};
    gp_numeric_xtics(&b, &xs, 0, 0);
    CHECK_STR(b.s, "set xtics (\"64\" 64)\nset xrange [32:96]\n");
    sb_free(&b);
    gp_numeric_xtics(&b, &xs, 1, 0);
    CHECK_STR(b.s, "set logscale x 2\nset xtics (\"64\" 64)\nset xrange [32:128]\n");
    sb_free(&b);
    sl_free(&xs.vals);
}

int main(void)
{
    RUN(test_label_room);
    RUN(test_one_x_value);
    CHECK_EXIT();
}
