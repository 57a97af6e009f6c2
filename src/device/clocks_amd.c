/* clocks_amd.c — an AMD GPU's clocks, temperature and power from the amdgpu kernel driver's sysfs
 * files under /sys/class/drm/cardN/device. ROCm SMI reads these same files (rocm_smi_lib's
 * rocm_smi_device.cc names pp_dpm_sclk and pp_dpm_mclk, rocm_smi_monitor.cc hwmon's temp#_input
 * and power#_average), so clx gets the same values without a ROCm library to load; the kernel's
 * amdgpu documentation ("GPU Power/Thermal Controls and Monitoring") describes each file. */
#include "clocks.h"
#include "lib/util.h"
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* A pp_dpm line is a dozen characters; anything this long is not one. */
enum { DPM_LINE_MAX = 128 };

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    return p;
}

/* parse_level: one line of a pp_dpm file: "N: <MHz>Mhz" (the kernel prints whole MHz), or "S:"
 * for the deep-sleep level, then '*' on the level the clock is at now. 0, or -1 when the line is
 * not of that form. */
static int parse_level(const char *line, double *mhz, int *marked)
{
    const char *p = skip_blanks(line);
    if (*p == 'S') p++;
    else if (isdigit((unsigned char)*p)) while (isdigit((unsigned char)*p)) p++;
    else return -1;
    if (*p++ != ':') return -1;
    p = skip_blanks(p);
    if (!isdigit((unsigned char)*p)) return -1;
    char *end;
    unsigned long v = strtoul(p, &end, 10);
    if (strncasecmp(end, "mhz", 3) != 0) return -1;
    p = skip_blanks(end + 3);
    *marked = *p == '*';
    if (*marked) p = skip_blanks(p + 1);
    if (*p) return -1;
    *mhz = (double)v;
    return 0;
}

static int blank_line(const char *s)
{
    return *skip_blanks(s) == '\0';
}

int clocks_amd_parse_dpm(const char *text, double *now_mhz, double *max_mhz)
{
    double now = 0, max = 0;
    int levels = 0, marks = 0;
    for (const char *s = text; *s;) {
        size_t len = strcspn(s, "\n");
        char line[DPM_LINE_MAX];
        if (len >= sizeof line) goto bad;
        memcpy(line, s, len);
        line[len] = '\0';
        s += len + (s[len] == '\n');
        if (blank_line(line)) continue;
        double mhz;
        int marked;
        if (parse_level(line, &mhz, &marked)) goto bad;
        levels++;
        if (mhz > max) max = mhz;
        if (marked) {
            marks++;
            now = mhz;
        }
    }
    /* Two marked levels leave the present clock unknown; a file of zeros says nothing. */
    if (levels == 0 || marks > 1 || !(max > 0)) goto bad;
    *now_mhz = now;
    *max_mhz = max;
    return 0;
bad:
    *now_mhz = *max_mhz = 0;
    return -1;
}

int clocks_amd_parse_slot(const char *name, struct pci_addr *a)
{
    size_t len = strlen(name);
    unsigned dom = 0, bus, dev, fn;
    int used = -1;
    /* sscanf's %x would also take signs, blanks and "0x": only hex digits and separators pass. */
    if (len == 0 || strspn(name, "0123456789abcdefABCDEF:.") != len) return -1;
    if (sscanf(name, "%x:%x:%x.%x%n", &dom, &bus, &dev, &fn, &used) == 4 && used == (int)len) {
        a->domain = (int)dom;
    } else if (sscanf(name, "%x:%x.%x%n", &bus, &dev, &fn, &used) == 3 && used == (int)len) {
        a->domain = -1;
    } else {
        return -1;
    }
    if (bus > 0xff || dev > 0x1f || fn > 7 || dom > 0xffff) return -1;
    a->bus = (int)bus;
    a->device = (int)dev;
    a->function = (int)fn;
    return 0;
}

/* card_slot: the card's PCI slot name: PCI_SLOT_NAME in its uevent, else the name of the PCI
 * device its `device` link leads to (…/0000:03:00.0). 0, or -1 when neither says. */
static int card_slot(const char *devdir, char *slot, size_t n)
{
    char *path = path_join(devdir, "uevent");
    char *text = read_file(path, NULL);
    free(path);
    const char *key = "PCI_SLOT_NAME=";
    const char *at = text ? strstr(text, key) : NULL;
    /* A name too long for slot is no slot name: it is refused, not cut. */
    if (at && (at == text || at[-1] == '\n')) {
        at += strlen(key);
        int len = (int)strcspn(at, "\r\n");
        int fits = snprintf(slot, n, "%.*s", len, at) < (int)n;
        free(text);
        return fits ? 0 : -1;
    }
    free(text);
    char real[PATH_MAX];
    if (!realpath(devdir, real)) return -1;
    const char *base = strrchr(real, '/');
    base = base ? base + 1 : real;
    if (strlen(base) >= n) return -1;
    memcpy(slot, base, strlen(base) + 1);
    return 0;
}

/* at_address: whether the card of devdir sits at a (the domain compared only where both say it). */
static int at_address(const char *devdir, const struct pci_addr *a)
{
    char slot[64];
    struct pci_addr c;
    if (card_slot(devdir, slot, sizeof slot) || clocks_amd_parse_slot(slot, &c)) return 0;
    if (a->domain >= 0 && c.domain >= 0 && a->domain != c.domain) return 0;
    return a->bus == c.bus && a->device == c.device && a->function == c.function;
}

/* is_card_name: "card0", "card12"; not a connector ("card0-DP-1") or a render node. */
static int is_card_name(const char *name)
{
    if (strncmp(name, "card", 4) != 0 || !name[4]) return 0;
    for (const char *p = name + 4; *p; p++)
        if (!isdigit((unsigned char)*p)) return 0;
    return 1;
}

/* is_amdgpu_card: pp_dpm_sclk is amdgpu's (radeon names its power files otherwise), and
 * it is the file this source needs. */
static int is_amdgpu_card(const char *devdir)
{
    char *path = path_join(devdir, "pp_dpm_sclk");
    int ok = access(path, R_OK) == 0;
    free(path);
    return ok;
}

int clocks_amd_find_card(const char *root, const struct pci_addr *addr, char *dir, size_t n)
{
    char *drm = xasprintf("%s/class/drm", root);
    DIR *d = opendir(drm);
    int found = 0;
    if (n) dir[0] = '\0';
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!is_card_name(e->d_name)) continue;
        char *dev = xasprintf("%s/%s/device", drm, e->d_name);
        if (is_amdgpu_card(dev) && (!addr || at_address(dev, addr))) {
            /* A folder name that would not fit cannot be read back: counted, never used. */
            if (found++ == 0 && (size_t)snprintf(dir, n, "%s", dev) >= n) dir[0] = '\0';
        }
        free(dev);
    }
    if (d) closedir(d);
    free(drm);
    return found;
}

/* read_dpm: the present and highest level of one pp_dpm file of the card; 0 or -1. */
static int read_dpm(const char *devdir, const char *file, double *now_mhz, double *max_mhz)
{
    char *path = path_join(devdir, file);
    char *text = read_file(path, NULL);
    free(path);
    int rc = text ? clocks_amd_parse_dpm(text, now_mhz, max_mhz) : -1;
    if (!text) *now_mhz = *max_mhz = 0;
    free(text);
    return rc;
}

int clocks_amd_hwmon(const char *devdir, char *out, size_t n)
{
    char *dir = path_join(devdir, "hwmon");
    DIR *d = opendir(dir);
    int rc = -1;
    for (struct dirent *e; rc && d && (e = readdir(d));)
        if (!strncmp(e->d_name, "hwmon", 5) && isdigit((unsigned char)e->d_name[5]) &&
            (size_t)snprintf(out, n, "%s/%s", dir, e->d_name) < n)
            rc = 0;
    if (d) closedir(d);
    free(dir);
    return rc;
}

int clocks_amd_sample(const char *dir, struct clock_sample *s)
{
    memset(s, 0, sizeof *s);
    double max, v;
    read_dpm(dir, "pp_dpm_sclk", &s->sm_mhz, &max);
    read_dpm(dir, "pp_dpm_mclk", &s->mem_mhz, &max);
    char hw[PATH_MAX];
    if (clocks_amd_hwmon(dir, hw, sizeof hw) == 0) {
        /* temp1 is the edge sensor, the one every amdgpu card has (millidegrees C). */
        if (read_number_file(hw, "temp1_input", &v) == 0) s->temp_c = v / 1000.0;
        /* Microwatts; kernels since 6.x give some cards power1_input and no power1_average. On an
         * APU the figure includes the CPU (the kernel's documentation says so). */
        if (read_number_file(hw, "power1_average", &v) == 0 || read_number_file(hw, "power1_input", &v) == 0)
            s->power_w = v / 1e6;
    }
    return s->sm_mhz > 0 ? 0 : -1;
}

int clocks_amd_open(struct clocks *c, const char *root, const struct pci_addr *addr)
{
    memset(c, 0, sizeof *c);
    int n = clocks_amd_find_card(root, addr, c->amd_dir, sizeof c->amd_dir);
    if (n != 1 || !c->amd_dir[0]) {
        if (n == 0)
            c->why = addr ? "no amdgpu card at the device's PCI address in /sys/class/drm" : "no amdgpu card in /sys/class/drm";
        else
            c->why = addr ? "several amdgpu cards at the device's PCI address (its PCI domain is unknown)"
                          : "several amdgpu cards, and the driver does not give the device's PCI address (cl_amd_device_attribute_query)";
        c->amd_dir[0] = '\0';
        return -1;
    }
    double now;
    if (read_dpm(c->amd_dir, "pp_dpm_sclk", &now, &c->max_sm_mhz)) {
        c->why = "the amdgpu card's pp_dpm_sclk could not be read or parsed";
        c->amd_dir[0] = '\0';
        return -1;
    }
    /* An APU may have no pp_dpm_mclk: its memory clock is then unknown, the source stands. */
    read_dpm(c->amd_dir, "pp_dpm_mclk", &now, &c->max_mem_mhz);
    c->source = "sysfs (amdgpu)";
    return 0;
}
