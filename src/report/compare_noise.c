/* compare_noise.c — the line that says what the noise let a comparison decide (compare_noise.h). */
#include "lib/util.h"
#include "compare_noise.h"
#include "verdict.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int compare_rounds_for(double floor, double rounds, double want)
{
    if (!(floor > 0 && rounds > 0 && want > 0)) return 0;
    /* A floor thousands of times the effect (one round far out) asks more rounds than an int holds. */
    double n = ceil(rounds * (floor / want) * (floor / want));
    return n < INT_MAX ? (int)n : INT_MAX;
}

/* The UNSURE configurations by what would decide them, from each one's own floor, difference and
 * rounds (verdict.c's rule): a difference beyond its floor that the rank test did not separate (more
 * rounds decide it); a floor over its difference that rounds in reason bring under SAME's (near), or
 * only more than ROUNDS_WITHIN_REASON (far); no floor at all (one replicate). Each kind keeps the
 * rounds its rows had (lo-hi) and what they would need, so that "these had N" is theirs. */
struct unsure_kinds {
    int beyond, near, far, none;
    double beyond_lo, beyond_hi, beyond_floor;  /* their differences (shares), and their largest floor */
    const char *beyond_name;                    /* the first of them by name (NULL: not known) */
    double near_lo, near_hi;                    /* their floors */
    double far_lo, far_diff;                    /* their smallest floor, and their largest difference */
    int near_need, far_need;                    /* the most rounds a near one needs, the fewest a far one */
    double beyond_r[2], near_r[2], far_r[2];    /* the rounds each kind's rows had: least, most */
};

/* row_rounds: the rounds row x's floor stood on, and the least and most its two rows had (*lo, *hi). */
static double row_rounds(const struct noise_said *n, const struct unsure_row *x, double *lo, double *hi)
{
    *lo = x->rounds_lo > 0 ? x->rounds_lo : x->rounds > 0 ? x->rounds : n->rounds;
    *hi = x->rounds_hi > 0 ? x->rounds_hi : *lo;
    return x->rounds > 0 ? x->rounds : n->rounds;
}

static void span_add(double r[2], int first, double lo, double hi)
{
    r[0] = first ? lo : fmin(r[0], lo);
    r[1] = first ? hi : fmax(r[1], hi);
}

static void sort_unsure(const struct noise_said *n, struct unsure_kinds *k)
{
    *k = (struct unsure_kinds){ .beyond_lo = INFINITY, .near_lo = INFINITY, .far_lo = INFINITY, .far_need = INT_MAX };
    for (int i = 0; i < n->unsure; i++) {
        if (n->rows[i].far) continue;              /* said by its round: far_rounds */
        double d = fabs(log(n->rows[i].ratio)), fl = n->rows[i].floor, diff = expm1(d), lo, hi;
        double rounds = row_rounds(n, &n->rows[i], &lo, &hi);
        int need = compare_rounds_for(fl, rounds, n->same_floor);
        if (!isfinite(d) || !isfinite(fl)) {
            k->none++;
        } else if (d > log1p(fl) && d >= log1p(n->min_effect)) {
            span_add(k->beyond_r, !k->beyond++, lo, hi);
            k->beyond_lo = fmin(k->beyond_lo, diff);
            k->beyond_hi = fmax(k->beyond_hi, diff);
            k->beyond_floor = fmax(k->beyond_floor, fl);
            if (k->beyond == 1) k->beyond_name = n->rows[i].name;
        } else if (need <= ROUNDS_WITHIN_REASON) {
            span_add(k->near_r, !k->near++, lo, hi);
            k->near_lo = fmin(k->near_lo, fl);
            k->near_hi = fmax(k->near_hi, fl);
            /* more than they had, so that the advice asks for something new */
            k->near_need = need > k->near_need ? need : k->near_need;
            if (k->near_need <= hi) k->near_need = (int)hi + 1;
        } else {
            span_add(k->far_r, !k->far++, lo, hi);
            k->far_lo = fmin(k->far_lo, fl);
            k->far_diff = fmax(k->far_diff, diff);
            k->far_need = need < k->far_need ? need : k->far_need;
        }
    }
}

/* rounds_said: "5" or "5-10" (buf), the rounds a kind's rows had. */
static const char *rounds_said(char *buf, size_t size, const double r[2])
{
    if (r[0] == r[1]) snprintf(buf, size, "%.0f", r[0]);
    else snprintf(buf, size, "%.0f-%.0f", r[0], r[1]);
    return buf;
}

/* far_made: whether the median floor is what rounds far out made it (VERDICT_FAR_FLOORS times the
 * median without them, or more). */
static int far_made(const struct noise_said *n)
{
    return n->floor_without > 0 && n->floor_without * VERDICT_FAR_FLOORS <= n->floor;
}

/* What a comparison of two devices or implementations is told instead of --by, which compares
 * builds or variants within one run: a run is on one device, so none puts two side by side. */
#define NO_BY_ACROSS "--by compares within one run, on one device: never two devices or implementations"
/* And between runs whose setup differs (a template edited, the driver's variables): --by compares
 * the builds or variants of one run, which holds one of each, so "compare within one run (clx compare
 * RUN --by build, or --by variant)" was no help after a template edit. */
#define NO_BY_SETUP "--by compares the builds or variants of one run, which ran one template, spec and driver setup, " \
    "not a change of them between runs; a kernel edit made a variant of the spec is compared within one run: clx compare " \
    "RUN --by variant"

/* setup_changed: runs of one device model and implementation whose setup differs (cmp_same_setup):
 * what they compare is between runs, which no comparison within one run (--by) holds. */
static int setup_changed(const struct noise_said *n)
{
    return n->runs > 1 && !n->same_setup && !n->other_device;
}

/* made_again: which runs --rounds N means: a run's rounds are set when it is made, so more of them is
 * every run compared made again with it ("more (--rounds 20) decide them" read as an option of
 * clx compare, or of one of the two runs). */
static const char *made_again(const struct noise_said *n)
{
    /* A search's race gives its rows their rounds (a configuration decided SLOWER after one keeps
     * one): "both runs made again with --rounds 38" of a search would give them no more. */
    if (n->searched) return "a sweep of them, where a search's race set their rounds, with";
    return n->runs <= 1 ? "the run made again with" : n->runs == 2 ? "both runs made again with" : "every run made again with";
}

/* rounds_option: the option that gives rows more rounds, as the runs compared take it: a search's race
 * sets its rows' rounds, which its own --rounds does not raise (it splits a round's trials). */
static const char *rounds_option(const struct noise_said *n)
{
    return n->searched ? "(a sweep's --rounds: a search's race sets its rows' rounds)" : "(--rounds)";
}

/* what_decides: for a comparison that left many configurations UNSURE, what would decide them here,
 * from their own floors and differences (the median floor is not theirs: a row UNSURE because one
 * slow round gave it a 41% floor differed by 1.8%, under a median floor of 2.1%, and --rounds 10
 * does not decide it); where the runs' own levels dominate, a comparison within one run. */
static void what_decides(FILE *out, const struct noise_said *n, int levels)
{
    if (levels && n->runs > 1 && n->other_device) {
        fprintf(out, "; to decide here, run both again on a quieter machine (" NO_BY_ACROSS ")");
        return;
    }
    if (levels && setup_changed(n)) {
        fprintf(out, "; to decide here, run both again on a quieter device (" NO_BY_SETUP ")");
        return;
    }
    if (levels && n->runs > 1) {
        fprintf(out, "; to decide here, compare within one run (clx compare RUN --by build, or --by variant), where "
                "both sides share that level");
        return;
    }
    if (!n->rows || !(n->rounds > 0)) return;
    struct unsure_kinds k;
    sort_unsure(n, &k);
    char a[64], b[64], had[32];
    if (k.near || k.far)
        fprintf(out, "; to tell SAME here, a floor under %s (5x --min-effect): ", fmt_pct(a, sizeof a, 100 * n->same_floor));
    if (k.near)
        /* "whose floor is over their difference" read as a comparison of the spans said; the
         * comparison is row by row, each difference against its own floor. */
        fprintf(out, "for the %d whose %s own noise floor (%s %s), each side needs about %d rounds "
                "a row (%s --rounds %d; %s had %s)", k.near,
                k.near == 1 ? "difference is under its" : "differences are each under their",
                k.near == 1 ? "a floor of" : "floors", floor_span_said(a, sizeof a, k.near_lo, k.near_hi),
                k.near_need, made_again(n), k.near_need, k.near == 1 ? "it" : "these", rounds_said(had, sizeof had, k.near_r));
    if (k.far) {
        double median = far_made(n) ? n->floor_without : n->floor;   /* the rounds far out said apart */
        int own = median < n->same_floor, one = k.far == 1;
        /* "whose floor (38% and more) is over their difference (at most 243%)" read as 38% over 243%:
         * each row's difference is under its own floor, which the spans alone do not show. */
        fprintf(out, "%sfor the %d whose %s own noise floor (%s%s%s, %s%s), it would take about "
                "%d rounds a row%s (%s had %s): ", k.near ? "; " : "", k.far,
                one ? "difference is under its" : "differences are each under their",
                one ? "a floor of " : "row by row: floors of ", floor_said_bare(a, sizeof a, k.far_lo), one ? "" : " and more",
                one ? "a difference of " : "differences of at most ", floor_said_bare(b, sizeof b, k.far_diff),
                k.far_need, one ? "" : " or more", one ? "it" : "these", rounds_said(had, sizeof had, k.far_r));
        /* Under a median floor SAME could work with, such a floor is the row's own rounds': a slow
         * spell in one of them, which the next run does not repeat and more rounds hardly dilute. */
        if (own)
            fprintf(out, "%s own rounds scatter (the median configuration's floor is %s; a single slow round gives such a floor), so "
                    "%s a steadier run (run both again), not more rounds", one ? "its" : "their",
                    floor_said_bare(a, sizeof a, median), one ? "it needs" : "they need");
        else if (n->other_device)
            fprintf(out, "runs of both on a quieter machine will (" NO_BY_ACROSS ")");
        else if (setup_changed(n))
            fprintf(out, "runs of both on a quieter device will (" NO_BY_SETUP ")");
        else
            fprintf(out, "a quieter device%s will", n->runs > 1 ? ", or a comparison within one run (--by)," : "");
    }
    if (k.beyond) {
        int one = k.beyond == 1;
        /* Which one, and what the share is of ("by 75%" said neither): the slower side's time over the
         * faster's, less 1, as its floor is; above 100% a factor, by floor_said's rule. */
        char sp[2 * FLOOR_SAID_SIZE];
        fprintf(out, "; the %d that %s by more than %s floor (%s%s%s time exceeds the faster's by %s%s; %s %s): ", k.beyond,
                one ? "differs" : "differ", one ? "its" : "their", one && k.beyond_name ? k.beyond_name : "",
                one && k.beyond_name ? ": " : "", one ? "its slower side's" : "the slower side's",
                floor_span_said(sp, sizeof sp, k.beyond_lo, k.beyond_hi), one ? "" : ", row by row",
                one ? "its floor" : "their floors up to", floor_said_bare(b, sizeof b, k.beyond_floor));
        /* 5 against 5 reach alpha 0.01 only fully apart (p = 0.0079); more rounds leave room. */
        if (k.beyond_r[1] <= 5)
            fprintf(out, "with %s rounds the rank test decides only where every round of one side lies beyond the "
                    "other's, and more rounds %s (%s --rounds %.0f)", rounds_said(had, sizeof had, k.beyond_r),
                    one ? "decide it" : "decide them", made_again(n), 2 * k.beyond_r[1]);
        else
            fprintf(out, "the rank test did not tell %s rounds apart, and more rounds %s (%s --rounds %.0f)",
                    one ? "its" : "their", one ? "decide it" : "decide them", made_again(n), 2 * k.beyond_r[1]);
    }
    if (k.none)
        fprintf(out, "; the %d with no floor (one replicate a side) %s one from rounds %s", k.none,
                k.none == 1 ? "gets" : "get", rounds_option(n));
}

/* A shift of the whole run is the runs' own level where their setups agree (docs/compare.md): said
 * as what it is, with what would tell it from the code's doing. */
int compare_run_moved(const struct noise_said *n)
{
    const struct run_shift *m = &n->move;
    return n->runs > 1 && n->same_setup && n->ncommon >= RUN_NOISE_LEAST &&
           (m->median >= SHIFT_SAID || m->median <= 1 / SHIFT_SAID) && m->shifted >= SHIFT_SAID_SHARE * n->ncommon;
}

/* A smaller move, or one over fewer configurations than the runs' scatter is measured from, is no
 * less their level where the decided configurations all went one way; but a change that moved them
 * as much gives the same verdicts, and these runs cannot tell which (compare_noise.h has what was
 * measured: a level moves rows of other kinds by other amounts, some hardly at all). */
int compare_run_alike(const struct noise_said *n)
{
    const struct run_shift *m = &n->move;
    int slower = m->decided_slower == m->decided, way = slower ? m->slower : m->faster;
    return n->runs > 1 && n->same_setup && !compare_run_moved(n) && m->decided > 0 &&
           (slower || m->decided_slower == 0) && (n->ncommon < RUN_NOISE_LEAST || way >= SHIFT_SAID_SHARE * n->ncommon);
}

static void say_alike(FILE *out, const struct noise_said *n)
{
    const struct run_shift *m = &n->move;
    const char *ref = n->ref ? n->ref : "A";
    int slower = m->decided_slower > 0;
    char med[32], lo[32], hi[32], few[96];
    snprintf(few, sizeof few, " (under %d: too few to measure how far runs differ beyond their rounds)", RUN_NOISE_LEAST);
    fprintf(out, "%s %s %s in %d of %d configurations (%s in the median; ", n->label, slower ? "slower than" : "faster than",
            ref, slower ? m->slower : m->faster, n->ncommon, fmt_ratio(med, sizeof med, m->median));
    fmt_ratio(lo, sizeof lo, slower ? m->farthest : m->nearest);
    fmt_ratio(hi, sizeof hi, slower ? m->nearest : m->farthest);
    if (m->decided == 1)
        fprintf(out, "the one decided %s at %s)", slower ? "SLOWER" : "FASTER", lo);
    else
        fprintf(out, "the %d decided, all %s, at %s%s%s)", m->decided, slower ? "SLOWER" : "FASTER", lo,
                strcmp(lo, hi) ? " to " : "", strcmp(lo, hi) ? hi : "");
    fprintf(out, ": between runs of one setup a run's own level looks like this (the machine's load or clocks: steady "
            "within a run, not between runs, and moving rows of other kinds by other amounts), and with %d "
            "configuration%s%s it cannot be told from a change that %s %s as much: run both again (a run's level "
            "changes from run to run, a change stays), or compare within one run (--by), where both sides share one "
            "level", n->ncommon, n->ncommon == 1 ? "" : "s", n->ncommon < RUN_NOISE_LEAST ? few : "",
            slower ? "slowed" : "sped up",
            m->decided == n->ncommon ? "every configuration" : m->decided == 1 ? "the decided one" : "the decided ones");
}

int compare_say_level(FILE *out, const char *lead, const struct noise_said *n)
{
    const struct run_shift *m = &n->move;
    if (compare_run_moved(n)) {
        fprintf(out, "%sthe whole run moved: %s %s %s in %d of %d configurations (%.2fx in the median), which between "
                "runs of one setup is their own level (the machine's load or clocks), not the code's: run both again on "
                "a quiet device, or compare within one run (--by)", lead, n->label,
                m->median > 1 ? "faster than" : "slower than", n->ref ? n->ref : "A", m->shifted, n->ncommon, m->median);
        return 1;
    }
    if (!compare_run_alike(n)) return 0;
    fprintf(out, "%s", lead);
    say_alike(out, n);
    return 1;
}

/* far_rounds: the UNSURE configurations whose floor one round far out makes, by name, up to
 * FAR_SAID of them: a floor of 402150% from one round of 5.2 ms among rounds of 0.18 ms reads as
 * noise beyond measure, where it is one round (the rule keeps its floor: docs/compare.md). */
#define FAR_SAID 3
static void far_rounds(FILE *out, const struct noise_said *n)
{
    int far = 0;
    for (int i = 0; n->rows && i < n->unsure; i++) far += n->rows[i].far != NULL;
    if (!far) return;
    fprintf(out, "; %d configuration%s UNSURE by one round far out (without it, %s floor would be a tenth of it or "
            "less; the rule keeps such a floor, docs/compare.md, and a run without such a round decides %s: run both "
            "again): ", far, far == 1 ? " is" : "s are", far == 1 ? "its" : "their", far == 1 ? "it" : "them");
    for (int i = 0, said = 0; i < n->unsure && said < FAR_SAID; i++)
        if (n->rows[i].far) fprintf(out, "%s%s", said++ ? "; " : "", n->rows[i].far);
    if (far > FAR_SAID) fprintf(out, "; and %d more", far - FAR_SAID);
}

const char *compare_floor_said(char *buf, size_t size, double f)
{
    return floor_said(buf, size, f, 0);
}

void compare_noise_line(FILE *out, const struct noise_said *n)
{
    char pct[FLOOR_SAID_SIZE], without[FLOOR_SAID_SIZE], me[32];
    /* No floor at all: most rows had one replicate a side, no scatter (verdict.c); "unknown" and
     * "noise here is about none" read as a floor of nothing. */
    if (!isfinite(n->floor))
        fprintf(out, "%s vs A: the noise floor cannot be told in the median configuration (one replicate a side: no "
                "scatter to measure it from; a row without a floor is not decided, and differences below a row's "
                "floor, or below --min-effect %s, are not called FASTER or SLOWER)", n->label,
                fmt_pct(me, sizeof me, 100 * n->min_effect));
    else if (floor_past_telling(n->floor))
        fprintf(out, "%s vs A: in the median configuration noise alone moves times by more than %.0fx (its noise floor "
                "is past telling: noise larger than the times themselves): no difference is decided (differences below a "
                "row's floor, or below --min-effect %s, are not called FASTER or SLOWER)", n->label, FLOOR_SAID_MOST,
                fmt_pct(me, sizeof me, 100 * n->min_effect));
    else
        /* Said by floor_said's one rule: a percentage up to 100%, above it the factor ("its noise floor,
         * above 100%" beside "up to 2.27x" named the rule, not the floor). */
        fprintf(out, "%s vs A: the noise floor is %s in the median configuration%s (differences below a row's floor, or "
                "below --min-effect %s, are not called FASTER or SLOWER)", n->label, floor_said_bare(pct, sizeof pct, n->floor),
                n->floor > FLOOR_AS_FACTOR ? ": noise alone moves its times that far, and no difference below that is "
                "decided" : "", fmt_pct(me, sizeof me, 100 * n->min_effect));
    if (far_made(n))
        fprintf(out, ", made by rounds far out: %s without them", compare_floor_said(without, sizeof without, n->floor_without));
    if (n->run_noise >= 1.1)
        fprintf(out, "; the runs differ by %.1fx what their rounds show (the spread of every configuration's difference), "
                "and the floors say so", n->run_noise);
    compare_say_level(out, "; ", n);
    far_rounds(out, n);
    /* Where runs differ by well beyond their rounds, most of the noise is each run's own level (the
     * process's: docs/timing.md), which more rounds in a run do not see. */
    int levels = n->runs > 1 && n->run_noise >= RUN_LEVELS_NOISE;
    if (n->unsure * 10 > n->ncommon) {
        double noise = far_made(n) ? n->floor_without : n->floor;
        if (!isfinite(noise))
            fprintf(out, "; %d of %d configurations %s UNSURE: %s noise cannot be told", n->unsure, n->ncommon,
                    n->unsure == 1 ? "is" : "are", n->unsure == 1 ? "its" : "their");
        else
            fprintf(out, "; %d of %d configurations %s UNSURE: %s noise here is %s%s%s, differences below it cannot be "
                    "decided", n->unsure, n->ncommon, n->unsure == 1 ? "is" : "are",
                    n->runs == 1 ? "round-to-round" : "run-to-run", floor_past_telling(noise) ? "" : "about ",
                    floor_said_bare(pct, sizeof pct, noise), far_made(n) ? " (without the rounds far out)" : "");
        /* With the UNSURE rows' own floors known, what_decides says what each kind of them needs. */
        if (levels)
            fprintf(out, "; more rounds %s narrow only their share of it: the rest is each run's own level (its "
                    "process's, docs/timing.md), which no count of rounds in one run sees%s", rounds_option(n),
                    n->other_device || setup_changed(n) ? "" : ", and a comparison within one run (--by) is steadier");
        else if (!n->rows || !(n->rounds > 0))
            fprintf(out, "; more rounds %s narrow it%s", rounds_option(n), n->runs == 1 || n->other_device || setup_changed(n) ? "" : ", and a "
                    "comparison within one run (--by) is steadier");
        what_decides(out, n, levels);
    }
    fprintf(out, ".\n");
}
