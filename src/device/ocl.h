/* ocl.h — OpenCL basics: error names, the checking macro, device discovery (which device --device
 * names: devselect.h), and a plain-data snapshot of a device's properties that the rest of clx reads. */
#ifndef OCL_H
#define OCL_H
#include <CL/cl.h>
#include <stddef.h>

/* ocl_err_name: "CL_INVALID_WORK_GROUP_SIZE" for -54; "CL_UNKNOWN_ERROR(n)" style text otherwise
 * (static storage; not thread-safe for unknown codes). */
const char *ocl_err_name(cl_int err);

/* ocl_finish: clFinish(q), then a marker's event waited for: Mesa's rusticl (22.3) returns from
 * clFinish with commands still queued (a non-blocking read's bytes not yet in host memory, its
 * event CL_QUEUED), and an event wait does wait. Every finish in clx is this one. */
cl_int ocl_finish(cl_command_queue q);
/* ocl_finish_for: clFinish(q), then a wait for the n events the caller holds (already complete on a
 * driver that keeps the rule, so cheaper than ocl_finish's marker where timing counts). */
cl_int ocl_finish_for(cl_command_queue q, cl_uint n, const cl_event *ev);
/* ocl_event_gap_ns: event b's profiling time wb less event a's wa, in ns, subtracted as the
 * driver's integers (0 where either cannot be read). NVIDIA's timestamps count ns since 1970
 * (about 1.8e18): as doubles they step by 256 ns, and every duration taken as a difference of
 * two doubles carried that step. */
double ocl_event_gap_ns(cl_event a, cl_profiling_info wa, cl_event b, cl_profiling_info wb);
/* ocl_event_ns: ocl_event_gap_ns of one event, from wa to wb. */
double ocl_event_ns(cl_event ev, cl_profiling_info wa, cl_profiling_info wb);

/* ocl_kernel_from_source: clx's own small kernels (heater, timer check, trial clock, probes): src
 * built for dev with no options and its kernel name made; CL_SUCCESS, or the OpenCL error with
 * *prog and *k NULL (nothing to free). */
cl_int ocl_kernel_from_source(cl_context ctx, cl_device_id dev, const char *src, const char *name, cl_program *prog,
                              cl_kernel *k);
/* ocl_kernel_built: ocl_kernel_from_source with build options (the device-side checks' -DT=...). */
cl_int ocl_kernel_built(cl_context ctx, cl_device_id dev, const char *src, const char *options, const char *name,
                        cl_program *prog, cl_kernel *k);
/* ocl_kernel_release: the teardown of such a kernel and its buffer (blocker, heater, trial clock, timer
 * check, the work-group size probe): each of *buf, *k and *prog that is set is released and set
 * NULL, so a half-made one (an error on the way) and a second call are safe; buf may be NULL where
 * there is no buffer. */
void ocl_kernel_release(cl_program *prog, cl_kernel *k, cl_mem *buf);

/* CL_CHECK(call): for setup calls the run cannot survive; names the call, file, line and error. */
#define CL_CHECK(call) do { cl_int e_ = (call); if (e_ != CL_SUCCESS) \
        die("%s:%d: %s failed: %s", __FILE__, __LINE__, #call, ocl_err_name(e_)); } while (0)

/* One device as found: indexes as `clx devices` shows them (platform P, device D). */
struct ocl_device {
    int pidx, didx;
    cl_platform_id platform;
    cl_device_id id;
};

/* A short list of sizes a device reports as an array (work-item sizes per dimension, sub-group
 * sizes); n is 0 when the device does not say. */
enum { OCL_MAX_SIZES = 16 };
struct ocl_sizes { size_t v[OCL_MAX_SIZES]; int n; };

/* Everything clx needs to know about a device, read once (strings are truncated to fit). */
struct devprops {
    char platform[256], platform_version[256];
    char name[256], vendor[256], version[256], driver[256], c_version[256];
    char extensions[8192];
    cl_device_type type;
    cl_uint compute_units, clock_mhz, native_float_width, address_bits;
    cl_ulong global_mem, local_mem, max_alloc, cache_size, const_mem;
    size_t max_wg, timer_res_ns;
    int has_fp64, has_fp16;
    cl_device_fp_config fp64_config, fp16_config;    /* 0: no such precision */
    cl_device_local_mem_type local_mem_type;         /* CL_LOCAL (on-chip) or CL_GLOBAL (emulated) */
    cl_device_mem_cache_type cache_type;             /* CL_NONE, CL_READ_ONLY_CACHE, CL_READ_WRITE_CACHE */
    cl_uint cacheline;                               /* global memory cache line, bytes */
    cl_bool host_unified;                            /* CL_DEVICE_HOST_UNIFIED_MEMORY: its memory is the host's */
    struct ocl_sizes max_item_sizes;                 /* CL_DEVICE_MAX_WORK_ITEM_SIZES, one per dimension */
    int max_sub_groups;          /* per work-group (OpenCL 2.1+ or cl_khr_subgroups); -1 when unknown */
    struct ocl_sizes sub_group_sizes;                /* cl_intel_required_subgroup_size's list */
    int wg_multiple;             /* preferred work-group size multiple of a trivial kernel; -1 when not
                                  * probed (only `clx devices` builds one: ocl_probe_wg_multiple) */
    int nv_cc_major, nv_cc_minor;    /* from cl_nv_device_attribute_query; -1 when absent */
    cl_uint nv_regs_per_block, nv_warp;
    char pci[16];                /* "DDDD:BB:DD.F" where the driver says it (cl_khr_pci_bus_info,
                                  * NVIDIA's attributes); "" elsewhere */
    /* AMD's runtime (cl_amd_device_attribute_query): the board's product name, where the device name
     * is the gfx target several boards share ("AMD Instinct MI250X/MI250" for "gfx90a:sramecc+:xnack-"),
     * and what it calls a compute unit: SIMDs per unit and lanes per SIMD (4 x 32 for an RDNA
     * work-group processor of two CUs). "" and 0 elsewhere. */
    char board[256];
    cl_uint amd_simd_per_cu, amd_simd_width;
    char amd_bus[16];            /* "BB:DD.F" from AMD's topology query (it has no PCI domain); "" elsewhere */
    char uuid[33];               /* cl_khr_device_uuid in hex; "" where the driver has none */
    char driver_env[512];        /* the driver's variables this process sets (drvenv.h):
                                  * "POCL_WORK_GROUP_METHOD=loops"; "" where none */
};

/* ocl_devices: every device of every platform into *out (caller frees); count, 0 when none.
 * On a platform error it warns and goes on with the other platforms. */
int ocl_devices(struct ocl_device **out);
/* ocl_amd_topology: where AMD's driver (cl_amd_device_attribute_query) says the device sits on
 * PCI, without the domain, which the query has no field for; 0, or -1 when it does not say. */
int ocl_amd_topology(cl_device_id dev, int *bus, int *device, int *function);
/* ocl_query: fills p for the device. */
void ocl_query(cl_platform_id plat, cl_device_id dev, struct devprops *p);
/* ocl_probe_wg_multiple: CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE of a one-line kernel built on
 * the device (the query needs a kernel; real kernels may differ, kernels.tsv has each one's);
 * -1 when the build fails. Costs a compile, so `clx devices` asks and runs do not. */
int ocl_probe_wg_multiple(cl_platform_id plat, cl_device_id dev);
/* ocl_host_memory_shared: why the device's buffers are the host's memory, for messages: "a CPU
 * device" (CL_DEVICE_TYPE_CPU: PoCL's, Intel's CPU runtime) or "CL_DEVICE_HOST_UNIFIED_MEMORY" (an
 * integrated GPU, say); NULL when they are not. */
const char *ocl_host_memory_shared(const struct devprops *p);
/* ocl_is_nvidia: true for NVIDIA's own OpenCL platform (binaries are PTX there). */
int ocl_is_nvidia(const struct devprops *p);
/* ocl_version_at_least: whether the device's OpenCL (CL_DEVICE_VERSION) is major.minor or later. */
int ocl_version_at_least(const struct devprops *p, int major, int minor);
/* ocl_llvm_major: the LLVM version the driver says it was built with ("... LLVM 15.0.6 ..." in
 * its platform version, device version or driver version: PoCL's), or -1 when none says. */
int ocl_llvm_major(const struct devprops *p);
#endif
