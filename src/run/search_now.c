/* search_now.c — a search's run.json part ("search") as it stands, made on a stop's request while the
 * worker waits in a launch and sent to the supervisor, which writes it should the stop kill the worker
 * there (supervise.c): else a killed search's folder has its rows and search.tsv but no word of what
 * the search had found (its best so far, how much it had measured and spent).
 *
 * Why on request and not after every round, as its rows are (search_sweep.c's row_now): the part is
 * made of the whole race (its incumbent, the next fastest with their verdicts), host work that would
 * count in every round's cost; asked for, it costs the search nothing until a stop, and the supervisor
 * already asks a worker about to be killed for its rows in flight (worker_rows_on_request). Why not
 * rebuilt from search.tsv by the supervisor or `clx report`: the log says each round's figure, not the
 * space's size, the dimensions, the best's row or the race's decisions, which only the worker holds.
 * The request thread runs it only while the main thread is held in a device wait (worker.c): the race
 * is then between two steps (the round in flight not yet logged: search.tsv's last line is the last
 * round the part counts), and nothing here writes to the search's state. */
#include "search_impl.h"
#include "lib/worker.h"
#include <stdlib.h>
#include <string.h>

/* KILLED_END: the part's "end" where a stop killed the worker, said as a stop the worker sees says it
 * ("stopped") with how; the signal is not known when it is made (as the rows' KILLED_NOTE). */
#define KILLED_END "stopped (the worker was killed in a launch the stop did not wait for)"

/* give_search: the request thread's (worker_rows_on_request): the part as it stands, sent with
 * worker_search_now. The rows of the configurations the race still has went to the supervisor after
 * their last rounds (row_now): the best's row said here is that one, the rounds of a visit in flight
 * left out; those of the configurations it is done with that wait for the pace's rewrite of
 * results.tsv went as each was made (held_redone_send). Returns 0: none of the race's rows in flight
 * is sent here. */
static int give_search(void *ctx)
{
    const struct search *se = ctx;
    /* A copy whose rows say what the supervisor holds; the search's own are untouched. */
    struct search now = *se;
    now.rows = xmalloc(sizeof *now.rows * ((size_t)se->n + 1));
    memcpy(now.rows, se->rows, sizeof *now.rows * ((size_t)se->n + 1));
    for (int k = 0; k < se->nlive; k++) {
        int i = se->live[k];
        const struct pending *pc = se->pc[i];
        if (!pc) continue;
        struct pending c = *pc;
        if (pc == se->sp.visiting) {
            c.t.n = se->sp.visiting_n;
            c.t.visits = se->sp.visiting_rounds;
        }
        /* None measured in this process: a resumed search's row from before the stop stays its row. */
        search_pick_row(&now, i, &c);
    }
    struct spick pk;
    search_pick_make(&now, &pk);
    cJSON *j = search_json(&now, &se->r->o->search, KILLED_END, &pk);
    /* What says the part was cut, apart from the words of "end" (docs/results.md). */
    cJSON_AddBoolToObject(j, "killed", 1);
    char *text = cJSON_PrintUnformatted(j);
    worker_search_now(text);
    cJSON_free(text);
    cJSON_Delete(j);
    search_pick_free(&pk);
    free(now.rows);
    return 0;
}

void search_now_on_request(struct search *se)
{
    worker_rows_on_request(worker_attached() ? give_search : NULL, se);
    if (!worker_attached()) return;
    /* Sent once before the race, which no stop asks for: the worker may die unasked in the stop (PoCL
     * aborts where the ^C ended its linker, in a build or a kernel's first launch), and the supervisor
     * then has this part, its space and dimensions, for search.tsv's last round to bring up to date
     * (supervise_search.c). A race not yet run stands in for the one to come: nothing measured. */
    struct race none = { .incumbent = -1, .budget_s = se->r->o->search.budget_share > 0 ? 0 : se->r->o->search.budget_s };
    struct race *was = se->race;
    se->race = &none;
    struct spick pk = {0};
    cJSON *j = search_json(se, &se->r->o->search, KILLED_END, &pk);
    se->race = was;
    cJSON_AddBoolToObject(j, "killed", 1);
    char *text = cJSON_PrintUnformatted(j);
    worker_search_now(text);
    cJSON_free(text);
    cJSON_Delete(j);
}

void search_now_off(void) { worker_rows_on_request(NULL, NULL); }
