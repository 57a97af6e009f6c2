/* devices.c — `clx devices [--json]`: devinfo's table plus each device's present clocks (where a
 * clock source serves it) and extension list, or the same as JSON (an array of platforms, each with
 * its devices). */
#include "devices.h"
#include "device/clocks.h"
#include "device/devinfo.h"
#include "device/devselect.h"
#include "device/drvenv.h"
#include "device/hostcaches.h"
#include "device/nodevice.h"
#include "device/platforms.h"
#include "device/wglimit.h"
#include "report/measured.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Extension lists fold to the terminal's width, else to this many columns. */
enum { FOLD_WIDTH = 100, FOLD_MIN = 40 };

/* Platform fields of the JSON output: to add one, a row. */
static const struct { cl_platform_info param; const char *key; } platform_fields[] = {
    { CL_PLATFORM_NAME, "name" }, { CL_PLATFORM_VENDOR, "vendor" }, { CL_PLATFORM_VERSION, "version" },
    { CL_PLATFORM_PROFILE, "profile" },
};

static int out_width(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= FOLD_MIN)
        return ws.ws_col;
    return FOLD_WIDTH;
}

/* fold: the words after head, one space apart, wrapped before width; continuation lines are
 * indented to head's width. */
static void fold(FILE *out, const char *head, const struct strlist *w, int width)
{
    int indent = (int)strlen(head), col = indent;
    fputs(head, out);
    for (int i = 0; i < w->n; i++) {
        int len = (int)strlen(w->v[i]);
        if (col > indent && col + 1 + len > width) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        }
        col += fprintf(out, "%s%s", col > indent ? " " : "", w->v[i]);
    }
    fputc('\n', out);
}

/* print_extensions: each device's extensions, sorted and folded; a device whose list is the
 * previous one's says so instead of repeating it. */
static void print_extensions(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n)
{
    int width = out_width();
    fprintf(out, "\nextensions (sorted)\n");
    for (int i = 0; i < n; i++) {
        char *head = xasprintf("%d:%d  ", devs[i].pidx, devs[i].didx);
        struct strlist w = {0};
        devinfo_extensions(props[i].extensions, &w);
        if (i > 0 && !strcmp(props[i].extensions, props[i - 1].extensions))
            fprintf(out, "%sthe same as %d:%d\n", head, devs[i - 1].pidx, devs[i - 1].didx);
        else if (w.n == 0)
            fprintf(out, "%snone\n", head);
        else
            fold(out, head, &w, width);
        sl_free(&w);
        free(head);
    }
}

/* A device's clock source and one sample of it, taken once for the table or the JSON. */
struct devclock { struct clocks src; struct clock_sample now; };

static void read_clocks(const struct ocl_device *devs, struct devclock *dc, int n)
{
    for (int i = 0; i < n; i++)
        if (clocks_open(&dc[i].src, devs[i].id) == 0) clocks_sample(&dc[i].src, &dc[i].now);
}

/* sep: what goes before the next value of a clocks line whose values start at offset first. */
static const char *sep(const struct sbuf *b, size_t first)
{
    return b->len > first ? ", " : " ";
}

/* add_clock: "SM clock 1410 MHz (max 1980 MHz)", or what of it is known; nothing when neither is. */
static void add_clock(struct sbuf *b, size_t first, const char *name, double now, double max)
{
    if (!(now > 0) && !(max > 0)) return;
    sb_printf(b, "%s%s clock", sep(b, first), name);
    if (now > 0) sb_printf(b, " %.0f MHz", now);
    if (max > 0) sb_printf(b, now > 0 ? " (max %.0f MHz)" : " max %.0f MHz", max);
}

/* clock_text: one device's line of the clocks section, "SOURCE: values" or "not available: why";
 * the caller frees it. */
static char *clock_text(const struct devclock *d)
{
    struct sbuf b = {0};
    if (!d->src.source) {
        sb_printf(&b, "not available: %s", d->src.why ? d->src.why : "no clock source");
        return b.s;
    }
    sb_printf(&b, "%s:", d->src.source);
    size_t first = b.len;
    add_clock(&b, first, "SM", d->now.sm_mhz, d->src.max_sm_mhz);
    add_clock(&b, first, "memory", d->now.mem_mhz, d->src.max_mem_mhz);
    if (d->now.temp_c > 0) sb_printf(&b, "%s%.0f C", sep(&b, first), d->now.temp_c);
    if (d->now.power_w > 0) sb_printf(&b, "%s%.1f W", sep(&b, first), d->now.power_w);
    if (b.len == first) sb_printf(&b, " no value read now");
    return b.s;
}

/* print_clocks: under the table, each device's clocks as the driver reports them now, or why
 * there is no source (then runs on it leave their clock columns empty). */
static void print_clocks(FILE *out, const struct ocl_device *devs, const struct devclock *dc, int n)
{
    int width = out_width();
    fprintf(out, "\nclocks now\n");
    for (int i = 0; i < n; i++) {
        char *head = xasprintf("%d:%d  ", devs[i].pidx, devs[i].didx), *text = clock_text(&dc[i]);
        struct strlist w = {0};
        for (char *tok = strtok(text, " "); tok; tok = strtok(NULL, " ")) sl_push(&w, tok);
        fold(out, head, &w, width);
        sl_free(&w);
        free(text);
        free(head);
    }
}

/* print_unreported: under the table, once for each device whose driver reports 0 for a work-group
 * limit, that clx takes it as none (wglimit.h): launches are not refused by it, the driver decides. */
static void print_unreported(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n)
{
    for (int i = 0; i < n; i++) {
        struct wglimits l = { .max_wg = props[i].max_wg };
        for (int d = 0; d < 3 && d < props[i].max_item_sizes.n; d++) l.max_item[d] = props[i].max_item_sizes.v[d];
        char *said = wglimit_unreported(&l, (unsigned)props[i].max_item_sizes.n);
        if (said) fprintf(out, "\n%d:%d %s: %s\n", devs[i].pidx, devs[i].didx, props[i].name, said);
        free(said);
    }
}

/* A JSON number, or null when the value is not known (0), as devinfo's rows do. */
static void add_known(cJSON *o, const char *key, double v)
{
    if (v > 0) cJSON_AddNumberToObject(o, key, v);
    else cJSON_AddNullToObject(o, key);
}

/* clocks_json: { source, why, sm_mhz, max_sm_mhz, mem_mhz, max_mem_mhz, temp_c, power_w }: every
 * key there, null where unknown; source null and why a sentence when there is no source. */
static cJSON *clocks_json(const struct devclock *d)
{
    cJSON *o = cJSON_CreateObject();
    if (d->src.source) cJSON_AddStringToObject(o, "source", d->src.source);
    else cJSON_AddNullToObject(o, "source");
    if (d->src.source || !d->src.why) cJSON_AddNullToObject(o, "why");
    else cJSON_AddStringToObject(o, "why", d->src.why);
    add_known(o, "sm_mhz", d->now.sm_mhz);
    add_known(o, "max_sm_mhz", d->src.max_sm_mhz);
    add_known(o, "mem_mhz", d->now.mem_mhz);
    add_known(o, "max_mem_mhz", d->src.max_mem_mhz);
    add_known(o, "temp_c", d->now.temp_c);
    add_known(o, "power_w", d->now.power_w);
    return o;
}

static cJSON *string_array(const char *list)
{
    struct strlist w = {0};
    devinfo_extensions(list, &w);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < w.n; i++) cJSON_AddItemToArray(a, cJSON_CreateString(w.v[i]));
    sl_free(&w);
    return a;
}

/* print_json: every platform (those without a device too, with an empty list) and its devices. */
static void print_json(FILE *out, const struct ocl_device *devs, const struct devprops *props,
                       const struct devclock *dc, int n, const char *peaks_root, int picked)
{
    cJSON *root = cJSON_CreateArray();
    cl_uint np = 0;
    if (ocl_platform_ids(0, NULL, &np) != CL_SUCCESS) np = 0;
    leak_check_before_teardown();
    cl_platform_id *plats = xcalloc(np ? np : 1, sizeof *plats);
    if (np && ocl_platform_ids(np, plats, NULL) != CL_SUCCESS) np = 0;
    for (cl_uint pi = 0; pi < np; pi++) {
        cJSON *po = cJSON_CreateObject();
        /* The P of P:D as "platform_index": "platform" is the platform's name in each device object
         * (devinfo's, as run.json's "device" has it), and one key is one kind of value. */
        cJSON_AddNumberToObject(po, "platform_index", pi);
        char buf[1024];
        for (size_t k = 0; k < sizeof platform_fields / sizeof platform_fields[0]; k++) {
            buf[0] = '\0';
            clGetPlatformInfo(plats[pi], platform_fields[k].param, sizeof buf, buf, NULL);
            buf[sizeof buf - 1] = '\0';
            cJSON_AddStringToObject(po, platform_fields[k].key, str_trim(buf));
        }
        size_t need = 0;
        char *ext = NULL;
        if (clGetPlatformInfo(plats[pi], CL_PLATFORM_EXTENSIONS, 0, NULL, &need) == CL_SUCCESS && need) {
            ext = xcalloc(need + 1, 1);
            clGetPlatformInfo(plats[pi], CL_PLATFORM_EXTENSIONS, need, ext, NULL);
        }
        cJSON_AddItemToObject(po, "extensions", string_array(ext ? ext : ""));
        free(ext);
        cJSON *da = cJSON_CreateArray();
        int mine = 0;
        for (int i = 0; i < n; i++) mine += devs[i].pidx == (int)pi;
        /* --device: the picked device's platform alone, not the others as platforms without one. */
        if (picked && !mine) {
            cJSON_Delete(da);
            cJSON_Delete(po);
            continue;
        }
        for (int i = 0; i < n; i++) {
            if (devs[i].pidx != (int)pi) continue;
            /* "device" first, as in the table: the value --device takes; then devinfo's fields. */
            char idx[32];
            snprintf(idx, sizeof idx, "%d:%d", devs[i].pidx, devs[i].didx);
            cJSON *d = cJSON_CreateObject(), *fields = devinfo_json(&props[i], NULL);
            cJSON_AddStringToObject(d, "device", idx);
            while (fields->child) {
                cJSON *it = cJSON_DetachItemViaPointer(fields, fields->child);
                cJSON_AddItemToObject(d, it->string, it);
            }
            cJSON_Delete(fields);
            cJSON_AddItemToObject(d, "clocks", clocks_json(&dc[i]));
            if (peaks_root) {
                char *run = measured_find(peaks_root, props[i].name, props[i].driver);
                if (run) cJSON_AddItemToObject(d, "measured", measured_json(run));
                else cJSON_AddNullToObject(d, "measured");
                free(run);
                /* A CPU device's levels are the host's: its caches beside them, as the table's line. */
                if (props[i].type & CL_DEVICE_TYPE_CPU) cJSON_AddItemToObject(d, "host_caches", hostcaches_json_this());
                else cJSON_AddNullToObject(d, "host_caches");
            }
            cJSON_AddItemToArray(da, d);
        }
        cJSON_AddItemToObject(po, "devices", da);
        /* Why the list is empty where clx can tell, as the table's line under the devices says it
         * (rusticl without RUSTICL_ENABLE): a script sees the platform the user means and its fix. */
        char why[8400] = "";
        if (!cJSON_GetArraySize(da)) {
            buf[0] = '\0';
            clGetPlatformInfo(plats[pi], CL_PLATFORM_NAME, sizeof buf, buf, NULL);
            buf[sizeof buf - 1] = '\0';
            nodevice_why(str_trim(buf), why, sizeof why);
        }
        if (*why) cJSON_AddStringToObject(po, "no_device_why", why);
        else cJSON_AddNullToObject(po, "no_device_why");
        cJSON_AddItemToArray(root, po);
    }
    free(plats);
    char *text = cJSON_Print(root);
    fprintf(out, "%s\n", text);
    free(text);
    cJSON_Delete(root);
}

/* print_measured: under the table, each device's latest peaks run, or how to make one. */
static void print_measured(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n,
                           const char *root)
{
    for (int i = 0; i < n; i++) {
        fprintf(out, "\nmeasured peaks of %d:%d %s:\n", devs[i].pidx, devs[i].didx, props[i].name);
        char *run = measured_find(root, props[i].name, props[i].driver);
        if (run) {
            measured_print(out, run);
            /* A CPU device's levels are the host's: its caches beside them show a level that is none
             * (PoCL's "level 2" ending at 384 KiB on a Xeon whose L2 is 2 MiB: the data TLB's reach). */
            char *caches = props[i].type & CL_DEVICE_TYPE_CPU ? hostcaches_this() : NULL;
            if (caches)
                fprintf(out, "    (the host's caches as sysfs lists them: %s; a memory level that ends where none of "
                             "them does is likely a TLB's reach, not a cache)\n", caches);
            free(caches);
        } else {
            /* Under what the device needs to exist (RUSTICL_ENABLE=llvmpipe), as every suggested command. */
            char *was = called_as_for(drvenv_under(props[i].platform, props[i].name, props[i].driver_env));
            fprintf(out, "  none in %s/ (%s run peaks --device %d:%d measures them)\n", root, clx_cmd(), devs[i].pidx,
                    devs[i].didx);
            called_as_back(was);
        }
        free(run);
    }
}

/* keep_picked: devs[0..n) cut to the one device sel picks, as clx run --device sel would take it
 * (blank: the default device); the new count, 1 (ocl_select dies on none or several). */
static int keep_picked(struct ocl_device *devs, int n, const char *sel)
{
    struct ocl_device pick = ocl_select(ocl_sel_blank(sel) ? NULL : sel);
    for (int i = 0; i < n; i++)
        if (devs[i].pidx == pick.pidx && devs[i].didx == pick.didx) {
            devs[0] = devs[i];
            return 1;
        }
    return n;
}

int devices_show(int json, const char *peaks_root, const char *sel)
{
    struct ocl_device *devs;
    int n = ocl_devices(&devs);
    if (n == 0 && !json) return devinfo_no_device(stdout);
    if (sel && n) n = keep_picked(devs, n, sel);
    struct devprops *props = xcalloc(n ? (size_t)n : 1, sizeof *props);
    for (int i = 0; i < n; i++) {
        ocl_query(devs[i].platform, devs[i].id, &props[i]);
        props[i].wg_multiple = ocl_probe_wg_multiple(devs[i].platform, devs[i].id);
    }
    struct devclock *dc = xcalloc(n ? (size_t)n : 1, sizeof *dc);
    read_clocks(devs, dc, n);
    int rc = 0;
    if (json) {
        print_json(stdout, devs, props, dc, n, peaks_root, sel != NULL);
        /* stdout stays JSON; why there is no device goes to stderr. */
        if (n == 0) rc = devinfo_no_device(stderr);
    } else {
        devinfo_print_table(stdout, devs, props, n);
        print_unreported(stdout, devs, props, n);
        print_clocks(stdout, devs, dc, n);
        print_extensions(stdout, devs, props, n);
        if (peaks_root) print_measured(stdout, devs, props, n, peaks_root);
    }
    free(dc);
    free(props);
    free(devs);
    return rc;
}
