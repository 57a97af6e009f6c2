/* resume.c — the checks that make clx run --resume safe: the same sweep as the interrupted run
 * (experiment, spec, axes, options, device, driver and the device's setup: sweepid.c's table), and a
 * results.tsv whose header is this run's. */
#include "resume.h"
#include "jsonval.h"
#include "results.h"
#include "runsin.h"
#include "sessions.h"
#include "rowstatus.h"
#include "sweepid.h"
#include "sweepsetup.h"
#include "lib/calledas.h"
#include "lib/spectext.h"
#include "lib/util.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* own_args_hint: where this run's arguments are not the ones run.json recorded (an experiment and
 * options given with --resume), that --resume DIR alone takes the run's own; "" else (a new string). */
static char *own_args_hint(const struct runjson *was, const struct runjson *now, const char *dir)
{
    int same = was->args.n == now->args.n;
    for (int i = 0; same && i < was->args.n; i++) same = !strcmp(was->args.v[i], now->args.v[i]);
    if (same || !was->args.n) return xstrdup("");
    struct sbuf b = {0};
    char *resume = clx_resume_cmd(dir);
    sb_printf(&b, "; %s alone goes on with the run's own arguments", resume);
    free(resume);
    struct sbuf a = {0};
    for (int i = 0; i < was->args.n; i++) sb_printf(&a, "%s%s", i ? " " : "", was->args.v[i]);
    if (a.s && strlen(a.s) <= 120) sb_printf(&b, " (%s)", a.s);
    free(a.s);
    return b.s;
}

/* edited_hint: where the difference is a file the run read that was edited since (id->file), the two
 * ways on: restore it and resume, or time it as it is in a new run (the run's own arguments); ""
 * else (a new string). A refusal that said only the two hashes left the user to guess. */
static char *edited_hint(const struct sweepid_item *id, const struct runjson *was)
{
    return id->file ? resume_edited_way(id->file, was) : xstrdup("");
}

char *resume_edited_way(const char *file, const struct runjson *was)
{
    struct sbuf b = {0};
    sb_printf(&b, "; to go on with this run, restore %s as it was when the run began (where it is kept in git, git "
              "diff shows the edit and git checkout undoes it), then resume; to time it as it is now, start a new run",
              file);
    if (was->args.n) {
        sb_printf(&b, ": %s run", clx_cmd());
        for (int i = 0; i < was->args.n; i++) sb_word(&b, was->args.v[i]);
    }
    return b.s;
}

/* finished_said: why a finished run is not resumed (a new string): a sweep has a row for every
 * configuration; a search has one for those it measured, and ended (its budget spent, or
 * decided), which a resume cannot undo: it takes no budget of its own. */
static char *finished_said(const struct runjson *was)
{
    const cJSON *se = runjson_part(was, RJ_SEARCH);
    if (!cJSON_IsObject(se)) return xstrdup("that run finished: every configuration has its row (there is nothing to resume)");
    const char *end = json_str(se, "end");
    int spent = !strncmp(end, "its budget spent", 16);
    double n = json_num(se, "space");
    return xasprintf("that search ended, %s; it measured %.0f of %.0f configuration%s: there is nothing to resume, and "
                     "--resume adds no budget%s", *end ? end : "finished", json_num(se, "measured"), n, n == 1 ? "" : "s",
                     spent ? "; to search further, run a new search with a larger --budget" : "");
}

char *resume_finished(const struct runjson *was, const char *dir)
{
    return was->finished && !resume_remeasured(dir) ? finished_said(was) : NULL;
}

/* first_said: where spec texts a (there) and b (here) differ in what they say (lib/spectext.h), or
 * NULL where they say the same or either is no text (a new string). */
static char *first_said(const cJSON *a, const cJSON *b)
{
    return cJSON_IsString(a) && cJSON_IsString(b) ? spectext_first_said(a->valuestring, b->valuestring) : NULL;
}

/* differs: whether item id's values a (there) and b (here) differ; the spec's text where what it
 * says differs: an edit of its comments, blank lines or line ends alone changes nothing measured. */
static int differs(const struct sweepid_item *id, const cJSON *a, const cJSON *b)
{
    if (strcmp(id->path, RJ_SPEC) || !cJSON_IsString(a) || !cJSON_IsString(b)) return !results_json_same(a, b);
    char *line = first_said(a, b);
    free(line);
    return line != NULL;
}

/* device_differs: why item id of the device (its name, platform, driver) refuses: in the words of
 * every other refusal here, what, run.json's key, there and here, each name whole (a new string). */
static char *device_differs(const struct sweepid_item *id, const cJSON *a, const cJSON *b)
{
    char *ta = cJSON_IsString(a) ? xasprintf("'%s'", a->valuestring) : xstrdup("(none)");
    char *tb = cJSON_IsString(b) ? xasprintf("'%s'", b->valuestring) : xstrdup("(none)");
    char *why = xasprintf("this run differs from the interrupted one in %s (run.json \"%s\": %s there, %s here)",
                          id->what, id->path, ta, tb);
    free(ta);
    free(tb);
    return why;
}

/* check_json: what must not differ (sweepid.c's table), the first difference said with both
 * values where they are short (a whole spec is not); a finished run is said as that, unless it is
 * another experiment's (the likelier mistake). */
static char *check_json(const struct runjson *was, const struct runjson *now, const char *dir, resume_spec_fn unread)
{
    /* A spec that says the same (its comments or line ends edited alone), or that the caller says
     * differs in what no row reads alone (a finding), goes on as the run's: what is made of the spec
     * here (a shard's sweep hash, its siblings' too) is compared as made of the run's text, or a
     * shard's resume was refused at --shard for a comment. */
    struct runjson same = *now;
    const cJSON *ws = sweepid_at(was->doc, RJ_SPEC);
    char *refused = NULL;                      /* the spec's settings a refusal names, where in its file */
    if (cJSON_IsString(ws) && now->spec && strcmp(ws->valuestring, now->spec)) {
        char *line = spectext_first_said(ws->valuestring, now->spec);
        const char *file = now->spec_file ? now->spec_file : "the spec";
        if (!line || (unread && unread(ws->valuestring, now->spec, file, &refused))) same.spec = ws->valuestring;
        free(line);
    }
    cJSON *doc = runjson_doc(&same);
    char *why = NULL;
    const struct sweepid_item *id = sweepid_items;
    const cJSON *a = NULL, *b = NULL;
    for (; id->path; id++) {
        if (!(id->checks & SWEEPID_RESUME)) continue;
        a = sweepid_at(was->doc, id->path), b = sweepid_at(doc, id->path);
        if (!sweepid_skip(id, a, b) && differs(id, a, b)) break;
    }
    if (was->finished && !resume_remeasured(dir) && (!id->path || strcmp(id->path, RJ_EXPERIMENT)))
        why = finished_said(was);
    else if (id->path && id->device == SWEEPID_DEVICE_SETUP)
        why = sweepsetup_resume_why(id, was->doc, doc, dir, &was->args);
    else if (id->path && id->device)
        why = device_differs(id, a, b);
    else if (id->path) {
        char *at = sweepid_where(&a, &b);     /* an object's (as_run's) member that differs */
        char *ta = sweepid_text(a), *tb = sweepid_text(b), *hint = own_args_hint(was, now, dir);
        if (!*hint) {
            free(hint);
            hint = edited_hint(id, was);
        }
        if (ta && tb)
            why = xasprintf("this run differs from the interrupted one in %s (run.json \"%s%s\": %s there, %s here)%s",
                            id->what, id->path, at, ta, tb, hint);
        else if (refused && !strcmp(id->path, RJ_SPEC))
            why = xasprintf("this run differs from the interrupted one in %s%s", refused, hint);
        else {
            /* A text too long to show (the spec's): the first line that differs. */
            char *line = strcmp(id->path, RJ_SPEC) ? sweepid_first_line(a, b) : first_said(a, b);
            why = line ? xasprintf("this run differs from the interrupted one in %s (run.json \"%s%s\", %s)%s", id->what,
                                   id->path, at, line, hint)
                       : xasprintf("this run differs from the interrupted one in %s (run.json \"%s%s\")%s", id->what,
                                   id->path, at, hint);
            free(line);
        }
        free(at);
        free(ta);
        free(tb);
        free(hint);
    }
    cJSON_Delete(doc);
    free(refused);
    return why;
}

/* merged_join: why a run.json of clx merge is not resumed (a new string). */
static char *merged_join(const cJSON *mg)
{
    double shards = json_num(mg, "shards"), missing = json_num(mg, "missing");
    if (missing <= 0)
        return xasprintf("it is clx merge's join of %.0f shards (run.json \"" RJ_MERGED "\"), every configuration with "
                         "its row: there is nothing to resume", shards);
    char *parts = runjson_missing_shards(mg);
    char *why = xasprintf("it is a partial clx merge of %.0f shards (run.json \"" RJ_MERGED "\"), not a stopped run: "
                          "%.0f of the sweep's %.0f configurations have no row (%s of %.0f); run or resume those "
                          "shards, then clx merge all %.0f again (given the shards alone, clx merge names what runs "
                          "each)", shards, missing, json_num(mg, "configurations"), parts, shards, shards);
    free(parts);
    return why;
}

/* resume_each: "clx run --resume DIR" for each of dirs, ", " between, onto b. */
static void resume_each(struct sbuf *b, const struct strlist *dirs)
{
    for (int i = 0; i < dirs->n; i++) {
        char *resume = clx_resume_cmd(dirs->v[i]);
        sb_printf(b, "%s%s", i ? ", " : "", resume);
        free(resume);
    }
}

/* split_parts: why a --split's folder stopped before its merge is not resumed (a new string):
 * its parts, each resumed on its own, then merged. NULL where dir has no parts/ or a run.json. */
static char *split_parts(const char *dir)
{
    char *js = path_join(dir, "run.json"), *parts = path_join(dir, "parts");
    struct stat st;
    int split = !file_exists(js) && stat(parts, &st) == 0 && S_ISDIR(st.st_mode);
    free(js);
    struct runs_in rs;
    if (!split || runs_in_read(parts, &rs)) { free(parts); return NULL; }
    const struct strlist unfinished = rs.unfinished;
    int n = rs.n;
    struct sbuf b = {0};
    sb_printf(&b, "it is the folder of a --split stopped before its parts were merged (the merge writes its run.json): ");
    resume_each(&b, &unfinished);
    if (unfinished.n) sb_printf(&b, " finish%s what %s began; ", unfinished.n > 1 ? "" : "es", unfinished.n > 1 ? "they" : "it");
    int none = 0;
    for (int k = 1; k <= n; k++)
        if (!rs.have[k]) sb_printf(&b, "%s%d", none++ ? ", " : "part ", k);
    char *qp = shell_word(parts), *qd = shell_word(dir);
    if (none) sb_printf(&b, " of %d never started (%s run ... --shard K/N --device P:D --out %s runs one: the stop "
                        "said each); ", n, clx_cmd(), qp);
    /* The glob outside the quotes, where the shell expands it. */
    sb_printf(&b, "then %s merge %s/*/ --split --out %s", clx_cmd(), qp, qd);
    free(qp);
    free(qd);
    runs_in_free(&rs);
    free(parts);
    return b.s;
}

/* runs_folder: why the folder given to clx run --out (runs' folders, no run.json) is not resumed
 * (a new string): the runs in it that did not finish, each resumed on its own. NULL where dir has
 * a run.json or no run's folder. */
static char *runs_folder(const char *dir)
{
    char *js = path_join(dir, "run.json");
    int has = file_exists(js);
    free(js);
    struct runs_in rs;
    if (has || runs_in_read(dir, &rs)) return NULL;
    const struct strlist runs = rs.runs, unfinished = rs.unfinished;
    struct sbuf b = {0};
    if (runs.n) {
        sb_printf(&b, "it is a folder of %d run%s (the folder given to clx run --out), not a run's: ", runs.n,
                  runs.n > 1 ? "s" : "");
        if (!unfinished.n) sb_printf(&b, "every run in it finished or is a merge: there is nothing to resume");
        resume_each(&b, &unfinished);
        if (unfinished.n) sb_printf(&b, " finish%s what %s", unfinished.n > 1 ? "" : "es",
                                    unfinished.n > 1 ? "they began (one run each)" : "it began");
    }
    runs_in_free(&rs);
    return b.s;
}

char *resume_not_a_run(const char *dir)
{
    char *why = split_parts(dir), *err = NULL;
    if (why || (why = runs_folder(dir))) return why;
    struct runjson r;
    if (runjson_read(dir, &r, &err) == 0) {
        const cJSON *mg = runjson_part(&r, RJ_MERGED);
        if (mg) why = merged_join(mg);
        /* Its modes are timed together, each against the others: half of them kept is no run. */
        else if (r.kind && !strcmp(r.kind, "modes"))
            why = xasprintf("it is a clx run --modes run (run.json \"" RJ_KIND "\"), which has no --resume: run it again "
                            "(%s)", r.command_line && *r.command_line ? r.command_line : "clx run EXP --modes ...");
    }
    free(err);
    runjson_free(&r);
    return why;
}

/* complete_length: the bytes of text up to and with its last newline (a cut-off last line left out). */
static long complete_length(const char *text, size_t n)
{
    while (n > 0 && text[n - 1] != '\n') n--;
    return (long)n;
}

/* row_needs_work: whether row i of t is one a resume measures (again): never measured ('stopped':
 * in flight when a stop killed the worker, or of a variant and build whose worker crashed), kept by a
 * stop with some of its rounds (ROUNDS_CUT_FLAG), or one that crashed its worker for the first time
 * (CRASH_RETRY_FLAG: tried once more). */
static int row_needs_work(const struct table *t, int i)
{
    int c = table_col(t, "status"), f = table_col(t, "flag");
    const char *flags = f >= 0 ? table_cell(t, i, f) : "";
    return (c >= 0 && row_status_of(table_cell(t, i, c)) == RS_STOPPED) || flag_has(flags, ROUNDS_CUT_FLAG) ||
           flag_has(flags, CRASH_RETRY_FLAG);
}

/* drop_stopped: what a stop or a crash left that is not kept as it is. The rows at the end whose
 * status is 'stopped' (a stop killed the worker in their visit: never measured) are cut off the file
 * and run again. Every other row_needs_work row (a stop's rounds-cut, a crash's 'stopped' and
 * crash-retry rows before finished ones) stays in the file, in its place, until its configuration,
 * measured again, replaces it (run_rows.c): every finished row around them is kept, and a stop of
 * the resume loses none. */
static void drop_stopped(struct resume *rs, const char *text)
{
    int c = table_col(&rs->rows, "status"), f = table_col(&rs->rows, "flag"), n = rs->rows.nrows;
    while (n > 0 && row_status_of(table_cell(&rs->rows, n - 1, c)) == RS_STOPPED) n--;
    rs->dropped = rs->rows.nrows - n;
    for (int k = n; k < rs->rows.nrows; k++) {
        long at = rs->keep_bytes - 1;                  /* the newline ending the last kept line */
        while (at > 0 && text[at - 1] != '\n') at--;
        rs->keep_bytes = at;
    }
    table_keep_rows(&rs->rows, n);
    rs->redo = xcalloc((size_t)n + 1, 1);
    for (int i = 0; i < n; i++) {
        if (!row_needs_work(&rs->rows, i)) continue;
        rs->redo[i] = 1;
        rs->nredo++;
        if (f < 0 || !flag_has(table_cell(&rs->rows, i, f), ROUNDS_CUT_FLAG)) rs->ncrashed++;
    }
}

/* read_checked: dir's run.json into was (runjson_free it) and checked against now; NULL, or why
 * dir is not this run to go on with (a new string). */
static char *read_checked(const char *dir, const struct runjson *now, struct runjson *was, resume_spec_fn unread)
{
    char *why = resume_not_a_run(dir);
    if (why) {
        runjson_init(was);
        return why;
    }
    if (runjson_read(dir, was, &why) == 0) why = check_json(was, now, dir, unread);
    return why;
}

char *resume_check(const char *dir, const struct runjson *now, resume_spec_fn unread)
{
    struct runjson was;
    char *why = read_checked(dir, now, &was, unread);
    runjson_free(&was);
    return why;
}

/* read_rows: dir's results.tsv into t; 0, or -1 (t empty) where it cannot be read. */
static int read_rows(const char *dir, struct table *t)
{
    char *path = path_join(dir, "results.tsv"), *err = NULL;
    int rc = table_read(path, t, &err);
    if (rc) memset(t, 0, sizeof *t);
    free(err);
    free(path);
    return rc;
}

int resume_remeasured(const char *dir)
{
    struct table t;
    if (read_rows(dir, &t)) return 0;
    int n = 0;
    for (int i = 0; i < t.nrows; i++) n += row_needs_work(&t, i);
    table_free(&t);
    return n;
}

void resume_retry_read(const char *dir, struct resume_retry *rt)
{
    memset(rt, 0, sizeof *rt);
    struct table t;
    if (read_rows(dir, &t)) return;
    int f = table_col(&t, "flag");
    for (int i = 0; f >= 0 && i < t.nrows; i++) {
        if (!flag_has(table_cell(&t, i, f), CRASH_RETRY_FLAG)) continue;
        for (int c = 0; c < t.cols.n; c++) sl_push(&rt->cells, table_cell(&t, i, c));
        rt->n++;
    }
    for (int c = 0; c < t.cols.n; c++) sl_push(&rt->cols, t.cols.v[c]);
    table_free(&t);
}

int resume_retry_has(const struct resume_retry *rt, const struct strlist *names, const struct strlist *cols,
                     const struct strlist *vals)
{
    for (int i = 0; rt && i < rt->n; i++) {
        int same = 1;
        for (int k = 0; same && k < names->n; k++) {
            int a = -1, b = -1;
            for (int c = 0; c < rt->cols.n && a < 0; c++) a = strcmp(rt->cols.v[c], names->v[k]) ? -1 : c;
            for (int c = 0; c < cols->n && b < 0; c++) b = strcmp(cols->v[c], names->v[k]) ? -1 : c;
            same = a >= 0 && b >= 0 && b < vals->n && !strcmp(rt->cells.v[i * rt->cols.n + a], vals->v[b]);
        }
        if (same) return 1;
    }
    return 0;
}

void resume_retry_free(struct resume_retry *rt)
{
    sl_free(&rt->cols);
    sl_free(&rt->cells);
    memset(rt, 0, sizeof *rt);
}

char *resume_open(struct resume *rs, const char *dir, const struct runjson *now, const struct strlist *cols,
                  int continuing, resume_spec_fn unread)
{
    memset(rs, 0, sizeof *rs);
    struct runjson was;
    char *why = read_checked(dir, now, &was, unread);
    if (!why) {
        rs->started = xstrdup(rj_str(was.started));
        rs->command_line = xstrdup(rj_str(was.command_line));
        rs->clx_was = xstrdup(rj_str(was.clx_version));
        if (was.ref_probe_fault) rs->ref_probe_fault = xstrdup(was.ref_probe_fault);
        rs->ref_probed = was.ref_probed == 1;
        const cJSON *se = runjson_part(&was, RJ_SEARCH);
        rs->search_priced_older = json_num(se, "budget_share") > 0 && !cJSON_GetObjectItemCaseSensitive(se, "sweep_builds");
        for (int i = 0; i < was.resumed.n; i++) sl_push(&rs->resumed, was.resumed.v[i]);
        /* Checked: a spec that differs says the same (its comments or line ends edited alone), or
         * differs in what no row reads (unread let it by). */
        if (was.spec && now->spec && strcmp(was.spec, now->spec)) {
            char *line = spectext_first_said(was.spec, now->spec);
            rs->spec_was = xstrdup(was.spec);
            rs->spec_unread = line != NULL;
            free(line);
        }
    }
    if (why) {
        runjson_free(&was);
        return why;
    }

    char *path = path_join(dir, "results.tsv");
    size_t n = 0;
    char *text = read_file(path, &n);
    if (!text) why = xasprintf("cannot read %s: %s", path, strerror(errno));
    else if ((rs->keep_bytes = complete_length(text, n)) == 0) why = xasprintf("%s has no complete header line", path);
    char *err = NULL;
    if (!why && table_read(path, &rs->rows, &err)) { why = err; err = NULL; }
    if (!why) drop_stopped(rs, text);
    /* Each earlier session's end, a crash's read from the rows it left (their notes say how). */
    struct stat st;
    if (!why) rs->interruptions = sessions_of(&was, &rs->rows, !continuing && !stat(path, &st) ? st.st_mtime : 0);
    runjson_free(&was);
    if (!why) {
        int n = rs->rows.cols.n;
        rs->row_dev = n == cols->n + 1 && !strcmp(rs->rows.cols.v[n - 1], "dev_row_avg");
        int same = rs->rows.cols.n == cols->n + rs->row_dev;
        for (int i = 0; same && i < cols->n; i++) same = !strcmp(rs->rows.cols.v[i], cols->v[i]);
        if (!same) why = xasprintf("%s has other columns than this run writes", path);
    }
    free(text);
    free(path);
    if (why) resume_free(rs);
    return why;
}

int resume_reread(struct resume *rs, const char *dir)
{
    char *path = path_join(dir, "results.tsv"), *err = NULL;
    size_t n = 0;
    char *text = read_file(path, &n);
    struct table t;
    int rc = text && table_read(path, &t, &err) == 0 ? 0 : -1;
    if (!rc) {
        table_free(&rs->rows);
        free(rs->redo);
        rs->rows = t;
        rs->redo = NULL;
        rs->nredo = rs->ncrashed = 0;
        rs->keep_bytes = complete_length(text, n);
        drop_stopped(rs, text);
    }
    free(err);
    free(text);
    free(path);
    return rc;
}

void resume_free(struct resume *rs)
{
    table_free(&rs->rows);
    free(rs->started);
    free(rs->command_line);
    free(rs->clx_was);
    free(rs->ref_probe_fault);
    sl_free(&rs->resumed);
    free(rs->redo);
    free(rs->spec_was);
    cJSON_Delete(rs->interruptions);
    memset(rs, 0, sizeof *rs);
}
