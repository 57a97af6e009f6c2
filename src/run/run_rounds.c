/* run_rounds.c — a configuration's rounds beyond those planned (an episode, --target-se) and what
 * its rounds say in its row. */
#include "run_impl.h"
#include "measure/rounds.h"

/* episode_words: what rs's episode was, into the timing note: the round, how far apart it stood
 * and what it was compared with: EPISODE_SIGMAS times the noise its trials predict, or, where that
 * is less (rounds of one trial predict none: "over 5x the noise its trials predict, 0%" said
 * nothing), the EPISODE_MIN every episode passes. Percentages as fmt_pct writes them (%.2g made 100%
 * "1e+02%"). */
static void episode_words(struct sbuf *note, const struct round_summary *rs)
{
    char off[32], noise[32], least[32];
    fmt_pct(off, sizeof off, 100 * rs->odd_off);
    fmt_pct(noise, sizeof noise, 100 * rs->noise);
    fmt_pct(least, sizeof least, 100 * EPISODE_MIN);
    sb_printf(note, "%sround %d of %d stood %s apart ", note->len ? "; " : "", rs->odd + 1, rs->n, off);
    if (EPISODE_SIGMAS * rs->noise > EPISODE_MIN)
        sb_printf(note, "(over %.0fx the noise its trials predict, %s)", EPISODE_SIGMAS, noise);
    else if (rs->noise > 0)
        sb_printf(note, "(over the %s an episode takes at least; %.0fx the noise its trials predict, %s, is less)", least,
                  EPISODE_SIGMAS, noise);
    else sb_printf(note, "(over the %s an episode takes at least; its trials predict no noise to compare with)", least);
}

/* episode_again: once its planned rounds are done, a configuration one of whose rounds stands
 * apart beyond what its trials predict (an episode, rounds.h) takes as many rounds again, once,
 * within --max-time and --max-rounds (the most rounds it takes, whatever adds them: a search's
 * command that measures its best again asks for its rounds and no more with them); true when it
 * does. A search's configuration takes none: the race decides its rounds (run_rounds_episode_said
 * says its episode). */
static int episode_again(const struct bench_opts *bo, struct pending *pc)
{
    if (pc->raced || pc->rounds > pc->planned || pc->planned < 3) return 0;
    if (bo->max_seconds > 0 && pc->spent * 2 > bo->max_seconds) return 0;
    int more = bo->max_rounds > 0 && pc->rounds + pc->planned > bo->max_rounds ? bo->max_rounds - pc->rounds : pc->planned;
    if (more < 1) return 0;
    struct round_summary rs;
    rounds_summarize(pc->t.ms, pc->t.n, pc->t.round_first, pc->t.visits, &rs);
    if (!rs.episode) return 0;
    episode_words(&pc->tnote, &rs);
    /* "an episode;" is what rounds_tally_row counts as re-measured. */
    sb_printf(&pc->tnote, ": an episode; %d more round%s taken", more, more == 1 ? "" : "s");
    pc->rounds += more;
    pc->remeasured = 1;
    return 1;
}

void run_rounds_episode_said(struct pending *pc)
{
    if (!pc->raced || pc->failed || pc->t.n == 0) return;
    struct round_summary rs;
    rounds_summarize(pc->t.ms, pc->t.n, pc->t.round_first, pc->t.visits, &rs);
    if (!rs.episode) return;
    episode_words(&pc->tnote, &rs);
    /* Not "an episode;": no rounds were added for it (rounds_tally_row counts those). */
    sb_printf(&pc->tnote, ": an episode, measured no further for it (the search's race decides its rounds)");
}

/* more_rounds: once its rounds are done (episode_again's too), a configuration of SE_LONG_MS and
 * more whose time is less certain than --target-se takes the rounds that bring it there
 * (rounds_wanted), within --max-rounds and --max-time; true when it does. A shorter one takes none
 * (rounds.h: what moves it between runs, rounds in one run do not reach); a row left above the
 * target says how many rounds it would take. */
static int more_rounds(const struct bench_opts *bo, struct pending *pc)
{
    if (!(bo->target_se > 0) || pc->said_se) return 0;
    struct round_summary rs;
    rounds_summarize(pc->t.ms, pc->t.n, pc->t.round_first, pc->t.visits, &rs);
    int want = rounds_wanted(&rs, bo->target_se, bo->max_rounds);
    const char *sep = pc->tnote.len ? "; " : "";
    char se[32], ts[32];
    if (want < 0 || want <= pc->t.visits) {
        /* Done: there, or as far as --max-rounds goes, or under SE_LONG_MS. */
        if (rs.n >= 3 && rs.se > bo->target_se) {
            sb_printf(&pc->tnote, "%s%d rounds give a standard error of %s: --target-se %s would take %.0f rounds, ",
                      sep, rs.n, fmt_pct(se, sizeof se, 100 * rs.se), fmt_pct(ts, sizeof ts, 100 * bo->target_se), rounds_needed(&rs, bo->target_se));
            if (want < 0) sb_printf(&pc->tnote, "not taken under %g us (docs/timing.md)", SE_LONG_MS * 1e3);
            else sb_printf(&pc->tnote, "more than --max-rounds %d", bo->max_rounds);
            pc->said_se = 1;
        }
        return 0;
    }
    if (bo->max_seconds > 0 && pc->spent * want > bo->max_seconds * pc->t.visits) {
        sb_printf(&pc->tnote, "%s%d rounds give a standard error of %s: the %d rounds --target-se %s would take "
                  "pass --max-time", sep, rs.n, fmt_pct(se, sizeof se, 100 * rs.se), want, fmt_pct(ts, sizeof ts, 100 * bo->target_se));
        pc->said_se = 1;
        return 0;
    }
    if (!pc->se_from) {
        sb_printf(&pc->tnote, "%s%d rounds gave a standard error of %s: " ROUNDS_NOTE_MORE " %s", sep,
                  rs.n, fmt_pct(se, sizeof se, 100 * rs.se), fmt_pct(ts, sizeof ts, 100 * bo->target_se));
        pc->se_from = pc->t.visits;
    }
    pc->rounds = want;
    return 1;
}

int run_rounds_more(const struct bench_opts *bo, struct pending *pc)
{
    return episode_again(bo, pc) || more_rounds(bo, pc);
}

void run_round_columns(struct pending *pc, const struct round_summary *rs)
{
    struct sbuf ms = {0}, at = {0};
    for (int i = 0; i < rs->n; i++) {
        sb_printf(&ms, "%s%.6g", i ? ";" : "", rs->median[i]);
        sb_printf(&at, "%s%.6f", i ? ";" : "", pc->t.round_at[i]);
    }
    row_set(&pc->w, COL_rounds, "%d", rs->n);
    row_set(&pc->w, COL_round_ms, "%s", ms.s ? ms.s : "");
    row_set(&pc->w, COL_round_at_s, "%s", at.s ? at.s : "");
    if (rs->n > 1) row_num(&pc->w, COL_spread, "%.3g", rs->spread);
    if (rs->n > 2) row_num(&pc->w, COL_time_se, "%.3g", rs->se);
    if (rounds_noisy(rs)) row_flag(&pc->w, "noisy");
    sb_free(&ms);
    sb_free(&at);
}
