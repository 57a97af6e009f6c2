/* search_pick.c — what a search says of its pick beside its figure (search_impl.h): the standard
 * error its row has (time_se), whether that figure may not repeat (the row flagged noisy: the noisy
 * rule of measure/rounds.h, its one home), whether the race confirmed it (the next fastest decided
 * against it), and the command that measures it again alone. On PoCL a search's "best" of 30.4
 * GFLOP/s (time_se 19%, its rounds in two groups) was 16.4 measured again: the figure alone said
 * nothing of that. */
#include "search_impl.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/pctnear.h"
#include "report/floor_said.h"
#include "spec/catalog.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void search_pick_row(struct search *se, int i, const struct pending *pc)
{
    if (pc->failed || pc->t.n == 0 || pc->t.visits == 0) return;
    struct round_summary rs;
    rounds_summarize(pc->t.ms, pc->t.n, pc->t.round_first, pc->t.visits, &rs);
    se->rows[i] = (struct srow){ .rounds = rs.n, .trials = pc->t.n, .se = rs.se, .spread = rs.spread, .noisy = rounds_noisy(&rs),
                                 .figure = se->work[i] > 0 ? search_figure(se, rs.time_ms / se->work[i]) : NAN };
}

void search_pick_kept(struct search *se, int i, const struct table *t, int row)
{
    int cs = table_col(t, "status"), cr = table_col(t, "rounds"), ct = table_col(t, "trials");
    int cse = table_col(t, "time_se"), csp = table_col(t, "spread"), cf = table_col(t, "flag");
    enum row_status st = cs >= 0 ? row_status_of(table_cell(t, row, cs)) : RS_STOPPED;
    int rounds = cr >= 0 ? atoi(table_cell(t, row, cr)) : 0;
    if (!row_status_is_measured(st) || rounds <= 0) return;
    double se_ = cse >= 0 ? table_num(t, row, cse) : NAN, spread = csp >= 0 ? table_num(t, row, csp) : NAN;
    /* Its figure as the row says it: the column of the unit the search ranks by. */
    int cfig = table_col(t, !strcmp(se->unit, "GFLOP/s") ? "gflops" : !strcmp(se->unit, "GB/s") ? "gbs" : "median_ms");
    se->rows[i] = (struct srow){ .rounds = rounds, .trials = ct >= 0 ? atoi(table_cell(t, row, ct)) : 0,
                                 .se = isnan(se_) ? 0 : se_, .spread = isnan(spread) ? 0 : spread,
                                 .noisy = cf >= 0 && flag_has(table_cell(t, row, cf), "noisy"),
                                 .figure = cfig >= 0 ? table_num(t, row, cfig) : NAN };
}

/* decided_words: what was decided of configuration i against the best, with the noise floor that
 * decided it, into buf: by the race (decided SLOWER: beyond race_floor, the errors the console's
 * +/- say), else by the verdict v of their rounds (its floor, of the two medians' errors pooled where
 * they agree: verdict.h). A stopped race may hold a decision its last rounds no longer bear out
 * (it takes such back as it goes on): said as of the rounds then. */
static void decided_words(const struct search *se, int best, int i, const struct verdict_result *v, char *buf, size_t n)
{
    const struct race *ra = se->race;
    char f[FLOOR_SAID_SIZE];
    if (ra->status[i] == RACE_SLOWER) {
        double floor = race_floor(ra, best, i);
        floor_said(f, sizeof f, floor, ra->rule.min_effect);
        if (race_median(ra, i) / race_median(ra, best) - 1 > floor)
            snprintf(buf, n, "decided SLOWER (beyond the race's noise floor against the best, %s)", f);
        else snprintf(buf, n, "decided SLOWER on its rounds then (the race's noise floor against the best is %s now)", f);
        return;
    }
    floor_said(f, sizeof f, v->floor, VERDICT_MIN_EFFECT);
    if (v->v == VERDICT_SLOWER) snprintf(buf, n, "SLOWER (beyond the verdict's noise floor, %s)", f);
    else if (v->v == VERDICT_SAME)
        snprintf(buf, n, "SAME (within the verdict's noise floor, %s, or %.0f%%: either may be the best)", f,
                 100 * VERDICT_MIN_EFFECT);
    else if (isfinite(v->floor)) snprintf(buf, n, "not decided (the verdict's noise floor, %s)", f);
    else snprintf(buf, n, "not decided");
}

/* next_fastest: the three fastest measured after the best, fastest first, with what was decided
 * of each: by the race (decided SLOWER), else by the verdict of their rounds against the best's. */
static void next_fastest(const struct search *se, struct spick *pk)
{
    const struct race *ra = se->race;
    int best = pk->best;
    for (int k = 0; k < 3; k++) {
        double t = INFINITY;
        int at = -1;
        for (int i = 0; i < se->n; i++) {
            int shown = 0;
            for (int j = 0; j < k; j++) shown |= pk->next[j] == i;
            if (i == best || ra->nrounds[i] == 0 || shown) continue;
            if (race_median(ra, i) < t) { t = race_median(ra, i); at = i; }
        }
        if (at < 0) break;
        struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
        verdict_decide(&rule, ra->rounds[best], ra->nrounds[best], ra->rounds[at], ra->nrounds[at], 0, &pk->vr[k]);
        pk->next[k] = at;
        decided_words(se, best, at, &pk->vr[k], pk->decided[k], sizeof pk->decided[k]);
        int open = ra->status[at] != RACE_SLOWER && pk->vr[k].v != VERDICT_SLOWER && pk->vr[k].v != VERDICT_SAME;
        pk->undecided += open;
        if (k == 0) pk->confirmed = !open;
        pk->nnext = k + 1;
    }
}

/* experiment_word: the experiment as `clx run` takes it: its name where that finds this spec (a
 * shipped one, or one along CLX_PATH), else its file; quoted for a shell where it must be. */
static char *experiment_word(const struct spec *s)
{
    char *found = catalog_find(s->name), a[PATH_MAX], b[PATH_MAX];
    int by_name = found && realpath(found, a) && realpath(s->path, b) && !strcmp(a, b);
    free(found);
    return shell_word(by_name ? s->name : s->path);
}

/* dim_value: configuration i's value along the search's dimension named dim (a template parameter,
 * "variant", "build", a launch axis), or NULL. */
static const char *dim_value(const struct search *se, int i, const char *dim)
{
    const struct plan *p = &se->r->plan;
    const struct sconf *c = &se->cf[i];
    if (!strcmp(dim, "build")) return p->builds.v[c->b];
    for (int a = 0; a < p->naxes; a++)
        if (!strcmp(p->axis_names[a], dim)) return plan_point_value(p, c->pt, a);
    if (!strcmp(dim, "variant")) return p->variants[c->v].name;
    return plan_variant_value(&p->variants[c->v], dim);
}

/* of_variant: whether the search's dimension dim is of the variant (a template parameter, or the
 * named variant), not a build or a launch axis. */
static int of_variant(const struct search *se, const char *dim)
{
    const struct plan *p = &se->r->plan;
    if (!strcmp(dim, "build")) return 0;
    for (int a = 0; a < p->naxes; a++)
        if (!strcmp(p->axis_names[a], dim)) return 0;
    return 1;
}

/* variant_pattern: the id that picks configuration i's variant alone from the crossing the run's own
 * options make: its name where it has one, and its value of every parameter the search varied
 * ("gs_float4:ILP=1", "VWM=4,SA=0,SB=1"): its id alone may not (a named variant at its own value is
 * named without it, and "gs_float4" picks gs_float4:ILP=2 too). The run names it as the crossing
 * does: as the search's row. A new string. */
static char *variant_pattern(const struct search *se, int i)
{
    const struct variant *v = &se->r->plan.variants[se->cf[i].v];
    struct sbuf b = {0};
    int pairs = 0;
    if (v->name) sb_printf(&b, "%s", v->name);
    for (int d = 0; d < se->dims.n; d++) {
        const char *dim = se->dims.v[d], *value = of_variant(se, dim) && strcmp(dim, "variant") ? dim_value(se, i, dim) : NULL;
        if (!value) continue;
        sb_printf(&b, "%s%s=%s", pairs ? "," : v->name ? ":" : "", dim, value);
        pairs++;
    }
    return b.s ? b.s : xstrdup(v->id);
}

/* The run's own options of how a configuration is measured, which a search and a sweep read alike:
 * kept as given, or the best is measured again another way (its inputs, warm-ups, a device brought
 * to temperature first); and those without which the spec may not build at all. */
static const struct args_option measuring[] = {
    {"--warmups", 1}, {"--max-time", 1}, {"--batch", 1}, {"--cold", 0}, {"--timeout", 1}, {"--seed", 1},
    {"--verify", 1}, {"--no-verify", 0}, {"--target-cv", 1}, {"--round-gap", 1}, {"--preheat", 1},
    {"--build-unchecked", 0}, {"--allow-shell", 0}, {"--m4-timeout", 1},
};

/* measuring_words: the run's own options of that list, in its order, appended to b. */
static void measuring_words(struct sbuf *b, const struct strlist *args)
{
    for (int i = 0; i < args->n; i++)
        for (size_t k = 0; k < sizeof measuring / sizeof *measuring; k++) {
            int span = 1;
            const char *value = NULL;
            if (!args_option_at(args->v, args->n, i, &measuring[k], &span, &value)) continue;
            sb_printf(b, " %s", measuring[k].name);
            if (value) {
                char *q = shell_word(value);
                sb_printf(b, " %s", q);
                free(q);
            }
            i += span - 1;
            break;
        }
}

/* search_pick_command (search_impl.h): `clx run` of configuration i alone, measured as the search measured it: the run's
 * own options that shape it (--device, --quick, each --set, --local, --size, --build), those of a
 * build or launch axis the search varied set to i's value, and every other such dimension set to it
 * too, each by its option (lib/args.h's table); its variant picked by its id (`--set variant=ID`,
 * the template parameters the run set kept as given), so that the run's row is named as the
 * search's and `clx compare` joins the two (a --set of each parameter named it after the spec,
 * "sgemm", which no row of the search's is); the rounds its row had and the trials in them, and no more
 * (--max-rounds: the race decides a configuration's rounds, where a sweep's would be the spec's,
 * doubled for an episode and more for its target standard error); the run's own options of how a
 * configuration is measured. A new string. */
char *search_pick_command(const struct search *se, int i, const int *also, int nalso)
{
    const struct run_opts *o = se->r->o;
    struct sbuf b = {0};
    char *exp = experiment_word(se->r->s);
    sb_printf(&b, "%s run %s", clx_cmd(), exp);
    free(exp);
    if (o->device) {
        char *q = shell_word(o->device);
        sb_printf(&b, " --device %s", q);
        free(q);
    }
    if (o->quick) sb_printf(&b, " --quick");
    char *given = xcalloc((size_t)se->dims.n + 1, 1);
    int by_id = 0;
    for (int d = 0; d < se->dims.n; d++) by_id |= of_variant(se, se->dims.v[d]);
    for (int k = 0; k < o->nov; k++) {
        const struct override *ov = &o->ov[k];
        const struct args_shaping_option *row = args_shaping_of(ov->flag);
        const char *dim = row && row->axis ? row->axis : ov->name;
        if (by_id && !strcmp(dim, "variant")) continue;      /* the id below picks it */
        int d = 0;
        while (d < se->dims.n && strcmp(se->dims.v[d], dim)) d++;
        /* A parameter the search varied keeps the values the run gave it: the same crossing names
         * the variant as the search's row is named, and the id below picks it. */
        const char *value = d < se->dims.n && !of_variant(se, dim) ? dim_value(se, i, dim) : NULL;
        if (d < se->dims.n) given[d] = 1;
        args_shaping_words(&b, dim, value ? value : ov->values);
    }
    for (int d = 0; d < se->dims.n; d++) {
        const char *value = given[d] || of_variant(se, se->dims.v[d]) ? NULL : dim_value(se, i, se->dims.v[d]);
        if (value) args_shaping_words(&b, se->dims.v[d], value);
    }
    if (by_id) {
        char *id = variant_pattern(se, i);
        args_shaping_words(&b, "variant", id);
        free(id);
        /* Each its own --set variant=: the ids stay apart (plan_join_values). */
        for (int k = 0; k < nalso; k++) {
            char *other = variant_pattern(se, also[k]);
            args_shaping_words(&b, "variant", other);
            free(other);
        }
    }
    free(given);
    /* Every round the search measured of it: a resumed search's row holds only some of them (those
     * of one process), and the trials of a round as that row had them. */
    const struct srow *w = &se->rows[i];
    int rounds = se->race->nrounds[i] > w->rounds ? se->race->nrounds[i] : w->rounds;
    int trials = rounds == w->rounds ? w->trials : (int)((double)w->trials * rounds / w->rounds + 0.5);
    /* Side by side: twice the rounds the race could give, up to those a row keeps. */
    int more = nalso ? (2 * rounds < ROUNDS_KEPT ? 2 * rounds : ROUNDS_KEPT) : rounds;
    if (more != rounds) trials = (int)((double)trials * more / rounds + 0.5);
    sb_printf(&b, " --trials %d --rounds %d --max-rounds %d", trials, more, more);
    measuring_words(&b, &o->args);
    return b.s;
}

/* all_noisy: whether configuration i's rounds in search.tsv, all of them, are noisy by the noisy rule
 * (measure/rounds.h) where its row holds only some of them (a resumed search's: one process's), their
 * summary in *s. A best of 17.06 GFLOP/s before a stop and 8.31 after it was said as 11.17 with no
 * word of that: its row, of the round after the resume alone, was not flagged. Each round's median is
 * one "trial" of its own round: the scatter is of the round medians alone. */
static int all_noisy(const struct search *se, int i, struct round_summary *s)
{
    const struct race *ra = se->race;
    int n = ra->nrounds[i];
    if (se->rows[i].rounds <= 0 || n <= se->rows[i].rounds) return 0;
    int *first = xcalloc((size_t)n, sizeof *first);
    for (int k = 0; k < n; k++) first[k] = k;
    rounds_summarize(ra->rounds[i], n, first, n, s);
    free(first);
    return rounds_noisy(s);
}

void search_pick_make(const struct search *se, struct spick *pk)
{
    memset(pk, 0, sizeof *pk);
    pk->best = se->race->incumbent;
    if (pk->best < 0) return;
    pk->confirmed = 1;              /* with no next fastest, nothing says otherwise */
    next_fastest(se, pk);
    const struct srow *w = &se->rows[pk->best];
    struct sbuf repeat = {0}, unconfirmed = {0};
    struct round_summary all;
    if (w->noisy) {
        char e[32], sp[32];
        fmt_pct_near(e, sizeof e, 100 * w->se, 100 * NOISY_SE);
        fmt_pct_near(sp, sizeof sp, 100 * w->spread, 100 * NOISY_SPREAD);
        if (w->rounds >= 3)
            sb_printf(&repeat, "its figure may not repeat: its rounds scatter (flag noisy: a standard error of %s, its rounds %s "
                               "apart), and another run may put it about that far elsewhere", e, sp);
        else sb_printf(&repeat, "its figure may not repeat: its %d rounds lie %s apart (flag noisy)", w->rounds, sp);
        pk->command = search_pick_command(se, pk->best, NULL, 0);
    } else if (all_noisy(se, pk->best, &all)) {
        char e[32], sp[32];
        fmt_pct_near(e, sizeof e, 100 * all.se, 100 * NOISY_SE);
        fmt_pct_near(sp, sizeof sp, 100 * all.spread, 100 * NOISY_SPREAD);
        /* Said as the row's words are, with whose rounds they are: the row's are fewer, and quiet. */
        char *rowsaid = xasprintf("its row in results.tsv holds %d of them, one process's, and is not flagged noisy", w->rounds);
        if (all.n >= 3)
            sb_printf(&repeat, "its figure may not repeat: its %d rounds in search.tsv, measured before and after a stop, scatter "
                               "(a standard error of %s, their spread %s: the noisy rule over all of them; %s), and another run "
                               "may put it about that far elsewhere", all.n, e, sp, rowsaid);
        else
            sb_printf(&repeat, "its figure may not repeat: its 2 rounds in search.tsv, measured before and after a stop, lie %s "
                               "apart (the noisy rule over both; %s)", sp, rowsaid);
        free(rowsaid);
        pk->command = search_pick_command(se, pk->best, NULL, 0);
    }
    if (!pk->confirmed) {
        if (pk->undecided == 1) sb_printf(&unconfirmed, "it is not confirmed: the next fastest is not decided against it");
        else if (pk->undecided == pk->nnext)
            sb_printf(&unconfirmed, "it is not confirmed: the next %d fastest are not decided against it", pk->nnext);
        else
            sb_printf(&unconfirmed, "it is not confirmed: the next fastest and %d more of the next %d are not decided against it",
                      pk->undecided - 1, pk->nnext);
    }
    pk->repeat = repeat.s;
    pk->unconfirmed = unconfirmed.s;
}

const char *search_pick_pm(const struct search *se, int i, int row, char *buf, size_t n)
{
    const struct srow *w = &se->rows[i];
    int rounds = row ? w->rounds : se->race->nrounds[i];
    double err = row ? w->se : race_se(se->race, i);
    char e[32];
    /* Beside the noisy rule's threshold, as its flag is said (a time_se of 1.05% read "+/- 1%"). */
    if (rounds >= 3) snprintf(buf, n, " +/- %s", fmt_pct_near(e, sizeof e, 100 * err, 100 * NOISY_SE));
    else *buf = '\0';
    return buf;
}

void search_pick_free(struct spick *pk)
{
    free(pk->repeat);
    free(pk->unconfirmed);
    free(pk->command);
}
