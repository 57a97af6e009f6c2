/* test_clocks_amd.c — the amdgpu sysfs clock source on fake sysfs trees: pp_dpm parsing, PCI slot
 * names, finding the card by PCI address, and the values a sample reads. */
#include "check.h"
#include "testutil.h"
#include "device/clocks.h"
#include "lib/util.h"
#include <stdlib.h>
#include <unistd.h>

#define DIR_ "tests/tmp/test_clocks_amd"
/* ONE: a single amdgpu card; TWO: three cards (two amdgpu, one not); DOMAINS: two amdgpu cards
 * at the same bus address in different PCI domains. */
#define ONE DIR_ "/one"
#define TWO DIR_ "/two"
#define DOMAINS DIR_ "/domains"

static const char *const sclk_text = "0: 500Mhz \n1: 800Mhz *\n2: 1800Mhz \n";
static const char *const mclk_text = "0: 96Mhz \n1: 1000Mhz *\n";

/* amd_card: an amdgpu card's device folder: clock levels, and an hwmon folder with temperature
 * and power (power_file: power1_average or power1_input). */
static void amd_card(const char *dev, const char *sclk, const char *power_file)
{
    put_text(dev, "pp_dpm_sclk", sclk);
    put_text(dev, "pp_dpm_mclk", mclk_text);
    char *hw = path_join(dev, "hwmon/hwmon3");
    put_text(hw, "temp1_input", "45500\n");
    put_text(hw, "power1_input", "1000000\n");          /* a second reading, for power_file to beat */
    put_text(hw, power_file, "73250000\n");
    free(hw);
}

/* The real layout: class/drm/cardN/device is a link to the PCI device, whose folder is named by
 * its slot; a uevent with PCI_SLOT_NAME says the same. Some cards here have only one of the two. */
static void build_trees(void)
{
    amd_card(ONE "/class/drm/card0/device", sclk_text, "power1_average");
    put_text(ONE "/class/drm/card0/device", "uevent", "DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_SLOT_NAME=0000:03:00.0\n");
    put_text(ONE "/class/drm/card0-DP-1", "status", "connected\n");      /* a connector, not a card */
    put_text(ONE "/class/drm/renderD128", "dev", "226:128\n");

    amd_card(TWO "/class/drm/card0/device", sclk_text, "power1_average");
    put_text(TWO "/class/drm/card0/device", "uevent", "DRIVER=amdgpu\nPCI_SLOT_NAME=0000:03:00.0\n");
    amd_card(TWO "/devices/pci0000:00/0000:00:01.0/0000:c1:00.0", "0: 700Mhz *\n1: 2100Mhz\n", "power1_input");
    CHECK(mkdir_p(TWO "/class/drm/card1") == 0);
    CHECK(symlink("../../../devices/pci0000:00/0000:00:01.0/0000:c1:00.0", TWO "/class/drm/card1/device") == 0);
    put_text(TWO "/class/drm/card2/device", "uevent", "DRIVER=i915\nPCI_SLOT_NAME=0000:05:00.0\n");

    amd_card(DOMAINS "/class/drm/card0/device", sclk_text, "power1_average");
    put_text(DOMAINS "/class/drm/card0/device", "uevent", "PCI_SLOT_NAME=0000:03:00.0\n");
    amd_card(DOMAINS "/class/drm/card1/device", "0: 600Mhz *\n", "power1_average");
    put_text(DOMAINS "/class/drm/card1/device", "uevent", "PCI_SLOT_NAME=0001:03:00.0\n");
}

static void test_dpm_current_and_max(void)
{
    double now = -1, max = -1;
    CHECK(clocks_amd_parse_dpm(sclk_text, &now, &max) == 0);
    CHECK(now == 800 && max == 1800);
    /* The marked level is the present one wherever it is; the highest level is the maximum. */
    CHECK(clocks_amd_parse_dpm("0: 500Mhz\n1: 1800Mhz *", &now, &max) == 0);
    CHECK(now == 1800 && max == 1800);
    /* Deep sleep is level "S"; "MHz" and CRLF are taken too. */
    CHECK(clocks_amd_parse_dpm("S: 19Mhz *\n0: 615Mhz\n1: 1000Mhz\n", &now, &max) == 0);
    CHECK(now == 19 && max == 1000);
    CHECK(clocks_amd_parse_dpm("0: 300MHz\r\n1: 1366MHz *\r\n", &now, &max) == 0);
    CHECK(now == 1366 && max == 1366);
}

static void test_dpm_no_mark(void)
{
    double now = -1, max = -1;
    CHECK(clocks_amd_parse_dpm("0: 500Mhz\n1: 1800Mhz\n", &now, &max) == 0);
    CHECK(now == 0);           /* not known, rather than a guessed level */
    CHECK(max == 1800);
}

static void test_dpm_malformed(void)
{
    static const char *const bad[] = {
        "", "\n\n", "garbage", "0: fastMhz *", "0: 500\n", "0: 500Mhz x", "0 500Mhz", "-1: 500Mhz",
        "0: -500Mhz", "0: 0x1fMhz", "0: 1e3Mhz", "0: 500Ghz *", "0: 0Mhz *\n1: 0Mhz",
        "0: 500Mhz *\n1: 900Mhz *\n",                  /* two present levels: which one? */
        "0: 500Mhz\nOD_SCLK:\n",
        "0: 500Mhz                                                                                  "
        "                                                                                      *\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double now = -1, max = -1;
        int rc = clocks_amd_parse_dpm(bad[i], &now, &max);
        if (rc != -1 || now != 0 || max != 0) fprintf(stderr, "  accepted: \"%s\"\n", bad[i]);
        CHECK(rc == -1 && now == 0 && max == 0);
    }
}

static void test_slot_names(void)
{
    struct pci_addr a;
    CHECK(clocks_amd_parse_slot("0000:03:00.0", &a) == 0);
    CHECK(a.domain == 0 && a.bus == 3 && a.device == 0 && a.function == 0);
    CHECK(clocks_amd_parse_slot("0001:c1:1f.7", &a) == 0);
    CHECK(a.domain == 1 && a.bus == 0xc1 && a.device == 0x1f && a.function == 7);
    CHECK(clocks_amd_parse_slot("03:00.1", &a) == 0);
    CHECK(a.domain == -1 && a.bus == 3 && a.function == 1);
    static const char *const bad[] = { "", "0000:03:00", "0x03:00.0", " 03:00.0", "0000:03:20.0",
                                       "0000:03:00.8", "0000:103:00.0", "0000:03:00.0 " };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) CHECK(clocks_amd_parse_slot(bad[i], &a) == -1);
}

static void test_card_by_address(void)
{
    char dir[512];
    struct pci_addr at03 = { -1, 0x03, 0, 0 }, atc1 = { -1, 0xc1, 0, 0 };
    CHECK(clocks_amd_find_card(ONE, &at03, dir, sizeof dir) == 1);
    CHECK_STR(dir, ONE "/class/drm/card0/device");
    /* By uevent, and by the device link's target when there is no uevent. */
    CHECK(clocks_amd_find_card(TWO, &at03, dir, sizeof dir) == 1);
    CHECK_STR(dir, TWO "/class/drm/card0/device");
    CHECK(clocks_amd_find_card(TWO, &atc1, dir, sizeof dir) == 1);
    CHECK_STR(dir, TWO "/class/drm/card1/device");
    /* The domain decides where both say it. */
    struct pci_addr d1 = { 1, 0x03, 0, 0 };
    CHECK(clocks_amd_find_card(DOMAINS, &d1, dir, sizeof dir) == 1);
    CHECK_STR(dir, DOMAINS "/class/drm/card1/device");
}

static void test_card_no_match(void)
{
    char dir[512] = "x";
    struct pci_addr at05 = { -1, 0x05, 0, 0 }, fn1 = { -1, 0x03, 0, 1 }, d2 = { 2, 0x03, 0, 0 };
    CHECK(clocks_amd_find_card(TWO, &at05, dir, sizeof dir) == 0);     /* a card, but not amdgpu */
    CHECK_STR(dir, "");
    CHECK(clocks_amd_find_card(ONE, &fn1, dir, sizeof dir) == 0);
    CHECK(clocks_amd_find_card(ONE, &d2, dir, sizeof dir) == 0);
    CHECK(clocks_amd_find_card(DIR_ "/no-such-root", NULL, dir, sizeof dir) == 0);
}

static void test_two_cards(void)
{
    char dir[512];
    CHECK(clocks_amd_find_card(ONE, NULL, dir, sizeof dir) == 1);     /* connectors are not cards */
    CHECK(clocks_amd_find_card(TWO, NULL, dir, sizeof dir) == 2);
    /* The same bus address in two domains, and the driver gives no domain: not one card. */
    struct pci_addr at03 = { -1, 0x03, 0, 0 };
    CHECK(clocks_amd_find_card(DOMAINS, &at03, dir, sizeof dir) == 2);
}

static void test_open_and_sample(void)
{
    struct clocks c;
    struct clock_sample s;
    struct pci_addr at03 = { -1, 0x03, 0, 0 }, atc1 = { -1, 0xc1, 0, 0 };
    CHECK(clocks_amd_open(&c, TWO, &at03) == 0);
    CHECK_STR(c.source, "sysfs (amdgpu)");
    CHECK(c.why == NULL && c.max_sm_mhz == 1800 && c.max_mem_mhz == 1000);
    CHECK(clocks_sample(&c, &s) == 0);
    CHECK(s.sm_mhz == 800 && s.mem_mhz == 1000);
    CHECK_NEAR(s.temp_c, 45.5, 1e-9);
    CHECK_NEAR(s.power_w, 73.25, 1e-9);                  /* power1_average first */
    CHECK(clocks_amd_open(&c, TWO, &atc1) == 0);
    CHECK(c.max_sm_mhz == 2100);
    CHECK(clocks_sample(&c, &s) == 0);
    CHECK(s.sm_mhz == 700);
    CHECK_NEAR(s.power_w, 73.25, 1e-9);                  /* power1_input where there is no average */
    /* Without the PCI address, the only card is the device's. */
    CHECK(clocks_amd_open(&c, ONE, NULL) == 0);
    CHECK(clocks_sample(&c, &s) == 0 && s.sm_mhz == 800);
}

static void test_open_without_card(void)
{
    struct clocks c;
    struct clock_sample s;
    struct pci_addr at05 = { -1, 0x05, 0, 0 };
    CHECK(clocks_amd_open(&c, TWO, &at05) == -1);
    CHECK(c.source == NULL && c.max_sm_mhz == 0);
    CHECK_CONTAINS(c.why, "no amdgpu card at the device's PCI address");
    CHECK(clocks_sample(&c, &s) == -1);
    CHECK(s.sm_mhz == 0 && s.mem_mhz == 0 && s.temp_c == 0 && s.power_w == 0);
    CHECK(clocks_amd_open(&c, TWO, NULL) == -1);
    CHECK_CONTAINS(c.why, "several amdgpu cards");
    /* A card whose levels cannot be read is no source either. */
    put_text(DIR_ "/bad/class/drm/card0/device", "pp_dpm_sclk", "not a level\n");
    CHECK(clocks_amd_open(&c, DIR_ "/bad", NULL) == -1);
    CHECK_CONTAINS(c.why, "pp_dpm_sclk");
    CHECK(clocks_sample(&c, &s) == -1);
}

int main(void)
{
    if (system("rm -rf " DIR_) != 0) return 1;
    build_trees();
    RUN(test_dpm_current_and_max);
    RUN(test_dpm_no_mark);
    RUN(test_dpm_malformed);
    RUN(test_slot_names);
    RUN(test_card_by_address);
    RUN(test_card_no_match);
    RUN(test_two_cards);
    RUN(test_open_and_sample);
    RUN(test_open_without_card);
    CHECK_EXIT();
}
