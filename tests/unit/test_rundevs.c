/* test_rundevs.c — the devices a run's rows ran on (store/rundevs.c): one device, a --split over one
 * model (one device), a --split-any over two (named both, each part with its P:D), names told apart
 * by platform and driver where two share them, and which runs are of the same mix. */
#include "check.h"
#include "store/rundevs.h"
#include <stdlib.h>

/* DEV: a run.json "device" part; PART: an entry of "split"'s devices. */
#define DEV(name, plat, drv) "\"device\":{\"name\":\"" name "\",\"platform\":\"" plat "\",\"driver_version\":\"" drv "\"}"
#define PART(k, idx, name, plat, drv) "{\"part\":" #k ",\"device_index\":\"" idx "\",\"name\":\"" name "\",\"platform\":\"" \
                                      plat "\",\"driver_version\":\"" drv "\"}"

static void parse(struct runjson *j, const char *text) { runjson_parse(j, cJSON_Parse(text)); }

/* check_words: rundevs_words of j, full or not, is want. */
static void check_words(const struct runjson *j, int full, const char *want)
{
    char *w = rundevs_words(j, full);
    CHECK_STR(w, want);
    free(w);
}

static void one_device(void)
{
    struct runjson j;
    parse(&j, "{" DEV("AMD EPYC", "Intel(R) OpenCL", "2026.22") ",\"device_index\":\"0:0\"}");
    CHECK(rundevs_count(&j) == 1);
    check_words(&j, 0, "AMD EPYC");
    check_words(&j, 1, "AMD EPYC (Intel(R) OpenCL, driver 2026.22)");
    CHECK(rundevs_parts(&j) == NULL);
    runjson_free(&j);
}

/* A --split over two devices of one model and driver: their rows are of one device model. */
static void split_one_model(void)
{
    struct runjson j;
    parse(&j, "{" DEV("gpu", "P", "1") ",\"split\":{\"any\":false,\"devices\":[" PART(1, "0:0", "gpu", "P", "1") ","
              PART(2, "0:1", "gpu", "P", "1") "]}}");
    CHECK(rundevs_count(&j) == 1);
    check_words(&j, 0, "gpu");
    CHECK(rundevs_parts(&j) == NULL);
    runjson_free(&j);
}

static void split_any_two(void)
{
    struct runjson j;
    parse(&j, "{" DEV("AMD EPYC", "Intel(R) OpenCL", "2026.22") ",\"split\":{\"any\":true,\"devices\":["
              PART(1, "0:0", "AMD EPYC", "Intel(R) OpenCL", "2026.22") "," PART(2, "1:0", "pthread-x", "PoCL", "3.1") "]}}");
    CHECK(rundevs_count(&j) == 2);
    check_words(&j, 0, "2 devices: AMD EPYC and pthread-x");
    check_words(&j, 1, "2 devices: AMD EPYC (Intel(R) OpenCL, driver 2026.22) and pthread-x (PoCL, driver 3.1)");
    char *p = rundevs_parts(&j);
    CHECK_STR(p, "0:0 AMD EPYC (Intel(R) OpenCL, driver 2026.22); 1:0 pthread-x (PoCL, driver 3.1)");
    free(p);
    runjson_free(&j);
}

/* Three parts, two of one name on other platforms or drivers: each told apart, none twice. */
static void names_told_apart(void)
{
    struct runjson j;
    parse(&j, "{" DEV("cpu", "A", "1") ",\"split\":{\"any\":true,\"devices\":[" PART(1, "0:0", "cpu", "A", "1") ","
              PART(2, "1:0", "cpu", "B", "1") "," PART(3, "2:0", "cpu", "B", "2") "," PART(4, "2:1", "cpu", "B", "2") "]}}");
    CHECK(rundevs_count(&j) == 3);
    check_words(&j, 0, "3 devices: cpu (A), cpu (B, driver 1) and cpu (B, driver 2)");
    runjson_free(&j);
}

/* A mix is alike only to the same mix; runs of one device each are left to the caller to compare. */
static void mix_same(void)
{
    struct runjson one, other, mix, mix2, swapped;
    parse(&one, "{" DEV("AMD EPYC", "Intel(R) OpenCL", "2026.22") "}");
    parse(&other, "{" DEV("pthread-x", "PoCL", "3.1") "}");
    const char *m = "{" DEV("AMD EPYC", "Intel(R) OpenCL", "2026.22") ",\"split\":{\"any\":true,\"devices\":["
                    PART(1, "0:0", "AMD EPYC", "Intel(R) OpenCL", "2026.22") "," PART(2, "1:0", "pthread-x", "PoCL", "3.1") "]}}";
    parse(&mix, m);
    parse(&mix2, m);
    parse(&swapped, "{" DEV("pthread-x", "PoCL", "3.1") ",\"split\":{\"any\":true,\"devices\":["
                    PART(1, "1:0", "pthread-x", "PoCL", "3.1") "," PART(2, "0:0", "AMD EPYC", "Intel(R) OpenCL", "2026.22") "]}}");
    CHECK(rundevs_mix_same(&one, &other));
    CHECK(!rundevs_mix_same(&one, &mix));
    CHECK(!rundevs_mix_same(&mix, &one));
    CHECK(rundevs_mix_same(&mix, &mix2));
    CHECK(!rundevs_mix_same(&mix, &swapped));
    runjson_free(&one); runjson_free(&other); runjson_free(&mix); runjson_free(&mix2); runjson_free(&swapped);
}

int main(void)
{
    RUN(one_device);
    RUN(split_one_model);
    RUN(split_any_two);
    RUN(names_told_apart);
    RUN(mix_same);
    CHECK_EXIT();
}
