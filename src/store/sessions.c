/* sessions.c — run.json "interruptions" (sessions.h): each earlier session's end, its clx and its
 * own counts, so that a resumed run's counts are the whole run's whatever ended a session, and its
 * rows measured by two clx versions say so. */
#include "sessions.h"
#include "jsonval.h"
#include "rowstatus.h"
#include "lib/isotime.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

double sessions_counted(const cJSON *list, const char *key)
{
    double n = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        double x = json_number(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(it, RJ_COUNTS), key));
        if (!isnan(x)) n += x;
    }
    return n;
}

char *sessions_causes(const struct strlist *hows, int timeouts)
{
    struct sbuf b = {0};
    for (int k = 0; k < hows->n; k++) {
        int dup = 0;
        for (int i = 0; i < k && !dup; i++) dup = !strcmp(hows->v[i], hows->v[k]);
        if (!dup) sb_printf(&b, "%sthe worker process %s", b.s ? "; " : "", hows->v[k]);
    }
    if (timeouts) sb_printf(&b, "%sa launch ran past its limit (--timeout)", b.s ? "; " : "");
    return b.s;
}

/* crash_causes: how the worker died, for a session whose run.json does not say its own (an older
 * clx's): read from the crashed rows of rows ("died of signal 9 (Killed)"), their notes' "the worker
 * process ... running this configuration"; a launch past --timeout where there were timeout rows; "a
 * crash of the worker" where no note says more (a new string). Every session's rows are there: an
 * earlier one's too. */
static char *crash_causes(const struct table *rows, const struct status_counts *st)
{
    static const char lead[] = "the worker process ", tail[] = " running this configuration";
    struct strlist seen = {0};
    int cs = table_col(rows, "status");
    for (int i = 0; rows && cs >= 0 && i < rows->nrows; i++) {
        if (row_status_of(table_cell(rows, i, cs)) != RS_CRASHED) continue;
        for (int c = 0; c < rows->cols.n; c++) {
            const char *at = strstr(table_cell(rows, i, c), lead), *end = at ? strstr(at, tail) : NULL;
            if (!end) continue;
            char *how = xasprintf("%.*s", (int)(end - at - (int)strlen(lead)), at + strlen(lead));
            sl_push_own(&seen, how);
            break;
        }
    }
    char *b = sessions_causes(&seen, st->n[RS_TIMEOUT]);
    if (!seen.n && (st->n[RS_CRASHED] || !b)) {
        char *c = xasprintf("a crash of the worker process%s%s", b ? "; " : "", b ? b : "");
        free(b);
        b = c;
    }
    sl_free(&seen);
    return b;
}

/* crash_rows: the rows a crash or a timeout left at the session's end, by status. */
static cJSON *crash_rows(const struct status_counts *st)
{
    cJSON *o = cJSON_CreateObject();
    static const enum row_status s[] = {RS_CRASHED, RS_TIMEOUT, RS_STOPPED};
    for (int i = 0; i < 3; i++) cJSON_AddNumberToObject(o, row_status_key(s[i]), st->n[s[i]]);
    return o;
}

/* session_began: when the session run.json describes began: its last "resumed", else "started"; 0
 * where neither can be read. */
static time_t session_began(const struct runjson *was)
{
    const char *s = was->resumed.n ? was->resumed.v[was->resumed.n - 1] : was->started;
    time_t t;
    return s && *s && !iso_time_parse(s, &t) ? t : 0;
}

/* silent_entry: a session that ended without a word (run.json as its start wrote it): killed
 * outright (kill -9 of its process group, the OOM killer, the host down) or a run.json its last
 * writing could not write (a full disk, a folder made read-only: its console said so), which cannot
 * be told apart afterwards. When: results.tsv's last writing
 * (ended), or the session's start where that is later: one killed before its first row leaves the
 * file as an earlier session last wrote it. It ended at or after that time. Its rows: those the
 * file held then (every session's so far). No counts: it wrote none. */
static cJSON *silent_entry(const struct runjson *was, const struct table *rows, time_t ended)
{
    cJSON *o = cJSON_CreateObject();
    char when[ISO_TIME_LEN];
    time_t began = session_began(was);
    iso_time_format(began > ended ? began : ended, when, sizeof when);
    cJSON_AddStringToObject(o, RJ_CLX_VERSION, rj_str(was->clx_version));
    cJSON_AddStringToObject(o, RJ_INTERRUPTED, when);
    cJSON_AddStringToObject(o, RJ_INTERRUPTED_BY, SESSIONS_SILENT_WHY);
    cJSON_AddNumberToObject(o, "rows_written", rows ? rows->nrows : 0);
    return o;
}

cJSON *sessions_of(const struct runjson *was, const struct table *rows, time_t silent_end)
{
    const cJSON *before = runjson_part(was, RJ_INTERRUPTIONS);
    cJSON *list = cJSON_IsArray(before) ? cJSON_Duplicate(before, 1) : cJSON_CreateArray();
    int stopped = was->interrupted && *was->interrupted;
    /* A session that finished with rows a resume measures (it is resumed) ended them by a crash of
     * its worker or a launch past its limit: its counts and its cause are said as a stop's. */
    int crashed = !stopped && was->finished && *was->finished && was->counts.has;
    /* Neither, and not the worker this session goes on from: it ended without a word. */
    if (!stopped && !(was->finished && *was->finished) && silent_end > 0) {
        cJSON_AddItemToArray(list, silent_entry(was, rows, silent_end));
        return list;
    }
    if (!stopped && !crashed) return list;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, RJ_CLX_VERSION, rj_str(was->clx_version));
    if (stopped) {
        cJSON_AddStringToObject(o, RJ_INTERRUPTED, was->interrupted);
        cJSON_AddStringToObject(o, RJ_INTERRUPTED_BY, rj_str(was->interrupted_by));
    } else {
        /* Its own, as it said them (session_crashes); an older clx's read from the rows. */
        const char *own = was->session_crashes;
        char *why = own && *own ? xstrdup(own) : crash_causes(rows, &was->counts.st);
        cJSON_AddStringToObject(o, RJ_INTERRUPTED, was->finished);
        cJSON_AddStringToObject(o, RJ_INTERRUPTED_BY, why);
        cJSON_AddItemToObject(o, "rows", crash_rows(&was->counts.st));
        free(why);
    }
    /* A session killed outright wrote no counts: its own are not known. */
    if (was->counts.has) {
        const struct rj_counts *c = &was->counts;
        static const char *const keys[] = {"builds_compiled", "builds_from_cache", "outputs_checked_on_device",
                                           "outputs_checked_on_host"};
        const double x[] = {c->builds_compiled, c->builds_from_cache, c->outputs_on_device, c->outputs_on_host};
        cJSON *k = cJSON_AddObjectToObject(o, RJ_COUNTS);
        for (int i = 0; i < 4; i++) json_add_number(k, keys[i], isnan(x[i]) ? NAN : x[i] - sessions_counted(list, keys[i]));
    }
    cJSON_AddItemToArray(list, o);
    return list;
}
