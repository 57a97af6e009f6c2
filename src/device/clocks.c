/* clocks.c — the device's clocks, temperature and power while a configuration runs, where the
 * driver can tell: NVIDIA's NVML, loaded at run time (never a build dependency), or AMD's amdgpu
 * sysfs files (clocks_amd.c); elsewhere nothing, and the columns stay empty rather than invented. */
#include "clocks.h"
#include "ocl.h"
#include "lib/phase.h"
#include "lib/util.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* NVML's C API as far as clx uses it (nvml.h's types are plain ints and an opaque pointer). */
typedef int nvml_return;
typedef void *nvml_device;
enum { NVML_SUCCESS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0 };
/* cl_nv_device_attribute_query: where the device sits on the PCI bus, to find it in NVML. */
enum { CL_DEVICE_PCI_BUS_ID_NV_ = 0x4008, CL_DEVICE_PCI_SLOT_ID_NV_ = 0x4009, CL_DEVICE_PCI_DOMAIN_ID_NV_ = 0x400A };

static struct {
    void *lib;
    nvml_return (*init)(void);
    nvml_return (*by_pci)(const char *, nvml_device *);
    nvml_return (*by_index)(unsigned, nvml_device *);
    nvml_return (*count)(unsigned *);
    nvml_return (*clock)(nvml_device, int, unsigned *);
    nvml_return (*max_clock)(nvml_device, int, unsigned *);
    nvml_return (*temperature)(nvml_device, int, unsigned *);
    nvml_return (*power)(nvml_device, unsigned *);
    nvml_return (*energy)(nvml_device, unsigned long long *);
} nvml;

static int nvml_load(void)
{
    if (nvml.lib) return 0;
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return -1;
    *(void **)&nvml.init = dlsym(lib, "nvmlInit_v2");
    *(void **)&nvml.by_pci = dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
    *(void **)&nvml.by_index = dlsym(lib, "nvmlDeviceGetHandleByIndex_v2");
    *(void **)&nvml.count = dlsym(lib, "nvmlDeviceGetCount_v2");
    *(void **)&nvml.clock = dlsym(lib, "nvmlDeviceGetClockInfo");
    *(void **)&nvml.max_clock = dlsym(lib, "nvmlDeviceGetMaxClockInfo");
    *(void **)&nvml.temperature = dlsym(lib, "nvmlDeviceGetTemperature");
    *(void **)&nvml.power = dlsym(lib, "nvmlDeviceGetPowerUsage");
    *(void **)&nvml.energy = dlsym(lib, "nvmlDeviceGetTotalEnergyConsumption");
    if (!nvml.init || !nvml.clock || !nvml.max_clock || (!nvml.by_pci && !nvml.by_index) || nvml.init() != NVML_SUCCESS) {
        dlclose(lib);
        memset(&nvml, 0, sizeof nvml);
        return -1;
    }
    nvml.lib = lib;
    return 0;
}

/* nvml_open: the device in NVML, found by its PCI address (cl_nv_device_attribute_query). */
static int nvml_open(struct clocks *c, cl_device_id dev)
{
    if (nvml_load()) { c->why = "libnvidia-ml.so.1 not found or not initialised"; return -1; }
    cl_uint bus = 0, slot = 0, domain = 0;
    nvml_device h = NULL;
    if (nvml.by_pci && clGetDeviceInfo(dev, CL_DEVICE_PCI_BUS_ID_NV_, sizeof bus, &bus, NULL) == CL_SUCCESS &&
        clGetDeviceInfo(dev, CL_DEVICE_PCI_SLOT_ID_NV_, sizeof slot, &slot, NULL) == CL_SUCCESS) {
        clGetDeviceInfo(dev, CL_DEVICE_PCI_DOMAIN_ID_NV_, sizeof domain, &domain, NULL);
        char id[32];
        snprintf(id, sizeof id, "%08x:%02x:%02x.0", domain, bus, slot);
        if (nvml.by_pci(id, &h) != NVML_SUCCESS) h = NULL;
    }
    /* Without the PCI address, one GPU is unambiguous; several are not. */
    unsigned n = 0;
    if (!h && nvml.by_index && nvml.count && nvml.count(&n) == NVML_SUCCESS && n == 1 && nvml.by_index(0, &h) != NVML_SUCCESS)
        h = NULL;
    if (!h) { c->why = "the device was not found in NVML"; return -1; }
    c->handle = h;
    unsigned mhz = 0;
    if (nvml.max_clock(h, NVML_CLOCK_SM, &mhz) == NVML_SUCCESS) c->max_sm_mhz = mhz;
    if (nvml.max_clock(h, NVML_CLOCK_MEM, &mhz) == NVML_SUCCESS) c->max_mem_mhz = mhz;
    c->source = "NVML";
    c->why = NULL;
    return 0;
}

static int nvml_sample(nvml_device h, struct clock_sample *s)
{
    unsigned v = 0;
    if (nvml.clock(h, NVML_CLOCK_SM, &v) == NVML_SUCCESS) s->sm_mhz = v;
    if (nvml.clock(h, NVML_CLOCK_MEM, &v) == NVML_SUCCESS) s->mem_mhz = v;
    if (nvml.temperature && nvml.temperature(h, NVML_TEMPERATURE_GPU, &v) == NVML_SUCCESS) s->temp_c = v;
    if (nvml.power && nvml.power(h, &v) == NVML_SUCCESS) s->power_w = v / 1000.0;
    return s->sm_mhz > 0 ? 0 : -1;
}

/* amd_pci_address: where AMD's OpenCL driver says the device sits; 0, or -1 when it does not. */
static int amd_pci_address(cl_device_id dev, struct pci_addr *a)
{
    a->domain = -1;    /* the extension has no field for it */
    return ocl_amd_topology(dev, &a->bus, &a->device, &a->function);
}

/* is_amd_gpu: PoCL on an AMD processor names its CPU device's vendor "AuthenticAMD": the vendor
 * alone does not make an AMD GPU. */
static int is_amd_gpu(cl_device_id dev, const char *vendor)
{
    cl_device_type type = 0;
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    return (type & CL_DEVICE_TYPE_GPU) && (str_icontains(vendor, "Advanced Micro Devices") || str_icontains(vendor, "AMD"));
}

/* amd_open: the device's card among the amdgpu cards in /sys. Without the PCI address (a driver
 * without cl_amd_device_attribute_query), one amdgpu card is unambiguous; several are not. */
static int amd_open(struct clocks *c, cl_device_id dev)
{
    struct pci_addr a;
    return clocks_amd_open(c, "/sys", amd_pci_address(dev, &a) == 0 ? &a : NULL);
}

int clocks_open(struct clocks *c, cl_device_id dev)
{
    memset(c, 0, sizeof *c);
    char vendor[256] = "";
    clGetDeviceInfo(dev, CL_DEVICE_VENDOR, sizeof vendor, vendor, NULL);
    vendor[sizeof vendor - 1] = '\0';
    if (str_icontains(vendor, "NVIDIA")) return nvml_open(c, dev);
    if (is_amd_gpu(dev, vendor)) return amd_open(c, dev);
    c->why = "no clock source for this device (sources: NVML on NVIDIA, amdgpu sysfs on AMD)";
    return -1;
}

int clocks_sample(const struct clocks *c, struct clock_sample *s)
{
    memset(s, 0, sizeof *s);
    double t0 = now_seconds();
    int rc = c->handle ? nvml_sample(c->handle, s) : c->amd_dir[0] ? clocks_amd_sample(c->amd_dir, s) : -1;
    phase_add(PH_CLOCKS, now_seconds() - t0);
    return rc;
}

int clocks_nvml_energy_j(const struct clocks *c, double *joules)
{
    unsigned long long mj = 0;
    if (!c->handle || !nvml.energy || nvml.energy(c->handle, &mj) != NVML_SUCCESS) return -1;
    *joules = (double)mj * 1e-3;
    return 0;
}

int clocks_nvml_power_w(const struct clocks *c, double *watts)
{
    unsigned mw = 0;
    if (!c->handle || !nvml.power || nvml.power(c->handle, &mw) != NVML_SUCCESS) return -1;
    *watts = mw * 1e-3;
    return 0;
}

int clocks_throttled(double start_mhz, double end_mhz, double max_mhz)
{
    if (!(max_mhz > 0) || !(start_mhz > 0) || !(end_mhz > 0)) return 0;
    double low = start_mhz < end_mhz ? start_mhz : end_mhz;
    return low < 0.9 * max_mhz;
}
