/* devinfo.c — `clx devices` (a property table, one column per device) and run.json's device
 * section, both driven by one table of rows. */
#include "devinfo.h"
#include "diagnose.h"
#include "nodevice.h"
#include "peak.h"
#include "store/runjson.h"
#include "lib/cellwrap.h"
#include "lib/util.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Where a row's value lives, and its C type there. */
enum src { DEV, PEAK };
enum ctype {
    T_STR,      /* char array */
    T_VARS,     /* char array of NAME=VALUE settings, "none set" when empty (JSON: "") */
    T_UINT,     /* cl_uint */
    T_UINT0,    /* cl_uint, blank (JSON null) when 0 */
    T_ULONG,    /* cl_ulong */
    T_SIZE,     /* size_t */
    T_SIZE0,    /* size_t, blank (JSON null) when 0 */
    T_BOOL,     /* int, shown yes/no */
    T_INT0,     /* int, blank (JSON null) when 0 */
    T_INTK,     /* int, blank (JSON null) when negative: unknown */
    T_DOUBLE0,  /* double, blank (JSON null) when 0 */
    T_DEVTYPE,  /* cl_device_type, shown GPU/CPU/... */
    T_NVCC,     /* nv_cc_major/minor, blank (JSON null) when -1 */
    T_ENUM,     /* cl_uint, one of the row's names (JSON: its key) */
    T_FLAGS,    /* cl_bitfield, the row's names of its bits (JSON: an array of keys) */
    T_SIZES,    /* struct ocl_sizes, "a, b, c" (JSON: an array; null when the device does not say) */
};
/* How the text table shows a number: as is with the unit, or as bytes in KiB/MiB/GiB. */
/* How the text table shows a row: PLAIN; BYTES as "1.5 MiB"; VENDOR as PLAIN, but a row of one
 * vendor's property (NVIDIA's warp size) is left out of a block where no device has it, where it was
 * a blank row that read as a value missing; LANES as PLAIN, "per core" after it on a CPU device, whose
 * peaks count lanes per core, not per compute unit (a logical CPU). */
enum show { PLAIN, BYTES, VENDOR, LANES };

/* Names of enumerated values and flag bits: the JSON key and the text the table shows. To name
 * another value or bit, a row before the last, which ends each list with a NULL key. */
struct named { cl_ulong value; const char *key, *text; };

/* Why a reader of results cares: on a device without on-chip local memory, a kernel that tiles
 * through __local copies from memory to memory and gains little or nothing. */
static const struct named local_mem_types[] = {
    { CL_LOCAL, "local", "local (on-chip)" },
    { CL_GLOBAL, "global", "global: __local is ordinary memory, tiled kernels gain little" },
    { CL_NONE, "none", "none" },
    { 0, NULL, NULL },
};
static const struct named cache_types[] = {
    { CL_NONE, "none", "none" }, { CL_READ_ONLY_CACHE, "read-only", "read-only" },
    { CL_READ_WRITE_CACHE, "read-write", "read-write" }, { 0, NULL, NULL },
};
static const struct named fp_config_bits[] = {
    { CL_FP_FMA, "fma", "fma" }, { CL_FP_DENORM, "denorm", "denormals" }, { CL_FP_INF_NAN, "inf_nan", "inf/nan" },
    { CL_FP_ROUND_TO_NEAREST, "round_to_nearest", "round to nearest" },
    { CL_FP_ROUND_TO_ZERO, "round_to_zero", "to zero" }, { CL_FP_ROUND_TO_INF, "round_to_inf", "to inf" },
    { CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, "correctly_rounded_divide_sqrt", "correctly rounded div/sqrt" },
    { CL_FP_SOFT_FLOAT, "soft_float", "soft float" },
    { 0, NULL, NULL },
};

/* The rows of `clx devices` and of the JSON device object, in order (the keys run.json's readers
 * use are store/runjson.h's RJ_DEV_ constants). To add a property: add its
 * field to struct devprops (ocl.h, with its query in ocl.c's table) or struct peak (peak.h), then
 * a row here: JSON key (with its unit), label, unit for the text table, where the value is, its
 * type, how to show it, and for T_ENUM and T_FLAGS the names of its values. */
static const struct row {
    const char *key, *label, *unit;
    enum src src;
    size_t off;
    enum ctype type;
    enum show show;
    const struct named *names;
} rows[] = {
#define D(f) DEV, offsetof(struct devprops, f)
#define P(f) PEAK, offsetof(struct peak, f)
    { RJ_DEV_PLATFORM, "platform", "", D(platform), T_STR, PLAIN, NULL },
    { RJ_DEV_PLATFORM_VERSION, "platform version", "", D(platform_version), T_STR, PLAIN, NULL },
    { RJ_DEV_NAME, "device name", "", D(name), T_STR, PLAIN, NULL },
    { RJ_DEV_VENDOR, "vendor", "", D(vendor), T_STR, PLAIN, NULL },
    { "device_version", "device version (OpenCL)", "", D(version), T_STR, PLAIN, NULL },
    { "opencl_c_version", "OpenCL C version", "", D(c_version), T_STR, PLAIN, NULL },
    { RJ_DEV_DRIVER_VERSION, "driver version", "", D(driver), T_STR, PLAIN, NULL },
    { RJ_DEV_DRIVER_ENV, "driver's variables", "", D(driver_env), T_VARS, PLAIN, NULL },  /* drvenv.h */
    { "type", "type", "", D(type), T_DEVTYPE, PLAIN, NULL },
    { RJ_DEV_COMPUTE_UNITS, "compute units", "", D(compute_units), T_UINT, PLAIN, NULL },
    { RJ_DEV_MAX_CLOCK_MHZ, "max clock", "MHz", D(clock_mhz), T_UINT0, PLAIN, NULL },   /* Intel's CPU runtime reports 0 */
    { RJ_DEV_GLOBAL_MEM, "global memory", "", D(global_mem), T_ULONG, BYTES, NULL },
    { RJ_DEV_MAX_ALLOC, "max allocation", "", D(max_alloc), T_ULONG, BYTES, NULL },
    { RJ_DEV_LOCAL_MEM, "local memory", "", D(local_mem), T_ULONG, BYTES, NULL },
    { "local_mem_type", "local memory type", "", D(local_mem_type), T_ENUM, PLAIN, local_mem_types },
    { RJ_DEV_CACHE, "global cache", "", D(cache_size), T_ULONG, BYTES, NULL },
    { "global_cache_type", "global cache type", "", D(cache_type), T_ENUM, PLAIN, cache_types },
    { "cache_line_bytes", "cache line", "bytes", D(cacheline), T_UINT0, PLAIN, NULL },
    { "constant_buffer_bytes", "constant buffer", "", D(const_mem), T_ULONG, BYTES, NULL },
    { RJ_DEV_MAX_WG, "max work-group size", "", D(max_wg), T_SIZE, PLAIN, NULL },
    { "max_work_item_sizes", "max work-item sizes", "", D(max_item_sizes), T_SIZES, PLAIN, NULL },
    /* From a one-line kernel clx builds (ocl_probe_wg_multiple); each kernel's own is in kernels.tsv. */
    { "preferred_wg_multiple", "preferred work-group multiple", "", D(wg_multiple), T_INTK, PLAIN, NULL },
    { "max_sub_groups", "max sub-groups per work-group", "", D(max_sub_groups), T_INTK, PLAIN, NULL },
    { "sub_group_sizes", "sub-group sizes", "", D(sub_group_sizes), T_SIZES, PLAIN, NULL },
    { "nv_warp_size", "warp size (NVIDIA)", "", D(nv_warp), T_UINT0, VENDOR, NULL },
    { "native_float_vector_width", "native float vector width", "", D(native_float_width), T_UINT, PLAIN, NULL },
    { "address_bits", "address bits", "", D(address_bits), T_UINT, PLAIN, NULL },
    { RJ_DEV_FP64, "fp64", "", D(has_fp64), T_BOOL, PLAIN, NULL },
    { "fp64_config", "  fp64 config", "", D(fp64_config), T_FLAGS, PLAIN, fp_config_bits },
    { RJ_DEV_FP16, "fp16", "", D(has_fp16), T_BOOL, PLAIN, NULL },
    { "fp16_config", "  fp16 config", "", D(fp16_config), T_FLAGS, PLAIN, fp_config_bits },
    /* rusticl reports 0, which read as a perfect timer: its events time no kernel (docs/timing.md). */
    { "timer_resolution_ns", "profiling timer resolution", "ns", D(timer_res_ns), T_SIZE0, PLAIN, NULL },
    { "nv_compute_capability", "NVIDIA compute capability", "", D(nv_cc_major), T_NVCC, VENDOR, NULL },
    { "fp32_lanes_per_cu", "FP32 lanes per compute unit", "", P(lanes_per_cu), T_INT0, LANES, NULL },
    /* A CPU device's peaks count the host's physical cores (two SMT threads share one's FMA units), not the
     * logical CPUs its runtime reports as compute units; blank elsewhere, and cores where sysfs did not say. */
    { "cpu_cores", "host cores its peaks count", "", P(cpu_cores), T_INT0, PLAIN, NULL },
    { RJ_DEV_CPU_LOGICAL, "host logical CPUs it may use", "", P(cpu_logical), T_INT0, PLAIN, NULL },
    { "fp32_peak_gflops", "FP32 peak (derived)", "GFLOP/s", P(fp32_gflops), T_DOUBLE0, PLAIN, NULL },
    { "fp32_peak_source", "  derived from", "", P(fp32_source), T_STR, PLAIN, NULL },
    { "fp64_peak_gflops", "FP64 peak (derived)", "GFLOP/s", P(fp64_gflops), T_DOUBLE0, PLAIN, NULL },
    { "fp64_peak_source", "  derived from", "", P(fp64_source), T_STR, PLAIN, NULL },
    { "fp16_peak_gflops", "FP16 peak (derived)", "GFLOP/s", P(fp16_gflops), T_DOUBLE0, PLAIN, NULL },
    { "fp16_peak_source", "  derived from", "", P(fp16_source), T_STR, PLAIN, NULL },
    { "tensor_f16_peak_gflops", "matrix engines f16 peak", "GFLOP/s", P(tensor_f16_gflops), T_DOUBLE0, PLAIN, NULL },
    { "tensor_peak_source", "  derived from", "", P(tensor_source), T_STR, PLAIN, NULL },
    { "mem_bandwidth_gbs", "memory bandwidth", "GB/s", P(mem_gbs), T_DOUBLE0, PLAIN, NULL },
    { "mem_bandwidth_source", "  from", "", P(mem_source), T_STR, PLAIN, NULL },
    { "last_level_cache_bytes", "last-level cache", "", P(cache_bytes), T_DOUBLE0, BYTES, NULL },
    /* A CPU device's caches and __local memory deliver no more than its cores' load/store ports move
     * (cpuports.h): the upper limit its l2 and local ceilings take without a peaks run; blank elsewhere. */
    { "cpu_ports_gbs", "load/store ports' limit", "GB/s", P(ports_gbs), T_DOUBLE0, PLAIN, NULL },
    { "cpu_ports_source", "  from", "", P(ports_source), T_STR, PLAIN, NULL },
    { "host_link_gbs", "host link, each way", "GB/s", P(link_gbs), T_DOUBLE0, PLAIN, NULL },
    { "host_link_source", "  from", "", P(link_source), T_STR, PLAIN, NULL },
#undef D
#undef P
};
#define NROWS (sizeof rows / sizeof rows[0])

/* Device type bits by name; to add one, add a row. DEFAULT is left out: it says nothing useful. */
static const struct { cl_device_type bit; const char *name; } type_names[] = {
    { CL_DEVICE_TYPE_GPU, "GPU" }, { CL_DEVICE_TYPE_CPU, "CPU" },
    { CL_DEVICE_TYPE_ACCELERATOR, "ACCELERATOR" }, { CL_DEVICE_TYPE_CUSTOM, "CUSTOM" },
};

/* Text table layout: the whole table aims at this width; a value wraps within its column and is
 * never cut (a derivation cut short cannot say what the row is there to say). Beside other devices,
 * a value longer than MAX_LINES lines of its column (a CPU's FP32 derivation: eight lines of 37
 * columns) goes whole under the table as a numbered note, its cell saying "see note N"; devices
 * with the same text (two CPU devices of one host) share the note. Alone, a device's column is
 * wide enough: every value stays in its cell. A note's lines are indented by NOTE_INDENT. */
enum { TABLE_WIDTH = 100, MIN_COL = 20, MAX_LINES = 4, GAP = 2, NOTE_INDENT = 4 };
/* The most a cell's text holds (struct peak's sources and devprops' strings are shorter). */
enum { CELL_MAX = 1152 };
/* More devices than this are shown in several tables, one below the other. */
enum { COLS_PER_BLOCK = 3 };

static const void *field(const struct row *r, const struct devprops *p, const struct peak *pk)
{
    return (const char *)(r->src == DEV ? (const void *)p : (const void *)pk) + r->off;
}

static void type_text(cl_device_type t, char *buf, size_t n)
{
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
        if (t & type_names[i].bit) {
            size_t used = strlen(buf);
            snprintf(buf + used, n - used, "%s%s", used ? "|" : "", type_names[i].name);
        }
}

/* bytes_label: "80 GiB", "1.5 MiB", "48 KiB", "512 B". */
static void bytes_label(double v, char *buf, size_t n)
{
    static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    int u = 0;
    for (; v >= 1024.0 && u < 4; u++) v /= 1024.0;
    if (v == (double)(long long)v) snprintf(buf, n, "%lld %s", (long long)v, units[u]);
    else snprintf(buf, n, "%.1f %s", v, units[u]);
}

/* enum_name: the name of value among the row's names, or NULL. */
static const struct named *enum_name(const struct row *r, cl_ulong value)
{
    for (const struct named *k = r->names; k->key; k++)
        if (k->value == value) return k;
    return NULL;
}

/* number: a numeric row's value; *blank is set when it is unknown. */
static double number(const struct row *r, const void *f, int *blank)
{
    *blank = 0;
    switch (r->type) {
    case T_UINT: return *(const cl_uint *)f;
    case T_UINT0: *blank = *(const cl_uint *)f == 0; return *(const cl_uint *)f;
    case T_INTK: *blank = *(const int *)f < 0; return *(const int *)f;
    case T_ULONG: return (double)*(const cl_ulong *)f;
    case T_SIZE: return (double)*(const size_t *)f;
    case T_SIZE0: *blank = *(const size_t *)f == 0; return (double)*(const size_t *)f;
    case T_BOOL: return *(const int *)f;
    case T_INT0: *blank = *(const int *)f == 0; return *(const int *)f;
    case T_DOUBLE0: *blank = *(const double *)f == 0; return *(const double *)f;
    default: *blank = 1; return 0;
    }
}

/* cell_text: the row's value for the text table ("" when unknown). */
static void cell_text(const struct row *r, const struct devprops *p, const struct peak *pk, char *buf, size_t n)
{
    const void *f = field(r, p, pk);
    int blank;
    buf[0] = '\0';
    if (r->type == T_STR || r->type == T_VARS) {    /* none set is known, where a blank reads as unknown */
        snprintf(buf, n, "%s", *(const char *)f || r->type == T_STR ? (const char *)f : "none set");
    } else if (r->type == T_DEVTYPE) {
        type_text(*(const cl_device_type *)f, buf, n);
    } else if (r->type == T_NVCC) {
        if (p->nv_cc_major >= 0) snprintf(buf, n, "%d.%d", p->nv_cc_major, p->nv_cc_minor);
    } else if (r->type == T_BOOL) {
        snprintf(buf, n, "%s", *(const int *)f ? "yes" : "no");
    } else if (r->type == T_ENUM) {
        const struct named *k = enum_name(r, *(const cl_uint *)f);
        if (k) snprintf(buf, n, "%s", k->text);
        else snprintf(buf, n, "%u", *(const cl_uint *)f);
    } else if (r->type == T_FLAGS) {
        for (const struct named *k = r->names; k->key; k++)
            if (*(const cl_bitfield *)f & k->value)
                snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? ", " : "", k->text);
    } else if (r->type == T_SIZES) {
        const struct ocl_sizes *l = f;
        for (int i = 0; i < l->n; i++) snprintf(buf + strlen(buf), n - strlen(buf), "%s%zu", i ? ", " : "", l->v[i]);
    } else {
        double v = number(r, f, &blank);
        if (blank) return;
        if (r->show == BYTES) bytes_label(v, buf, n);
        else if (v == (double)(long long)v) snprintf(buf, n, "%lld", (long long)v);
        else snprintf(buf, n, "%.2f", v);
        if (*r->unit) snprintf(buf + strlen(buf), n - strlen(buf), " %s", r->unit);
        if (r->show == LANES && pk->cpu_cores > 0) snprintf(buf + strlen(buf), n - strlen(buf), " per core");
    }
}

/* cell_json: the row's value as JSON: numbers as numbers, null when unknown. */
static cJSON *cell_json(const struct row *r, const struct devprops *p, const struct peak *pk)
{
    const void *f = field(r, p, pk);
    char buf[64];
    int blank;
    switch (r->type) {
    case T_STR: case T_VARS: return cJSON_CreateString((const char *)f);
    case T_BOOL: return cJSON_CreateBool(*(const int *)f);
    case T_DEVTYPE:
        type_text(*(const cl_device_type *)f, buf, sizeof buf);
        return cJSON_CreateString(buf);
    case T_NVCC:
        if (p->nv_cc_major < 0) return cJSON_CreateNull();
        snprintf(buf, sizeof buf, "%d.%d", p->nv_cc_major, p->nv_cc_minor);
        return cJSON_CreateString(buf);
    case T_ENUM: {
        const struct named *k = enum_name(r, *(const cl_uint *)f);
        return k ? cJSON_CreateString(k->key) : cJSON_CreateNumber(*(const cl_uint *)f);
    }
    case T_FLAGS: {
        cJSON *a = cJSON_CreateArray();
        for (const struct named *k = r->names; k->key; k++)
            if (*(const cl_bitfield *)f & k->value) cJSON_AddItemToArray(a, cJSON_CreateString(k->key));
        return a;
    }
    case T_SIZES: {
        const struct ocl_sizes *l = f;
        if (l->n == 0) return cJSON_CreateNull();
        cJSON *a = cJSON_CreateArray();
        for (int i = 0; i < l->n; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber((double)l->v[i]));
        return a;
    }
    default: {
        double v = number(r, f, &blank);
        return blank ? cJSON_CreateNull() : cJSON_CreateNumber(v);
    }
    }
}

cJSON *devinfo_json(const struct devprops *p, const struct peak *pk)
{
    struct peak own;
    if (!pk) {
        peak_derive(p, &own);
        pk = &own;
    }
    cJSON *o = cJSON_CreateObject();
    for (size_t i = 0; i < NROWS; i++)
        cJSON_AddItemToObject(o, rows[i].key, cell_json(&rows[i], p, pk));
    struct strlist ext = {0};
    devinfo_extensions(p->extensions, &ext);
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < ext.n; i++) cJSON_AddItemToArray(a, cJSON_CreateString(ext.v[i]));
    cJSON_AddItemToObject(o, "extensions", a);
    sl_free(&ext);
    return o;
}

void devinfo_extensions(const char *list, struct strlist *out)
{
    /* Drivers separate names with one space or several (PoCL pads with three). */
    for (const char *s = list; *s;) {
        size_t n = strcspn(s, " \t\n");
        if (n) sl_push_own(out, xasprintf("%.*s", (int)n, s));
        s += n;
        s += strspn(s, " \t\n");
    }
    sl_sort(out);
    int k = 0;
    for (int i = 0; i < out->n; i++) {
        if (k > 0 && !strcmp(out->v[k - 1], out->v[i])) { free(out->v[i]); continue; }
        out->v[k++] = out->v[i];
    }
    out->n = k;
}

/* A device as the table shows it. */
struct col { struct ocl_device d; struct devprops p; struct peak pk; };

/* col_width: the widest value, limited so that ncol columns fit beside the labels. */
static size_t col_width(const struct col *c, int ncol, size_t label_w)
{
    size_t widest = 3, room = (TABLE_WIDTH - label_w) / (size_t)ncol;
    room = room >= GAP + MIN_COL ? room - GAP : MIN_COL;
    char buf[CELL_MAX];
    for (int j = 0; j < ncol; j++)
        for (size_t i = 0; i < NROWS; i++) {
            cell_text(&rows[i], &c[j].p, &c[j].pk, buf, sizeof buf);
            if (strlen(buf) > widest) widest = strlen(buf);
        }
    return widest < room ? widest : room;
}

static void print_line(FILE *out, struct sbuf *b)
{
    while (b->len && b->s[b->len - 1] == ' ') b->s[--b->len] = '\0';    /* no trailing blanks */
    fprintf(out, "%s\n", b->s ? b->s : "");
    sb_free(b);
}

/* print_row: one property for ncol devices; a long value wraps within its column, whole. */
static void print_row(FILE *out, const char *label, size_t label_w, char cells[][CELL_MAX], int ncol, size_t w)
{
    struct strlist lines[COLS_PER_BLOCK] = {{0}};
    int height = 1;
    for (int j = 0; j < ncol; j++) {
        int n = cellwrap_lines(cells[j], w, &lines[j]);
        if (n > height) height = n;
    }
    for (int k = 0; k < height; k++) {
        struct sbuf b = {0};
        sb_printf(&b, "%-*s", (int)label_w, k == 0 ? label : "");
        for (int j = 0; j < ncol; j++)
            sb_printf(&b, "%*s%-*s", j ? GAP : 0, "", (int)w, k < lines[j].n ? lines[j].v[k] : "");
        print_line(out, &b);
    }
    for (int j = 0; j < ncol; j++) sl_free(&lines[j]);
}

/* note_number: text's number among the block's notes (from 1), added as the next one where it is
 * not there yet. */
static int note_number(struct strlist *notes, const char *text)
{
    for (int i = 0; i < notes->n; i++)
        if (!strcmp(notes->v[i], text)) return i + 1;
    sl_push(notes, text);
    return notes->n;
}

/* print_notes: under a block, each note whole: "N  text", wrapped to the table's width with its
 * lines under the text's start. */
static void print_notes(FILE *out, const struct strlist *notes)
{
    if (notes->n == 0) return;
    fprintf(out, "\nnotes\n");
    for (int i = 0; i < notes->n; i++) {
        struct strlist l = {0};
        cellwrap_lines(notes->v[i], TABLE_WIDTH - NOTE_INDENT, &l);
        for (int k = 0; k < l.n; k++) {
            struct sbuf b = {0};
            if (k == 0) sb_printf(&b, "%*d%*s%s", NOTE_INDENT - GAP, i + 1, GAP, "", l.v[k]);
            else sb_printf(&b, "%*s%s", NOTE_INDENT, "", l.v[k]);
            print_line(out, &b);
        }
        sl_free(&l);
    }
}

/* print_block: the table for up to COLS_PER_BLOCK devices, then its notes (the values too long for
 * a column beside others). */
static void print_block(FILE *out, const struct col *c, int ncol)
{
    size_t label_w = 0;
    for (size_t i = 0; i < NROWS; i++)
        if (strlen(rows[i].label) > label_w) label_w = strlen(rows[i].label);
    label_w += GAP;
    size_t w = col_width(c, ncol, label_w);
    char cells[COLS_PER_BLOCK][CELL_MAX];
    struct strlist notes = {0};
    for (int j = 0; j < ncol; j++)
        snprintf(cells[j], sizeof cells[j], "%d:%d", c[j].d.pidx, c[j].d.didx);
    print_row(out, "device (--device)", label_w, cells, ncol, w);
    for (size_t i = 0; i < NROWS; i++) {
        int any = 0;
        for (int j = 0; j < ncol; j++) {
            cell_text(&rows[i], &c[j].p, &c[j].pk, cells[j], sizeof cells[j]);
            any |= cells[j][0] != 0;
            if (ncol > 1 && cellwrap_count(cells[j], w) > MAX_LINES)
                snprintf(cells[j], sizeof cells[j], "see note %d", note_number(&notes, cells[j]));
        }
        if (rows[i].show == VENDOR && !any) continue;
        print_row(out, rows[i].label, label_w, cells, ncol, w);
    }
    print_notes(out, &notes);
    sl_free(&notes);
}

int devinfo_no_device(FILE *out)
{
    diagnose_no_platform(out);
    return EXIT_CANNOT_RUN;      /* as clx run without a device, and as clx devices --help says */
}

void devinfo_print_table(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n)
{
    struct peak *pk = xcalloc(n ? (size_t)n : 1, sizeof *pk);
    for (int i = 0; i < n; i++) peak_derive(&props[i], &pk[i]);
    struct strlist none = {0};
    nodevice_list(&none);
    devinfo_print_table_of(out, devs, props, pk, n, &none);
    sl_free(&none);
    free(pk);
}

void devinfo_print_table_of(FILE *out, const struct ocl_device *devs, const struct devprops *props,
                            const struct peak *pk, int n, const struct strlist *none)
{
    struct col *c = xcalloc(n ? (size_t)n : 1, sizeof *c);
    for (int i = 0; i < n; i++) {
        c[i].d = devs[i];
        c[i].p = props[i];
        c[i].pk = pk[i];
        fprintf(out, "%d:%d  %s (%s)\n", devs[i].pidx, devs[i].didx, c[i].p.name, c[i].p.platform);
    }
    /* A platform without a device is named under the devices, with why, not left out: the one a
     * user means may be there (rusticl without RUSTICL_ENABLE). */
    for (int i = 0; none && i < none->n; i++) fprintf(out, "%s\n", none->v[i]);
    fprintf(out, "(--device takes P:D, a part of a device's name or of its platform's, or cpu, gpu, accelerator)\n");
    for (int i = 0; i < n; i += COLS_PER_BLOCK) {
        fputc('\n', out);
        print_block(out, c + i, n - i < COLS_PER_BLOCK ? n - i : COLS_PER_BLOCK);
    }
    free(c);
}
