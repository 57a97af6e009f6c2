/* report_hostload.c — report.md's word on the host's load during the sweep or search (report_hostload.h). */
#include "report_hostload.h"
#include "lib/hostload.h"
#include "report_merged.h"
#include "spec/finding_form.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* notable: the same rule as the run's end (lib/hostload.h's HOSTLOAD_NOTABLE). */
static int notable(const struct rj_host_load *h) { return h->has && hostload_notable(h->others_share); }

/* over: what the load was taken over, as the console's line said it: a search's configurations or a
 * sweep's. */
static const char *over(const struct runjson *j) { return cJSON_IsObject(runjson_part(j, RJ_SEARCH)) ? "search" : "sweep"; }

int report_hostload_top(FILE *out, const struct runjson *j, int findings)
{
    const struct rj_host_load *h = &j->host_load;
    if (!notable(h)) return 0;
    /* A merged run's is its busiest part's: said as such, with the others', not as the whole sweep's. */
    char *whose = report_merged_load_whose(j), *others = whose ? report_merged_load_others(j) : NULL;
    char *during = xasprintf("during the %s", over(j));
    struct sbuf at = {0};
    if (h->cpus > 0) sb_printf(&at, "%.0f logical CPU%s; ", h->cpus, h->cpus == 1 ? "" : "s");
    if (!isnan(h->load_avg_start) && !isnan(h->load_avg_end))
        sb_printf(&at, "load average %.2f at its start, %.2f at its end; ", h->load_avg_start, h->load_avg_end);
    fprintf(out, "**Host load:** other processes took %.0f%% of the host's CPU time %s (%srun.json host_load)%s: "
                 "the CPU device ran its kernels on the cores they used, so every time here is slower than on a quiet host%s, "
                 "and a run under another load differs by the load alone.%s\n\n", 100 * h->others_share,
            whose ? whose : during, at.len ? at.s : "", others ? others : "",
            whose ? ", each row by its own part's load" : "", findings ? " The findings' section says what it means for their verdicts." : "");
    sb_free(&at);
    free(during);
    free(whose);
    free(others);
    return 1;
}

int report_hostload_findings(FILE *out, const struct runjson *j)
{
    const struct rj_host_load *h = &j->host_load;
    if (!notable(h)) return 0;
    char *whose = report_merged_load_whose(j), *this = xasprintf("during this %s", over(j));
    /* Why each kind of verdict is touched: a figure against a fixed value carries the whole slowdown;
     * two rows against each other carry only how the load changed between their times, which widens
     * their noise (more *cannot be decided here*) and can tip a close one. */
    fprintf(out, "*Under load:* other processes took %.0f%% of the host's CPU time %s (above). A finding that a "
                 "figure reaches a value (GFLOP/s, GB/s, a latency) judged it on times slowed by that load: one that *does "
                 "not hold* may hold on a quiet host, and one that a figure *stays below* a value (a rate; for a time, above "
                 "it) may *hold* only because of the load, which lowers every rate: such a *holds* says nothing of the "
                 "device (its line says so). A finding that sets rows against each other is touched only as the "
                 "load changed between their measurements, which its noise floor takes in. Run again on a quiet host before "
                 "taking a verdict on a figure as the device's.\n\n", 100 * h->others_share, whose ? whose : this);
    free(this);
    free(whose);
    return 1;
}

/* bound_by_load: the kind of f's size (MK_RATE, MK_TIME) where it is one selector of a rate (any
 * aggregate but a count: each falls as the load slows every row) claimed below a value only, or of a
 * time claimed above one only, which load alone moves into claimed; else MK_UNTIMED (a compare, a
 * check, an expression, a bound the other way). */
static enum metric_kind bound_by_load(const struct spec_finding *f)
{
    struct check c;
    struct claim_range cr;
    char *err = NULL;
    if (!f->size || !f->claimed || claim_range_parse(f->claimed, &cr, &err)) { free(err); return 0; }
    if (check_parse(f->size, &c, &err)) { free(err); return 0; }
    enum metric_kind by = MK_UNTIMED;
    if (c.nsel == 1 && !strcmp(c.expr, "sel_1") && c.sel[0].agg != AGG_COUNT) {
        enum metric_kind k = finding_metric_kind(c.sel[0].metric);
        int below = isinf(cr.lo) && !isinf(cr.hi), above = isinf(cr.hi) && !isinf(cr.lo);
        if ((k == MK_RATE && below) || (k == MK_TIME && above)) by = k;
    }
    check_free(&c);
    return by;
}

char *report_hostload_free_hold(const struct runjson *j, const struct spec_finding *f)
{
    enum metric_kind k = notable(&j->host_load) ? bound_by_load(f) : MK_UNTIMED;
    if (k == MK_UNTIMED) return NULL;
    return xasprintf("under load (above): %s claimed to stay %s a value may hold only because the load slowed the rows",
                     k == MK_TIME ? "a time" : "a rate", k == MK_TIME ? "above" : "below");
}
