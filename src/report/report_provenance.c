/* report_provenance.c — report.md's provenance: the table of where a run comes from (its device,
 * platform and driver, peaks, when and where it ran, its command, how its rows were timed, its rows'
 * counts, an expect it could not check, the spec its plots and findings are from). */
#include "report_provenance.h"
#include "report_part.h"
#include "solsummary.h"
#include "device/peak.h"
#include "device/drvenv.h"
#include "device/simulator.h"
#include "store/jsonval.h"
#include "store/rundevs.h"
#include "spec/spec.h"
#include "lib/texttab.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* timing_cell: how the rows were timed (docs/timing.md): trials, stopping rule, caches, the host's
 * round trip, the host clock where it timed the rows, and the clock source; parts an older run.json
 * lacks are left out. */
static void timing_cell(struct texttab *t, const struct runjson *j)
{
    struct sbuf b = {0};
    sb_printf(&b, "%.0f warm-ups, %.0f trials", rj_num(j->warmups), rj_num(j->trials));
    double cv = rj_num(j->target_cv), max_s = rj_num(j->max_seconds);
    if (cv > 0) sb_printf(&b, " then on until the cv of the last %.0f is at most %g", rj_num(j->trials), cv);
    if (max_s > 0) sb_printf(&b, " (at most %g s a configuration)", max_s);
    const char *cache = rj_str(j->cache);
    if (*cache) sb_printf(&b, "; %s caches%s", cache, !strcmp(cache, "cold") ? " (flushed before every trial)" : "");
    double rt = rj_num(j->host_round_trip_ms);
    if (rt > 0) sb_printf(&b, "; host round trip %.3g ms", rt);
    /* Said as the console's first line says it: such times are not the kernels' alone. */
    if (!strcmp(rj_str(j->timer.used), "host"))
        sb_printf(&b, "; rows timed by the host clock, a launch's enqueue to its end, launch cost included (%s)",
                  *rj_str(j->timer.check) ? rj_str(j->timer.check) : "the device's events do not time kernels");
    const char *src = rj_str(j->clock_source), *why = rj_str(j->clock_source_why);
    if (*src) sb_printf(&b, "; clocks from %s", src);
    else if (*why) sb_printf(&b, "; no clocks: %s", why);
    tt_cell(t, "timing");
    tt_cell(t, "%s", b.s);
    free(b.s);
}

/* A texttab: its Markdown escapes what would end a cell (a command's '|': --set 'X=1|2'). */
void report_provenance(FILE *out, const struct rundir *r, const char *spec_source, const char *lost)
{
    const struct runjson *j = &r->rj;
    struct texttab t = {0};
    tt_head(&t, (const char *const []){ "", "", NULL });
    /* A device may report 0 for either (Intel's CPU runtime: a clock of 0 MHz): said as such. */
    double cu = rj_num(j->device.compute_units), mhz = rj_num(j->device.max_clock_mhz);
    char *cus = cu > 0 ? xasprintf("%.0f compute units", cu) : xstrdup("compute units not reported");
    /* A CPU's peaks rest on a core's clock as timed, not this one: said where the eye meets both. */
    double slack = sol_summary_fp32_slack(r);
    char *clock = mhz > 0 ? xasprintf("%.0f MHz%s", mhz, slack ? " (as it reports it; the peaks below use a core's clock as timed)" : "")
                          : xstrdup("clock not reported");
    /* A run of several devices (its header names each part's): these rows and the peaks are its first's. */
    int several = rundevs_count(j) > 1;
    tt_cell(&t, several ? "device (the first part's)" : "device");
    tt_cell(&t, "%s (%s), %s, %s", r->device, j->device.vendor, cus, clock);
    free(cus);
    free(clock);
    tt_cell(&t, several ? "its platform, driver" : "platform, driver");
    tt_cell(&t, "%s, %s; driver %s", r->platform, j->device.platform_version, r->driver);
    char *fp = peak_said(r->fp32_gflops, "GFLOP/s", rj_str(j->peak.fp32_source));
    char *bw = peak_said(r->mem_gbs, "GB/s", rj_str(j->peak.mem_source));
    tt_cell(&t, several ? "its theoretical peaks" : "theoretical peaks");
    char *sol = slack ? xasprintf(" (the `%%fp32` column's and the roofline's; the speed-of-light ceiling is %.0f%% above "
                                  "it: that section says why)", 100 * (slack - 1)) : xstrdup("");
    tt_cell(&t, "FP32 %s%s; memory %s", fp, sol, bw);
    free(sol);
    free(fp);
    free(bw);
    /* A worker that died once it had written the whole run: the run is whole, the crash said. */
    char *end = j->finished && *j->finished && *rj_str(j->worker_crash) ? xasprintf("%s (then %s)", j->finished, j->worker_crash)
                : j->finished && *j->finished ? xstrdup(j->finished)
                : j->interrupted && *j->interrupted ? xasprintf("%s (stopped%s%s)", j->interrupted, *rj_str(j->interrupted_by) ?
                                                                " by " : "", rj_str(j->interrupted_by))
                : rundir_rows_all(r) ? xstrdup("(not said: every row was written, the last run.json was not)")
                : xstrdup("(unfinished: " RUNDIR_UNFINISHED_WHY ")");
    tt_cell(&t, "run");
    tt_cell(&t, "%s to %s on host %s; clx %s", r->started, end, rj_str(j->host), r->clx_version);
    free(end);
    /* As run: under the simulator's command, or with the variable that makes the device exist
     * (RUSTICL_ENABLE), which the recorded argv does not hold. */
    const struct simulator *sim = simulator_of(r->platform, r->device);
    char *as_run = drvenv_command_run(j);
    tt_cell(&t, "command");
    tt_cell(&t, "`%s`", as_run);
    free(as_run);
    timing_cell(&t, j);
    char *line = runjson_counts_line(j), *cut = report_cut_words(r);
    if (line) {
        tt_cell(&t, "rows");
        tt_cell(&t, "%s%s%s%s", line, lost ? " (run.json); **rows missing:** " : "", lost ? lost : "", cut ? cut : "");
        free(line);
    }
    free(cut);
    /* The spec's expect that this run could not check (run.json's expect.checked false): said where
     * the other checks are, so that an expectation that cannot hold looks unlike one that held. */
    const cJSON *x = runjson_part(j, RJ_EXPECT);
    if (x && cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(x, "checked"))) {
        char *said = spec_expect_unchecked(*json_str(x, "why") ? json_str(x, "why") : "(run.json says no why)");
        tt_cell(&t, "expect");
        tt_cell(&t, "%s (the spec's `expect`)", said);
        free(said);
    }
    tt_cell(&t, "plots and findings from");
    tt_cell(&t, "%s", spec_source);
    tt_print(&t, out, 1);
    tt_free(&t);
    if (sim) fprintf(out, "\n**%s.**\n", simulator_said(sim));
}
