/* test_pcilink.c — a PCIe link's bytes a second from its speed and width, and the link read from a
 * made-up sysfs tree: PCIe's values, a virtual bus's "Unknown", a device with no link files. */
#include "check.h"
#include "device/pcilink.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[] = "/tmp/clx-pcilink-XXXXXX";

/* device: a folder bus/pci/devices/addr under root with the two link files (NULL: none). */
static void device(const char *addr, const char *speed, const char *width)
{
    char *dir = xasprintf("%s/bus/pci/devices/%s", root, addr);
    mkdir_p(dir);
    const char *names[2] = { "current_link_speed", "current_link_width" }, *vals[2] = { speed, width };
    for (int i = 0; i < 2; i++) {
        if (!vals[i]) continue;
        char *path = xasprintf("%s/%s", dir, names[i]);
        FILE *f = fopen(path, "w");
        if (f) { fprintf(f, "%s\n", vals[i]); fclose(f); }
        free(path);
    }
    free(dir);
}

static void test_gbs(void)
{
    CHECK_NEAR(pcilink_gbs(8, 16), 15.754, 0.001);      /* PCIe 3 x16 */
    CHECK_NEAR(pcilink_gbs(16, 16), 31.508, 0.001);     /* PCIe 4 x16 */
    CHECK_NEAR(pcilink_gbs(32, 16), 63.015, 0.001);     /* PCIe 5 x16 */
    CHECK_NEAR(pcilink_gbs(2.5, 1), 0.25, 1e-9);        /* PCIe 1 x1: 8b/10b */
    CHECK_NEAR(pcilink_gbs(64, 16), 121.0, 0.001);      /* PCIe 6 x16: FLIT */
    CHECK(pcilink_gbs(12, 16) == 0);                    /* no such speed */
    CHECK(pcilink_gbs(16, 0) == 0);
}

static void test_read(void)
{
    struct pcilink l;
    char why[PCILINK_WHY];
    device("0000:41:00.0", "32.0 GT/s PCIe", "16");
    CHECK(pcilink_read(root, "0000:41:00.0", &l, why, sizeof why) == 0);
    CHECK_NEAR(l.gts, 32, 1e-9);
    CHECK(l.width == 16);
    CHECK_NEAR(l.gbs, 63.015, 0.001);
    device("0000:42:00.0", "8 GT/s", "8");              /* older kernels: no ".0", no "PCIe" */
    CHECK(pcilink_read(root, "0000:42:00.0", &l, why, sizeof why) == 0);
    CHECK_NEAR(l.gbs, 7.877, 0.001);
    device("0000:00:06.0", "Unknown", "255");           /* what a virtual bus may say */
    CHECK(pcilink_read(root, "0000:00:06.0", &l, why, sizeof why) == -1);
    CHECK_CONTAINS(why, "not a PCIe speed and width");
    CHECK(l.gbs == 0);
    device("0000:00:07.0", NULL, NULL);
    CHECK(pcilink_read(root, "0000:00:07.0", &l, why, sizeof why) == -1);
    CHECK_CONTAINS(why, "no link speed and width");
    CHECK(pcilink_read(root, "", &l, why, sizeof why) == -1);
    CHECK_CONTAINS(why, "no PCI address");
    /* The longest it says, two sysfs lines as long as it reads them quoted, is whole in PCILINK_WHY. */
    char line[64];
    memset(line, 'x', 63);
    line[63] = '\0';
    device("0000:00:08.0", line, line);
    CHECK(pcilink_read(root, "0000:00:08.0", &l, why, sizeof why) == -1);
    CHECK(str_ends(why, "not a PCIe speed and width") && strlen(why) + 1 < sizeof why);
}

int main(void)
{
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_gbs);
    RUN(test_read);
    char *rm = xasprintf("rm -rf '%s'", root);
    if (system(rm) != 0) fprintf(stderr, "could not remove %s\n", root);
    free(rm);
    CHECK_EXIT();
}
