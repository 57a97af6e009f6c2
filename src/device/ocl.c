/* ocl.c — OpenCL error names, device discovery and property snapshot (selecting one: devselect.c). */
#include "ocl.h"
#include "platforms.h"
#include "drvenv.h"
#include "device/kernels/ocl.cl.h"
#include "lib/util.h"
#include <CL/cl_ext.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Error codes by name; to add one, add a row (the numbers are from cl.h). */
static const struct { cl_int code; const char *name; } err_names[] = {
#define E(x) { x, #x }
    E(CL_SUCCESS), E(CL_DEVICE_NOT_FOUND), E(CL_DEVICE_NOT_AVAILABLE), E(CL_COMPILER_NOT_AVAILABLE),
    E(CL_MEM_OBJECT_ALLOCATION_FAILURE), E(CL_OUT_OF_RESOURCES), E(CL_OUT_OF_HOST_MEMORY),
    E(CL_PROFILING_INFO_NOT_AVAILABLE), E(CL_MEM_COPY_OVERLAP), E(CL_IMAGE_FORMAT_MISMATCH),
    E(CL_IMAGE_FORMAT_NOT_SUPPORTED), E(CL_BUILD_PROGRAM_FAILURE), E(CL_MAP_FAILURE),
    E(CL_MISALIGNED_SUB_BUFFER_OFFSET), E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
    E(CL_COMPILE_PROGRAM_FAILURE), E(CL_LINKER_NOT_AVAILABLE), E(CL_LINK_PROGRAM_FAILURE),
    E(CL_DEVICE_PARTITION_FAILED), E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
    E(CL_INVALID_VALUE), E(CL_INVALID_DEVICE_TYPE), E(CL_INVALID_PLATFORM), E(CL_INVALID_DEVICE),
    E(CL_INVALID_CONTEXT), E(CL_INVALID_QUEUE_PROPERTIES), E(CL_INVALID_COMMAND_QUEUE),
    E(CL_INVALID_HOST_PTR), E(CL_INVALID_MEM_OBJECT), E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
    E(CL_INVALID_IMAGE_SIZE), E(CL_INVALID_SAMPLER), E(CL_INVALID_BINARY), E(CL_INVALID_BUILD_OPTIONS),
    E(CL_INVALID_PROGRAM), E(CL_INVALID_PROGRAM_EXECUTABLE), E(CL_INVALID_KERNEL_NAME),
    E(CL_INVALID_KERNEL_DEFINITION), E(CL_INVALID_KERNEL), E(CL_INVALID_ARG_INDEX),
    E(CL_INVALID_ARG_VALUE), E(CL_INVALID_ARG_SIZE), E(CL_INVALID_KERNEL_ARGS),
    E(CL_INVALID_WORK_DIMENSION), E(CL_INVALID_WORK_GROUP_SIZE), E(CL_INVALID_WORK_ITEM_SIZE),
    E(CL_INVALID_GLOBAL_OFFSET), E(CL_INVALID_EVENT_WAIT_LIST), E(CL_INVALID_EVENT),
    E(CL_INVALID_OPERATION), E(CL_INVALID_GL_OBJECT), E(CL_INVALID_BUFFER_SIZE),
    E(CL_INVALID_MIP_LEVEL), E(CL_INVALID_GLOBAL_WORK_SIZE), E(CL_INVALID_PROPERTY),
    E(CL_INVALID_IMAGE_DESCRIPTOR), E(CL_INVALID_COMPILER_OPTIONS), E(CL_INVALID_LINKER_OPTIONS),
    E(CL_INVALID_DEVICE_PARTITION_COUNT),
    { -1001, "CL_PLATFORM_NOT_FOUND_KHR" },
#undef E
};

cl_int ocl_kernel_from_source(cl_context ctx, cl_device_id dev, const char *src, const char *name, cl_program *prog,
                              cl_kernel *k)
{
    return ocl_kernel_built(ctx, dev, src, "", name, prog, k);
}

cl_int ocl_kernel_built(cl_context ctx, cl_device_id dev, const char *src, const char *options, const char *name,
                        cl_program *prog, cl_kernel *k)
{
    cl_int e;
    *k = NULL;
    *prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    if (e != CL_SUCCESS) { *prog = NULL; return e; }
    e = clBuildProgram(*prog, 1, &dev, options, NULL, NULL);
    if (e == CL_SUCCESS) *k = clCreateKernel(*prog, name, &e);
    if (e != CL_SUCCESS) {
        if (*k) clReleaseKernel(*k);
        clReleaseProgram(*prog);
        *prog = NULL;
        *k = NULL;
    }
    return e;
}

void ocl_kernel_release(cl_program *prog, cl_kernel *k, cl_mem *buf)
{
    if (buf && *buf) clReleaseMemObject(*buf);
    if (*k) clReleaseKernel(*k);
    if (*prog) clReleaseProgram(*prog);
    if (buf) *buf = NULL;
    *k = NULL;
    *prog = NULL;
}

cl_int ocl_finish(cl_command_queue q)
{
    cl_int e = clFinish(q);
    cl_event mark;
    if (e == CL_SUCCESS) e = clEnqueueMarkerWithWaitList(q, 0, NULL, &mark);
    if (e == CL_SUCCESS) {
        e = clWaitForEvents(1, &mark);
        clReleaseEvent(mark);
    }
    return e;
}

cl_int ocl_finish_for(cl_command_queue q, cl_uint n, const cl_event *ev)
{
    cl_int e = clFinish(q);
    return e == CL_SUCCESS && n ? clWaitForEvents(n, ev) : e;
}

double ocl_event_gap_ns(cl_event a, cl_profiling_info wa, cl_event b, cl_profiling_info wb)
{
    cl_ulong x = 0, y = 0;
    if (clGetEventProfilingInfo(a, wa, sizeof x, &x, NULL) != CL_SUCCESS ||
        clGetEventProfilingInfo(b, wb, sizeof y, &y, NULL) != CL_SUCCESS)
        return 0;
    return y >= x ? (double)(y - x) : -(double)(x - y);
}

double ocl_event_ns(cl_event ev, cl_profiling_info wa, cl_profiling_info wb)
{
    return ocl_event_gap_ns(ev, wa, ev, wb);
}

const char *ocl_err_name(cl_int err)
{
    static char unknown[48];
    for (size_t i = 0; i < sizeof err_names / sizeof err_names[0]; i++)
        if (err_names[i].code == err) return err_names[i].name;
    snprintf(unknown, sizeof unknown, "unknown OpenCL error %d", (int)err);
    return unknown;
}

int ocl_devices(struct ocl_device **out)
{
    cl_uint np = 0;
    *out = NULL;
    cl_int e = ocl_platform_ids(0, NULL, &np);
    leak_check_before_teardown();
    if (e != CL_SUCCESS || np == 0) return 0;
    cl_platform_id *plats = xcalloc(np, sizeof *plats);
    CL_CHECK(ocl_platform_ids(np, plats, NULL));
    int n = 0;
    for (cl_uint p = 0; p < np; p++) {
        cl_uint nd = 0;
        e = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
        if (e != CL_SUCCESS || nd == 0) {
            if (e != CL_DEVICE_NOT_FOUND) warn("platform %u: clGetDeviceIDs: %s", p, ocl_err_name(e));
            continue;
        }
        cl_device_id *devs = xcalloc(nd, sizeof *devs);
        CL_CHECK(clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, devs, NULL));
        *out = xrealloc(*out, sizeof **out * (size_t)(n + (int)nd));
        for (cl_uint d = 0; d < nd; d++)
            (*out)[n++] = (struct ocl_device){ .pidx = (int)p, .didx = (int)d, .platform = plats[p], .id = devs[d] };
        free(devs);
    }
    free(plats);
    return n;
}

/* Not in cl.h below OpenCL 2.1 (clx builds against the 1.2 API, which every vendor has); the
 * value is the registry's. */
#ifndef CL_DEVICE_MAX_NUM_SUB_GROUPS
#define CL_DEVICE_MAX_NUM_SUB_GROUPS 0x105C
#endif

/* Device queries answered in a field of struct devprops: the parameter and the field. A string row
 * is read by str_info (truncated to the field), a fixed-size one straight into the field, whose
 * size is the size asked for. To add one: the field in struct devprops (ocl.h), then a row. A
 * query the driver refuses leaves the field zero (a string empty). */
static const struct query { cl_device_info param; size_t off, size; int is_string; } queries[] = {
#define S(param, f) { param, offsetof(struct devprops, f), sizeof ((struct devprops *)0)->f, 1 }
#define N(param, f) { param, offsetof(struct devprops, f), sizeof ((struct devprops *)0)->f, 0 }
    S(CL_DEVICE_NAME, name), S(CL_DEVICE_VENDOR, vendor), S(CL_DEVICE_VERSION, version),
    S(CL_DRIVER_VERSION, driver), S(CL_DEVICE_OPENCL_C_VERSION, c_version),
    S(CL_DEVICE_EXTENSIONS, extensions),
    N(CL_DEVICE_TYPE, type), N(CL_DEVICE_MAX_COMPUTE_UNITS, compute_units),
    N(CL_DEVICE_MAX_CLOCK_FREQUENCY, clock_mhz), N(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, native_float_width),
    N(CL_DEVICE_ADDRESS_BITS, address_bits), N(CL_DEVICE_GLOBAL_MEM_SIZE, global_mem),
    N(CL_DEVICE_LOCAL_MEM_SIZE, local_mem), N(CL_DEVICE_LOCAL_MEM_TYPE, local_mem_type),
    N(CL_DEVICE_MAX_MEM_ALLOC_SIZE, max_alloc), N(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cache_size),
    N(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cache_type), N(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, cacheline),
    N(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, const_mem), N(CL_DEVICE_MAX_WORK_GROUP_SIZE, max_wg),
    N(CL_DEVICE_PROFILING_TIMER_RESOLUTION, timer_res_ns), N(CL_DEVICE_HOST_UNIFIED_MEMORY, host_unified),
    /* Refused (CL_INVALID_VALUE) by devices without the precision: the config stays 0. */
    N(CL_DEVICE_DOUBLE_FP_CONFIG, fp64_config), N(CL_DEVICE_HALF_FP_CONFIG, fp16_config),
#undef S
#undef N
};

static void str_info(cl_device_id dev, cl_device_info what, char *buf, size_t n)
{
    buf[0] = '\0';
    if (clGetDeviceInfo(dev, what, n, buf, NULL) != CL_SUCCESS) {
        /* Longer than the buffer (extension lists can be): take what fits. */
        size_t need = 0;
        if (clGetDeviceInfo(dev, what, 0, NULL, &need) == CL_SUCCESS && need > n) {
            char *tmp = xmalloc(need);
            if (clGetDeviceInfo(dev, what, need, tmp, NULL) == CL_SUCCESS) snprintf(buf, n, "%s", tmp);
            free(tmp);
        }
    }
    str_trim(buf);
}

/* sizes_info: a size_t array query into l (n stays 0 when refused or empty). */
static void sizes_info(cl_device_id dev, cl_device_info what, struct ocl_sizes *l)
{
    size_t bytes = 0;
    l->n = 0;
    if (clGetDeviceInfo(dev, what, 0, NULL, &bytes) != CL_SUCCESS || bytes == 0) return;
    size_t *v = xmalloc(bytes);
    if (clGetDeviceInfo(dev, what, bytes, v, NULL) == CL_SUCCESS)
        for (size_t i = 0; i < bytes / sizeof *v && l->n < OCL_MAX_SIZES; i++) l->v[l->n++] = v[i];
    free(v);
}

/* has_ext: true when the device lists the extension (a whole word of the list). */
static int has_ext(const struct devprops *p, const char *ext)
{
    size_t n = strlen(ext);
    for (const char *s = p->extensions; (s = strstr(s, ext)) != NULL; s += n)
        if ((s == p->extensions || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0')) return 1;
    return 0;
}

/* version_at_least: whether "OpenCL M.m ..." (CL_DEVICE_VERSION's form) is major.minor or later. */
static int version_at_least(const char *version, int major, int minor)
{
    int M, m;
    if (sscanf(version, "OpenCL %d.%d", &M, &m) != 2) return 0;
    return M > major || (M == major && m >= minor);
}

/* pci_address: where the driver says the device sits on PCI, into p->pci ("" when none says). */
static void pci_address(cl_device_id dev, struct devprops *p)
{
    enum { PCI_BUS_INFO_KHR = 0x410F, PCI_BUS_ID_NV = 0x4008, PCI_SLOT_ID_NV = 0x4009, PCI_DOMAIN_ID_NV = 0x400A };
    cl_uint khr[4], bus, slot, domain = 0;
    p->pci[0] = 0;
    if (has_ext(p, "cl_khr_pci_bus_info") && clGetDeviceInfo(dev, PCI_BUS_INFO_KHR, sizeof khr, khr, NULL) == CL_SUCCESS)
        snprintf(p->pci, sizeof p->pci, "%04x:%02x:%02x.%x", khr[0] & 0xffff, khr[1] & 0xff, khr[2] & 0x1f, khr[3] & 7);
    else if (has_ext(p, "cl_nv_device_attribute_query") &&
             clGetDeviceInfo(dev, PCI_BUS_ID_NV, sizeof bus, &bus, NULL) == CL_SUCCESS &&
             clGetDeviceInfo(dev, PCI_SLOT_ID_NV, sizeof slot, &slot, NULL) == CL_SUCCESS) {
        clGetDeviceInfo(dev, PCI_DOMAIN_ID_NV, sizeof domain, &domain, NULL);
        /* NVIDIA's slot id holds device << 3 | function. */
        snprintf(p->pci, sizeof p->pci, "%04x:%02x:%02x.%x", domain & 0xffff, bus & 0xff, (slot >> 3) & 0x1f, slot & 7);
    }
}

/* cl_amd_device_attribute_query's topology, declared here so that older headers build; the bus is
 * unsigned here (cl_ext.h's cl_char would make bus 0x80 and above negative). */
enum { CL_DEVICE_TOPOLOGY_AMD_ = 0x4037, CL_DEVICE_TOPOLOGY_TYPE_PCIE_AMD_ = 1 };
typedef union {
    struct { cl_uint type; cl_uint data[5]; } raw;
    struct { cl_uint type; cl_uchar unused[17]; cl_uchar bus, device, function; } pcie;
} topology_amd;

int ocl_amd_topology(cl_device_id dev, int *bus, int *device, int *function)
{
    topology_amd t;
    memset(&t, 0, sizeof t);
    if (clGetDeviceInfo(dev, CL_DEVICE_TOPOLOGY_AMD_, sizeof t, &t, NULL) != CL_SUCCESS ||
        t.raw.type != CL_DEVICE_TOPOLOGY_TYPE_PCIE_AMD_)
        return -1;
    *bus = t.pcie.bus;
    *device = t.pcie.device;
    *function = t.pcie.function;
    return 0;
}

/* device_uuid: cl_khr_device_uuid's UUID in hex into p->uuid ("" when the driver has none, or
 * says all zeros, which names no device). */
static void device_uuid(cl_device_id dev, struct devprops *p)
{
    enum { DEVICE_UUID_KHR = 0x106A, UUID_SIZE_KHR = 16 };
    cl_uchar u[UUID_SIZE_KHR];
    int any = 0;
    p->uuid[0] = 0;
    if (!has_ext(p, "cl_khr_device_uuid") || clGetDeviceInfo(dev, DEVICE_UUID_KHR, sizeof u, u, NULL) != CL_SUCCESS)
        return;
    for (int i = 0; i < UUID_SIZE_KHR; i++) any |= u[i];
    for (int i = 0; any && i < UUID_SIZE_KHR; i++) snprintf(p->uuid + 2 * i, 3, "%02x", u[i]);
}

/* amd_attributes: AMD's board name and its compute unit's SIMDs, where the driver has
 * cl_amd_device_attribute_query (AMD's own runtime; Mesa's drivers do not). A refusal leaves them
 * "" and 0. */
static void amd_attributes(cl_device_id dev, struct devprops *p)
{
    enum { BOARD_NAME_AMD = 0x4038, SIMD_PER_COMPUTE_UNIT_AMD = 0x4040, SIMD_WIDTH_AMD = 0x4041 };
    cl_uint v;
    if (!has_ext(p, "cl_amd_device_attribute_query")) return;
    str_info(dev, BOARD_NAME_AMD, p->board, sizeof p->board);
    if (clGetDeviceInfo(dev, SIMD_PER_COMPUTE_UNIT_AMD, sizeof v, &v, NULL) == CL_SUCCESS) p->amd_simd_per_cu = v;
    if (clGetDeviceInfo(dev, SIMD_WIDTH_AMD, sizeof v, &v, NULL) == CL_SUCCESS) p->amd_simd_width = v;
    int bus, device, function;
    if (ocl_amd_topology(dev, &bus, &device, &function) == 0)
        snprintf(p->amd_bus, sizeof p->amd_bus, "%02x:%02x.%x", bus & 0xff, device & 0x1f, function & 7);
}

void ocl_query(cl_platform_id plat, cl_device_id dev, struct devprops *p)
{
    memset(p, 0, sizeof *p);
    p->max_sub_groups = p->wg_multiple = p->nv_cc_major = p->nv_cc_minor = -1;
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof p->platform, p->platform, NULL);
    clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof p->platform_version, p->platform_version, NULL);
    /* Trimmed as the device's strings are (str_info): rusticl's version ends in a space, which run.json
     * kept ("OpenCL 3.0 ") where clx devices --json trims it. */
    str_trim(p->platform);
    str_trim(p->platform_version);
    for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++) {
        char *f = (char *)p + queries[i].off;
        if (queries[i].is_string) str_info(dev, queries[i].param, f, queries[i].size);
        else if (clGetDeviceInfo(dev, queries[i].param, queries[i].size, f, NULL) != CL_SUCCESS)
            memset(f, 0, queries[i].size);    /* a refusal may have written part of it */
    }
    sizes_info(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, &p->max_item_sizes);
    p->has_fp64 = p->fp64_config != 0 || has_ext(p, "cl_khr_fp64");
    p->has_fp16 = p->fp16_config != 0 || has_ext(p, "cl_khr_fp16");
    /* The queries below exist only with the feature: asking anyway would read as "none". */
    if (version_at_least(p->version, 2, 1) || has_ext(p, "cl_khr_subgroups")) {
        cl_uint v;
        if (clGetDeviceInfo(dev, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof v, &v, NULL) == CL_SUCCESS) p->max_sub_groups = (int)v;
    }
    if (has_ext(p, "cl_intel_required_subgroup_size")) sizes_info(dev, CL_DEVICE_SUB_GROUP_SIZES_INTEL, &p->sub_group_sizes);
    if (has_ext(p, "cl_nv_device_attribute_query")) {
        cl_uint v;
        if (clGetDeviceInfo(dev, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof v, &v, NULL) == CL_SUCCESS) p->nv_cc_major = (int)v;
        if (clGetDeviceInfo(dev, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof v, &v, NULL) == CL_SUCCESS) p->nv_cc_minor = (int)v;
        clGetDeviceInfo(dev, CL_DEVICE_REGISTERS_PER_BLOCK_NV, sizeof p->nv_regs_per_block, &p->nv_regs_per_block, NULL);
        clGetDeviceInfo(dev, CL_DEVICE_WARP_SIZE_NV, sizeof p->nv_warp, &p->nv_warp, NULL);
    }
    pci_address(dev, p);
    amd_attributes(dev, p);
    device_uuid(dev, p);
    drvenv_of(p->platform, p->driver_env, sizeof p->driver_env);
}

int ocl_probe_wg_multiple(cl_platform_id plat, cl_device_id dev)
{
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0 };
    cl_int e;
    int r = -1;
    cl_program prog;
    cl_kernel k;
    cl_context ctx = clCreateContext(props, 1, &dev, NULL, NULL, &e);
    if (e != CL_SUCCESS) return -1;
    size_t m = 0;
    if (ocl_kernel_from_source(ctx, dev, clsrc_ocl, "clx_probe", &prog, &k) == CL_SUCCESS &&
        clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof m, &m, NULL) == CL_SUCCESS &&
        m > 0)
        r = (int)m;
    ocl_kernel_release(&prog, &k, NULL);
    clReleaseContext(ctx);
    return r;
}

const char *ocl_host_memory_shared(const struct devprops *p)
{
    if (p->type & CL_DEVICE_TYPE_CPU) return "a CPU device";
    return p->host_unified ? "CL_DEVICE_HOST_UNIFIED_MEMORY" : NULL;
}

int ocl_is_nvidia(const struct devprops *p)
{
    return str_icontains(p->platform, "NVIDIA");
}

int ocl_version_at_least(const struct devprops *p, int major, int minor)
{
    return version_at_least(p->version, major, minor);
}

int ocl_llvm_major(const struct devprops *p)
{
    const char *const texts[] = { p->platform_version, p->version, p->driver };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *s = strstr(texts[i], "LLVM ");
        int v;
        if (s && sscanf(s + 5, "%d", &v) == 1 && v > 0) return v;
    }
    return -1;
}

