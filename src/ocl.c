/* ocl.c — OpenCL error names, device discovery, selection and property snapshot. */
#include "ocl.h"
#include "diagnose.h"
#include "util.h"
#include <CL/cl_ext.h>
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
    cl_int e = clGetPlatformIDs(0, NULL, &np);
    if (e != CL_SUCCESS || np == 0) return 0;
    cl_platform_id *plats = xcalloc(np, sizeof *plats);
    CL_CHECK(clGetPlatformIDs(np, plats, NULL));
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
            (*out)[n++] = (struct ocl_device){ (int)p, (int)d, plats[p], devs[d] };
        free(devs);
    }
    free(plats);
    return n;
}

struct ocl_device ocl_select(const char *sel)
{
    struct ocl_device *all, pick = {0};
    int n = ocl_devices(&all);
    if (n == 0) {
        diagnose_no_platform(stderr);
        exit(EXIT_CANNOT_RUN);
    }
    int found = -1, p, d;
    char tail;
    if (sel && *sel && sscanf(sel, "%d:%d%c", &p, &d, &tail) == 2) {
        for (int i = 0; i < n; i++)
            if (all[i].pidx == p && all[i].didx == d) found = i;
    } else if (sel && *sel) {
        for (int i = 0; i < n && found < 0; i++) {
            char name[256] = "";
            clGetDeviceInfo(all[i].id, CL_DEVICE_NAME, sizeof name, name, NULL);
            if (str_icontains(name, sel)) found = i;
        }
    } else {
        for (int i = 0; i < n && found < 0; i++) {
            cl_device_type t = 0;
            clGetDeviceInfo(all[i].id, CL_DEVICE_TYPE, sizeof t, &t, NULL);
            if (t & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) found = i;
        }
        if (found < 0) found = 0;
    }
    if (found < 0) {
        /* A wrong device is a command-line mistake: say which devices there are. */
        struct sbuf have = {0};
        for (int i = 0; i < n; i++) {
            char name[256] = "";
            clGetDeviceInfo(all[i].id, CL_DEVICE_NAME, sizeof name, name, NULL);
            sb_printf(&have, "%s%d:%d %s", i ? ", " : "", all[i].pidx, all[i].didx, name);
        }
        free(all);
        die_usage("--device %s: no such device (there are: %s)", sel, have.s);
    }
    pick = all[found];
    free(all);
    return pick;
}

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

/* has_ext: true when the device lists the extension (a whole word of the list). */
static int has_ext(const struct devprops *p, const char *ext)
{
    size_t n = strlen(ext);
    for (const char *s = p->extensions; (s = strstr(s, ext)) != NULL; s += n)
        if ((s == p->extensions || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0')) return 1;
    return 0;
}

void ocl_query(cl_platform_id plat, cl_device_id dev, struct devprops *p)
{
    memset(p, 0, sizeof *p);
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof p->platform, p->platform, NULL);
    clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof p->platform_version, p->platform_version, NULL);
    str_info(dev, CL_DEVICE_NAME, p->name, sizeof p->name);
    str_info(dev, CL_DEVICE_VENDOR, p->vendor, sizeof p->vendor);
    str_info(dev, CL_DEVICE_VERSION, p->version, sizeof p->version);
    str_info(dev, CL_DRIVER_VERSION, p->driver, sizeof p->driver);
    str_info(dev, CL_DEVICE_OPENCL_C_VERSION, p->c_version, sizeof p->c_version);
    str_info(dev, CL_DEVICE_EXTENSIONS, p->extensions, sizeof p->extensions);
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof p->type, &p->type, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof p->compute_units, &p->compute_units, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof p->clock_mhz, &p->clock_mhz, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof p->native_float_width, &p->native_float_width, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_ADDRESS_BITS, sizeof p->address_bits, &p->address_bits, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof p->global_mem, &p->global_mem, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof p->local_mem, &p->local_mem, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof p->max_alloc, &p->max_alloc, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof p->cache_size, &p->cache_size, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, sizeof p->const_mem, &p->const_mem, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof p->max_wg, &p->max_wg, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof p->timer_res_ns, &p->timer_res_ns, NULL);
    cl_device_fp_config fp64 = 0;
    clGetDeviceInfo(dev, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL);
    p->has_fp64 = fp64 != 0 || has_ext(p, "cl_khr_fp64");
    p->nv_cc_major = p->nv_cc_minor = -1;
    if (has_ext(p, "cl_nv_device_attribute_query")) {
        cl_uint v;
        if (clGetDeviceInfo(dev, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, sizeof v, &v, NULL) == CL_SUCCESS) p->nv_cc_major = (int)v;
        if (clGetDeviceInfo(dev, CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, sizeof v, &v, NULL) == CL_SUCCESS) p->nv_cc_minor = (int)v;
        clGetDeviceInfo(dev, CL_DEVICE_REGISTERS_PER_BLOCK_NV, sizeof p->nv_regs_per_block, &p->nv_regs_per_block, NULL);
        clGetDeviceInfo(dev, CL_DEVICE_WARP_SIZE_NV, sizeof p->nv_warp, &p->nv_warp, NULL);
    }
}

int ocl_is_nvidia(const struct devprops *p)
{
    return str_icontains(p->platform, "NVIDIA");
}

