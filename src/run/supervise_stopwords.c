/* supervise_stopwords.c — what the supervisor says at a first stop, fitted to where its worker is
 * (supervise_impl.h): in the builds no launch is in flight and none follows, so "after the launch in
 * flight" had told a user waiting on a long build the wrong thing; the words change with the worker's
 * lines, through stopfwd_say, the one place the handler takes them from. CLX_STOP_IN_BUILD's stop
 * is made here too: the supervisor stops itself as it reads the build's line, its words already
 * those of a build, at no moment a signal from outside would have to hit. */
#include "supervise_impl.h"
#include "lib/stopfwd.h"
#include <signal.h>

/* A first stop's words, one phrase a phase, said whole by a stop (FIRST) or a closed stdout (CLOSED). */
#define FIRST(w) "clx: " w " (again to stop at once)\n"
#define CLOSED(w) "clx: stdout was closed (the reader of its pipe is gone): " w " (^C to stop at once)\n"
#define SETUP "stopping before the builds begin: nothing more is built or measured; the results folder and the " \
              "rows written so far are kept"
#define BUILD "stopping after the build in flight, before any configuration is measured; the rows written so far " \
              "are kept"
#define SEARCH_BUILD "stopping after the build in flight; every finished row is kept"
#define LAUNCH "stopping after the launch in flight; every finished row is kept"

/* The phrases by phase (enum words); to add one, a row here and its place in words_of. */
enum words { W_SETUP, W_BUILD, W_SEARCH_BUILD, W_LAUNCH, W_N };
static const struct { const char *first, *closed; } table[W_N] = {
    [W_SETUP] = { FIRST(SETUP), CLOSED(SETUP) },
    [W_BUILD] = { FIRST(BUILD), CLOSED(BUILD) },
    [W_SEARCH_BUILD] = { FIRST(SEARCH_BUILD), CLOSED(SEARCH_BUILD) },
    [W_LAUNCH] = { FIRST(LAUNCH), CLOSED(LAUNCH) },
};

/* A stop passed on to the worker (lib/stopfwd): it stops between two trials (or after the build in
 * flight) and keeps every row whose rounds had begun; a launch that has not finished a second after
 * is not waited for (supervise.c's watch); a second stop kills it at once, the rows written so far
 * kept, unless it has rows measured and is not stuck: then it writes them first. The first stop's
 * words are the launch's until supervise_stopwords_begin sets a worker's. */
static const struct stopfwd_says says = {
    .first = FIRST(LAUNCH),
    .closed = CLOSED(LAUNCH),
    .again = "clx: stopping at once: the rows written so far are kept, and the rows measured are written first "
             "unless a launch is stuck\n",
    .caller_kills = 1,
};

/* The worker's run: a search (builds on demand among its rounds), CLX_STOP_IN_BUILD's build, the
 * builds its lines named so far, and the words said now (-1: none set yet). */
static int search;
static long stop_in_build, builds;
static int saying = -1;

const struct stopfwd_says *supervise_stopwords_says(void) { return &says; }

/* words_of: the phrase for a worker at place at (builds_done: a sweep's builds are over). */
static enum words words_of(enum place at, int in_search, int builds_done)
{
    switch (at) {
    case IN_SETUP:
    case IN_SETUP_KERNELS: return W_SETUP;
    case IN_BUILD: return builds_done ? W_LAUNCH : in_search ? W_SEARCH_BUILD : W_BUILD;
    case IN_CONFIG:
    case PAST_SWEEP: break;
    }
    return W_LAUNCH;
}

const char *supervise_stopwords_for(enum place at, int in_search, int builds_done, int closed)
{
    enum words w = words_of(at, in_search, builds_done);
    return closed ? table[w].closed : table[w].first;
}

/* say: the words of place at from here on (stopfwd_say where they change). */
static void say(enum place at, int builds_done)
{
    enum words w = words_of(at, search, builds_done);
    if ((int)w == saying) return;
    saying = (int)w;
    stopfwd_say(table[w].first, table[w].closed);
}

void supervise_stopwords_begin(const struct run_opts *o)
{
    search = o->search.on;
    stop_in_build = o->stop_in_build;
    builds = 0;
    saying = -1;
    say(IN_SETUP, 0);
}

void supervise_stopwords_now(const struct inflight *f, int building)
{
    say(f->at, f->builds_done);
    /* The worker holds that build until the stop reaches it (run_stop_in_build). With CLX_STOP_TWICE
     * the worker sends the second stop itself, from inside its compile's catch of the driver's stderr
     * (raised here, it could land before the catch began or after it ended on a loaded host). */
    if (building && stop_in_build > 0 && ++builds == stop_in_build) raise(SIGINT);
}
