/* run_header.c — a run's first lines: what it is, on which device and peaks, its size and folder,
 * and what a resume keeps and measures again (run_print_header, run_impl.h). */
#include "run_impl.h"
#include "spec/restrictions.h"
#include "lib/version.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* resume_cut_said: what a resume measures again of the rows a stop, a crash or a timeout left: "the
 * 51 rows the stop cut short (measured again in their places) and the 1 row 'stopped' and " (static text; ""
 * where none). */
static const char *resume_cut_said(const struct resume *rs)
{
    static char b[512];
    int n = 0;
    b[0] = 0;
    int cut = rs->nredo - rs->ncrashed;
    if (cut)
        n = snprintf(b, sizeof b, "the %d row%s the stop cut short (measured again in %s place%s) and ", cut,
                     cut == 1 ? "" : "s", cut == 1 ? "its" : "their", cut == 1 ? "" : "s");
    if (rs->ncrashed && n >= 0 && (size_t)n < sizeof b)
        n += snprintf(b + n, sizeof b - (size_t)n, "the %d row%s a crash or a timeout left (measured in %s place%s, a "
                      "crashed one tried once more) and ", rs->ncrashed, rs->ncrashed == 1 ? "" : "s",
                      rs->ncrashed == 1 ? "its" : "their", rs->ncrashed == 1 ? "" : "s");
    if (rs->dropped && n >= 0 && (size_t)n < sizeof b)
        snprintf(b + n, sizeof b - (size_t)n, "the %d row%s 'stopped' at its end (not measured: in flight when a stop "
                 "killed the worker, or left by a crash or a timeout) and ",
                 rs->dropped, rs->dropped == 1 ? "" : "s");
    return b;
}

/* print_device: the device, its theoretical peaks and the speed of light's ceilings, which --quiet
 * leaves out (run.json holds them; the results folder's name says the device). */
static void print_device(const struct runner *r)
{
    const struct spec *s = r->s;
    printf("clx: %s on %s (%s, driver %s%s%s)\n", s->name, r->dev.dp.name, r->dev.dp.platform, r->dev.dp.driver,
           r->dev.dp.driver_env[0] ? ", " : "", r->dev.dp.driver_env);
    const struct peak *pk = &r->dev.pk;
    /* A CPU's FP32 peak by its formula: how each factor is reckoned (its cores, FMA units, clock) is
     * clx devices' and run.json's to say; on this line it nested brackets four deep. */
    char *brief = *pk->fp32_brief && str_starts(pk->fp32_source, pk->fp32_brief)
                      ? xasprintf("%s; each factor's derivation: clx devices, run.json peak.fp32_source", pk->fp32_brief)
                      : NULL;
    char *fp32 = peak_said(pk->fp32_gflops, "GFLOP/s", brief ? brief : pk->fp32_source);
    char *mem = peak_said(pk->mem_gbs, "GB/s", pk->mem_source);
    free(brief);
    printf("clx: theoretical peaks: FP32 %s; memory %s\n", fp32, mem);
    free(fp32);
    free(mem);
    /* Only a spec that says which of its rows count against FP64 or FP16 needs those peaks. */
    if (s->flops_peak) {
        char *fp64 = peak_said(pk->fp64_gflops, "GFLOP/s", pk->fp64_source);
        char *fp16 = peak_said(pk->fp16_gflops, "GFLOP/s", pk->fp16_source);
        printf("clx: theoretical peaks: FP64 %s; FP16 %s\n", fp64, fp16);
        free(fp64);
        free(fp16);
    }
    char *sol = sol_ceilings_said(&r->sol);
    printf("clx: %s\n", sol);
    free(sol);
    if (r->sol.sim) printf("clx: %s\n", simulator_said(r->sol.sim));
    if (s->flops_peak && r->dev.pk.tensor_f16_gflops > 0)
        printf("clx: theoretical peaks: matrix engines FP16 %.0f GFLOP/s, TF32 %.0f, INT8 %.0f GOP/s (%s)\n",
               r->dev.pk.tensor_f16_gflops, r->dev.pk.tensor_tf32_gflops, r->dev.pk.tensor_int8_gops, r->dev.pk.tensor_source);
}

/* run_print_header: what the run is, where and into which folder, before anything is built. */
void run_print_header(struct runner *r)
{
    const struct spec *s = r->s;
    const struct run_opts *o = r->o;
    if (!o->quiet) print_device(r);
    char restricted[64] = "";
    if (r->plan.restricted) snprintf(restricted, sizeof restricted, " (%d more left out by the spec's restrictions)", r->plan.restricted);
    /* Those a restriction left out for being NaN on them: a spec's mistake as likely as not. */
    restrictions_nan_warn(s, &r->plan);
    printf("clx: %d variant%s%s x %d build%s x %zu launch point%s%s; results in %s\n", r->plan.nvariants,
           r->plan.nvariants == 1 ? "" : "s", restricted, r->plan.builds.n, r->plan.builds.n == 1 ? "" : "s",
           r->plan.npoints, r->plan.npoints == 1 ? "" : "s", o->quick ? " (quick mode)" : "", r->out.res.dir);
    if (o->tune && o->tune->mode == TUNE_PICKED)
        printf("clx: %ld of those %ld configurations run: %s\n", r->shard.owned,
               (long)r->plan.nvariants * r->plan.builds.n * (long)r->plan.npoints,
               tune_unpicked(o->tune) ? "the spec's own values (no tuning happened)"
               : "each tuned variant at the configuration the tuning pass picked, the others at the spec's own values");
    run_energy_say(r);
    if (!s->reference && !s->baseline && o->verify != VERIFY_OFF)
        printf("clx: %s declares no verify: every row is unverified (nothing checks the kernels' answers)\n", s->path);
    if (r->plan.baseline_added)
        printf("clx: the baseline variant %s runs too: the others are checked against its output\n", s->baseline);
    if (o->shard.n) {
        char *said = shard_map_describe(&r->shard);
        printf("clx: %s\n", said);
        free(said);
    }
    /* Said where every row was cut short too: else a resume reads as a fresh run. */
    const struct resume *rs = &r->out.resume;
    run_resume_spec_say(r);
    int kept = rs->rows.nrows - rs->nredo, cut = rs->nredo + rs->dropped;
    /* A search does not run the configurations without a row: it goes on from its log, and keeps
     * every row; one the stop cut short stays until its race measures it again (search_sweep.c). */
    if (o->search.on && (kept || cut)) {
        char cut_said[128] = "", dropped[128] = "";
        if (rs->nredo)
            snprintf(cut_said, sizeof cut_said, " (%d of them cut short by the stop: each measured again in its place "
                     "if its race comes back to it)", rs->nredo);
        if (rs->dropped)
            snprintf(dropped, sizeof dropped, "; the %d row%s 'stopped' (in flight when the stop killed the worker) "
                     "dropped", rs->dropped, rs->dropped == 1 ? "" : "s");
        printf("clx: resuming: %d row%s kept from the stopped search%s; it goes on from its log (search.tsv), measuring "
               "what its race asks for next%s\n", rs->rows.nrows, rs->rows.nrows == 1 ? "" : "s", cut_said, dropped);
    } else if (kept)
        printf("clx: resuming: %d row%s kept from the interrupted run; %sthe configurations without one run now\n",
               kept, kept == 1 ? "" : "s", resume_cut_said(rs));
    else if (cut)
        printf("clx: resuming: no row kept whole from the interrupted run; %sthe configurations without one run now\n",
               resume_cut_said(rs));
    /* Ended before its first row (killed outright in its first configuration): said, not read as a
     * fresh run. */
    else if (o->resume_dir)
        printf("clx: resuming: the interrupted run has no row (it ended before its first); %s\n",
               o->search.on ? "the search goes on from its log (search.tsv)" : "every configuration runs now");
    /* A resume by another clx goes on (sweepid.c), said once: the rows are then two clx versions'. */
    if (o->resume_dir && rs->clx_was && *rs->clx_was && strcmp(rs->clx_was, clx_version()))
        printf("clx: resuming a run clx %s measured until its stop; this is clx %s: the rows measured from now are "
               "this clx's (run.json \"interruptions\" keeps each session's clx_version)\n", rs->clx_was, clx_version());
}
