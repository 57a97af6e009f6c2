/* test_runjson.c — run.json's one writer and one reader: a record written and read back (and
 * written again, the same bytes), an older clx's run.json, a modes run's, and a shard's written by
 * the clx before this module, whose as_run, shard and sweep hash the writer makes again exactly;
 * docs/results.md's table names every key the writer can write, and no key it never writes. */
#include "check.h"
#include "device/devinfo.h"
#include "device/peak.h"
#include "store/runjson.h"
#include "store/sweepid.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define FIX "tests/unit/fixtures/"

static char *root;  /* tests/tmp/runjson-<pid>-<time>: unique per run */

/* folder: a new folder under root for one run.json. */
static char *folder(const char *name)
{
    char *d = xasprintf("%s/%s", root, name);
    if (mkdir_p(d) != 0) die("cannot create %s", d);
    return d;
}

/* fill: a sweep's record with a value of every kind: strings, numbers, yes/no, lists, parts, and
 * each typed object. */
static void fill(struct runjson *j)
{
    runjson_init(j);
    j->clx_version = "0.2.0 (test)";
    j->experiment = "vecsum";
    j->command_line = "clx run vecsum --quick";
    sl_push(&j->args, "vecsum");
    sl_push(&j->args, "--quick");
    j->started = runjson_hold(j, "2026-11-28T10:00:00+00:00");
    j->interrupted = "2026-11-28T10:01:00+00:00";
    j->interrupted_by = "SIGPIPE (stdout closed)";
    sl_push(&j->resumed, "2026-11-28T10:02:00+00:00");
    j->device_index = "0:0";
    cJSON *dev = cJSON_CreateObject();
    cJSON_AddStringToObject(dev, RJ_DEV_NAME, "dev");
    cJSON_AddNumberToObject(dev, RJ_DEV_COMPUTE_UNITS, 8);
    cJSON_AddBoolToObject(dev, RJ_DEV_FP64, 1);
    cJSON_AddStringToObject(dev, "extensions_said", "kept as written");
    runjson_attach(j, RJ_DEVICE, dev);
    j->has_peak = 1;
    j->peak = (struct rj_peak){ .fp32_gflops = 500, .fp32_source = "model", .mem_gbs = 0, .mem_source = "unknown" };
    j->peak.fp64_gflops = NAN;
    j->seed = 1;
    j->trials = 10;
    j->batch = 0;
    j->quick = 1;
    j->timer = (struct rj_timer){ .used = "events", .check = "seen", .reported_resolution_ns = 1000, .step_ns = NAN };
    j->timer.trial_held_us = 2;
    j->timer.trial_fed_us = 40;
    j->clock_source_why = "none here";
    j->as_run = (struct rj_as_run){ .has = 1, .nvariants = 1, .naxes = 1 };
    j->as_run.variants = xcalloc(1, sizeof *j->as_run.variants);
    j->as_run.variants[0] = (struct rj_variant){ .id = "naive", .kernel = "vecsum" };
    sl_push(&j->as_run.variants[0].keys, "ILP");
    sl_push(&j->as_run.variants[0].values, "1");
    sl_push(&j->as_run.builds, "");
    j->as_run.axes = xcalloc(1, sizeof *j->as_run.axes);
    j->as_run.axes[0].name = "local";
    sl_push(&j->as_run.axes[0].values, "64");
    j->counts = (struct rj_counts){ .has = 1, .builds_compiled = 2, .builds_from_cache = NAN, .outputs_on_device = NAN,
                                    .outputs_on_host = NAN, .shared = 0, .files_unwritten = 2 };
    j->counts.st.n[RS_OK] = 3;
    cJSON *t = cJSON_CreateObject();
    cJSON_AddNumberToObject(t, "wall", 1.5);
    runjson_attach(j, RJ_TIME_S, t);
    j->host_load = (struct rj_host_load){ .has = 1, .cpus = 2, .seconds = 4.5, .load_avg_start = 1.75,
                                          .load_avg_end = NAN, .others_share = 0.46, .clx_share = 0.5 };
}

/* A record written, read back with every field as it was, and written again: the same bytes. */
static void test_round_trip(void)
{
    struct runjson j, k, l;
    fill(&j);
    char *a = folder("a"), *b = folder("b");
    CHECK(runjson_write(a, &j) == 0);
    char *err = NULL;
    CHECK(runjson_read(a, &k, &err) == 0);
    CHECK_STR(k.experiment, "vecsum");
    CHECK_STR(k.started, "2026-11-28T10:00:00+00:00");
    CHECK(k.finished == NULL);
    CHECK_STR(k.interrupted, "2026-11-28T10:01:00+00:00");
    CHECK_STR(k.interrupted_by, "SIGPIPE (stdout closed)");
    CHECK(k.args.n == 2 && !strcmp(k.args.v[1], "--quick"));
    CHECK(k.resumed.n == 1);
    CHECK_STR(k.device.name, "dev");
    CHECK_STR(k.device.vendor, "");
    CHECK(k.device.compute_units == 8 && k.device.fp64 == 1 && isnan(k.device.max_clock_mhz));
    CHECK(k.has_peak && k.peak.fp32_gflops == 500 && isnan(k.peak.fp64_gflops));
    CHECK(k.trials == 10 && k.batch == 0 && isnan(k.warmups) && k.quick == 1);
    CHECK_STR(k.timer.used, "events");
    CHECK(isnan(k.timer.step_ns) && k.timer.trial_fed_us == 40);
    CHECK(k.clock_source == NULL);
    CHECK_STR(k.clock_source_why, "none here");
    CHECK(k.as_run.nvariants == 1 && k.as_run.variants[0].keys.n == 1);
    CHECK_STR(k.as_run.variants[0].values.v[0], "1");
    CHECK(k.as_run.builds.n == 1 && k.as_run.naxes == 1 && k.as_run.derived.n == 0);
    CHECK(k.counts.has && k.counts.st.n[RS_OK] == 3 && k.counts.builds_compiled == 2 && isnan(k.counts.outputs_on_host));
    CHECK(k.counts.files_unwritten == 2);
    CHECK(json_num(runjson_part(&k, RJ_TIME_S), "wall") == 1.5);
    CHECK(k.shard.n == 0 && runjson_part(&k, RJ_ENERGY) == NULL);
    /* A CPU device's host load, a figure it could not read left out. */
    CHECK(k.host_load.has && k.host_load.cpus == 2 && k.host_load.others_share == 0.46 && isnan(k.host_load.load_avg_end));
    /* What was written, as run.json has always said it: a null clock source beside its why, a
     * null step, no key for what the record does not say. */
    cJSON *doc = runjson_doc(&k);
    CHECK(cJSON_IsNull(cJSON_GetObjectItem(doc, RJ_CLOCK_SOURCE)));
    CHECK(cJSON_IsNull(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, RJ_TIMER), "step_ns")));
    CHECK(!cJSON_GetObjectItem(doc, RJ_WARMUPS) && !cJSON_GetObjectItem(doc, RJ_FINISHED));
    CHECK_STR(json_str(cJSON_GetObjectItem(doc, RJ_DEVICE), "extensions_said"), "kept as written");
    CHECK(!cJSON_GetObjectItem(cJSON_GetObjectItem(doc, RJ_HOST_LOAD), "load_avg_end"));
    cJSON_Delete(doc);
    CHECK(runjson_write(b, &k) == 0);
    char *pa = xasprintf("%s/run.json", a), *pb = xasprintf("%s/run.json", b);
    char *ta = read_file(pa, NULL), *tb = read_file(pb, NULL);
    CHECK(ta && tb && !strcmp(ta, tb));
    CHECK(runjson_read("tests/unit/fixtures/nowhere", &l, &err) == -1 && err && strstr(err, "run.json"));
    free(err);
    runjson_free(&l);
    free(ta); free(tb); free(pa); free(pb); free(a); free(b);
    runjson_free(&k);
    runjson_free(&j);
}

/* A search's space as the number of its variants and their hash: read back, written again the same,
 * and no list of variants. */
static void test_search_space(void)
{
    struct runjson j, k;
    fill(&j);
    sl_free(&j.as_run.variants[0].keys);
    sl_free(&j.as_run.variants[0].values);
    j.as_run.nvariants = 0;
    j.as_run.variants_count = 62128;
    j.as_run.variants_hash = "f2cb09c67f3aa88f";
    char *a = folder("s"), *b = folder("t"), *err = NULL;
    CHECK(runjson_write(a, &j) == 0);
    CHECK(runjson_read(a, &k, &err) == 0);
    CHECK(k.as_run.nvariants == 0 && k.as_run.variants_count == 62128);
    CHECK_STR(k.as_run.variants_hash, "f2cb09c67f3aa88f");
    cJSON *doc = runjson_doc(&k);
    CHECK(!cJSON_GetObjectItem(cJSON_GetObjectItem(doc, RJ_AS_RUN), "variants"));
    cJSON_Delete(doc);
    CHECK(runjson_write(b, &k) == 0);
    char *pa = xasprintf("%s/run.json", a), *pb = xasprintf("%s/run.json", b);
    char *ta = read_file(pa, NULL), *tb = read_file(pb, NULL);
    CHECK(ta && tb && !strcmp(ta, tb));
    free(ta); free(tb); free(pa); free(pb); free(a); free(b);
    j.as_run.variants_hash = NULL;
    runjson_free(&k);
    runjson_free(&j);
}

/* Parts attached and dropped; typed fields dropped; a key's value as written. */
static void test_parts(void)
{
    struct runjson j;
    fill(&j);
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "why", "not asked");
    runjson_attach(&j, RJ_ENERGY, e);
    CHECK_STR(json_str(runjson_part(&j, RJ_ENERGY), "why"), "not asked");
    runjson_drop(&j, RJ_ENERGY);
    CHECK(runjson_part(&j, RJ_ENERGY) == NULL);
    runjson_drop(&j, RJ_ARGS);
    runjson_drop(&j, RJ_TRIALS);
    CHECK(j.args.n == 0 && isnan(j.trials));
    cJSON *c = runjson_value(&j, RJ_COUNTS), *s = runjson_value(&j, RJ_STARTED);
    CHECK(json_num(c, "ok") == 3 && cJSON_IsString(s));
    CHECK(runjson_value(&j, RJ_TRIALS) == NULL && runjson_value(&j, RJ_MERGED) == NULL);
    cJSON_Delete(c);
    cJSON_Delete(s);
    char *line = runjson_counts_line(&j);
    CHECK_CONTAINS(line, "3 ok");
    free(line);
    runjson_free(&j);
}

/* A run.json of an older clx (the keys tests/e2e/report.sh's folders have): what it lacks is not
 * said, a peak of 0 is unknown, an axis given as one value counts one, and a key this clx does not
 * know stays when the record is written again. */
static void test_older_file(void)
{
    struct runjson j;
    char *err = NULL, *text = read_file(FIX "runjson_old.json", NULL);
    CHECK(text != NULL);
    if (!text) return;
    runjson_parse(&j, cJSON_Parse(text));
    free(text);
    CHECK_STR(j.experiment, "fixture");
    CHECK(j.finished && !j.interrupted && !j.kind && j.args.n == 0);
    CHECK(!j.host_load.has && isnan(j.host_load.others_share));
    CHECK(isnan(j.warmups) && rj_num(j.warmups) == 0 && j.quick == -1 && j.timer.used == NULL);
    CHECK_STR(rj_str(j.cache), "");
    CHECK_STR(j.device.platform_version, "OpenCL 3.0 test");
    CHECK(runjson_figure(&j, RJF_COMPUTE_UNITS) == 4 && runjson_figure(&j, RJF_MAX_CLOCK_MHZ) == 1000);
    CHECK(runjson_figure(&j, RJF_FP64) == 0 && isnan(runjson_figure(&j, RJF_MAX_WG)));
    CHECK(runjson_figure(&j, RJF_PEAK_FP32) == 100 && isnan(runjson_figure(&j, RJF_PEAK_GBS)));
    CHECK(isnan(runjson_figure(&j, RJF_PEAK_FP64)));
    double peaks[4];
    CHECK(runjson_peaks(&j, peaks, 4) == 1 && peaks[0] == 100);
    CHECK(j.as_run.has && j.as_run.nvariants == 0 && j.as_run.naxes == 3);
    CHECK_STR(j.as_run.axes[2].name, "local");
    CHECK(j.as_run.axes[2].values.n == 1 && !strcmp(j.as_run.axes[2].values.v[0], "64"));
    CHECK(j.as_run.derived.n == 1);
    char *line = runjson_counts_line(&j);
    CHECK_CONTAINS(line, "32 ok, 1 FAIL");
    free(line);
    cJSON *doc = runjson_doc(&j);
    CHECK_STR(json_str(doc, "provenance_note"), "a key this clx does not know");
    CHECK(!cJSON_GetObjectItem(doc, RJ_WARMUPS) && !cJSON_GetObjectItem(doc, RJ_CLOCK_SOURCE));
    CHECK(!cJSON_GetObjectItem(cJSON_GetObjectItem(doc, RJ_PEAK), "fp64_gflops"));
    CHECK(!cJSON_GetObjectItem(cJSON_GetObjectItem(doc, RJ_AS_RUN), "variants"));
    cJSON_Delete(doc);
    free(err);
    runjson_free(&j);
}

/* A modes run's run.json: its kind, its devices, "device" a name alone. */
static void test_modes(void)
{
    struct runjson j;
    runjson_parse(&j, cJSON_Parse("{\"devices\":[{\"k\":1,\"index\":\"0:0\",\"name\":\"cpu\",\"driver\":\"6.0\","
                                  "\"type\":\"CPU\"}],\"experiment\":\"expint\",\"kind\":\"modes\",\"one_device\":true,"
                                  "\"host_memory\":{\"pinned\":6},\"device\":\"cpu\"}"));
    CHECK_STR(j.kind, "modes");
    CHECK(j.ndevices == 1 && j.one_device == 1);
    CHECK_STR(j.devices[0].type, "CPU");
    CHECK_STR(j.devices[0].platform, "");
    CHECK_STR(j.device.name, "cpu");
    CHECK(json_num(runjson_part(&j, RJ_HOST_MEMORY), "pinned") == 6);
    cJSON *d = runjson_value(&j, RJ_DEVICES);
    CHECK(json_num(cJSON_GetArrayItem(d, 0), "k") == 1);
    cJSON_Delete(d);
    runjson_free(&j);
}

/* A shard's run.json as the clx before this module wrote it: written again, its axes as run and
 * its shard object are the same text (clx run --resume compares them), and the sweep hash made
 * again over it is the one recorded (clx merge reads it). Its counts gain one key alone: "cut", 0
 * (the status came later; that clx's rows a stop cut short are ok with the flag rounds-cut). */
static void test_older_shard(void)
{
    struct runjson j;
    char *text = read_file(FIX "runjson_shard.json", NULL);
    CHECK(text != NULL);
    if (!text) return;
    cJSON *was = cJSON_Parse(text);
    free(text);
    runjson_parse(&j, cJSON_Duplicate(was, 1));
    CHECK(j.shard.k == 1 && j.shard.n == 2 && j.shard.norder == j.shard.variants);
    char *stored = xstrdup(j.shard.sweep);
    j.shard.sweep = NULL;
    cJSON *doc = runjson_doc(&j);
    static const char *const same[] = { RJ_AS_RUN, RJ_DEVICE, RJ_SPEC, RJ_COUNTS, RJ_PEAK };
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        char *a = cJSON_PrintUnformatted(cJSON_GetObjectItem(was, same[i])), *b = cJSON_PrintUnformatted(cJSON_GetObjectItem(doc, same[i]));
        const char *un = strcmp(same[i], RJ_COUNTS) ? NULL : strstr(a, "\"unverified\":");
        char *want = un ? xasprintf("%.*s\"cut\":0,%s", (int)(un - a), a, un) : xstrdup(a);
        CHECK(!un || !strstr(a, "\"cut\""));
        CHECK_STR(want, b);
        free(want);
        cJSON_free(a);
        cJSON_free(b);
    }
    char *a = cJSON_PrintUnformatted(cJSON_GetObjectItem(was, RJ_SHARD)), *b = cJSON_PrintUnformatted(cJSON_GetObjectItem(doc, RJ_SHARD));
    CHECK_STR(a, b);
    CHECK_STR(json_str(cJSON_GetObjectItem(doc, RJ_SHARD), "sweep"), stored);
    cJSON_free(a);
    cJSON_free(b);
    free(stored);
    cJSON_Delete(doc);
    cJSON_Delete(was);
    runjson_free(&j);
}

/* What a peak is, as data: the kind run.json says; a run of an older clx said it only in the source's
 * words ("upper-bound estimate"); an unknown figure (0) is no kind. */
static void test_peak_kinds(void)
{
    const char *text = "{ \"peak\": { \"fp32_gflops\": 474, \"fp32_source\": \"CPU (upper-bound estimate from this host)\", "
                       "\"fp64_gflops\": 237, \"fp64_source\": \"CPU\", \"fp64_kind\": \"environment\", "
                       "\"mem_gbs\": 0, \"mem_source\": \"unknown\", \"fp16_gflops\": 100, \"fp16_source\": \"table\" } }";
    struct runjson j;
    runjson_parse(&j, cJSON_Parse(text));
    CHECK_STR(runjson_peak_kind(&j, "fp32"), RJ_PEAK_KIND_ESTIMATE);
    CHECK(runjson_peak_estimate(&j, "fp32"));
    CHECK_STR(runjson_peak_kind(&j, "fp64"), RJ_PEAK_KIND_GIVEN);
    CHECK(!runjson_peak_estimate(&j, "fp64"));
    CHECK_STR(runjson_peak_kind(&j, "fp16"), RJ_PEAK_KIND_THEORETICAL);
    CHECK(runjson_peak_kind(&j, "mem") == NULL && runjson_peak_kind(&j, "tensor") == NULL);
    CHECK(runjson_peak_kind(&j, "nonsense") == NULL && runjson_peak_kind(&j, NULL) == NULL);
    CHECK_STR(runjson_figure_peak(RJF_PEAK_FP64), "fp64");
    CHECK(runjson_figure_peak(RJF_CACHE) == NULL);
    runjson_free(&j);
}

/* ---- docs/results.md's table of run.json's keys ---------------------------------------------- */

/* doc_keys: the keys of docs/results.md's run.json table, "a.b" and "a[].b" as written there (a
 * cell may name several, comma-separated). */
static void doc_keys(struct strlist *out)
{
    char *text = read_file("docs/results.md", NULL);
    CHECK(text != NULL);
    if (!text) return;
    struct strlist lines = {0};
    sl_split(&lines, text, '\n');
    int on = 0;
    for (int i = 0; i < lines.n; i++) {
        const char *l = lines.v[i];
        if (!strncmp(l, "## ", 3)) on = !strcmp(l, "## run.json");
        if (!on || strncmp(l, "| `", 3)) continue;
        const char *end = strchr(l + 1, '|');
        char *cell = xasprintf("%.*s", (int)(end ? end - l - 1 : 0), l + 1);
        struct strlist names = {0};
        sl_split(&names, cell, ',');
        for (int k = 0; k < names.n; k++) {
            char *n = str_trim(names.v[k]);
            size_t len = strlen(n);
            if (len > 2 && n[0] == '`' && n[len - 1] == '`') sl_push_own(out, xasprintf("%.*s", (int)len - 2, n + 1));
        }
        sl_free(&names);
        free(cell);
    }
    sl_free(&lines);
    free(text);
}

static int has(const struct strlist *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s)) return 1;
    return 0;
}

/* walk: the paths of x's keys under prefix into out ("a.b"; a list of objects "a[].b"), but not
 * below the objects whose keys are the spec's names (a variant's parameters, the launch axes). */
static void walk(const cJSON *x, const char *prefix, struct strlist *out)
{
    static const char *const named_by_spec[] = { "as_run.variants[].params", "as_run.launch", NULL };
    for (int k = 0; named_by_spec[k]; k++)
        if (!strcmp(prefix, named_by_spec[k])) return;
    const cJSON *c;
    if (cJSON_IsArray(x)) {
        char *p = xasprintf("%s[]", prefix);
        cJSON_ArrayForEach(c, x) if (cJSON_IsObject(c)) walk(c, p, out);
        free(p);
        return;
    }
    if (!cJSON_IsObject(x)) return;
    cJSON_ArrayForEach(c, x) {
        char *p = *prefix ? xasprintf("%s.%s", prefix, c->string) : xstrdup(c->string);
        if (!has(out, p)) sl_push(out, p);
        walk(c, p, out);
        free(p);
    }
}

/* fill_all: a record that says every typed key and every key of its typed objects (a sweep's, a
 * modes run's and a shard's at once), and the device part as devinfo.c writes it; no other part
 * (their keys are their owners', named in their rows). */
static void fill_all(struct runjson *j)
{
    runjson_init(j);
    j->clx_version = j->experiment = j->description = j->kind = j->command_line = "x";
    j->started = j->finished = j->interrupted = j->interrupted_by = "2026-12-01T02:07:09+00:00";
    sl_push(&j->args, "x");
    sl_push(&j->resumed, "2026-12-01T02:07:09+00:00");
    j->host = j->os = j->device_selector = j->device_index = "x";
    j->ndevices = 1;
    j->devices = xcalloc(1, sizeof *j->devices);
    j->devices[0] = (struct rj_mdevice){ "0:0", "x", "x", "x", "x", "x", "CPU" };
    struct devprops dp;
    struct peak pk;
    memset(&dp, 0, sizeof dp);
    memset(&pk, 0, sizeof pk);
    runjson_attach(j, RJ_DEVICE, devinfo_json(&dp, &pk));
    j->has_peak = 1;
    j->peak = (struct rj_peak){ 1, 1, 1, 1, 1, 1, 1, 1, 1, "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x", 1, 1 };
    j->seed = j->warmups = j->trials = j->rounds = j->batch = j->max_seconds = j->target_cv = j->target_se = 1;
    j->max_rounds = j->round_gap_s = j->host_round_trip_ms = j->cache_flush_bytes = j->chunks = 1;
    j->cache = "warm";
    j->timer = (struct rj_timer){ "events", "x", 1, 1, 1, 1 };
    j->quick = j->one_device = 1;
    j->verify = j->device_lock = j->device_turn = j->verify_on = j->verify_on_why = "x";
    j->trial_clock = j->trial_clock_why = j->nvidia_jit_cache = j->blocker_why = "x";
    j->clock_source = j->clock_source_why = "x";
    j->clock_max_mhz = 1;
    j->spec_file = j->spec = j->template_sha = j->reference_sha = "x";
    struct rj_as_run *a = &j->as_run;
    *a = (struct rj_as_run){ .has = 1, .nvariants = 1, .naxes = 1, .variants_count = 1, .variants_hash = "x",
                             .restricted = 1 };
    a->variants = xcalloc(1, sizeof *a->variants);
    a->variants[0] = (struct rj_variant){ .id = "x", .kernel = "x" };
    sl_push(&a->variants[0].keys, "ILP");
    sl_push(&a->variants[0].values, "1");
    sl_push(&a->builds, "");
    a->axes = xcalloc(1, sizeof *a->axes);
    a->axes[0].name = "local";
    sl_push(&a->axes[0].values, "64");
    sl_push(&a->derived, "ITERS");
    j->shard = (struct rj_shard){ .k = 1, .n = 2, .unit = "groups", .configurations = 1, .owned = 1, .helpers = 1,
                                  .variants = 1, .builds = 1, .lines = 1, .locals = 1, .norder = 1, .sweep = "x" };
    j->shard.order = xcalloc(1, sizeof *j->shard.order);
    sl_push(&j->shard.options, "x");
    j->counts = (struct rj_counts){ .has = 1, .builds_compiled = 1, .builds_from_cache = 1, .outputs_on_device = 1,
                                    .outputs_on_host = 1, .shared = 1, .files_unwritten = 1 };
    j->host_load = (struct rj_host_load){ .has = 1, .cpus = 1, .seconds = 1, .load_avg_start = 1, .load_avg_end = 1,
                                          .others_share = 1, .clx_share = 1 };
}

/* Every top-level key (runjson.c's table) and every key of the typed objects and of the device
 * has a row in docs/results.md's table of run.json; every row names a key the writer writes. */
static void test_keys_documented(void)
{
    struct strlist doc = {0}, written = {0}, top = {0};
    doc_keys(&doc);
    CHECK(doc.n > 100);
    for (int i = 0; runjson_key(i); i++) {
        sl_push(&top, runjson_key(i));
        if (!has(&doc, runjson_key(i))) {
            fprintf(stderr, "  docs/results.md: run.json's \"%s\" has no row\n", runjson_key(i));
            CHECK(!"every top-level key documented");
        }
    }
    struct runjson j;
    fill_all(&j);
    cJSON *d = runjson_doc(&j);
    walk(d, "", &written);
    cJSON_Delete(d);
    for (int i = 0; i < written.n; i++)
        if (!has(&doc, written.v[i])) {
            fprintf(stderr, "  docs/results.md: run.json's \"%s\" has no row\n", written.v[i]);
            CHECK(!"every key written documented");
        }
    /* And the other way: a row names a key written (a part's own keys are named in its row). */
    for (int i = 0; i < doc.n; i++)
        if (!has(&written, doc.v[i]) && !has(&top, doc.v[i])) {
            fprintf(stderr, "  docs/results.md: run.json's table has \"%s\", which clx never writes\n", doc.v[i]);
            CHECK(!"every row a key written");
        }
    runjson_free(&j);
    sl_free(&doc);
    sl_free(&written);
    sl_free(&top);
}

/* json_set: a member set anew stays one member, in its place; a new one goes last. */
static void test_json_set(void)
{
    cJSON *o = cJSON_Parse("{\"a\": 1, \"b\": \"x\"}");
    json_set_number(o, "a", 3);
    json_set_text(o, "b", "y");
    json_set_text(o, "c", "z");
    char *text = cJSON_PrintUnformatted(o);
    CHECK_STR(text, "{\"a\":3,\"b\":\"y\",\"c\":\"z\"}");
    free(text);
    cJSON_Delete(o);
}

/* json_int, json_long: a count read whole, 0 where absent or no number, clamped where beyond the
 * type (1e20, 1e999: cJSON reads infinity), never converted with undefined behaviour. */
static void test_json_whole(void)
{
    cJSON *o = cJSON_Parse("{\"n\": 7.9, \"neg\": -3.5, \"big\": 1e20, \"small\": -1e20, \"inf\": 1e999, "
                           "\"s\": \"4\", \"edge\": 9223372036854775807}");
    CHECK(o != NULL);
    CHECK(json_int(o, "n") == 7 && json_int(o, "neg") == -3);
    CHECK(json_int(o, "absent") == 0 && json_int(o, "s") == 0 && json_int(NULL, "n") == 0);
    CHECK(json_int(o, "big") == INT_MAX && json_int(o, "small") == INT_MIN);
    CHECK(json_int(o, "inf") == 0 && json_long(o, "inf") == 0);
    CHECK(json_long(o, "big") == LONG_MAX && json_long(o, "small") == LONG_MIN && json_long(o, "n") == 7);
    CHECK(json_long(o, "edge") == LONG_MAX && json_long(o, "absent") == 0);
    cJSON_Delete(o);
}

int main(void)
{
    RUN(test_peak_kinds);
    RUN(test_json_set);
    RUN(test_json_whole);
    root = xasprintf("tests/tmp/runjson-%ld-%ld", (long)getpid(), (long)time(NULL));
    if (mkdir_p(root) != 0) die("cannot create %s", root);
    RUN(test_round_trip);
    RUN(test_search_space);
    RUN(test_parts);
    RUN(test_older_file);
    RUN(test_modes);
    RUN(test_older_shard);
    RUN(test_keys_documented);
    free(root);
    CHECK_EXIT();
}
