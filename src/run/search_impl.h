/* search_impl.h — what the parts of clx run --search share (search_sweep.c): the space and the
 * search's state (search_space.c), its log, search.tsv, written and replayed (search_log.c), how it
 * ends and what it says of that (search_end.c), a resumed search's rows kept (search_kept.c), and
 * its run.json part as it stands, for a stop that kills the worker (search_now.c), the budget against
 * a round's cost (search_pace.c), and what a search at a smaller size says of one at the spec's own
 * (search_full.c); a budget left unspent by an undecided race (search_left.c). */
#ifndef SEARCH_IMPL_H
#define SEARCH_IMPL_H
#include "run_impl.h"
#include "search/race.h"

/* A configuration of the space, and its place along the search's dimensions. */
struct sconf { int v, b; size_t pt; };

/* What a configuration's row says of its rounds (search_pick_row, as the row is written; a resumed
 * search's kept row, search_pick_kept): how many, the trials in them, their standard error and
 * spread (time_se, spread: shares of its time), whether the row is flagged noisy, and its figure (of
 * those rounds, in the unit the search ranks by: after a resume fewer than the race's); rounds 0: no
 * row of it with timing. */
struct srow { int rounds, trials; double se, spread; int noisy; double figure; };

/* One search as it goes (search_sweep.c fills it; the others read it). */
struct search {
    struct runner *r;
    const struct strlist *cols;
    struct sconf *cf;
    int n, ndims;
    int *coord;                  /* [config * ndims + d] */
    struct strlist dims;         /* each dimension's name: a template parameter, "build", a launch axis */
    struct pending **pc;         /* [config]: begun, its row not yet written (NULL: none) */
    int *live, nlive;            /* the configurations with a pending, to look over after each step */
    struct span sp;
    struct race *race;
    int max_rounds;              /* the race's first cap on a configuration's rounds (race.h: it may double) */
    double *work;                /* [config]: its flops (or bytes) as the spec counts them (1: time alone) */
    FILE *log;                   /* search.tsv, a line a round as the race goes */
    char *log_path;
    int *old_row;                /* resumed: [config] its row in results.tsv from before the stop (-1: none) */
    char *replaced;              /* resumed: [row from before] a row of this run was written in its place */
    char *has_row;               /* [config]: results.tsv holds its row (kept from before the stop, or written) */
    const char *unit;            /* what the race ranks: "GFLOP/s", "GB/s", or "" (the time) */
    int base_v;                  /* the spec's baseline variant, whose outputs are the answers (-1: a
                                  * host reference answers, or none) */
    char *base_ran;              /* [point * builds + build]: the baseline ran there, its answer kept */
    int ahead;                   /* builds compiled ahead at a time (0: none) */
    struct srow *rows;           /* [config]: what its row said of its rounds */
    double step_end;             /* when the last measurement ended (the race's start before one):
                                  * a step costs from there, so its share of the search's own work
                                  * (the race deciding, the log and rows written) is in the budget */
    int pace_said;               /* search_pace_round said that the budget pays for few rounds */
    int share_said;              /* search_share_said said the seconds a --budget P% came to */
    double *full_scale;          /* [config]: its work at the spec's own sizes over its work here
                                  * (search_full_scale; 0: not measured in this process) */
    double *once;                /* [config]: of its first round, its first launch's one-off (trials.h's
                                  * once_s: a driver compiling the kernel then), which no size scales */
};

/* The rounds a race needs at the least: its first sample of RACE_BUDGET_FROM configurations, one
 * round each, and the best's three (docs/search.md, "The race"). A budget that pays for fewer of one
 * configuration's rounds measures a handful of configurations and decides nothing: on PoCL sgemm at
 * its full size (2048^3) took 62 s a round against a budget of 60 s. */
#define SEARCH_PACE_ROUNDS (RACE_BUDGET_FROM + 3)

/* A search at a smaller size than the spec's own, of one at that size (search_full.c).
 * search_reads_name: whether expression text reads name (a whole word of it). search_budget_for: a
 * budget for rounds that take need_s, rounded up generously (twice it, then up to 1, 2 or 5
 * times a power of ten); NAN where need_s is none. search_full_scale: the work the spec counts of a
 * configuration of variables vv at the spec's own launch sizes over its work at vv's (1: the run's
 * sizes are the spec's; NAN: not known). search_full_estimate: from the rounds of the race's log
 * whose configurations have a scale: a configuration's first round (its warm-ups and set-up with
 * it), its first launch's one-off aside (se->once: a driver's compile), the median of rounds of them
 * here (round_s), the one-offs' median (once_s), and the first rounds scaled to the spec's sizes with
 * that added unscaled (full_round_s), what SEARCH_PACE_ROUNDS of them take there (need_s: a first
 * sample of first rounds, then the best's later ones), the budget that pays for it, and at which
 * sizes ("MNK=2048", a new string in f->at, freed by the caller); 0 (f zeroed) where the run searched
 * the spec's own sizes or nothing says. */
struct search_full { int rounds; double round_s, once_s, full_round_s, need_s, budget_s; char *at; };
int search_reads_name(const char *text, const char *name);
double search_budget_for(double need_s);
double search_full_scale(const struct search *se, const struct vars *vv);
int search_full_estimate(const struct search *se, struct search_full *f);

/* search_pace_round: once, when a round of configuration i that took round_s seconds (its build
 * aside; once_s of them its first launch's one-off, 0 for a later round) shows that the budget pays
 * for fewer rounds than a race needs (search_pace.c): how much of the budget it took, and a smaller
 * problem to search (the spec's quick sizes: --set MNK=256); or, where most of it was the one-off
 * (a driver compiling the kernel at its first launch), that, which no smaller problem shortens. */
void search_pace_round(struct search *se, int i, double round_s, double once_s);
/* search_share_said: once, as soon as the race has worked a --budget P% out (race.c, after
 * RACE_BUDGET_FROM rounds), the device seconds it came to (search_pace.c). */
void search_share_said(struct search *se, const struct race *ra);
/* search_space_make: every configuration the plan and the spec's restrictions leave, each placed
 * along the parameters that vary (template parameters, option sets, launch axes): se->cf, coord,
 * n, dims, ndims (search_space.c). */
void search_space_make(struct search *se);
/* search_config_label: configuration i as the console names it ("ILP=4 default local=128"), in buf. */
const char *search_config_label(const struct search *se, int i, char *buf, size_t n);
/* search_figure: what a ranked time is in the unit users read (GFLOP/s, GB/s from ms per GFLOP or
 * GB), or the time in ms. */
double search_figure(const struct search *se, double ranked);

/* search.tsv (search_log.c): opened (appended to when a resumed search goes on), a line a round
 * as the race logs it (race_opts.logged), closed; and a stopped search's steps read back (NULL
 * with *n 0 when it has none), and the row results.tsv held of configuration i before the stop (-1). */
void search_log_open(struct search *se, int append);
void search_log_step(void *arg, const struct race *ra);
void search_log_close(struct search *se);
struct race_step *search_replay_read(struct search *se, int *n);
/* search_log_build_col: search.tsv's column of a step's build seconds, "build_s", or in an older
 * clx's log the "build" after "cost" (the 4th, also "build", holds the build's options: read as
 * seconds, a resumed race passed over no dear build where the first had, and refused its own log as
 * another search's); -1 where none. */
int search_log_build_col(const struct table *t);
int search_old_row(const struct search *se, int i);

/* A resumed search's rows (search_kept.c). search_kept_rows: its rows from before its stop that no
 * row of this run took the place of, counted with this run's as a resumed sweep counts the rows it
 * keeps (a search whose every build failed before the stop has nothing but those, and exits as it
 * would have). One the stop cut short stays so while its configuration is still raced (stopped
 * again: the next resume goes on with it); once the race is done with it (decided, or the search
 * ended) it says what the race decided, unflagged, its values as they were. search_say_rowless: the
 * configurations an earlier process of a resumed search measured whose rows it never wrote (killed
 * at once, or crashed, with them in the race) and which the race did not measure again: no row
 * says them; their rounds are in search.tsv. */
void search_kept_rows(struct search *se);
void search_say_rowless(const struct search *se);

/* What a search says of its pick (search_pick.c): the next fastest measured (up to 3, fastest
 * first) with what was decided of each and their verdicts against it; whether it is confirmed (no
 * next fastest, or that one decided: SLOWER, or SAME); the words, NULL where they do not apply,
 * that its figure may not repeat (its row flagged noisy; or, its row holding some of its rounds, a
 * resumed search's, all its rounds in search.tsv noisy by the same rule) and that it is not confirmed; and, where
 * the figure may not repeat, the `clx run` command that measures it alone (else NULL). */
struct spick {
    int best;
    int next[3], nnext, undecided;
    char decided[3][256];       /* what was decided of each, with the noise floor it was judged against */
    struct verdict_result vr[3];
    int confirmed;
    char *repeat, *unconfirmed, *command;
};
/* search_pick_row: what configuration i's row says of its rounds, kept in se->rows as it is
 * written (pc's trials: the rounds rounds_summarize and the noisy rule read). */
void search_pick_row(struct search *se, int i, const struct pending *pc);
/* search_pick_kept: the same of configuration i's row kept from before a stop (row `row` of t, a
 * resumed search's), as that row says it (nothing where it has no timing). */
void search_pick_kept(struct search *se, int i, const struct table *t, int row);
/* search_pick_command: the `clx run` that measures configuration i again alone, as the search
 * measured it (its rounds and trials), and with it the nalso configurations of also (their variants
 * picked too, each by its own --set variant=) at twice those rounds (ROUNDS_KEPT at most); a new
 * string. */
char *search_pick_command(const struct search *se, int i, const int *also, int nalso);
/* search_left_said: where the race ended with pk's best not confirmed and most of its budget left
 * (its contenders at the most rounds it gives: search_left.c), that a larger --budget would not
 * decide it and what may, appended to pk->unconfirmed (search_pick_make's words). */
void search_left_said(const struct search *se, struct spick *pk);
/* search_pick_make: what to say of the race's incumbent; search_pick_free frees what it holds. */
void search_pick_make(const struct search *se, struct spick *pk);
void search_pick_free(struct spick *pk);
/* search_pick_pm: " +/- 4.2%" into buf: row 0, the standard error of configuration i's figure in
 * search.tsv (the median of its rounds) as the race decides by it (race_se), from 3 rounds on; row
 * 1, its row's time_se (results.tsv's), where the row has 3 rounds and more. "" where there is none.
 * The console says the race's beside the race's decisions: a row's time_se of 2.4% and 6.3% beside
 * "decided SLOWER" of one 1.107x the other's time read as a contradiction (their medians' errors
 * were 0.2% and 2.0%). */
const char *search_pick_pm(const struct search *se, int i, int row, char *buf, size_t n);

/* How a search ends, and what it says of that (search_end.c). search_end_said: why the search
 * ended, as the console and run.json say it, into end. search_end_word: what the race decided of
 * configuration i when it ended or was stopped, as its row's timing note says it; *cut: a stop cut
 * its rounds short (the race would have measured it again). search_json: run.json's "search": what
 * was asked, what it cost, what it found. search_say_outcome: what the search spent and found: the
 * best configuration, its figure with its row's standard error, and the next fastest measured with
 * what the race decided of each (or, not decided, the verdict of their rounds); then what may make
 * the best's figure wrong (search_pick.c). */
void search_end_said(const struct search *se, char *end, size_t n);
const char *search_end_word(const struct search *se, int i, int *cut);
cJSON *search_json(const struct search *se, const struct run_search *so, const char *end, const struct spick *pk);
void search_say_outcome(const struct search *se, const struct run_search *so, const char *end, const struct spick *pk);

/* A search's run.json part on a stop's request (search_now.c): search_now_on_request: from now on, a
 * stop about to kill the worker in a launch gets the part as it stands (sent to the supervisor, which
 * writes it marked "killed"), until search_now_off. Called by the main thread outside its waits. */
void search_now_on_request(struct search *se);
void search_now_off(void);

#endif
