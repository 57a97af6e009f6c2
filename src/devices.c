/* devices.c — `clx devices [--json]`: devinfo's table plus each device's extension list, or the same
 * properties as JSON (an array of platforms, each with its devices). */
#include "devices.h"
#include "devinfo.h"
#include "measured.h"
#include "util.h"
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
static void print_json(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n,
                       const char *peaks_root)
{
    cJSON *root = cJSON_CreateArray();
    cl_uint np = 0;
    if (clGetPlatformIDs(0, NULL, &np) != CL_SUCCESS) np = 0;
    cl_platform_id *plats = xcalloc(np ? np : 1, sizeof *plats);
    if (np && clGetPlatformIDs(np, plats, NULL) != CL_SUCCESS) np = 0;
    for (cl_uint pi = 0; pi < np; pi++) {
        cJSON *po = cJSON_CreateObject();
        cJSON_AddNumberToObject(po, "platform", pi);
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
        for (int i = 0; i < n; i++) {
            if (devs[i].pidx != (int)pi) continue;
            /* "device" first, as in the table: the value --device takes; then devinfo's fields. */
            char idx[32];
            snprintf(idx, sizeof idx, "%d:%d", devs[i].pidx, devs[i].didx);
            cJSON *d = cJSON_CreateObject(), *fields = devinfo_json(&props[i]);
            cJSON_AddStringToObject(d, "device", idx);
            while (fields->child) {
                cJSON *it = cJSON_DetachItemViaPointer(fields, fields->child);
                cJSON_AddItemToObject(d, it->string, it);
            }
            cJSON_Delete(fields);
            if (peaks_root) {
                char *run = measured_find(peaks_root, props[i].name, props[i].driver);
                if (run) cJSON_AddItemToObject(d, "measured", measured_json(run));
                else cJSON_AddNullToObject(d, "measured");
                free(run);
            }
            cJSON_AddItemToArray(da, d);
        }
        cJSON_AddItemToObject(po, "devices", da);
        cJSON_AddItemToArray(root, po);
    }
    free(plats);
    char *text = cJSON_Print(root);
    fprintf(out, "%s\n", text);
    free(text);
    cJSON_Delete(root);
}

/* parse_args: 1 for --json, 0 without; exits 0 after --help and 2 on anything else. */
/* print_measured: under the table, each device's latest peaks run, or how to make one. */
static void print_measured(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n,
                           const char *root)
{
    for (int i = 0; i < n; i++) {
        fprintf(out, "\nmeasured peaks of %d:%d %s:\n", devs[i].pidx, devs[i].didx, props[i].name);
        char *run = measured_find(root, props[i].name, props[i].driver);
        if (run) measured_print(out, run);
        else fprintf(out, "  none in %s/ (clx run peaks --device %d:%d measures them)\n", root, devs[i].pidx, devs[i].didx);
        free(run);
    }
}

int devices_show(int json, const char *peaks_root)
{
    struct ocl_device *devs;
    int n = ocl_devices(&devs);
    if (n == 0 && !json) return devinfo_no_device(stdout);
    struct devprops *props = xcalloc(n ? (size_t)n : 1, sizeof *props);
    for (int i = 0; i < n; i++) {
        ocl_query(devs[i].platform, devs[i].id, &props[i]);
        props[i].wg_multiple = ocl_probe_wg_multiple(devs[i].platform, devs[i].id);
    }
    int rc = 0;
    if (json) {
        print_json(stdout, devs, props, n, peaks_root);
        /* stdout stays JSON; why there is no device goes to stderr. */
        if (n == 0) rc = devinfo_no_device(stderr);
    } else {
        devinfo_print_table(stdout, devs, props, n);
        print_extensions(stdout, devs, props, n);
        if (peaks_root) print_measured(stdout, devs, props, n, peaks_root);
    }
    free(props);
    free(devs);
    return rc;
}
