/* run_span.c — the configurations in flight: begun and not yet written. Each takes its first round
 * in the sweep's order and its later ones at least --round-gap seconds apart, between other
 * configurations' rounds; rows are written in the sweep's order as they complete (and that order: the variants's, run_variant_order). */
#include "run_impl.h"
#include "measure/rounds.h"
#include "lib/phase.h"
#include "lib/worker.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* Why rounds are spread in time and not only over a launch point's configurations: on an H200 the
 * launch-bound time of taylor's 5-50 us kernels wandered by up to 15% in spells of seconds
 * (consecutive points of one run shared their offset against another run: lag-one correlation
 * 0.7-0.8), and the rounds of one point, taken within a second, all fell in one spell. Each launch
 * point's buffers stay in a slot while a configuration of it is in flight; past SPAN_BYTES (or a
 * quarter of the device's memory, if less) the configurations in flight finish their rounds at
 * once, and the slots go. */
#define SPAN_BYTES ((double)(1u << 30))

void span_init(struct span *sp, uint64_t seed)
{
    memset(sp, 0, sizeof *sp);
    sp->cap = 64;
    sp->pc = xcalloc((size_t)sp->cap, sizeof *sp->pc);
    sp->slot = xcalloc(1, sizeof *sp->slot);
    sp->nslots = 1;                    /* slot 0 is r->dev.bufs, whatever came before */
    sp->seed = seed;
}

int run_past_deadline(struct runner *r)
{
    const struct tune_state *ts = r->o->tune;
    if (!ts) return 0;
    int counted_out = ts->mode == TUNE_PASS && r->o->tune_stop_after > 0 && r->tune_begun >= r->o->tune_stop_after;
    if (!counted_out && !tune_past_deadline(r->s, ts, &r->dev.dp, r->tune_waited)) return 0;
    r->tune_stopped = 1;
    return 1;
}

/* use_slot: makes slot k's buffers the device's current ones (r->dev.bufs), parking the others'.
 * slot[cur] is empty: its buffers are r->dev.bufs. */
static void use_slot(struct runner *r, struct span *sp, int k)
{
    if (k == sp->cur) return;
    sp->slot[sp->cur] = r->dev.bufs;
    r->dev.bufs = sp->slot[k];
    memset(&sp->slot[k], 0, sizeof sp->slot[k]);
    sp->cur = k;
}

static double span_bytes(const struct runner *r, const struct span *sp)
{
    double total = (double)r->dev.bufs.total_bytes;
    for (int k = 0; k < sp->nslots; k++) total += (double)sp->slot[k].total_bytes;
    return total;
}

static double bytes_budget(const struct runner *r)
{
    double quarter = (double)r->dev.dp.global_mem / 4;
    return quarter > 0 && quarter < SPAN_BYTES ? quarter : SPAN_BYTES;
}

/* pick_slot: the slot for a configuration's visits: one whose buffers serve it as they are, else an
 * empty or new one while the buffers in flight are under the budget, else the current one, made
 * anew (as a point's variants of other buffer types always shared them). */
static int pick_slot(struct runner *r, struct span *sp, const struct pending *pc)
{
    if (!r->dev.bufs.n) return sp->cur;
    /* The current buffers first, then every parked set that holds any. */
    const struct bufset **sets = xmalloc(sizeof *sets * (size_t)sp->nslots);
    int *at = xmalloc(sizeof *at * (size_t)sp->nslots), n = 0, empty = -1;
    sets[n] = &r->dev.bufs;
    at[n++] = sp->cur;
    for (int k = 0; k < sp->nslots; k++) {
        if (k == sp->cur) continue;
        if (sp->slot[k].n) { sets[n] = &sp->slot[k]; at[n++] = k; }
        else if (empty < 0) empty = k;
    }
    struct bench_want want = { .s = r->s, .types = &r->bl.btypes[pc->v * r->s->nbufs], .v = &pc->vv, .seed = r->o->seed };
    int found = bench_buffers_serving(&want, sets, n);
    int slot = found >= 0 ? at[found] : -1;
    free(sets);
    free(at);
    if (slot >= 0) return slot;
    if (span_bytes(r, sp) >= bytes_budget(r)) return sp->cur;
    if (empty >= 0) return empty;
    sp->slot = xrealloc(sp->slot, sizeof *sp->slot * (size_t)(sp->nslots + 1));
    memset(&sp->slot[sp->nslots], 0, sizeof *sp->slot);
    return sp->nslots++;
}

/* park_idle_slots: the buffers no configuration in flight needs again go to the pool (a later
 * launch point's configurations may want them as they are): none in flight will visit them, and
 * every row on them is written. The current ones
 * stay: the next configuration may take them as they are. */
static void park_idle_slots(struct runner *r, struct span *sp)
{
    int *users = xcalloc((size_t)sp->nslots, sizeof *users);
    for (int i = 0; i < sp->n; i++)
        if (sp->pc[i].slot >= 0) users[sp->pc[i].slot]++;
    for (int k = 0; k < sp->nslots; k++)
        if (k != sp->cur && !users[k]) bench_buffers_park(&r->dev.pool, &sp->slot[k]);
    free(users);
}

/* say_measured: the configurations in flight with rounds measured, rows not yet written, told to
 * the supervisor: what a stop that kills the worker in a launch loses (supervise.c says it). */
static void say_measured(const struct span *sp)
{
    int n = 0;
    for (int i = 0; i < sp->n; i++) n += !sp->pc[i].kept && sp->pc[i].t.visits > 0;
    worker_measured(n);
}

/* emit_ready: writes the rows of the complete configurations that no earlier one holds back, each
 * with its own slot current (where a full span shared one, another configuration's buffers may be
 * in it: a row's cache flag reads the size its own visits made, measured.data_bytes); the written
 * ones go, and the buffers none needs any more. None after a row results.tsv could not take: the
 * rows held back behind it (a configuration measured again for an episode holds back every later
 * one) are lost with it, not said ok on the console as if written. */
static void emit_ready(struct runner *r, struct span *sp)
{
    int done = 0;
    for (; done < sp->n && sp->pc[done].done && !r->out.res.tsv.failed; done++) {
        struct pending *pc = &sp->pc[done];
        if (pc->kept) run_replay_kept(r, sp->cols, pc->v, pc->b, pc->pt);
        else {
            if (pc->slot >= 0) use_slot(r, sp, pc->slot);
            run_config_finish(r, pc);
        }
        progress_config_done(&r->progress);
        run_config_free(pc);
    }
    if (done == 0) return;
    memmove(sp->pc, sp->pc + done, sizeof *sp->pc * (size_t)(sp->n - done));
    memset(sp->pc + sp->n - done, 0, sizeof *sp->pc * (size_t)done);
    sp->n -= done;
    /* Rows past first_done were written only when skipped before any visit: none is left out. */
    sp->first_done = sp->first_done > done ? sp->first_done - done : 0;
    say_measured(sp);
    phase_begin(PH_CONFIG);
    park_idle_slots(r, sp);
    phase_end();
}

/* visit_pending: one round of configuration pc, on its buffers. */
static void visit_pending(struct runner *r, struct span *sp, struct pending *pc)
{
    const struct plan *p = &r->plan;
    phase_begin(PH_CONFIG);
    if (pc->slot < 0) pc->slot = pick_slot(r, sp, pc);
    use_slot(r, sp, pc->slot);
    phase_end();
    char *what = xasprintf("%s %s", p->variants[pc->v].id, plan_build_label(p->builds.v[pc->b]));
    progress_config(&r->progress, what);
    free(what);
    int first = pc->t.visits == 0;
    double t0 = now_seconds();
    sp->visiting = pc;
    sp->visiting_n = pc->t.n;
    sp->visiting_rounds = pc->t.visits;
    run_config_visit(r, pc);
    sp->visiting = NULL;
    pc->last_at = now_seconds();
    /* The rounds it takes as known now (an episode or --target-se adds some once its planned ones
     * have run); over, none more. */
    estimate_visit(&r->estimate, &pc->est, pc->last_at - t0, pc->done ? 0 : pc->rounds);
    /* Its rounds over: the sweep's estimate learns how many it took. */
    if (pc->done) estimate_config_done(&r->estimate, &pc->est);
    if (first) say_measured(sp);
}

/* KILLED_NOTE: what the row the supervisor writes for a worker killed by a stop says of its rounds
 * (run_config_row_now), the signal not known when it is made. */
#define KILLED_NOTE "stopped after %d of %d rounds (the worker was killed in a launch the stop did not wait for)"

/* give_rows: the request thread's (worker_rows_on_request), the main thread held in a launch: the
 * row of every configuration in flight with a round measured, as it stands, to the supervisor, so
 * that a stop that kills the worker in that launch loses none of the rounds measured (keep_stopped's
 * rows, written by the supervisor). The one in a visit has the rounds before it. Returns how many. */
static int give_rows(void *ctx)
{
    struct span *sp = ctx;
    struct runner *r = sp->r;
    int given = 0;
    for (int i = 0; i < sp->n; i++) {
        struct pending *pc = &sp->pc[i], c = *pc;
        if (pc->kept) continue;
        if (pc == sp->visiting) {
            c.t.n = sp->visiting_n;
            c.t.visits = sp->visiting_rounds;
        }
        if (c.t.visits == 0 && !c.done) continue;
        /* A row kept from before with more rounds than this one cut short stays (run_row_emit's too). */
        if (!c.done && run_kept_outlasts(&r->out, r->out.rows_seen + i, c.t.visits)) continue;
        char *note = c.done ? NULL : xasprintf(KILLED_NOTE, c.t.visits, c.rounds);
        /* Its row's place: the rows before it in the span come first (kept ones replayed, the others
         * written); in a resumed sweep's file that place may hold the row a stop cut short, which it
         * takes. The supervisor writes a sweep's rows only in their order, none after a gap. */
        run_config_row_now(r, &c, note, !c.done, r->out.rows_seen + i + 1);
        pc->row_now = c.row_now;
        free(note);
        given++;
    }
    /* The rows measured again before these that wait for the pace's next rewrite (redonepace.h): the
     * supervisor has each since it was made (held_redone_send). */
    return given;
}

void span_rows_on_request(struct runner *r, struct span *sp)
{
    sp->r = r;
    worker_rows_on_request(give_rows, sp);
}

static void visit(struct runner *r, struct span *sp, int i) { visit_pending(r, sp, &sp->pc[i]); }

void span_visit_one(struct runner *r, struct span *sp, struct pending *pc) { visit_pending(r, sp, pc); }

void span_write_one(struct runner *r, struct span *sp, struct pending *pc)
{
    if (pc->slot >= 0) use_slot(r, sp, pc->slot);
    run_config_finish(r, pc);
    progress_config_done(&r->progress);
    run_config_free(pc);
}

/* later_rounds: one more round of every configuration in flight whose last one is --round-gap
 * seconds past, but the one whose first round just ran (all of them when the sweep has nothing
 * else to run between), in a seeded order; true when any ran. */
static int later_rounds(struct runner *r, struct span *sp, int all)
{
    int *due = xmalloc(sizeof *due * (size_t)(sp->first_done ? sp->first_done : 1)), ndue = 0;
    double now = now_seconds();
    for (int i = 0; i < (all ? sp->first_done : sp->first_done - 1); i++) {
        const struct pending *pc = &sp->pc[i];
        if (!pc->done && pc->t.visits > 0 && (all || now - pc->last_at >= r->o->bench.round_gap)) due[ndue++] = i;
    }
    int *order = xmalloc(sizeof *order * (size_t)(ndue ? ndue : 1));
    rounds_order(ndue, (int)++sp->passes, sp->seed, order);
    for (int k = 0; k < ndue && !run_must_stop(r); k++) visit(r, sp, due[order[k]]);
    free(order);
    free(due);
    if (ndue) emit_ready(r, sp);
    return ndue > 0;
}

/* first_rounds: the first round of every configuration added since, in the sweep's order, each
 * followed by the later rounds that have come due. */
static void first_rounds(struct runner *r, struct span *sp)
{
    /* A tuning pass out of its seconds visits no more: a launch point's configurations are all
     * added before the first runs (on PoCL one of peaks' took minutes), and those not begun are
     * dropped without a row (the pass's picks come from the rows it has). */
    /* After a reference's fault none more is begun here: its first round would run the reference in
     * this process (run_ref_suspect); those begun finish their rounds and are written. */
    while (sp->first_done < sp->n && !run_must_stop(r) && !run_past_deadline(r) && !run_ref_suspect(r)) {
        int i = sp->first_done++;
        if (!sp->pc[i].done) visit(r, sp, i), r->tune_begun++;
        emit_ready(r, sp);
        if (!run_must_stop(r)) later_rounds(r, sp, 0);
    }
}

void span_first_round(struct runner *r, struct span *sp)
{
    first_rounds(r, sp);
    if (span_bytes(r, sp) >= bytes_budget(r)) span_finish(r, sp);
}

/* keep_stopped: stopped by a signal: the configurations whose rounds had begun (every one before
 * the first that has none, in the sweep's order) keep their rows with the rounds they have, flagged
 * ROUNDS_CUT_FLAG where they have not all, so that no one takes a row of one round for one of
 * twenty; --resume measures those again (resume.c), with the rest. A kept row (resuming) among
 * them is done already, and replayed in its turn. */
static void keep_stopped(struct runner *r, struct span *sp)
{
    int sig = run_stop_signal(), keep = 0;
    while (keep < sp->n && (sp->pc[keep].done || sp->pc[keep].t.visits > 0)) keep++;
    if (keep < sp->n) r->stop_cut_span = 1;
    /* From here on the host alone: a second stop lets these rows be written (supervise.c). */
    worker_keeping(keep);
    r->tally.cut_at = now_seconds() - r->t0;
    for (int i = 0; i < keep; i++) {
        struct pending *pc = &sp->pc[i];
        if (!pc->done) {
            sb_printf(&pc->tnote, "%sstopped by %s after %d of %d rounds", pc->tnote.len ? "; " : "",
                      run_stop_name(sig), pc->t.visits, pc->rounds);
            row_flag(&pc->w, ROUNDS_CUT_FLAG);
            r->stop_cut_span = 1;
            r->tally.ncut++;
            double began = pc->t.visits > 0 ? pc->t.round_at[0] : 0;
            if (!r->tally.ncut_here++ || began < r->tally.cut_began) r->tally.cut_began = began;
        }
        pc->done = 1;
    }
    emit_ready(r, sp);
}

void span_finish(struct runner *r, struct span *sp)
{
    first_rounds(r, sp);
    while (!run_must_stop(r) && later_rounds(r, sp, 1)) {}
    if (run_stop_signal() && !r->context_lost && !r->out.res.tsv.failed) keep_stopped(r, sp);
}

void span_add(struct runner *r, const struct strlist *cols, struct span *sp, int v, int b, size_t pt)
{
    sp->cols = cols;
    /* Resuming: a row kept whole is replayed in its turn, after the rows in flight before it (those
     * a stop cut short, measured again), so that the rows stay in the sweep's order. */
    int kept = run_kept_ahead(r, sp->n);
    if (kept && sp->n == 0) {
        run_replay_kept(r, cols, v, b, pt);
        progress_config_done(&r->progress);
        return;
    }
    if (sp->n == sp->cap) {
        sp->pc = xrealloc(sp->pc, sizeof *sp->pc * (size_t)sp->cap * 2);
        memset(sp->pc + sp->cap, 0, sizeof *sp->pc * (size_t)sp->cap);
        sp->cap *= 2;
    }
    struct pending *pc = &sp->pc[sp->n++];
    pc->v = v;
    pc->b = b;
    pc->pt = pt;
    pc->slot = -1;
    if (kept) { pc->kept = pc->done = 1; return; }
    run_config_begin(r, cols, pc);
    int at = r->out.rows_seen + sp->n - 1;
    pc->remeasures = r->out.resume.redo && at < r->out.resume.rows.nrows && r->out.resume.redo[at];
}

void span_free(struct runner *r, struct span *sp)
{
    span_finish(r, sp);
    /* Not begun for a reference's fault: a new worker measures them. */
    if (sp->n > 0 && run_ref_suspect(r)) r->ref_cut = 1;
    if (sp->r) worker_rows_on_request(NULL, NULL);
    for (int i = 0; i < sp->n; i++) run_config_free(&sp->pc[i]);
    for (int k = 0; k < sp->nslots; k++) bench_buffers_free(&sp->slot[k]);
    bufpool_release(&r->dev.pool);           /* what comes after the sweep (probes) wants the memory */
    free(sp->pc);
    free(sp->slot);
}

/* run_variant_order: run_impl.h. */
int *run_variant_order(const struct spec *s, const struct plan *p)
{
    int n = p->nvariants, k = 0;
    int *ord = xmalloc(sizeof *ord * (size_t)(n ? n : 1));
    char *placed = xcalloc((size_t)n + 1, 1);   /* a space of 62,128 variants: no search of ord */
    const char *first[2] = { s->baseline, s->relative };
    for (int f = 0; f < 2; f++)
        for (int v = 0; v < n && first[f]; v++)
            if (p->variants[v].name && !strcmp(p->variants[v].name, first[f]) && !placed[v]) {
                placed[v] = 1;
                ord[k++] = v;
            }
    for (int v = 0; v < n; v++)
        if (!placed[v]) ord[k++] = v;
    free(placed);
    return ord;
}
