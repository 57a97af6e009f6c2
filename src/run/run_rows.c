/* run_rows.c — results.tsv rows of a run: the columns, rows built cell by cell (COL_ names), and the metrics
 * of a timed configuration (statistics, GFLOP/s, GB/s, % of peak, flags). */
#include "store/columns.h"
#include "measure/rounds.h"
#include "spec/solkinds.h"
#include "run_impl.h"
#include "held_rows.h"
#include "lib/stats.h"
#include "lib/worker.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A kernel doing this many FLOP a byte or more is bound by its arithmetic on every device clx knows
 * (an H200's FP32 peak over its memory's bandwidth is 14 FLOP a byte, a CPU's 10-50): the GB/s of
 * its few bytes is nobody's figure, and a cache-resident flag on it would only be noise. */
#define COMPUTE_BOUND_FLOP_PER_BYTE 64.0

/* All parameter names across variants, in first-seen order: one column each. */
static void param_names(const struct plan *p, struct strlist *out)
{
    for (int i = 0; i < p->nvariants; i++)
        for (int k = 0; k < p->variants[i].keys.n; k++) {
            int seen = 0;
            for (int j = 0; j < out->n; j++) seen |= !strcmp(out->v[j], p->variants[i].keys.v[k]);
            if (!seen) sl_push(out, p->variants[i].keys.v[k]);
        }
}

void run_header_columns(const struct runner *r, struct strlist *cols)
{
    sl_push(cols, "experiment");
    sl_push(cols, "variant");
    param_names(&r->plan, cols);
    sl_push(cols, "build");
    for (int a = 0; a < r->plan.naxes; a++)
        if (strcmp(r->plan.axis_names[a], "local")) sl_push(cols, r->plan.axis_names[a]);
    /* Derived values (iterations, groups per CU implied by local memory...) are worth a column. */
    for (int i = 0; i < r->s->derived_names.n; i++) sl_push(cols, r->s->derived_names.v[i]);
    int dims = r->s->global.n;
    for (int i = 0; column_table[i].name; i++) {
        if (!strcmp(column_table[i].name, "dev_row_avg")) continue;   /* joined when the sweep ends */
        sl_push(cols, column_table[i].name);
        /* "32x32" reads well; plotting needs a number per dimension beside it. */
        int g = !strcmp(column_table[i].name, "global");
        if (dims > 1 && (g || !strcmp(column_table[i].name, "local")))
            for (int d = 0; d < dims; d++) sl_push_own(cols, xasprintf("%s%d", g ? "global" : "local", d));
    }
}

static void row_init(struct row *w, const struct strlist *cols)
{
    memset(w, 0, sizeof *w);
    for (int i = 0; i < cols->n; i++) { sl_push(&w->cols, cols->v[i]); sl_push(&w->vals, ""); }
}

static int row_index(const struct row *w, const char *col)
{
    for (int i = 0; i < w->cols.n; i++)
        if (!strcmp(w->cols.v[i], col)) return i;
    return -1;
}

/* row_vset: column col's cell made from fmt and ap. */
static void row_vset(struct row *w, const char *col, const char *fmt, va_list ap)
{
    int i = row_index(w, col);
    if (i < 0) return;
    /* The new text first: an argument may be the old one (row_flag appends to row_get's). */
    char *old = w->vals.v[i];
    w->vals.v[i] = xvasprintf(fmt, ap);
    free(old);
}

void row_set(struct row *w, enum column_id col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    row_vset(w, column_name(col), fmt, ap);
    va_end(ap);
}

void row_set_named(struct row *w, const char *col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    row_vset(w, col, fmt, ap);
    va_end(ap);
}

void row_num(struct row *w, enum column_id col, const char *fmt, double x)
{
    if (isfinite(x)) row_set(w, col, fmt, x);
}

void row_num_named(struct row *w, const char *col, const char *fmt, double x)
{
    if (isfinite(x)) row_set_named(w, col, fmt, x);
}

void row_pct_named(struct row *w, const char *col, double pct)
{
    char b[32];
    if (isfinite(pct)) row_set_named(w, col, "%s", fmt_fig(b, sizeof b, pct));
}

void row_pct(struct row *w, enum column_id col, double pct) { row_pct_named(w, column_name(col), pct); }

const char *row_get_named(const struct row *w, const char *col)
{
    int i = row_index(w, col);
    return i < 0 ? "" : w->vals.v[i];
}

const char *row_get(const struct row *w, enum column_id col) { return row_get_named(w, column_name(col)); }

void row_flag(struct row *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *f = xvasprintf(fmt, ap);
    va_end(ap);
    const char *was = row_get(w, COL_flag);
    if (*was) row_set(w, COL_flag, "%s,%s", was, f);
    else row_set(w, COL_flag, "%s", f);
    free(f);
}

void row_free(struct row *w) { sl_free(&w->cols); sl_free(&w->vals); }

void run_row_start(const struct runner *r, struct row *w, const struct strlist *cols, int v, int b, long pt)
{
    const struct variant *var = &r->plan.variants[v];
    row_init(w, cols);
    row_set(w, COL_experiment, "%s", r->s->name);
    row_set(w, COL_variant, "%s", var->id);
    for (int k = 0; k < var->keys.n; k++) row_set_named(w, var->keys.v[k], "%s", var->values.v[k]);
    row_set(w, COL_build, "%s", plan_build_label(r->plan.builds.v[b]));
    if (r->o->shard.n) row_set(w, COL_sweep_index, "%ld", shard_map_index(&r->shard, v, b, pt));
    if (pt < 0) return;
    for (int a = 0; a < r->plan.naxes; a++)
        row_set_named(w, r->plan.axis_names[a], "%s", plan_point_value(&r->plan, (size_t)pt, a));
}

/* redone_put: w's line to take kept row i's place at the next run_redone_write, and sent to the
 * supervisor at once (held_redone_send), which writes it should this worker end before that rewrite:
 * a crash, a kill for a launch past its limit, a die() (the pace holds a row a second or more). */
static void redone_put(struct run_out *out, int i, const struct row *w)
{
    if (!out->redone) out->redone = xcalloc((size_t)out->resume.rows.nrows + 1, sizeof *out->redone);
    if (!out->redone[i]) out->redone_waiting++;
    free(out->redone[i]);
    out->redone[i] = tsv_line(&w->vals, w->vals.n);
    held_redone_send(i, out->redone[i]);
    latest_row(&out->latest, row_status_of(row_get(w, COL_status)));
}

/* kept_row_differs: the column (variant or build) in which kept row i is not w; NULL when it is. */
static const char *kept_row_differs(const struct run_out *out, int i, const struct row *w)
{
    static const enum column_id keys[] = {COL_variant, COL_build};
    for (int k = 0; k < 2; k++)
        if (strcmp(table_cell(&out->resume.rows, i, table_col(&out->resume.rows, column_name(keys[k]))), row_get(w, keys[k])))
            return column_name(keys[k]);
    return NULL;
}

/* kept_row_same: whether kept row i has w's every cell. */
static int kept_row_same(const struct run_out *out, int i, const struct row *w)
{
    const struct table *t = &out->resume.rows;
    for (int c = 0; c < w->vals.n; c++)
        if (c >= t->cols.n || strcmp(table_cell(t, i, c), w->vals.v[c])) return 0;
    return 1;
}

int run_redone_flush(struct run_out *out)
{
    int waiting = out->redone_waiting, failed = out->write_failed;
    if (!redonepace_due(&out->redone_pace, waiting, 1, 0)) return 0;
    out->write_failed = 0;
    double t0 = now_seconds();
    run_redone_write(out);
    redonepace_done(&out->redone_pace, t0, now_seconds() - t0);
    int rc = out->write_failed ? -1 : 0;
    out->write_failed |= failed;
    if (rc == 0) out->redone_written += waiting;
    return rc;
}

/* flush_when_due: the rows measured again that wait written where the pace allows it now: at each
 * row of the sweep, so that the last of them do not wait for the sweep's end among rows appended.
 * 0, or -1 where results.tsv could not be rewritten. */
static int flush_when_due(struct run_out *out)
{
    return redonepace_due(&out->redone_pace, out->redone_waiting, 0, now_seconds()) ? run_redone_flush(out) : 0;
}

/* replace_paced: w's line to take kept row i's place in results.tsv (run_redone_write: rewritten
 * beside it and moved into place, so that whatever ends the process, a kill of its whole group
 * included, the file holds the old row or the new one, never both and never neither), now or, where
 * the last rewrite was recent for its cost, with the next (run_redone_flush). 0: a rewrite that
 * failed is said and marks the run (the old rows stay) but is not this row's, since the pace may
 * have held earlier rows for it, which were counted; so each row measured again is counted once,
 * whichever rewrite failed, and the sweep (which goes on) counts all its rows alike. */
static int replace_paced(struct run_out *out, int i, const struct row *w)
{
    redone_put(out, i, w);
    flush_when_due(out);
    return 0;
}

int run_row_emit(struct run_out *out, struct row *w)
{
    int i = out->rows_seen++;
    if (i >= out->resume.rows.nrows) {
        flush_when_due(out);   /* a failure is said and marks the run; this row is appended all the same */
        results_row(&out->res, &w->vals);
        if (!out->res.tsv.failed) {
            latest_row(&out->latest, row_status_of(row_get(w, COL_status)));
            return 0;
        }
        out->rows_seen--;
        return -1;
    }
    /* Resuming: this row is already in results.tsv, written by the interrupted run. */
    const char *col = kept_row_differs(out, i, w);
    if (col)
        die("--resume: results.tsv row %d has %s '%s' where this sweep has '%s': it is not this sweep's file", i + 1, col,
            table_cell(&out->resume.rows, i, table_col(&out->resume.rows, col)), row_get_named(w, col));
    /* A build's row (no launch point, no local) that says otherwise now (built again: failed where it
     * crashed, or the reverse) takes its place, as its log has: no row names a log that says otherwise. */
    const char *now = row_get(w, COL_status);
    const char *was = table_cell(&out->resume.rows, i, table_col(&out->resume.rows, "status"));
    int build_row = !*row_get(w, COL_local);
    if (build_row && *now && strcmp(now, was)) return replace_paced(out, i, w);
    if (!out->resume.redo || !out->resume.redo[i]) return 0;
    /* One a new worker of this session writes again as an earlier one did (a crashed build's, flagged
     * crash-retry, behind each later crash) is in its place already: no rewrite for it. */
    if (build_row && kept_row_same(out, i, w)) return 0;
    /* Cut short again, by this resume's stop, with fewer rounds than the kept row: that row stays (a
     * stop of the resume loses nothing); its rounds and the new ones are not joined, their trials gone. */
    if (flag_has(row_get(w, COL_flag), ROUNDS_CUT_FLAG) && run_kept_outlasts(out, i, atoi(row_get(w, COL_rounds)))) {
        out->kept_longer++;
        return 1;
    }
    /* One a stop cut short, measured again: its line takes the old one's place, in the sweep's order,
     * as a search's does, at once or a second or so later (run_redone_flush's pace). */
    return replace_paced(out, i, w);
}

int run_kept_outlasts(const struct run_out *out, int i, int rounds)
{
    const struct table *t = &out->resume.rows;
    if (i < 0 || i >= t->nrows || !out->resume.redo || !out->resume.redo[i]) return 0;
    if (!flag_has(table_cell(t, i, table_col(t, "flag")), ROUNDS_CUT_FLAG)) return 0;
    int kept = atoi(table_cell(t, i, table_col(t, "rounds")));
    return kept > rounds ? kept : 0;
}

int run_row_replace(struct run_out *out, int i, const struct row *w)
{
    const char *col = kept_row_differs(out, i, w);
    if (col)
        die("--resume: results.tsv row %d has %s '%s' where this search has '%s': it is not this search's file", i + 1,
            col, table_cell(&out->resume.rows, i, table_col(&out->resume.rows, col)), row_get_named(w, col));
    return replace_paced(out, i, w);
}

void run_redone_write(struct run_out *out)
{
    if (!out->redone_waiting) return;
    /* Said once: each later row measured again fails the same way on a disk still full. */
    static int said;
    if (results_replace_rows(&out->res, out->redone, out->resume.rows.nrows)) {
        if (!said++)
            warn("cannot write the rows measured again into %s/results.tsv (it keeps those the stop cut short, which "
                 "--resume measures again): %s", out->res.dir, strerror(errno));
        if (!out->redone_failed) out->redone_err = errno;
        out->write_failed = 1;
        out->redone_failed = 1;
    }
    /* Failed too: the worker said so and its run is marked; the supervisor does not write them again. */
    for (int i = 0; i < out->resume.rows.nrows; i++) {
        if (!out->redone[i]) continue;
        held_redone_written(i);
        free(out->redone[i]);
        out->redone[i] = NULL;
    }
    out->redone_waiting = 0;
}

static double eval_or_nan(const char *expr, const struct vars *vv)
{
    double x;
    return expr && expr_eval(expr, vv, &x, NULL) == 0 ? x : NAN;
}

/* The host's view of the trials: host_ms beside the events' time, and a flag where the two cannot
 * both be right (trials_host_disagrees). */
static void cross_check_host(struct row *w, const struct timing *t, double event_ms, double round_trip_ms,
                             struct sbuf *note)
{
    if (!t->host_ms || t->n == 0) return;
    struct stats hs;
    stats_compute(t->host_ms, t->n, &hs);
    row_num(w, COL_host_ms, "%.6g", hs.median);
    const char *flag = trials_host_disagrees(event_ms, hs.median, round_trip_ms);
    if (!flag) return;
    row_flag(w, "%s", flag);
    sb_printf(note, "%sthe events' median %.4g ms per launch %s the host's %.4g ms around them: the device's timer is "
              "not to be trusted here", note->len ? "; " : "", event_ms,
              flag[5] == '>' ? "is longer than" : "is under 1% of", hs.median);
}

/* The row's statistics of the trials, how they stopped and which cache state they saw. */
static void trial_stats(struct row *w, const struct timing *t, const struct stats *st, double time_ms,
                        const struct bench_opts *o, struct sbuf *note)
{
    row_set(w, COL_trials, "%d", t->n);
    row_set(w, COL_batch, "%d", t->batch);
    row_set(w, COL_cache, "%s", t->cold ? "cold" : "warm");
    row_num(w, COL_min_ms, "%.6g", st->min);
    row_num(w, COL_median_ms, "%.6g", time_ms);
    /* One trial has no spread: an empty cell, not a 0 that reads as the most precise row. */
    int spread = t->n > 1;
    row_num(w, COL_iqr_ms, "%.3g", spread ? st->q3 - st->q1 : NAN);
    row_num(w, COL_mean_ms, "%.6g", st->mean);
    row_num(w, COL_stddev_ms, "%.3g", spread ? st->stddev : NAN);
    row_num(w, COL_cv, "%.3g", spread ? st->cv : NAN);
    if (t->converged < 0) return;
    row_set(w, COL_converged, "%s", t->converged ? "yes" : "no");
    if (t->converged)
        sb_printf(note, "%sconverged after %d trials (cv of the last %d: %.2g <= %g)", note->len ? "; " : "", t->n,
                  t->window, t->window_cv, o->target_cv);
    else
        sb_printf(note, "%snot converged after %d trials (%s; cv of the last %d: %.2g > %g)", note->len ? "; " : "",
                  t->n, t->cut ? "--max-time" : "trial limit", t->window, t->window_cv, o->target_cv);
}

/* batch_note: how a short kernel was timed: the batch and where its size came from, the device's
 * idle time between launches; or why it could not be batched. */
static void batch_note(const struct run_device *d, const struct timing *t, struct sbuf *note)
{
    if (t->batch > 1) {
        struct stats gap;
        stats_compute(t->gap_ms, t->n, &gap);
        if (t->forced)
            sb_printf(note, "%stimed as batches of %d back-to-back launches (--batch)", note->len ? "; " : "", t->batch);
        else {
            struct bench_env env = {0};
            run_timer_env(d, &env);
            const char *steps = t->held && env.step_ns >= 2 ? "100 steps of the timer" : "100x the timer's resolution";
            sb_printf(note, "%stimed as batches of %d back-to-back launches (the median of %d probe launches, %.3g us, "
                      "is under what a trial%s should last, %.3g us: ", note->len ? "; " : "", t->batch, t->probes,
                      t->probe_ms * 1e3, t->held ? " behind the blocking kernel" : "", trials_want_ns(&env, t->held) * 1e-3);
            if (t->held && env.least_trial_ns > 0)
                sb_printf(note, "the longer of %s and %d launch floors)", steps, LEAST_TRIAL_FLOORS);
            else
                sb_printf(note, "%s)", steps);
        }
        sb_printf(note, ", each by its own events after one untimed launch; the device idled %.3g us between them",
                  gap.median > 0 ? gap.median * 1e3 : 0);
    }
    if (t->short_unbatched)
        sb_printf(note, "%sshort kernel timed singly (%s)", note->len ? "; " : "",
                  t->cold ? "--cold: a batch is cold only for its first launch" : "a buffer is reset between launches");
}

double run_trial_mhz(const struct timing *t)
{
    if (!t->mhz || t->n == 0) return 0;
    for (int i = 0; i < t->n; i++)
        if (!(t->mhz[i] > 0)) return 0;
    return stats_median(t->mhz, t->n);
}

/* trial_clock_columns: each trial's SM clock read on the device, their median, and the row's time
 * in cycles (per trial time x clock; the median of the round medians, as the time's), where every
 * trial has a reading. */
static void trial_clock_columns(struct row *w, const struct timing *t)
{
    double mhz = run_trial_mhz(t);
    if (!(mhz > 0)) return;
    struct sbuf all = {0};
    double *cycles = xmalloc(sizeof *cycles * (size_t)t->n);
    for (int i = 0; i < t->n; i++) {
        sb_printf(&all, "%s%.1f", i ? ";" : "", t->mhz[i]);
        cycles[i] = t->ms[i] * t->mhz[i] * 1e3;
    }
    row_set(w, COL_trials_mhz, "%s", all.s);
    row_num(w, COL_trial_mhz, "%.1f", mhz);
    struct round_summary cs;
    rounds_summarize(cycles, t->n, t->round_first, t->visits, &cs);
    row_num(w, COL_median_cycles, "%.6g", cs.time_ms);
    free(cycles);
    sb_free(&all);
}

void run_fill_metrics(struct runner *r, struct row *w, const struct timing *t, const struct vars *vv,
                      const struct round_summary *rs, struct measured *m, struct sbuf *note)
{
    struct stats st;
    stats_compute(t->ms, t->n, &st);
    trial_stats(w, t, &st, rs->time_ms, &r->o->bench, note);
    /* Every trial is kept (last column, ';'-separated, per launch): statistics can be redone. */
    struct sbuf all = {0};
    for (int i = 0; i < t->n; i++) sb_printf(&all, "%s%.6g", i ? ";" : "", t->ms[i]);
    row_set(w, COL_trials_ms, "%s", all.s ? all.s : "");
    sb_free(&all);
    m->median_ms = rs->time_ms;
    /* Under twice what an empty launch costs the device (timed as the rows are: by the host where
     * its events do not time kernels), the time is mostly that cost, which moves from one process to
     * the next by more than rounds in one can see (blocker.h). */
    if (blocker_launch_bound(&r->dev.blk, rs->time_ms)) row_flag(w, "launch-bound");
    double sec = rs->time_ms * 1e-3;
    double flops = eval_or_nan(r->s->flops, vv), bytes = eval_or_nan(r->s->bytes, vv);
    /* Zero work (an expression like "COPY ? 0 : ...") means the rate does not apply to the row. */
    m->gflops = !(flops > 0) || sec <= 0 ? NAN : flops / sec * 1e-9;
    m->gbs = !(bytes > 0) || sec <= 0 ? NAN : bytes / sec * 1e-9;
    row_num(w, COL_gflops, "%.6g", m->gflops);
    /* The spec's flops_peak says which peak the row's operations count against: 32 (the default),
     * 64 or 16; the matrix engines' 116 (f16/bf16), 119 (tf32) or 108 (int8); anything else
     * (integer operations) has no peak to be a share of. */
    const char *pct_col;
    double code = r->s->flops_peak ? eval_or_nan(r->s->flops_peak, vv) : 32;
    m->op_unit = sol_code_unit(code);
    double peak = peak_of_kind(&r->dev.pk, code, &pct_col);
    if (!isnan(m->gflops) && peak > 0) {
        double pct = 100 * m->gflops / peak;
        row_pct_named(w, pct_col, pct);
        /* Past the peak at the maximum clock but within it at the clock the trials ran at: the
         * clock's doing (flag clock>max, run_peak_at_clock), not work optimised away. */
        if (peak_pct_at_clock(pct, (double)r->dev.dp.clock_mhz, run_trial_mhz(t)) > 100 * (1 + r->dev.pk.clock_slack))
            row_flag(w, "IMPOSSIBLE:flops>peak");
    }
    row_num(w, COL_gbs, "%.6g", m->gbs);
    int fits = m->data_bytes <= sol_cache_bytes(&r->sol, r->dev.pk.cache_bytes);
    if (!isnan(m->gbs) && r->dev.pk.mem_gbs > 0) {
        double pct = 100 * m->gbs / r->dev.pk.mem_gbs;
        row_pct(w, COL_pct_bw_peak, pct);
        /* Above DRAM peak is possible only when the data lives in cache between launches. */
        if (pct > 100) row_flag(w, "%s", fits ? "cache-resident" : "IMPOSSIBLE:bw>peak");
    } else if (!isnan(m->gbs) && !t->cold && m->data_bytes <= sol_cache_sure_bytes(&r->sol, r->dev.pk.cache_bytes) &&
               !(m->gflops > COMPUTE_BOUND_FLOP_PER_BYTE * m->gbs)) {
        /* No DRAM peak to hold the row against (PoCL): data well within the last-level cache gives
         * the cache's bandwidth, which must not pass for the memory's; data near its whole size may
         * not stay in it, and no rate says which (sol_cache_sure_bytes). Not for a kernel whose work
         * is arithmetic (volkov_fma's fma chains): nobody reads its GB/s. Nor under --cold: every
         * trial starts with the cache flushed (short kernels are timed singly then), and no rate
         * shows a reuse within the trial (PoCL's cold float4 rows, 16 GB/s against 42 warm, were
         * flagged). Above a DRAM peak (the branch before) a rate does show it, cold or not. */
        row_flag(w, "cache-resident");
    }
    row_set(w, COL_timer, "%s", r->dev.timer.host ? "host" : "events");
    if (!r->dev.timer.host) cross_check_host(w, t, st.median, r->dev.round_trip_ms, note);   /* both over every trial */
    trial_clock_columns(w, t);
    batch_note(&r->dev, t, note);
    if (t->cut && t->converged < 0) sb_printf(note, "%strials cut to %d by --max-time", note->len ? "; " : "", t->n);
}

int run_clocks_throttled(const struct run_device *d, const struct clock_sample *a, const struct clock_sample *b)
{
    double max = d->clk.max_sm_mhz > 0 ? d->clk.max_sm_mhz : (double)d->dp.clock_mhz;
    return clocks_throttled(a->sm_mhz, b->sm_mhz, max);
}

void run_record_clocks(struct row *w, const struct clock_sample *a, const struct clock_sample *b)
{
    row_num(w, COL_sm_mhz_start, "%.0f", a->sm_mhz);
    row_num(w, COL_sm_mhz_end, "%.0f", b->sm_mhz);
    if (b->mem_mhz > 0) row_num(w, COL_mem_mhz, "%.0f", b->mem_mhz);
    if (b->temp_c > 0) row_num(w, COL_temp_c, "%.0f", b->temp_c);
    if (b->power_w > 0) row_num(w, COL_power_w, "%.1f", b->power_w);
}

void run_peak_at_clock(const struct run_device *d, struct row *w, double mhz, int throttled)
{
    static const enum column_id cols[2][2] = { {COL_pct_fp32_peak, COL_pct_fp32_at_clock},
                                               {COL_pct_fp64_peak, COL_pct_fp64_at_clock} };
    if (!(mhz > 0) || d->dp.clock_mhz == 0) return;
    for (int k = 0; k < 2; k++) {
        const char *pct = row_get(w, cols[k][0]);
        if (*pct) row_pct(w, cols[k][1], atof(pct) * (double)d->dp.clock_mhz / mhz);
    }
    /* Faster than the maximum clock the device reports (which the peaks assume): an
     * IMPOSSIBLE beside it may be the clock's, not work optimised away. */
    if (mhz > 1.002 * d->dp.clock_mhz) row_flag(w, "clock>max");
    if (throttled) row_flag(w, "throttled");
}
