/* runjson_machine.c — run.json's objects about the machine: the device as readers see it, the
 * theoretical peaks, the timer, the clocks' source, a modes run's devices, the host's load during a
 * CPU device's sweep, and the figures a finding's check may name. */
#include "runjson_impl.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- "device": a view of the part devinfo.c writes ---------------------------------------------- */

/* The view's strings and numbers, by key. */
#define DS(k, f) { k, offsetof(struct rj_device, f) }
static const struct { const char *key; size_t off; } device_texts[] = {
    DS(RJ_DEV_NAME, name), DS(RJ_DEV_VENDOR, vendor), DS(RJ_DEV_PLATFORM, platform),
    DS(RJ_DEV_PLATFORM_VERSION, platform_version), DS(RJ_DEV_DRIVER_VERSION, driver_version), DS(RJ_DEV_TYPE, type),
    DS(RJ_DEV_DRIVER_ENV, driver_env),
}, device_numbers[] = {
    DS(RJ_DEV_COMPUTE_UNITS, compute_units), DS(RJ_DEV_MAX_CLOCK_MHZ, max_clock_mhz), DS(RJ_DEV_MAX_WG, max_work_group_size),
    DS(RJ_DEV_LOCAL_MEM, local_mem_bytes), DS(RJ_DEV_GLOBAL_MEM, global_mem_bytes), DS(RJ_DEV_MAX_ALLOC, max_alloc_bytes),
    DS(RJ_DEV_CACHE, global_cache_bytes), DS(RJ_DEV_FP64, fp64), DS(RJ_DEV_FP16, fp16),
};
#undef DS

static void device_clear(struct runjson *r)
{
    for (size_t i = 0; i < sizeof device_texts / sizeof *device_texts; i++)
        *(const char **)((char *)&r->device + device_texts[i].off) = "";
    for (size_t i = 0; i < sizeof device_numbers / sizeof *device_numbers; i++)
        *(double *)((char *)&r->device + device_numbers[i].off) = NAN;
}

/* device_get: an object (a sweep's), or a string (a modes run's: the first device's name). */
static void device_get(struct runjson *r, const cJSON *x)
{
    device_clear(r);
    if (json_text(x)) { r->device.name = json_text(x); return; }
    for (size_t i = 0; i < sizeof device_texts / sizeof *device_texts; i++)
        *(const char **)((char *)&r->device + device_texts[i].off) = json_str(x, device_texts[i].key);
    for (size_t i = 0; i < sizeof device_numbers / sizeof *device_numbers; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(x, device_numbers[i].key);
        *(double *)((char *)&r->device + device_numbers[i].off) = cJSON_IsBool(v) ? cJSON_IsTrue(v) : json_number(v);
    }
}

const struct rj_ops rj_device_view = { NULL, device_get, device_clear };

/* ---- "peak" ------------------------------------------------------------------------------------ */

/* In the file's order: each figure, then the words for where it comes from. */
#define PN(k, f) { k, 0, offsetof(struct rj_peak, f) }
#define PT(k, f) { k, 1, offsetof(struct rj_peak, f) }
static const struct { const char *key; int text; size_t off; } peak_keys[] = {
    PN("fp32_gflops", fp32_gflops), PT("fp32_source", fp32_source), PN("fp64_gflops", fp64_gflops),
    PT("fp64_source", fp64_source), PN("fp16_gflops", fp16_gflops), PT("fp16_source", fp16_source),
    PN("tensor_f16_gflops", tensor_f16_gflops), PN("tensor_tf32_gflops", tensor_tf32_gflops),
    PN("tensor_int8_gops", tensor_int8_gops), PT("tensor_source", tensor_source), PN("mem_gbs", mem_gbs),
    PT("mem_source", mem_source), PN("cache_bytes", cache_bytes), PT("cache_source", cache_source),
    PN("link_gbs", link_gbs), PT("link_source", link_source), PT("fp32_kind", fp32_kind), PT("fp64_kind", fp64_kind),
    PT("fp16_kind", fp16_kind), PT("tensor_kind", tensor_kind), PT("mem_kind", mem_kind),
    PN("fp32_low_gflops", fp32_low_gflops), PN("fp64_low_gflops", fp64_low_gflops),
};
#undef PN
#undef PT
#define NPEAK (sizeof peak_keys / sizeof *peak_keys)

static void *peak_field(const struct runjson *r, size_t i) { return (char *)&r->peak + peak_keys[i].off; }

static void peak_clear(struct runjson *r)
{
    r->has_peak = 0;
    for (size_t i = 0; i < NPEAK; i++)
        if (peak_keys[i].text) *(const char **)peak_field(r, i) = NULL;
        else *(double *)peak_field(r, i) = NAN;
}

static void peak_get(struct runjson *r, const cJSON *x)
{
    r->has_peak = 1;
    for (size_t i = 0; i < NPEAK; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(x, peak_keys[i].key);
        if (peak_keys[i].text) *(const char **)peak_field(r, i) = json_text(v);
        else *(double *)peak_field(r, i) = json_number(v);
    }
}

static void peak_put(cJSON *doc, const char *key, const struct runjson *r)
{
    if (!r->has_peak) return;
    cJSON *o = cJSON_AddObjectToObject(doc, key);
    for (size_t i = 0; i < NPEAK; i++)
        if (peak_keys[i].text) json_add_text(o, peak_keys[i].key, *(const char *const *)peak_field(r, i));
        else json_add_number(o, peak_keys[i].key, *(const double *)peak_field(r, i));
}

const struct rj_ops rj_peak_ops = { peak_put, peak_get, peak_clear };

int runjson_peaks(const struct runjson *r, double *out, int max)
{
    int n = 0;
    for (size_t i = 0; i < NPEAK && n < max; i++) {
        /* An estimate's lower figure is no figure a rate is a share of. */
        double x = peak_keys[i].text || strstr(peak_keys[i].key, "_low_") ? NAN : *(const double *)peak_field(r, i);
        if (x > 0) out[n++] = x;
    }
    return n;
}

/* ---- "timer" ----------------------------------------------------------------------------------- */

static void timer_clear(struct runjson *r)
{
    r->timer = (struct rj_timer){ .reported_resolution_ns = NAN, .step_ns = NAN, .trial_held_us = NAN,
                                  .trial_fed_us = NAN };
}

static void timer_get(struct runjson *r, const cJSON *x)
{
    r->timer.used = json_text(cJSON_GetObjectItemCaseSensitive(x, "used"));
    r->timer.check = json_text(cJSON_GetObjectItemCaseSensitive(x, "check"));
    r->timer.reported_resolution_ns = json_number(cJSON_GetObjectItemCaseSensitive(x, "reported_resolution_ns"));
    r->timer.step_ns = json_number(cJSON_GetObjectItemCaseSensitive(x, "step_ns"));
    r->timer.trial_held_us = json_number(cJSON_GetObjectItemCaseSensitive(x, "trial_held_us"));
    r->timer.trial_fed_us = json_number(cJSON_GetObjectItemCaseSensitive(x, "trial_fed_us"));
}

/* timer_put: step_ns is null where it was not measured (the driver's events time nothing finer). */
static void timer_put(cJSON *doc, const char *key, const struct runjson *r)
{
    if (!r->timer.used) return;
    cJSON *o = cJSON_AddObjectToObject(doc, key);
    cJSON_AddStringToObject(o, "used", r->timer.used);
    json_add_text(o, "check", r->timer.check);
    json_add_number(o, "reported_resolution_ns", r->timer.reported_resolution_ns);
    if (isnan(r->timer.step_ns)) cJSON_AddNullToObject(o, "step_ns");
    else cJSON_AddNumberToObject(o, "step_ns", r->timer.step_ns);
    json_add_number(o, "trial_held_us", r->timer.trial_held_us);
    json_add_number(o, "trial_fed_us", r->timer.trial_fed_us);
}

const struct rj_ops rj_timer_ops = { timer_put, timer_get, timer_clear };

/* ---- "clock_source": a string, or null beside clock_source_why ---------------------------------- */

static void clock_clear(struct runjson *r) { r->clock_source = NULL; }
static void clock_get(struct runjson *r, const cJSON *x) { r->clock_source = json_text(x); }

static void clock_put(cJSON *doc, const char *key, const struct runjson *r)
{
    if (r->clock_source) cJSON_AddStringToObject(doc, key, r->clock_source);
    else if (r->clock_source_why) cJSON_AddNullToObject(doc, key);
}

const struct rj_ops rj_clock_ops = { clock_put, clock_get, clock_clear };

/* ---- "host_load": a CPU device's sweep's ------------------------------------------------------- */

#define HL(k, f) { k, offsetof(struct rj_host_load, f) }
static const struct { const char *key; size_t off; } host_load_keys[] = {
    HL("cpus", cpus), HL("seconds", seconds), HL("load_avg_start", load_avg_start), HL("load_avg_end", load_avg_end),
    HL("others_share", others_share), HL("clx_share", clx_share),
};
#undef HL
#define NHL (sizeof host_load_keys / sizeof *host_load_keys)

static double *host_load_field(const struct runjson *r, size_t i)
{
    return (double *)((char *)&r->host_load + host_load_keys[i].off);
}

static void host_load_clear(struct runjson *r)
{
    r->host_load.has = 0;
    for (size_t i = 0; i < NHL; i++) *host_load_field(r, i) = NAN;
}

static void host_load_get(struct runjson *r, const cJSON *x)
{
    host_load_clear(r);
    r->host_load.has = cJSON_IsObject(x);
    for (size_t i = 0; i < NHL; i++)
        *host_load_field(r, i) = json_number(cJSON_GetObjectItemCaseSensitive(x, host_load_keys[i].key));
}

static void host_load_put(cJSON *doc, const char *key, const struct runjson *r)
{
    if (!r->host_load.has) return;
    cJSON *o = cJSON_AddObjectToObject(doc, key);
    for (size_t i = 0; i < NHL; i++) json_add_number(o, host_load_keys[i].key, *host_load_field(r, i));
}

const struct rj_ops rj_host_load_ops = { host_load_put, host_load_get, host_load_clear };

/* ---- "devices": a modes run's ----------------------------------------------------------------- */

#define MD(k, f) { k, offsetof(struct rj_mdevice, f) }
static const struct { const char *key; size_t off; } mdevice_keys[] = {
    MD("index", index), MD("name", name), MD("vendor", vendor), MD("platform", platform),
    MD("platform_version", platform_version), MD("driver", driver), MD("type", type),
};
#undef MD
#define NMD (sizeof mdevice_keys / sizeof *mdevice_keys)

static void mdevices_clear(struct runjson *r)
{
    free(r->devices);
    r->devices = NULL;
    r->ndevices = 0;
}

static void mdevices_get(struct runjson *r, const cJSON *x)
{
    const cJSON *d;
    mdevices_clear(r);
    r->devices = xcalloc((size_t)cJSON_GetArraySize(x) + 1, sizeof *r->devices);
    cJSON_ArrayForEach(d, x) {
        struct rj_mdevice *m = &r->devices[r->ndevices++];
        for (size_t i = 0; i < NMD; i++) *(const char **)((char *)m + mdevice_keys[i].off) = json_str(d, mdevice_keys[i].key);
    }
}

/* mdevices_put: each with its place k (1..), as modes.tsv's parts name them. */
static void mdevices_put(cJSON *doc, const char *key, const struct runjson *r)
{
    if (!r->devices) return;
    cJSON *a = cJSON_AddArrayToObject(doc, key);
    for (int k = 0; k < r->ndevices; k++) {
        cJSON *d = cJSON_CreateObject();
        cJSON_AddNumberToObject(d, "k", k + 1);
        for (size_t i = 0; i < NMD; i++)
            json_add_text(d, mdevice_keys[i].key, *(const char *const *)((const char *)&r->devices[k] + mdevice_keys[i].off));
        cJSON_AddItemToArray(a, d);
    }
}

const struct rj_ops rj_mdevices_ops = { mdevices_put, mdevices_get, mdevices_clear };

/* ---- figures by name -------------------------------------------------------------------------- */

double runjson_figure(const struct runjson *r, enum rj_figure f)
{
    const struct rj_device *d = &r->device;
    const double dev[] = { d->compute_units, d->max_clock_mhz, d->max_work_group_size, d->local_mem_bytes,
                           d->global_mem_bytes, d->max_alloc_bytes, d->global_cache_bytes, d->fp64, d->fp16 };
    const double peak[] = { r->peak.fp32_gflops, r->peak.mem_gbs, r->peak.fp64_gflops, r->peak.fp16_gflops };
    /* A largest work-group of 0 is one the driver did not report (device/wglimit.h): a check that
     * reads it cannot be checked, not judged against 0. */
    if (f == RJF_MAX_WG && dev[f] == 0) return NAN;
    if ((size_t)f < sizeof dev / sizeof *dev) return dev[f];
    /* A peak of 0 is one nobody knows: a check that uses it cannot be checked, not misjudged. */
    double x = peak[f - RJF_PEAK_FP32];
    return x > 0 ? x : NAN;
}

const char *runjson_figure_peak(enum rj_figure f)
{
    static const char *const names[] = { "fp32", "mem", "fp64", "fp16" };   /* in enum rj_figure's order */
    return f >= RJF_PEAK_FP32 && f - RJF_PEAK_FP32 < (int)(sizeof names / sizeof *names) ? names[f - RJF_PEAK_FP32] : NULL;
}

/* The peak figures by name: the rate that says whether it is known, its kind and its words. */
#define PF(name, f) { name, offsetof(struct rj_peak, f##_gflops), offsetof(struct rj_peak, f##_kind), \
                      offsetof(struct rj_peak, f##_source) }
static const struct { const char *name; size_t rate, kind, source; } peak_figures[] = {
    PF("fp32", fp32), PF("fp64", fp64), PF("fp16", fp16),
    { "tensor", offsetof(struct rj_peak, tensor_f16_gflops), offsetof(struct rj_peak, tensor_kind),
      offsetof(struct rj_peak, tensor_source) },
    { "mem", offsetof(struct rj_peak, mem_gbs), offsetof(struct rj_peak, mem_kind), offsetof(struct rj_peak, mem_source) },
};
#undef PF

const char *runjson_peak_kind(const struct runjson *r, const char *figure)
{
    for (size_t i = 0; figure && i < sizeof peak_figures / sizeof *peak_figures; i++) {
        if (strcmp(peak_figures[i].name, figure)) continue;
        const char *p = (const char *)&r->peak;
        if (!(*(const double *)(p + peak_figures[i].rate) > 0)) return NULL;
        const char *kind = *(const char *const *)(p + peak_figures[i].kind);
        if (kind) return kind;
        const char *source = *(const char *const *)(p + peak_figures[i].source);
        return source && strstr(source, "estimate") ? RJ_PEAK_KIND_ESTIMATE : RJ_PEAK_KIND_THEORETICAL;
    }
    return NULL;
}

int runjson_peak_estimate(const struct runjson *r, const char *figure)
{
    const char *k = runjson_peak_kind(r, figure);
    return k && !strcmp(k, RJ_PEAK_KIND_ESTIMATE);
}

double runjson_peak_low(const struct runjson *r, const char *figure)
{
    if (!runjson_peak_estimate(r, figure)) return NAN;
    double low = !strcmp(figure, "fp32")   ? r->peak.fp32_low_gflops
                 : !strcmp(figure, "fp64") ? r->peak.fp64_low_gflops
                                           : NAN;
    double est = !strcmp(figure, "fp32") ? r->peak.fp32_gflops : r->peak.fp64_gflops;
    return low > 0 && low < est ? low : NAN;
}
