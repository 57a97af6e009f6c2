/* search_kept.c — a resumed search's rows from before its stop: kept and counted, rewritten once
 * the race is done with those the stop cut short; and the configurations measured before it that
 * no row says. */
#include "search_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* kept_whole: kept row k, configuration i's, which the stop cut short and the race is done with
 * without measuring it again: its line with what the race decided of it in place of "stopped",
 * without the flag and with the status of a whole row (cut becomes ok: row_status_whole) (a new
 * string); its values are those measured before the stop. */
static char *kept_whole(const struct search *se, int k, int i)
{
    const struct table *t = &se->r->out.resume.rows;
    int cf = table_col(t, "flag"), cn = table_col(t, "timing_note"), cr = table_col(t, "rounds"), cut;
    int cs = table_col(t, "status");
    int rounds = cr >= 0 ? atoi(table_cell(t, k, cr)) : 0, logged = i >= 0 ? se->race->nrounds[i] : 0;
    struct strlist vals = {0};
    for (int c = 0; c < t->cols.n; c++) {
        if (c == cs) {
            sl_push(&vals, row_status_word(row_status_whole(row_status_of(table_cell(t, k, c)))));
        } else if (c == cf) {
            char *f = flag_without(table_cell(t, k, c), ROUNDS_CUT_FLAG);
            sl_push(&vals, f);
            free(f);
        } else if (c == cn) {
            /* The search's words, one of the note's parts ("an episode ...; search: stopped after 2
             * rounds; timed as batches ..."), replaced; the others kept. */
            const char *note = table_cell(t, k, c), *said = NULL;
            for (const char *p = note; p && *p; p = strstr(p, "; "), p = p ? p + 2 : NULL)
                if (!strncmp(p, "search: ", 8)) said = p;
            const char *after = said ? strstr(said, "; ") : NULL;
            struct sbuf b = {0};
            sb_printf(&b, "%.*s%s", said ? (int)(said - note) : (int)strlen(note), note, !said && *note ? "; " : "");
            /* One clause: what the race decided, then how much of it was measured ("not decided when
             * the search ended after 1 round before the search was interrupted" read as garbled). */
            sb_printf(&b, "search: %s (its %d round%s measured before an interruption, none after", i >= 0
                      ? search_end_word(se, i, &cut) : "no longer raced", rounds, rounds == 1 ? "" : "s");
            if (logged > rounds) sb_printf(&b, ", search.tsv has all %d", logged);   /* no "; ": it parts the note */
            sb_printf(&b, ")");
            if (after) sb_printf(&b, "%s", after);
            sl_push(&vals, b.s ? b.s : "");
            sb_free(&b);
        } else sl_push(&vals, table_cell(t, k, c));
    }
    char *line = tsv_line(&vals, vals.n);
    sl_free(&vals);
    return line;
}

/* kept_cell: kept row k's cell of column name ("" where the file has no such column). */
static const char *kept_cell(const struct table *t, int k, const char *name)
{
    int c = table_col(t, name);
    return c >= 0 ? table_cell(t, k, c) : "";
}

void search_kept_rows(struct search *se)
{
    struct runner *r = se->r;
    struct run_out *out = &r->out;
    const struct table *t = &out->resume.rows;
    int n = t->nrows, cs = table_col(t, "status"), cf = table_col(t, "flag");
    int *config = xmalloc(sizeof *config * ((size_t)n + 1));
    for (int k = 0; k < n; k++) config[k] = -1;
    for (int i = 0; i < se->n; i++)
        if (se->old_row[i] >= 0) config[se->old_row[i]] = i;
    for (int k = 0; k < n && cs >= 0; k++) {
        if (se->replaced[k]) continue;
        const char *flags = cf >= 0 ? table_cell(t, k, cf) : "";
        int was_cut = flag_has(flags, ROUNDS_CUT_FLAG), cut = was_cut;
        if (was_cut && config[k] >= 0) search_end_word(se, config[k], &cut);
        else if (was_cut) cut = se->race->end == RACE_STOPPED;
        if (was_cut && !cut) {
            if (!out->redone) out->redone = xcalloc((size_t)n + 1, sizeof *out->redone);
            out->redone[k] = kept_whole(se, k, config[k]);
            out->redone_waiting++;
        }
        /* Counted as its row now says it: whole (ok) where the race is done with it. */
        enum row_status st = row_status_of(table_cell(t, k, cs));
        if (was_cut && !cut) st = row_status_whole(st);
        status_counts_note(&r->tally.st, st);
        status_counts_note(&r->tally.kept, st);
        r->tally.ncut += cut;
        r->tally.nshared += flag_has(flags, "shared");
        rounds_tally_row(&r->tally.rounds, kept_cell(t, k, "rounds"), kept_cell(t, k, "spread"), kept_cell(t, k, "time_se"),
                         flags, kept_cell(t, k, "timing_note"), r->o->bench.target_se);
    }
    free(config);
    run_redone_write(out);
}

void search_say_rowless(const struct search *se)
{
    const struct race *ra = se->race;
    int n = 0;
    for (int i = 0; i < se->n; i++) n += ra->nrounds[i] > 0 && !se->has_row[i];
    if (n)
        printf("clx: search: %d configuration%s measured before the search was interrupted %s no row: the process that "
               "measured %s ended before writing %s (stopped at once, or crashed), and the race did not measure %s again; "
               "%s rounds are in %s/search.tsv\n", n, n == 1 ? "" : "s", n == 1 ? "has" : "have", n == 1 ? "it" : "them",
               n == 1 ? "it" : "them", n == 1 ? "it" : "them", n == 1 ? "its" : "their", se->r->out.res.dir);
}
