/* pcilink.h — the PCIe link a device sits on, from Linux sysfs (its current speed and width), and
 * the bytes a second it carries each way: the ceiling of transfers between host and device. */
#ifndef PCILINK_H
#define PCILINK_H
#include <stddef.h>

struct pcilink {
    double gts;                  /* transfers a second per lane, GT/s: 2.5, 5, 8, 16, 32, 64 */
    int width;                   /* lanes */
    double gbs;                  /* each way, GB/s, after the line code */
};

/* pcilink_gbs: what a link of gts GT/s x width carries each way, in GB/s: 8b/10b up to 5 GT/s,
 * 128b/130b at 8-32, 242/256 (FLIT) at 64 (PCIe 6); 0 for a speed PCIe does not have. */
double pcilink_gbs(double gts, int width);
/* PCILINK_WHY: a why that holds whatever pcilink_read says whole: the longest, 53 characters around an
 * address of 15 ("DDDD:BB:DD.F" and more) and the two sysfs lines it quotes, 63 each at most. */
#define PCILINK_WHY 256
/* pcilink_read: the link of the PCI device at addr ("DDDD:BB:DD.F") under root ("/sys", or a test
 * tree): its current_link_speed and current_link_width; 0 with *l filled, or -1 with why[n] said
 * (no such device, no link files, a value that is not PCIe's: a virtual machine's bus may say so;
 * n of PCILINK_WHY holds it whole). */
int pcilink_read(const char *root, const char *addr, struct pcilink *l, char *why, size_t n);
#endif
