/* runjson.c — run.json's one table of top-level keys, walked by one reader and one writer; the
 * parts (subtrees) their owners attach; the record's life (init, hold, free). */
#include "runjson_impl.h"
#include "results.h"
#include "mergeleft.h"
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* What a key's value is in the record: a string, a number, a yes/no or a list of strings in the
 * field at off; a part (a subtree kept in doc, with a view read from it when ops is set); or a
 * typed object with its own ops. */
enum rj_type { T_STR, T_NUM, T_BOOL, T_LIST, T_PART, T_OWN };
struct rj_row { const char *key; enum rj_type type; size_t off; const struct rj_ops *ops; };

/* The file's order: a run writes them so (modes, merge and the --split's keys where they fit). To
 * add a key: its RJ_ constant (runjson.h), its field, and a row here. */
#define S(k, f) { .key = k, .type = T_STR, .off = offsetof(struct runjson, f) }
#define N(k, f) { .key = k, .type = T_NUM, .off = offsetof(struct runjson, f) }
#define B(k, f) { .key = k, .type = T_BOOL, .off = offsetof(struct runjson, f) }
#define L(k, f) { .key = k, .type = T_LIST, .off = offsetof(struct runjson, f) }
#define P(k, v) { .key = k, .type = T_PART, .ops = v }
#define O(k, o) { .key = k, .type = T_OWN, .ops = &o }
static const struct rj_row rows[] = {
    S(RJ_CLX_VERSION, clx_version), S(RJ_EXPERIMENT, experiment), S(RJ_DESCRIPTION, description), S(RJ_KIND, kind),
    S(RJ_COMMAND_LINE, command_line), L(RJ_ARGS, args), S(RJ_STARTED, started), S(RJ_FINISHED, finished),
    S(RJ_INTERRUPTED, interrupted), S(RJ_INTERRUPTED_BY, interrupted_by), S(RJ_WORKER_CRASH, worker_crash),
    S(RJ_SESSION_CRASHES, session_crashes),
    L(RJ_RESUMED, resumed), P(RJ_INTERRUPTIONS, NULL),
    S(RJ_HOST, host), S(RJ_OS, os),
    S(RJ_DEVICE_SELECTOR, device_selector), S(RJ_DEVICE_INDEX, device_index), O(RJ_DEVICES, rj_mdevices_ops),
    P(RJ_DEVICE, &rj_device_view), O(RJ_PEAK, rj_peak_ops), N(RJ_SEED, seed), B(RJ_ONE_DEVICE, one_device),
    N(RJ_CHUNKS, chunks), S(RJ_BUILD, build), N(RJ_WARMUPS, warmups), N(RJ_TRIALS, trials), N(RJ_ROUNDS, rounds), N(RJ_BATCH, batch),
    N(RJ_MAX_SECONDS, max_seconds), N(RJ_TARGET_CV, target_cv), N(RJ_TARGET_SE, target_se),
    N(RJ_MAX_ROUNDS, max_rounds), N(RJ_ROUND_GAP_S, round_gap_s), S(RJ_CACHE, cache),
    N(RJ_HOST_ROUND_TRIP, host_round_trip_ms), O(RJ_TIMER, rj_timer_ops), N(RJ_CACHE_FLUSH, cache_flush_bytes),
    B(RJ_QUICK, quick), N(RJ_PLANNED_ROWS, planned_rows), P(RJ_HOST_MEMORY, NULL), P(RJ_POINT, NULL), S(RJ_VERIFY, verify),
    S(RJ_REF_PROBE_FAULT, ref_probe_fault), B(RJ_REF_PROBED, ref_probed),
    S(RJ_DEVICE_LOCK, device_lock), S(RJ_DEVICE_TURN, device_turn), S(RJ_VERIFY_ON, verify_on),
    S(RJ_TRIAL_CLOCK, trial_clock), S(RJ_TRIAL_CLOCK_WHY, trial_clock_why), P(RJ_BLOCKER, NULL),
    S(RJ_NVIDIA_JIT_CACHE, nvidia_jit_cache), S(RJ_BLOCKER_WHY, blocker_why), O(RJ_CLOCK_SOURCE, rj_clock_ops), N(RJ_CLOCK_MAX_MHZ, clock_max_mhz),
    S(RJ_CLOCK_SOURCE_WHY, clock_source_why), P(RJ_ENERGY, NULL), P(RJ_PREHEAT, NULL),
    S(RJ_VERIFY_ON_WHY, verify_on_why), P(RJ_EXPECT, NULL), P(RJ_ISA_INSTR, NULL), S(RJ_SPEC_FILE, spec_file),
    S(RJ_SPEC, spec), S(RJ_TEMPLATE_SHA, template_sha), S(RJ_REFERENCE_SHA, reference_sha), O(RJ_AS_RUN, rj_as_run_ops), P(RJ_TUNE, NULL), O(RJ_SHARD, rj_shard_ops),
    P(RJ_SOL, NULL), P(RJ_SEARCH, NULL), P(RJ_TIME_S, NULL), O(RJ_HOST_LOAD, rj_host_load_ops), O(RJ_COUNTS, rj_counts_ops),
    P(RJ_REPEATABILITY, NULL), P(RJ_SPLIT, NULL), P(RJ_MERGED, NULL),
};
#undef S
#undef N
#undef B
#undef L
#undef P
#undef O
#define NROWS (sizeof rows / sizeof *rows)

static const struct rj_row *row_of(const char *key)
{
    for (size_t i = 0; i < NROWS; i++)
        if (!strcmp(rows[i].key, key)) return &rows[i];
    return NULL;
}

/* at: the row's field in r. */
static void *at(const struct runjson *r, const struct rj_row *w) { return (char *)r + w->off; }

/* ---- one field -------------------------------------------------------------------------------- */

/* forget: the row's field says nothing; what it held is freed (a part's subtree stays in doc). */
static void forget(struct runjson *r, const struct rj_row *w)
{
    void *f = at(r, w);
    switch (w->type) {
    case T_STR: *(const char **)f = NULL; break;
    case T_NUM: *(double *)f = NAN; break;
    case T_BOOL: *(int *)f = -1; break;
    case T_LIST: sl_free(f); memset(f, 0, sizeof(struct strlist)); break;
    default: if (w->ops) w->ops->clear(r); break;
    }
}

/* take: the row's field from x, its value in the file. */
static void take(struct runjson *r, const struct rj_row *w, const cJSON *x)
{
    void *f = at(r, w);
    switch (w->type) {
    case T_STR: *(const char **)f = json_text(x); break;
    case T_NUM: *(double *)f = json_number(x); break;
    case T_BOOL: *(int *)f = cJSON_IsBool(x) ? cJSON_IsTrue(x) : -1; break;
    case T_LIST: json_strings(x, f); break;
    default: if (w->ops) w->ops->get(r, x); break;
    }
}

/* put: the row's key into doc when r says it (a list: when it has strings, as a run always wrote it). */
static void put(cJSON *doc, const struct runjson *r, const struct rj_row *w)
{
    const void *f = at(r, w);
    const cJSON *x;
    switch (w->type) {
    case T_STR: json_add_text(doc, w->key, *(const char *const *)f); break;
    case T_NUM: json_add_number(doc, w->key, *(const double *)f); break;
    case T_BOOL: if (*(const int *)f >= 0) cJSON_AddBoolToObject(doc, w->key, *(const int *)f); break;
    case T_LIST: if (((const struct strlist *)f)->n) cJSON_AddItemToObject(doc, w->key, json_string_array(f)); break;
    case T_PART:
        if ((x = cJSON_GetObjectItemCaseSensitive(r->doc, w->key))) cJSON_AddItemToObject(doc, w->key, cJSON_Duplicate(x, 1));
        break;
    case T_OWN: w->ops->put(doc, w->key, r); break;
    }
}

/* ---- the record ------------------------------------------------------------------------------ */

void runjson_init(struct runjson *r)
{
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < NROWS; i++) forget(r, &rows[i]);
    r->doc = cJSON_CreateObject();
}

void runjson_free(struct runjson *r)
{
    for (size_t i = 0; i < NROWS; i++) forget(r, &rows[i]);
    cJSON_Delete(r->doc);
    sl_free(&r->held);
    memset(r, 0, sizeof *r);
}

const char *runjson_hold(struct runjson *r, const char *s)
{
    if (!s) return NULL;
    sl_push(&r->held, s);
    return r->held.v[r->held.n - 1];
}

/* part_row: key's row, which must be a part's: another key is a mistake in clx, said at once. */
static const struct rj_row *part_row(const char *key)
{
    const struct rj_row *w = row_of(key);
    if (!w || w->type != T_PART) die("run.json: \"%s\" is no part of run.json (runjson.c's table)", key);
    return w;
}

void runjson_attach(struct runjson *r, const char *key, cJSON *part)
{
    const struct rj_row *w = part_row(key);
    if (!part) return;
    json_set(r->doc, key, part);
    if (w->ops) w->ops->get(r, part);
}

const cJSON *runjson_part(const struct runjson *r, const char *key)
{
    part_row(key);
    return cJSON_GetObjectItemCaseSensitive(r->doc, key);
}

void runjson_drop(struct runjson *r, const char *key)
{
    const struct rj_row *w = row_of(key);
    if (w) forget(r, w);
    if (!w || w->type == T_PART) cJSON_DeleteItemFromObjectCaseSensitive(r->doc, key);
}

/* ---- the one writer and the one reader ------------------------------------------------------- */

cJSON *runjson_doc(const struct runjson *r)
{
    cJSON *doc = cJSON_CreateObject();
    for (size_t i = 0; i < NROWS; i++) put(doc, r, &rows[i]);
    /* Keys this clx does not know (a file another clx wrote, read back): kept as they were. */
    const cJSON *x;
    cJSON_ArrayForEach(x, r->doc)
        if (x->string && !row_of(x->string)) cJSON_AddItemToObject(doc, x->string, cJSON_Duplicate(x, 1));
    return doc;
}

const char *runjson_key(int i) { return i >= 0 && (size_t)i < NROWS ? rows[i].key : NULL; }

cJSON *runjson_value(const struct runjson *r, const char *key)
{
    const struct rj_row *w = row_of(key);
    cJSON *tmp = cJSON_CreateObject();
    if (w) put(tmp, r, w);
    else if (cJSON_GetObjectItemCaseSensitive(r->doc, key))
        cJSON_AddItemToObject(tmp, key, cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(r->doc, key), 1));
    cJSON *x = cJSON_DetachItemFromObjectCaseSensitive(tmp, key);
    cJSON_Delete(tmp);
    return x;
}

int runjson_write(const char *dir, const struct runjson *r)
{
    cJSON *doc = runjson_doc(r);
    struct results res = { .dir = (char *)dir };
    int rc = results_write_json(&res, "run.json", doc), e = errno;
    cJSON_Delete(doc);
    errno = e;
    return rc;
}

void runjson_parse(struct runjson *r, cJSON *doc)
{
    runjson_init(r);
    cJSON_Delete(r->doc);
    r->doc = doc;
    for (size_t i = 0; i < NROWS; i++) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(doc, rows[i].key);
        if (x) take(r, &rows[i], x);
    }
}

/* stranded: *err made what happened to a folder with results.tsv and no run.json, rather than a bare
 * ENOENT: an earlier clx measured on when its first run.json could not be written (a full disk; a
 * run now stops there), and left rows with nothing to say what they are of (device, spec, command);
 * or a clx merge did not finish there (mergeleft.h: known by its marks, said with the merge to run). */
static void stranded(const char *dir, char **err)
{
    char *js = path_join(dir, "run.json"), *tsv = path_join(dir, "results.tsv"), *left = merge_left(dir);
    if (left) {                 /* a merge's, not a run's: its own words and the merge that ends it */
        free(*err);
        *err = left;
    } else if (!file_exists(js) && file_exists(tsv)) {
        free(*err);
        *err = xasprintf("%s holds results.tsv but no run.json: the run could not write it when it started (a full "
                         "disk), or it was removed; without it the rows cannot be reported, compared or resumed (run.json "
                         "says their device, spec and command): measure them again with clx run into a folder with room "
                         "(where an older clx's merge wrote them and did not finish, that clx merge into a new folder "
                         "instead)", dir);
    }
    free(js);
    free(tsv);
}

int runjson_read(const char *dir, struct runjson *r, char **err)
{
    cJSON *doc = results_read_json(dir, "run.json", err);
    if (!doc) {
        runjson_init(r);
        stranded(dir, err);
        return -1;
    }
    runjson_parse(r, doc);
    return 0;
}
