/* test_supervise_stopwords.c — the words a first stop says fit where the worker is
 * (supervise_stopwords.c): its set-up, a sweep's builds, a search's build, its launches; what the
 * stop's handler says is the words of the place the last line named (stopfwd_say); CLX_STOP_IN_BUILD
 * stops at the K-th build's line, not before. */
#include "check.h"
#include "errcap.h"
#include "run/supervise_impl.h"
#include "lib/stopfwd.h"
#include "lib/util.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DIR "tests/tmp/unit_supervise_stopwords"

static const char build_words[] = "clx: stopping after the build in flight, before any configuration is measured; "
                                  "the rows written so far are kept (again to stop at once)\n";
static const char launch_words[] = "clx: stopping after the launch in flight; every finished row is kept (again to "
                                   "stop at once)\n";

static void test_words_by_place(void)
{
    CHECK_STR(supervise_stopwords_for(IN_BUILD, 0, 0, 0), build_words);
    CHECK_STR(supervise_stopwords_for(IN_CONFIG, 0, 0, 0), launch_words);
    CHECK_STR(supervise_stopwords_for(PAST_SWEEP, 0, 0, 0), launch_words);
    CHECK_CONTAINS(supervise_stopwords_for(IN_SETUP, 0, 0, 0), "stopping before the builds begin");
    CHECK_STR(supervise_stopwords_for(IN_SETUP_KERNELS, 0, 0, 0), supervise_stopwords_for(IN_SETUP, 0, 0, 0));
    /* A search builds among its rounds: configurations were measured before the build. */
    CHECK(!strstr(supervise_stopwords_for(IN_BUILD, 1, 0, 0), "before any configuration"));
    CHECK_CONTAINS(supervise_stopwords_for(IN_BUILD, 1, 0, 0), "after the build in flight");
    /* None speaks of a launch but the launch's. */
    CHECK(!strstr(supervise_stopwords_for(IN_BUILD, 0, 0, 0), "launch"));
    CHECK(!strstr(supervise_stopwords_for(IN_SETUP, 0, 0, 0), "launch"));
    /* Once a sweep's builds are over (the heater, the first configuration's line to come): launches. */
    CHECK_STR(supervise_stopwords_for(IN_BUILD, 0, 1, 0), launch_words);
    /* A closed stdout says the same phrase, with ^C as the way to stop at once. */
    const char *closed = supervise_stopwords_for(IN_BUILD, 0, 0, 1);
    CHECK_CONTAINS(closed, "clx: stdout was closed (the reader of its pipe is gone): stopping after the build in flight, "
                           "before any configuration is measured");
    CHECK_CONTAINS(closed, "(^C to stop at once)\n");
}

/* said_at: what a SIGINT says once the worker's lines put it at place at (building: the last was a
 * build's), with CLX_STOP_IN_BUILD k (0: none) and the lines of `builds` builds before it; *asked
 * gets whether a stop was asked before the SIGINT of its own. A new string. */
static char *said_at(enum place at, int in_search, long k, int builds, int *asked)
{
    struct run_opts o;
    memset(&o, 0, sizeof o);
    o.search.on = in_search;
    o.stop_in_build = k;
    struct inflight f;
    memset(&f, 0, sizeof f);
    CHECK(mkdir_p(DIR) == 0);
    int saved = errcap_begin(DIR "/said.txt");
    CHECK(saved >= 0);
    stopfwd_catch(supervise_stopwords_says());
    supervise_stopwords_begin(&o);
    f.at = IN_BUILD;
    for (int i = 0; i < builds; i++) supervise_stopwords_now(&f, 1);
    *asked = stopfwd_asked();
    f.at = at;
    supervise_stopwords_now(&f, 0);
    if (!*asked) raise(SIGINT);
    stopfwd_release();
    return errcap_end(saved, DIR "/said.txt");
}

static void test_handler_says_the_place(void)
{
    int asked;
    char *t = said_at(IN_BUILD, 0, 0, 1, &asked);
    CHECK_STR(t, build_words);
    free(t);
    t = said_at(IN_CONFIG, 0, 0, 3, &asked);
    CHECK_STR(t, launch_words);
    free(t);
    t = said_at(IN_SETUP, 0, 0, 0, &asked);
    CHECK_STR(t, supervise_stopwords_for(IN_SETUP, 0, 0, 0));
    free(t);
    t = said_at(IN_BUILD, 1, 0, 1, &asked);
    CHECK_STR(t, supervise_stopwords_for(IN_BUILD, 1, 0, 0));
    free(t);
}

static void test_stop_in_build(void)
{
    int asked;
    /* The second build's line: not yet at the first. */
    char *t = said_at(IN_BUILD, 0, 2, 1, &asked);
    CHECK(asked == 0);
    free(t);
    t = said_at(IN_BUILD, 0, 2, 2, &asked);
    CHECK(asked == SIGINT);
    CHECK_STR(t, build_words);
    free(t);
    /* A new worker counts its builds from its first. */
    t = said_at(IN_BUILD, 0, 2, 1, &asked);
    CHECK(asked == 0);
    free(t);
}

int main(void)
{
    RUN(test_words_by_place);
    RUN(test_handler_says_the_place);
    RUN(test_stop_in_build);
    CHECK_EXIT();
}
