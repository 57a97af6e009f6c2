/* energy_table.c — the fastest configuration of each variant and build beside its most
 * energy-efficient one: by work done (GFLOP/s against GFLOP/J, else GB/s against GB/J) where the
 * spec defines work, so that launch points of different sizes compare; else time and energy per
 * launch. A run's energy is its own measurement (clx run --energy, docs/results.md). */
#include "energy_table.h"
#include "lib/texttab.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The columns one comparison uses: a speed (higher better, or time: lower better) and an efficiency. */
struct measures { int speed, eff, speed_higher, eff_higher; const char *speed_name, *eff_name; };

static int has_number(const struct rundir *r, int col)
{
    for (int i = 0; col >= 0 && i < r->t.nrows; i++)
        if (rundir_row_ok(r, i) && isfinite(table_num(&r->t, i, col))) return 1;
    return 0;
}

static void pick_measures(const struct rundir *r, struct measures *m)
{
    int gfj = table_col(&r->t, "gflop_per_j"), gbj = table_col(&r->t, "gb_per_j");
    if (has_number(r, gfj) && r->c_gflops >= 0)
        *m = (struct measures){ .speed = r->c_gflops, .eff = gfj, .speed_higher = 1, .eff_higher = 1,
                                .speed_name = "GFLOP/s", .eff_name = "GFLOP/J" };
    else if (has_number(r, gbj) && r->c_gbs >= 0)
        *m = (struct measures){ .speed = r->c_gbs, .eff = gbj, .speed_higher = 1, .eff_higher = 1,
                                .speed_name = "GB/s", .eff_name = "GB/J" };
    else
        *m = (struct measures){ .speed = r->c_median, .eff = table_col(&r->t, "energy_j"), .speed_higher = 0,
                                .eff_higher = 0, .speed_name = "ms", .eff_name = "J/launch" };
}

static int better(double x, double best, int higher)
{
    return isfinite(x) && (isnan(best) || (higher ? x > best : x < best));
}

/* sig_cell: a rate or energy to 4 significant digits (whole numbers from 1000: GFLOP/s in the tens
 * of thousands and J per launch in thousandths alike), "-" when not finite. */
static void sig_cell(struct texttab *t, double x)
{
    if (isfinite(x) && fabs(x) >= 1000) tt_cell(t, "%.0f", x);
    else if (isfinite(x)) tt_cell(t, "%.4g", x);
    else tt_cell(t, "-");
}

/* one_group: the rows of variant and build: the fastest and the most efficient with energy. */
static void one_group(const struct rundir *r, const struct measures *m, const char *variant, const char *build,
                      struct texttab *t)
{
    int fast = -1, eff = -1;
    double bs = NAN, be = NAN;
    for (int i = 0; i < r->t.nrows; i++) {
        if (!rundir_row_ok(r, i) || strcmp(table_cell(&r->t, i, r->c_variant), variant) ||
            strcmp(table_cell(&r->t, i, r->c_build), build) || !isfinite(table_num(&r->t, i, m->eff)))
            continue;
        double s = table_num(&r->t, i, m->speed), e = table_num(&r->t, i, m->eff);
        if (better(s, bs, m->speed_higher)) { bs = s; fast = i; }
        if (better(e, be, m->eff_higher)) { be = e; eff = i; }
    }
    if (fast < 0 || eff < 0) return;
    char *pf = rundir_point(r, fast, 1), *pe = rundir_point(r, eff, 1);
    double ef = table_num(&r->t, fast, m->eff), se = table_num(&r->t, eff, m->speed);
    tt_cell(t, "%s", variant);
    tt_cell(t, "%s", build);
    tt_cell(t, "%s", *pf ? pf : "-");
    sig_cell(t, bs);
    sig_cell(t, ef);
    tt_cell(t, "%s", fast == eff ? "the same" : *pe ? pe : "-");
    sig_cell(t, se);
    sig_cell(t, be);
    /* How far apart: the efficient one's slowdown, and the energy the fastest spends beyond it. */
    tt_cell(t, "%.3gx", m->speed_higher ? bs / se : se / bs);
    tt_cell(t, "%.3gx", m->eff_higher ? be / ef : ef / be);
    free(pf);
    free(pe);
}

/* preheat_said: how warm the device was brought before the sweep (run.json preheat), since energy
 * per launch rises with the die's temperature; nothing for runs of a clx without it. */
static void preheat_said(const struct rundir *r, FILE *out)
{
    const cJSON *p = runjson_part(&r->rj, RJ_PREHEAT);
    if (!p) return;
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "ran"))) {
        fprintf(out, "\nThe device was not preheated: %s; rows early in the sweep may have run on a cooler card than "
                     "the rest, and than another run's.\n", *json_str(p, "why") ? json_str(p, "why") : "--preheat 0");
        return;
    }
    fprintf(out, "\nBefore the sweep the device was loaded fully for %.1f s", json_num(p, "seconds"));
    if (json_num(p, "from_c") > 0 && json_num(p, "to_c") > 0)
        fprintf(out, ", from %.0f to %.0f C", json_num(p, "from_c"), json_num(p, "to_c"));
    fprintf(out, "%s (run.json `preheat`).\n", cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "settled")) ?
            ", until its temperature settled" : ", without its temperature settling");
}

void energy_table(const struct rundir *r, FILE *out)
{
    int ej = table_col(&r->t, "energy_j");
    fprintf(out, "\n### Energy: the fastest configuration and the most energy-efficient\n\n");
    if (!has_number(r, ej)) {
        const cJSON *en = runjson_part(&r->rj, RJ_ENERGY);
        const char *why = en ? json_str(en, "why") : "";
        fprintf(out, "No row has an energy: %s.\n", *why ? why : en ? "see run.json's energy" : "the run did not ask "
                "(clx run --energy), or an older clx ran it");
        return;
    }
    struct measures m;
    pick_measures(r, &m);
    char h1[48], h2[48], h3[48], h4[48], h5[48], h6[48];
    snprintf(h1, sizeof h1, "fastest: %s", m.speed_name);
    snprintf(h2, sizeof h2, "its %s", m.eff_name);
    snprintf(h3, sizeof h3, "its %s", m.speed_name);
    snprintf(h4, sizeof h4, "best %s", m.eff_name);
    snprintf(h5, sizeof h5, "%s lost", m.speed_higher ? "speed" : "time");
    snprintf(h6, sizeof h6, "%s gained", m.eff_name);
    struct texttab t = {0};
    tt_head(&t, (const char *const []){ "variant", "build", "fastest", h1, h2, "most efficient", h3, h4, h5, h6, NULL });
    struct strlist seen = {0};
    for (int i = 0; i < r->t.nrows; i++) {
        char *key = xasprintf("%s\t%s", table_cell(&r->t, i, r->c_variant), table_cell(&r->t, i, r->c_build));
        int again = 0;
        for (int k = 0; k < seen.n && !again; k++) again = !strcmp(seen.v[k], key);
        if (!again) {
            sl_push(&seen, key);
            one_group(r, &m, table_cell(&r->t, i, r->c_variant), table_cell(&r->t, i, r->c_build), &t);
        }
        free(key);
    }
    sl_free(&seen);
    fprintf(out, "Per variant and build, among its rows with an energy (results.tsv `energy_j`; run.json `energy` says how "
                 "it was read): the fastest configuration and the most energy-efficient; \"speed lost\" is how many "
                 "times slower the efficient one is, \"%s gained\" how many times more work per joule it does than the "
                 "fastest.\n\n", m.eff_name);
    tt_print(&t, out, 1);
    tt_free(&t);
    preheat_said(r, out);
}
