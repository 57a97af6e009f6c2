/* pcilink.c — a device's PCIe link from Linux sysfs (pcilink.h). */
#include "pcilink.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double pcilink_gbs(double gts, int width)
{
    static const struct { double gts, code; } speeds[] = {
        { 2.5, 8.0 / 10 }, { 5, 8.0 / 10 }, { 8, 128.0 / 130 }, { 16, 128.0 / 130 }, { 32, 128.0 / 130 }, { 64, 242.0 / 256 },
    };
    if (width < 1 || width > 32) return 0;
    for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
        if (fabs(gts - speeds[i].gts) < 0.01) return gts * speeds[i].code * width / 8;
    return 0;
}

/* first_line: the first line of root/bus/pci/devices/addr/name into buf; 0, or -1 when unreadable. */
static int first_line(const char *root, const char *addr, const char *name, char *buf, size_t n)
{
    char *path = xasprintf("%s/bus/pci/devices/%s/%s", root, addr, name);
    FILE *f = fopen(path, "r");
    free(path);
    if (!f) return -1;
    int ok = fgets(buf, (int)n, f) != NULL;
    fclose(f);
    return ok ? 0 : -1;
}

int pcilink_read(const char *root, const char *addr, struct pcilink *l, char *why, size_t n)
{
    char speed[64], width[64];
    memset(l, 0, sizeof *l);
    if (!addr || !addr[0]) { snprintf(why, n, "the driver gives no PCI address"); return -1; }
    if (first_line(root, addr, "current_link_speed", speed, sizeof speed) ||
        first_line(root, addr, "current_link_width", width, sizeof width)) {
        snprintf(why, n, "no link speed and width for PCI %s in sysfs", addr);
        return -1;
    }
    /* "16.0 GT/s PCIe" (newer kernels) or "8 GT/s"; "Unknown" where the bus does not say. */
    char *end;
    double gts = strtod(speed, &end);
    long w = strtol(width, NULL, 10);
    if (end == speed || strncmp(end, " GT/s", 5) || !(l->gbs = pcilink_gbs(gts, (int)w))) {
        speed[strcspn(speed, "\n")] = 0;
        width[strcspn(width, "\n")] = 0;
        snprintf(why, n, "PCI %s's link reads \"%s\" x \"%s\", not a PCIe speed and width", addr, speed, width);
        return -1;
    }
    l->gts = gts;
    l->width = (int)w;
    return 0;
}
