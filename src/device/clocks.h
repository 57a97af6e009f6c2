/* clocks.h — the device's clocks, temperature and power during a configuration, where the driver
 * can tell (NVIDIA: NVML loaded at run time; AMD: the amdgpu driver's sysfs files); elsewhere
 * nothing is invented. */
#ifndef CLOCKS_H
#define CLOCKS_H
#include <CL/cl.h>
#include <stddef.h>

struct clocks {
    void *handle;            /* NVML's device (NULL: the source is not NVML) */
    char amd_dir[512];       /* amdgpu: the card's device folder in sysfs ("": not amdgpu) */
    const char *source;      /* "NVML", "sysfs (amdgpu)", or NULL */
    const char *why;         /* why there is no source, for run.json and `clx devices` */
    double max_sm_mhz;       /* the source's maximum SM (AMD: shader) clock, 0 when it does not say */
    double max_mem_mhz;      /* the source's maximum memory clock, 0 when it does not say */
};
struct clock_sample { double sm_mhz, mem_mhz, temp_c, power_w; };   /* 0: not known */

/* clocks_open: the clock source of dev; 0, or -1 (c->why says why) when there is none. Nothing
 * to close: c owns no resource. */
int clocks_open(struct clocks *c, cl_device_id dev);
/* clocks_sample: the present values; 0, or -1 when there is no source or it gave no SM clock
 * (the other values may still be set). */
int clocks_sample(const struct clocks *c, struct clock_sample *s);
/* clocks_nvml_energy_j: NVML's total energy counter of c's device (nvmlDeviceGetTotalEnergyConsumption:
 * millijoules since the driver loaded, Volta and later) in joules; clocks_nvml_power_w: its power
 * now (nvmlDeviceGetPowerUsage). 0, or -1 when c is not NVML's or the driver does not say. */
int clocks_nvml_energy_j(const struct clocks *c, double *joules);
int clocks_nvml_power_w(const struct clocks *c, double *watts);
/* clocks_throttled: whether the lower of two SM clock samples is below 90% of the maximum. */
int clocks_throttled(double start_mhz, double end_mhz, double max_mhz);

/* The amdgpu sysfs source (clocks_amd.c). Each function takes the sysfs root ("/sys"; a fake
 * tree in the tests) or a card's device folder, so that all of it runs without the hardware. */

/* Where a device sits on the PCI bus; domain -1 when the driver does not say. */
struct pci_addr { int domain, bus, device, function; };

/* clocks_amd_parse_dpm: a pp_dpm_sclk or pp_dpm_mclk text, one level a line ("0: 500Mhz",
 * "1: 1800Mhz *", "S: 19Mhz" for deep sleep): *now_mhz is the level marked '*' (0 when none is),
 * *max_mhz the highest level. 0, or -1 (both 0) when a line is not of that form, more than one
 * is marked, or there is no level. */
int clocks_amd_parse_dpm(const char *text, double *now_mhz, double *max_mhz);
/* clocks_amd_parse_slot: a PCI slot name ("0000:03:00.0", or without the domain) into *a; 0 or -1. */
int clocks_amd_parse_slot(const char *name, struct pci_addr *a);
/* clocks_amd_find_card: how many amdgpu cards under root (root/class/drm/cardN whose device
 * folder has pp_dpm_sclk) sit at addr (the domain compared only where both say it), or how many
 * there are when addr is NULL; the first one's device folder goes into dir. One is a match. */
int clocks_amd_find_card(const char *root, const struct pci_addr *addr, char *dir, size_t n);
/* clocks_amd_open: c's source is the card at addr under root (addr NULL: the only card); 0, or
 * -1 with c->why. */
int clocks_amd_open(struct clocks *c, const char *root, const struct pci_addr *addr);
/* clocks_amd_sample: the card's present values from its device folder; 0, or -1 when its SM
 * clock could not be read. */
int clocks_amd_sample(const char *dir, struct clock_sample *s);
/* clocks_amd_hwmon: the card's hwmon folder (amdgpu registers one: device/hwmon/hwmonN) into out;
 * 0 or -1. */
int clocks_amd_hwmon(const char *devdir, char *out, size_t n);
#endif
