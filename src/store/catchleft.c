/* catchleft.c — a finished run's crash records of its builds, kept where a row names them (catchleft.h). */
#include "catchleft.h"
#include "rowstatus.h"
#include "lib/stderrcatch.h"
#include "lib/table.h"
#include <stdlib.h>
#include <string.h>

/* How a build's log names its record (run/run_build.c's died_said, since the records began). */
#define KEPT_IN "(kept in logs/"
/* How a failed build's row names its log (run/run_build_rows.c). */
#define ROW_LOG "; log: "

/* named_by_log: the markers the log at dir/log (a row's "logs/...log") names, pushed on keep. */
static void named_by_log(const char *dir, const char *log, struct strlist *keep)
{
    char *path = path_join(dir, log), *t = read_file(path, NULL);
    for (const char *at = t; at && (at = strstr(at, KEPT_IN));) {
        at += strlen(KEPT_IN);
        char *name = xasprintf("%.*s", (int)strcspn(at, " ):\n"), at);
        if (str_ends(name, STDERRCATCH_MARKER_EXT) && !sl_has(keep, name)) sl_push_own(keep, name);
        else free(name);
    }
    free(t);
    free(path);
}

int catchleft_tidy(const char *dir)
{
    char *tsv = path_join(dir, "results.tsv"), *err = NULL;
    struct table t;
    int gone = -1;
    if (table_read(tsv, &t, &err) == 0) {
        struct strlist keep = {0}, read = {0};
        int cs = table_col(&t, "status"), cn = table_col(&t, "note");
        for (int i = 0; cs >= 0 && cn >= 0 && i < t.nrows; i++) {
            enum row_status st = row_status_of(table_cell(&t, i, cs));
            const char *log = strstr(table_cell(&t, i, cn), ROW_LOG);
            if ((st != RS_CRASHED && st != RS_BUILD_FAILED) || !log) continue;
            log += strlen(ROW_LOG);
            char *name = xasprintf("%.*s", (int)strcspn(log, ";"), log);
            /* Every row of a build names its one log: read once (a sweep's thousands of rows). */
            if (str_starts(name, "logs/") && !strstr(name, "..") && !sl_has(&read, name)) {
                named_by_log(dir, name, &keep);
                sl_push(&read, name);
            }
            free(name);
        }
        /* A table without the columns that name the records (not one clx wrote) names none that
         * could be told from a stale one: every record would go, a crash's evidence with them. */
        if (cs >= 0 && cn >= 0) {
            char *logs = path_join(dir, "logs");
            gone = stderrcatch_tidy(logs, &keep);
            free(logs);
        }
        sl_free(&read);
        sl_free(&keep);
        table_free(&t);
    }
    free(err);
    free(tsv);
    return gone;
}
