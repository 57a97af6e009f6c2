/* run_rowfill.c — a configuration's row made from what it measured: at its end (run_config_finish),
 * and as it stands, for the supervisor to hold (run_config_row_now). */
#include "run_impl.h"
#include "device/drvdefect.h"
#include "measure/rounds.h"
#include "lib/phase.h"
#include "lib/worker.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_row_fill(struct runner *r, struct pending *pc)
{
    struct row *w = &pc->w;
    /* A FAIL row's trials ran (its first round's, before its output was checked, or its guard zones):
     * its time is kept, as measured, though it is no result (rundir_row_ok, compare, findings). */
    int timed = (!pc->failed || pc->status == RS_FAIL) && pc->t.n > 0;
    if (timed) {
        struct round_summary rs;
        rounds_summarize(pc->t.ms, pc->t.n, pc->t.round_first, pc->t.visits, &rs);
        run_round_columns(pc, &rs);
        if (pc->shared) row_flag(w, "shared");
        run_fill_metrics(r, w, &pc->t, &pc->vv, &rs, &pc->m, &pc->tnote);
        if (pc->clocked) run_record_clocks(w, &pc->c0, &pc->c1);
        /* The clock the trials ran at: read on the device around each of them where it can be
         * (an H100 ran its chains at 1990-1998 MHz while NVML said 1980, its maximum), else NVML's
         * readings around the row. */
        double trial_mhz = run_trial_mhz(&pc->t);
        if (trial_mhz > 0 || pc->clocked)
            run_peak_at_clock(&r->dev, w, trial_mhz > 0 ? trial_mhz : (pc->c0.sm_mhz + pc->c1.sm_mhz) / 2, pc->throttled);
        run_expect_row(r, w, pc->v, pc->b, &pc->vv, &pc->note);
        run_sol_row(r, pc);
        if (pc->m.cpu_ms > 0 && pc->m.wall_ms > 0) row_num(w, COL_speedup_vs_cpu, "%.4g", pc->m.cpu_ms / pc->m.wall_ms);
    }
    if (pc->status != RS_SKIPPED) sb_clause(&pc->note, pc->wgnote);
    sb_clause(&pc->note, pc->err);
    sb_clause(&pc->note, pc->vnote);
    /* A driver known to miscompile correct kernels says so on the row, beside what went wrong: the
     * row stays a FAIL (or crashed), and the words say how to tell whose bug it is. */
    if (pc->status == RS_FAIL || pc->status == RS_CRASHED) {
        int noopt = plan_is_noopt(r->plan.builds.v[pc->b]);
        const char *defect = drvdefect_words(&r->dev.dp, noopt, r->bl.sources[pc->v]);
        sb_clause(&pc->note, defect);
    }
    struct rel_rec rec = relative_rec(pc->v, pc->b, pc->pt, pc->status, pc->m.median_ms, pc->m.gflops, pc->m.gbs);
    char *rel_note;
    double rel = relative_time(&r->rel, &rec, &rel_note);
    row_num(w, COL_rel_time, RELATIVE_TIME_FORMAT, rel);
    row_num(w, COL_speedup, RELATIVE_TIME_FORMAT, relative_speedup(rel));
    /* The same configuration's in every run (the spec's work, not a timing): the note's, not timing_note's. */
    sb_clause(&pc->note, rel_note);
    free(rel_note);
    char *work_note = relative_build_work_note(&r->rel, &rec, plan_build_label(r->plan.builds.v[0]));
    sb_clause(&pc->note, work_note);
    free(work_note);
    /* A row a stop cut short (flagged so by keep_stopped, search_sweep's write_row or a second stop's
     * copy below) is no finished ok row: its status says so where a filter on status reads it. */
    if (flag_has(row_get(w, COL_flag), ROUNDS_CUT_FLAG)) pc->status = row_status_cut_short(pc->status);
    row_set(w, COL_status, "%s", row_status_word(pc->status));
    if (pc->note.s) row_set(w, COL_note, "%s", pc->note.s);
    if (pc->tnote.s) row_set(w, COL_timing_note, "%s", pc->tnote.s);
    return timed;
}

void run_config_row_now(struct runner *r, struct pending *pc, const char *stopped, int cut, int at)
{
    if (!worker_attached()) return;
    /* On a copy: the row is made again, whole, when the configuration ends. */
    struct pending c = *pc;
    c.w = (struct row){0};
    for (int i = 0; i < pc->w.cols.n; i++) { sl_push(&c.w.cols, pc->w.cols.v[i]); sl_push(&c.w.vals, pc->w.vals.v[i]); }
    c.note = (struct sbuf){0};
    c.tnote = (struct sbuf){0};
    if (pc->note.s) sb_printf(&c.note, "%s", pc->note.s);
    if (pc->tnote.s) sb_printf(&c.tnote, "%s", pc->tnote.s);
    run_rounds_episode_said(&c);             /* a search's episode, as its row says it (the copy's note) */
    sb_clause(&c.tnote, stopped);
    if (cut) row_flag(&c.w, ROUNDS_CUT_FLAG);
    phase_begin(PH_ROWS);
    run_row_fill(r, &c);
    char *line = tsv_line(&c.w.vals, c.w.vals.n);
    phase_end();
    worker_row_now(pc->v, pc->b, (long)pc->pt, at, line);
    pc->row_now = 1;
    free(line);
    row_free(&c.w);
    sb_free(&c.note);
    sb_free(&c.tnote);
}
