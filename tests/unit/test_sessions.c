/* test_sessions.c — run.json "interruptions" (sessions.c): when a session that ended without a word
 * is said to have ended, where results.tsv was last written by an earlier session. */
#include "check.h"
#include "store/sessions.h"
#include "lib/isotime.h"
#include <stdlib.h>
#include <string.h>

/* silent_when: the "interrupted" sessions_of says for a silent session of was, results.tsv last
 * written at the instant mtime says; into buf. */
static void silent_when(const struct runjson *was, const char *mtime, char *buf, size_t n)
{
    time_t t = 0;
    CHECK(!iso_time_parse(mtime, &t));
    cJSON *list = sessions_of(was, NULL, t);
    const cJSON *e = cJSON_GetArrayItem(list, cJSON_GetArraySize(list) - 1);
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(e, "interrupted");
    snprintf(buf, n, "%s", cJSON_IsString(w) ? w->valuestring : "");
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(e, "interrupted_by")->valuestring, SESSIONS_SILENT_WHY);
    cJSON_Delete(list);
}

/* same_instant: whether a and b (iso times) are one instant. */
static int same_instant(const char *a, const char *b) { return a && *a && !iso_time_cmp(a, b); }

static void test_killed_before_its_first_row(void)
{
    /* Resumed on day 2, killed before it wrote a row: results.tsv is as day 1's session left it. */
    struct runjson was;
    memset(&was, 0, sizeof was);
    was.started = "2026-01-01T10:00:00+00:00";
    sl_push(&was.resumed, "2026-01-02T09:00:00+00:00");
    char when[ISO_TIME_LEN];
    silent_when(&was, "2026-01-01T11:00:00+00:00", when, sizeof when);
    CHECK(same_instant(when, "2026-01-02T09:00:00+00:00"));
    sl_free(&was.resumed);
    /* Never resumed, killed while building: its header's time, or its start where later. */
    was.started = "2026-01-01T10:00:05+00:00";
    silent_when(&was, "2026-01-01T10:00:01+00:00", when, sizeof when);
    CHECK(same_instant(when, "2026-01-01T10:00:05+00:00"));
}

static void test_killed_after_rows(void)
{
    /* Its own rows written: results.tsv's last writing is when it ended. */
    struct runjson was;
    memset(&was, 0, sizeof was);
    was.started = "2026-01-01T10:00:00+00:00";
    sl_push(&was.resumed, "2026-01-02T09:00:00+00:00");
    char when[ISO_TIME_LEN];
    silent_when(&was, "2026-01-02T09:30:00+00:00", when, sizeof when);
    CHECK(same_instant(when, "2026-01-02T09:30:00+00:00"));
    sl_free(&was.resumed);
    /* A run.json without its start (an older or damaged one): the file's time alone. */
    was.started = NULL;
    silent_when(&was, "2026-01-01T11:00:00+00:00", when, sizeof when);
    CHECK(same_instant(when, "2026-01-01T11:00:00+00:00"));
}

int main(void)
{
    RUN(test_killed_before_its_first_row);
    RUN(test_killed_after_rows);
    CHECK_EXIT();
}
