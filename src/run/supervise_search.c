/* supervise_search.c — a search whose worker a stop killed or that died in it: its run.json part made
 * to stand at search.tsv's last round, and its best so far said from there. */
#include "supervise_impl.h"
#include "lib/table.h"
#include "store/jsonval.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What of the part the race alone knows of its best (its rounds, its row, its verdicts): left out
 * where the part is brought up to the log's last round, since they were of an earlier best or none. */
static const char *const race_only[] = { "best_rounds", "best_time_se", "best_row_rounds", "best_row_figure",
                                         "best_noisy", "best_confirmed", "best_may_not_repeat", "best_not_confirmed",
                                         "best_measure_again", NULL };

/* best_rounds: the log's rounds of the configuration labelled best (search_config_label's "VARIANT
 * BUILD[ POINT]"); 0 where no line's columns make that label. */
static int best_rounds(const struct table *t, const char *best)
{
    int cv = table_col(t, "variant"), cb = table_col(t, "build"), cp = table_col(t, "point"), n = 0;
    for (int i = 0; i < t->nrows; i++) {
        const char *pt = table_cell(t, i, cp);
        char *label = xasprintf("%s %s%s%s", table_cell(t, i, cv), table_cell(t, i, cb), *pt ? " " : "", pt);
        n += !strcmp(label, best);
        free(label);
    }
    return n;
}

/* from_log: j brought up to search.tsv's last round (t, where it has more rounds than j counts):
 * the rounds, the seconds spent, the configurations measured and the incumbent after that round. */
static void from_log(cJSON *j, const struct table *t)
{
    int last = t->nrows - 1, cc = table_col(t, "config");
    json_set_number(j, "rounds", table_num(t, last, table_col(t, "step")));
    json_set_number(j, "spent_s", table_num(t, last, table_col(t, "spent_s")));
    /* config is the configuration's index in the space (below space, or the log's own largest). */
    long n = json_long(j, "space");
    for (int i = 0; i < t->nrows; i++) n = fmax(n, table_num(t, i, cc) + 1);
    char *seen = xcalloc((size_t)n + 1, 1);
    int measured = 0;
    for (int i = 0; i < t->nrows; i++) {
        double c = table_num(t, i, cc);
        if (c >= 0 && c < n && !seen[(long)c]++) measured++;
    }
    free(seen);
    json_set_number(j, "measured", measured);
    for (int k = 0; race_only[k]; k++) cJSON_DeleteItemFromObjectCaseSensitive(j, race_only[k]);
    /* The column of the best's figure names its unit: best_GFLOP/s, best_GB/s, best_ms. */
    for (int c = 0; c < t->cols.n; c++) {
        const char *name = t->cols.v[c];
        double fig = table_num(t, last, c);
        if (strncmp(name, "best_", 5) || !*table_cell(t, last, table_col(t, "best")) || !isfinite(fig)) continue;
        json_set_text(j, "best", table_cell(t, last, table_col(t, "best")));
        json_set_text(j, "unit", name + 5);
        json_set_number(j, "best_figure", fig);
        json_set_number(j, "best_rounds", best_rounds(t, table_cell(t, last, table_col(t, "best"))));
    }
    cJSON_AddTrueToObject(j, "from_log");
}

void supervise_search_part(struct inflight *f, const struct run_opts *o, int died)
{
    /* Killed once it had said its outcome: its last part is the search's own, whole, up to date. */
    if (!o->search.on || !f->dir || (f->search_said && f->search_now)) return;
    cJSON *j = f->search_now ? cJSON_Parse(f->search_now) : NULL;
    if (!cJSON_IsObject(j)) {
        /* Dead before its search began (its set-up), or a part that did not come whole: the race had
         * measured nothing, or nothing it had said; the log, where there is one, says what it did. */
        cJSON_Delete(j);
        j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "seed", (double)o->search.seed);
        cJSON_AddNumberToObject(j, "budget_s", o->search.budget_share > 0 ? 0 : o->search.budget_s);
        if (o->search.budget_share > 0) cJSON_AddNumberToObject(j, "budget_share", o->search.budget_share);
        cJSON_AddNumberToObject(j, "spent_s", 0);
        cJSON_AddNumberToObject(j, "measured", 0);
        cJSON_AddNumberToObject(j, "rounds", 0);
        cJSON_AddTrueToObject(j, "killed");
    }
    char *path = path_join(f->dir, "search.tsv"), *err = NULL;
    struct table t;
    int stale = table_read(path, &t, &err) == 0 && t.nrows > json_num(j, "rounds");
    if (stale) from_log(j, &t);
    table_free(&t);
    free(err);
    free(path);
    /* The worker's words for a kill in a launch (search_now.c) fit no other end: a second stop in a
     * build, where no request is answered, or a death in the stop. */
    if (died || stale)
        json_set_text(j, "end", died ? "stopped (the worker died as the stop reached it, before it said where the search "
                                 "stood: as search.tsv's last round left it)"
                               : "stopped (the worker was killed before it said where the search stood: as "
                                 "search.tsv's last round left it)");
    char *text = cJSON_PrintUnformatted(j);
    free(f->search_now);
    f->search_now = xstrdup(text);
    cJSON_free(text);
    cJSON_Delete(j);
}

void supervise_search_say(const struct inflight *f, const struct run_opts *o)
{
    /* The worker said it ("clx: search: best ...") before the stop killed it: a second line of the same
     * best, from the supervisor, read as another search's or another round's. */
    if (f->search_said) return;
    cJSON *j = o->search.on && f->search_now ? cJSON_Parse(f->search_now) : NULL;
    if (!cJSON_IsObject(j)) {
        cJSON_Delete(j);
        return;
    }
    char spent[32], budget[32], of[64] = "", fig[32];
    double rounds = json_num(j, "rounds");
    fmt_fig(spent, sizeof spent, json_num(j, "spent_s"));
    /* A --budget P% search's seconds are known once its first rounds priced the sweep. */
    if (json_num(j, "budget_s") > 0) snprintf(of, sizeof of, " of %s", fmt_fig(budget, sizeof budget, json_num(j, "budget_s")));
    if (*json_str(j, "best"))
        fprintf(stderr, "clx: search: best so far %s: %s %s, after %.0f round%s (%s%s device seconds), as %s/search.tsv's "
                "last round has it; the resume goes on with the search\n", json_str(j, "best"),
                fmt_fig(fig, sizeof fig, json_num(j, "best_figure")), json_str(j, "unit"), rounds, rounds == 1 ? "" : "s",
                spent, of, f->dir);
    else
        fprintf(stderr, "clx: search: no configuration measured yet (%.0f rounds in %s/search.tsv); the resume goes on with "
                "the search\n", rounds, f->dir);
    cJSON_Delete(j);
}
