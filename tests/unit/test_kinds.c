/* test_kinds.c — the tables of kinds (probes, plots): every kind named once, names found back, others
 * not, and the plot kinds' defaults as report/plot.c relies on them. */
#include "check.h"
#include "spec/plotkinds.h"
#include "spec/probekinds.h"
#include <string.h>

static void test_names_round_trip(void)
{
    for (int k = 0; k < PROBE_KINDS; k++) {
        CHECK(probe_kind_of(probe_kind_name(k)) == k);
        CHECK(strlen(probe_kind_what(k)) > 10);
        CHECK(strstr(probe_kind_names(), probe_kind_name(k)) != NULL);
    }
    CHECK(probe_kind_of("warp") == -1 && probe_kind_of("") == -1 && probe_kind_of(NULL) == -1);
    CHECK_STR(probe_kind_names(), "launch, transfers, latency, local, atomics, cachebw, local_latency, chain_latency");
}

static void test_plot_kinds(void)
{
    for (int k = 0; k < PLOT_KINDS; k++) CHECK(plot_kind_of(plot_kind_info(k)->name) == k);
    CHECK(plot_kind_of("pie") == -1 && plot_kind_of(NULL) == -1 && plot_kind_info(PLOT_KINDS) == NULL);
    CHECK_STR(plot_kind_names(), "heatmap, lines, bars, optnoopt, roofline or scatter");
    /* A heat map alone needs a y axis; a roofline alone needs no metric (its own is GFLOP/s). */
    for (int k = 0; k < PLOT_KINDS; k++) {
        CHECK(plot_kind_info(k)->needs_y == (k == PLOT_HEATMAP));
        CHECK(plot_kind_info(k)->needs_metric == !plot_kind_info(k)->fixed_metric);
    }
    CHECK_STR(plot_kind_info(PLOT_OPTNOOPT)->default_series, "build");
    CHECK(plot_kind_info(PLOT_OPTNOOPT)->own_series && !plot_kind_info(PLOT_BARS)->own_series);
}

int main(void)
{
    RUN(test_names_round_trip);
    RUN(test_plot_kinds);
    CHECK_EXIT();
}
