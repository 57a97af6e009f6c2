/* test_devlist.c — --device lists ("all", "0:0,1:0", name parts): each item resolved as --device
 * resolves one, in the order given, duplicates dropped, a wrong or empty item named (a device not
 * there told from a malformed value, the form alone checked without devices); type words; the model
 * check of --split; what each device's run records in run.json; the worst of the exit statuses. */
#include "check.h"
#include "device/devlist.h"
#include "cluster/multi.h"
#include "device/devselect.h"
#include "device/ocl.h"
#include "lib/util.h"
#include <stdlib.h>

/* Three devices on two platforms: two GPUs of one model, and a CPU. */
static const struct devlist_dev devs[] = {
    { 0, 0, 0, "NVIDIA H200", "NVIDIA Corporation", "NVIDIA CUDA", "OpenCL 3.0 CUDA 12.8", "580.159.04",
      CL_DEVICE_TYPE_GPU },
    { 0, 1, 0, "NVIDIA H200", "NVIDIA Corporation", "NVIDIA CUDA", "OpenCL 3.0 CUDA 12.8", "580.159.04",
      CL_DEVICE_TYPE_GPU },
    { 1, 0, 1, "pthread-skylake-avx512-AMD EPYC", "AuthenticAMD", "Portable Computing Language", "OpenCL 3.0 PoCL 3.1",
      "3.1+debian", CL_DEVICE_TYPE_CPU },
};
enum { NDEVS = 3 };

/* A device's type, short, for the tables below. */
enum { CPU = CL_DEVICE_TYPE_CPU, GPU = CL_DEVICE_TYPE_GPU };

/* parsed: the devices sel names as "P:D P:D ...", or "error: MESSAGE". */
static char *parsed(const char *sel)
{
    int pick[NDEVS];
    char *err = NULL;
    int n = devlist_parse(devs, NDEVS, NULL, sel, pick, &err);
    if (n < 0) {
        char *t = xasprintf("error: %s", err);
        free(err);
        return t;
    }
    struct sbuf b = {0};
    for (int i = 0; i < n; i++) sb_printf(&b, "%s%s", i ? " " : "", devlist_index(&devs[pick[i]]));
    return b.s ? b.s : xstrdup("");
}

#define CHECK_PARSED(sel, want) do { char *got_ = parsed(sel); CHECK_STR(got_, want); free(got_); } while (0)

static void lists_are_told_from_one_device(void)
{
    CHECK(devlist_is_list("all"));
    CHECK(devlist_is_list("ALL"));
    CHECK(devlist_is_list("0:0,0:1"));
    CHECK(devlist_is_list("h200,"));
    CHECK(!devlist_is_list("0:1"));
    CHECK(!devlist_is_list("H200"));
    CHECK(!devlist_is_list(""));
    CHECK(!devlist_is_list(NULL));
}

static void items_resolve_as_device_does(void)
{
    CHECK_PARSED("all", "0:0 0:1 1:0");
    CHECK_PARSED("1:0,0:1", "1:0 0:1");
    /* A name part is the first device whose name holds it, as --device H200 is. */
    CHECK_PARSED("h200,pthread", "0:0 1:0");
    CHECK_PARSED(" 0:1 , epyc ", "0:1 1:0");
    CHECK_PARSED("0:1,", "error: --device 0:1,: an empty item in the list (there are: 0:0 NVIDIA H200 (NVIDIA CUDA), "
                         "0:1 NVIDIA H200 (NVIDIA CUDA), 1:0 pthread-skylake-avx512-AMD EPYC (Portable Computing Language))");
}

static void duplicates_are_dropped(void)
{
    CHECK_PARSED("0:0,0:0", "0:0");
    CHECK_PARSED("0:1,all", "0:1 0:0 1:0");
    /* "h200" is 0:0 again: the same device named twice. */
    CHECK_PARSED("0:0,H200,1:0", "0:0 1:0");
}

/* status: devlist_parse's return for sel (DEVLIST_MISTAKE, DEVLIST_MISSING or the count). */
static int status(const char *sel)
{
    int pick[NDEVS];
    char *err = NULL;
    int n = devlist_parse(devs, NDEVS, NULL, sel, pick, &err);
    free(err);
    return n;
}

/* A device that is not there (exit 4: a GPU gone, a driver that did not load) is told from a
 * mistake on the command line (exit 2): an empty item, a P:D mistyped, a part of several names. */
static void missing_is_not_a_mistake(void)
{
    CHECK(status("0:0,nosuch") == DEVLIST_MISSING);
    CHECK(status("0:0,2:0") == DEVLIST_MISSING);
    CHECK(status("all,0:0x") == DEVLIST_MISSING);
    CHECK(status("0:1,") == DEVLIST_MISTAKE);
    CHECK(status("0:0,7:") == DEVLIST_MISTAKE);
    CHECK(status(":1,0:0") == DEVLIST_MISTAKE);
    CHECK(status("0:0:1,all") == DEVLIST_MISTAKE);
    CHECK(status("0:-1,all") == DEVLIST_MISTAKE);
    CHECK(status("0:0,1") == DEVLIST_MISTAKE);      /* a number alone: an index without its platform */
    CHECK(status("0:0,1:0") == 2);
    char *got = parsed("0:0,7:");
    CHECK_CONTAINS(got, "error: --device 0:0,7:: '7:' is not a P:D (two whole numbers, as clx devices lists them) nor a "
                        "part of a device's name (there are: 0:0 NVIDIA H200 (NVIDIA CUDA)");
    free(got);
    /* "512" is in PoCL's "avx512": a number alone was taken for a part of that name, and picked it. */
    got = parsed("512");
    CHECK_STR(got, "error: --device 512: '512' is a number alone, which names no device: a device is named by its P:D "
                   "(platform:device) as clx devices lists them, 512:0 rather than 512 (there are: 0:0 NVIDIA H200 "
                   "(NVIDIA CUDA), 0:1 NVIDIA H200 (NVIDIA CUDA), 1:0 pthread-skylake-avx512-AMD EPYC (Portable "
                   "Computing Language))");
    free(got);
}

/* ocl_sel_malformed: a value of digits and colons that is no P:D; a name part (any other
 * character) or a P:D that no device has is well formed. */
static void malformed_device_values(void)
{
    CHECK(ocl_sel_malformed("7:"));
    CHECK(ocl_sel_malformed(":0"));
    CHECK(ocl_sel_malformed("0:0:1"));
    CHECK(ocl_sel_malformed("0::1"));
    CHECK(ocl_sel_malformed("0:-1"));
    CHECK(ocl_sel_malformed("-1:0"));
    CHECK(ocl_sel_malformed("1 :2"));
    CHECK(!ocl_sel_malformed("7:0"));
    CHECK(!ocl_sel_malformed("12:34"));
    /* A number alone is an index mistyped, never a part of a name (--device 2 picked PoCL's
     * "pthread-skylake-avx512-..."). */
    CHECK(ocl_sel_malformed("7"));
    CHECK(ocl_sel_malformed("-1"));
    CHECK(ocl_sel_malformed(" 2 "));
    CHECK(!ocl_sel_malformed("4070 Ti"));
    CHECK(!ocl_sel_malformed("nvidia"));
    CHECK(!ocl_sel_malformed("0:0x"));
    CHECK(!ocl_sel_malformed("gfx90a:sramecc+:xnack-"));   /* AMD's names hold colons */
}

static void an_unknown_item_is_named(void)
{
    char *got = parsed("0:0,nosuch");
    CHECK_CONTAINS(got, "error: --device 0:0,nosuch: no device matches 'nosuch'");
    CHECK_CONTAINS(got, "there are: 0:0 NVIDIA H200 (NVIDIA CUDA), 0:1 NVIDIA H200 (NVIDIA CUDA), 1:0 "
                        "pthread-skylake-avx512-AMD EPYC (Portable Computing Language)");
    free(got);
    got = parsed("0:0,2:0");
    CHECK_CONTAINS(got, "no device matches '2:0'");
    free(got);
    /* "0:0x" is not an index, and no name holds it. */
    got = parsed("0:0x,0:1");
    CHECK_CONTAINS(got, "no device matches '0:0x'");
    free(got);
}

/* A word near one that picks a device is suggested, as a mistyped option or experiment is ("--device
 * poc" said "no such device" alone); a word for no device here, or near none, is not. */
static void a_mistyped_word_is_suggested(void)
{
    char *got = parsed("0:0,poc");
    CHECK_CONTAINS(got, "error: --device 0:0,poc: no device matches 'poc': did you mean pocl? (there are: 0:0 ");
    free(got);
    const struct ocl_named cpus[] = { { 0, 0, "AMD EPYC", "Intel(R) OpenCL", CPU },
                                      { 1, 0, "pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", CPU } };
    char *m = ocl_sel_meant(cpus, 2, "poc");
    CHECK_STR(m, ": did you mean pocl?");
    free(m);
    m = ocl_sel_meant(cpus, 2, "intl");
    CHECK_STR(m, ": did you mean intel?");
    free(m);
    m = ocl_sel_meant(cpus, 2, "cpuu");
    CHECK_STR(m, ": did you mean cpu?");
    free(m);
    m = ocl_sel_meant(cpus, 2, "gpuu");           /* no GPU here: gpu picks nothing */
    CHECK_STR(m, "");
    free(m);
    m = ocl_sel_meant(cpus, 2, "no-such-gpu");
    CHECK_STR(m, "");
    free(m);
}

/* A device not there names the platforms without a device and why, as --device with one does
 * (rusticl without RUSTICL_ENABLE: the list form left the cause out); a mistake does not. */
static void missing_names_the_platforms_without_a_device(void)
{
    const char *none = "platform 2 (rusticl) reports no device: RUSTICL_ENABLE is not set";
    int pick[NDEVS];
    char *err = NULL;
    CHECK(devlist_parse(devs, NDEVS, none, "0:0,2:0", pick, &err) == DEVLIST_MISSING);
    CHECK_STR(err, "--device 0:0,2:0: no device matches '2:0' (there are: 0:0 NVIDIA H200 (NVIDIA CUDA), 0:1 NVIDIA "
                   "H200 (NVIDIA CUDA), 1:0 pthread-skylake-avx512-AMD EPYC (Portable Computing Language); platform 2 "
                   "(rusticl) reports no device: RUSTICL_ENABLE is not set)");
    free(err);
    err = NULL;
    CHECK(devlist_parse(devs, NDEVS, "", "0:0,2:0", pick, &err) == DEVLIST_MISSING);
    CHECK_CONTAINS(err, "(Portable Computing Language))");
    free(err);
    err = NULL;
    CHECK(devlist_parse(devs, NDEVS, none, "0:0,7:", pick, &err) == DEVLIST_MISTAKE);
    CHECK(strstr(err, "rusticl") == NULL);
    free(err);
    CHECK(devlist_parse(devs, NDEVS, none, "0:0,1:0", pick, &err) == 2);
}

static void same_model_and_driver(void)
{
    CHECK(devlist_same_model(&devs[0], &devs[1]));
    CHECK(!devlist_same_model(&devs[0], &devs[2]));
    struct devlist_dev newer = devs[1];
    snprintf(newer.driver, sizeof newer.driver, "%s", "590.1");
    CHECK(!devlist_same_model(&devs[0], &newer));
}

static void match_is_the_device_option_s(void)
{
    const struct ocl_named all[] = { { 0, 0, "Tesla K40c", "NVIDIA CUDA", GPU },
                                     { 0, 1, "GeForce GTX 780", "NVIDIA CUDA", GPU },
                                     { 1, 0, "gtx-like CPU", "rusticl", CPU } };
    CHECK(ocl_match(all, 3, "rusticl") == 2);       /* a platform's name picks its first device */
    CHECK(ocl_match(all, 3, "cuda") == 0);
    const struct ocl_named cpus[] = { { 0, 0, "Intel(R) Xeon(R)", "Intel(R) OpenCL", CPU },
                                      { 1, 0, "pthread-skylake-avx512-Intel(R) Xeon(R)", "Portable Computing Language",
                                        CPU } };
    CHECK(ocl_match(cpus, 2, "pocl") == 1);         /* PoCL by the name its users call it */
    CHECK(ocl_match(cpus, 2, "POCL") == 1);
    CHECK(ocl_match(all, 3, "GeForce") == 1);
    CHECK(ocl_match(all, 3, "rusticl") == 2);
    CHECK(ocl_match(all, 3, "0:1") == 1);
    CHECK(ocl_match(all, 3, "1:0") == 2);
    CHECK(ocl_match(all, 3, "k40") == 0);
    const struct ocl_named emu[] = { { 0, 0, "Tesla K40c", "NVIDIA CUDA", GPU },
                                     { 1, 0, "cuda-emulator", "Other", CPU } };
    CHECK(ocl_match(emu, 2, "cuda") == 1);          /* a device's name comes before a platform's */
    CHECK(ocl_match(all, 3, "2:0") == -1);
    CHECK(ocl_match(all, 3, "quadro") == -1);
}

/* A part of the name of several devices names none of them, unless they are one model on one
 * platform (identical GPUs) or the part names their platform too: the first then, as a platform's
 * name gives its first device. */
static void match_several(void)
{
    const struct ocl_named all[] = { { 0, 0, "Tesla K40c", "NVIDIA CUDA", GPU },
                                     { 0, 1, "GeForce GTX 780", "NVIDIA CUDA", GPU },
                                     { 1, 0, "gtx-like CPU", "rusticl", CPU } };
    CHECK(ocl_match(all, 3, "gtx") == OCL_MATCH_SEVERAL);
    const struct ocl_named cpus[] = { { 0, 0, "AMD EPYC", "Intel(R) OpenCL", CPU },
                                      { 1, 0, "pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", CPU } };
    CHECK(ocl_match(cpus, 2, "AMD") == OCL_MATCH_SEVERAL);
    CHECK(ocl_match(cpus, 2, "epyc") == OCL_MATCH_SEVERAL);
    CHECK(ocl_match(cpus, 2, "pthread") == 1);
    CHECK(ocl_match(cpus, 2, "Intel") == 0);        /* no device's name: the platform's */
    char *why = ocl_match_several(cpus, 2, "AMD");
    CHECK_STR(why, "several devices' names contain 'AMD': 0:0 AMD EPYC (Intel(R) OpenCL), 1:0 "
                   "pthread-skylake-avx512-AMD EPYC (Portable Computing Language); each is picked by: 0:0 or intel, "
                   "1:0 or pocl");
    free(why);
    /* A platform's word picks its platform before a part of a device's name: "intel" is Intel's CPU
     * runtime on an Intel CPU, where PoCL's name holds it too (the README's word was refused there). */
    const struct ocl_named xeons[] = { { 0, 0, "Intel(R) Xeon(R)", "Intel(R) OpenCL", CPU },
                                       { 1, 0, "pthread-Intel(R) Xeon(R)", "Portable Computing Language", CPU } };
    CHECK(ocl_match(xeons, 2, "intel") == 0);
    CHECK(ocl_match(xeons, 2, "INTEL") == 0);
    why = ocl_match_several(xeons, 2, "xeon");
    CHECK_CONTAINS(why, "; each is picked by: 0:0 or intel, 1:0 or pocl");
    free(why);
    /* Not where two platforms share the word (Intel's CPU and GPU runtimes): the names decide then. */
    const struct ocl_named intels[] = { { 0, 0, "Intel(R) Xeon(R)", "Intel(R) OpenCL", CPU },
                                        { 1, 0, "Intel(R) Arc(TM) A770", "Intel(R) OpenCL Graphics", GPU } };
    CHECK(ocl_match(intels, 2, "intel") == OCL_MATCH_SEVERAL);
    /* "amd" is AMD's platform, not PoCL's CPU device whose name holds "AMD". */
    const struct ocl_named amds[] = { { 0, 0, "gfx90a:sramecc+:xnack-", "AMD Accelerated Parallel Processing", GPU },
                                      { 1, 0, "pthread-znver3-AMD EPYC 7713", "Portable Computing Language", CPU } };
    CHECK(ocl_match(amds, 2, "amd") == 0);
    CHECK(ocl_match(amds, 2, "epyc") == 1);
    const struct ocl_named gpus[] = { { 0, 0, "NVIDIA H200", "NVIDIA CUDA", GPU },
                                      { 0, 1, "NVIDIA H200", "NVIDIA CUDA", GPU },
                                      { 0, 2, "NVIDIA A100", "NVIDIA CUDA", GPU },
                                      { 1, 0, "AMD EPYC", "Intel(R) OpenCL", CPU } };
    CHECK(ocl_match(gpus, 2, "h200") == 0);         /* identical GPUs: the first */
    CHECK(ocl_match(gpus, 4, "nvidia") == 0);       /* the platform's name too: its first device */
    CHECK(ocl_match(gpus, 4, "NVIDIA A") == 2);
    const struct ocl_named mixed[] = { { 0, 0, "NVIDIA H200", "NVIDIA CUDA", GPU },
                                       { 1, 0, "NVIDIA H200 (emulated)", "Other", CPU } };
    CHECK(ocl_match(mixed, 2, "H200") == OCL_MATCH_SEVERAL);
    struct devlist_dev two[2] = { { .pidx = 0, .didx = 0, .name = "AMD EPYC", .platform = "Intel(R) OpenCL" },
                                  { .pidx = 1, .didx = 0, .name = "pthread-AMD EPYC", .platform = "Portable Computing Language" } };
    int pick[3];
    char *err = NULL;
    CHECK(devlist_parse(two, 2, NULL, "0:0,AMD", pick, &err) == DEVLIST_MISTAKE);
    CHECK_CONTAINS(err, "; each is picked by: 0:0 or intel, 1:0 or pocl");
    CHECK_CONTAINS(err, "--device 0:0,AMD: several devices' names contain 'AMD': 0:0 AMD EPYC (Intel(R) OpenCL), 1:0");
    free(err);
}

/* A number alone names no device, never a part of a name: "2" and "512" are in PoCL's
 * "pthread-skylake-avx512-AMD EPYC", and --device 2 picked it. */
static void a_number_alone_names_nothing(void)
{
    const struct ocl_named cpus[] = { { 0, 0, "AMD EPYC", "Intel(R) OpenCL", CPU },
                                      { 1, 0, "pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", CPU } };
    CHECK(ocl_match(cpus, 2, "2") == -1);
    CHECK(ocl_match(cpus, 2, "5") == -1);
    CHECK(ocl_match(cpus, 2, "1") == -1);
    CHECK(ocl_match(cpus, 2, "512") == -1);
    CHECK(ocl_match(cpus, 2, "1:0") == 1);
    char *why = ocl_sel_mistake("2", "0:0 AMD EPYC (Intel(R) OpenCL)");
    CHECK_STR(why, "'2' is a number alone, which names no device: a device is named by its P:D (platform:device) as clx "
                   "devices lists them, 2:0 rather than 2 (there are: 0:0 AMD EPYC (Intel(R) OpenCL))");
    free(why);
    CHECK(ocl_sel_mistake("2:0", "x") == NULL);     /* well formed: a device not there, not a mistake */
    CHECK(ocl_sel_mistake("avx512", "x") == NULL);
}

/* A part of a name that is a number, or starts or ends with one, matches a whole number there, not a
 * piece of one: "A100" is not the A1000, "avx5" not "avx512"; "avx512" and "H200" still match. */
static void a_part_cuts_no_number(void)
{
    const struct ocl_named gpus[] = { { 0, 0, "NVIDIA RTX A1000", "NVIDIA CUDA", GPU },
                                      { 0, 1, "NVIDIA A100", "NVIDIA CUDA", GPU },
                                      { 1, 0, "pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", CPU } };
    CHECK(ocl_match(gpus, 3, "A100") == 1);
    CHECK(ocl_match(gpus, 3, "a1000") == 0);
    CHECK(ocl_match(gpus, 3, "A10") == -1);
    CHECK(ocl_match(gpus, 3, "avx5") == -1);
    CHECK(ocl_match(gpus, 3, "avx512") == 2);
    CHECK(ocl_match(gpus, 3, "512-AMD") == 2);
    CHECK(ocl_match(gpus, 3, "rtx") == 0);
}

/* A device's whole name picks it, though another device's name holds it too: Intel's CPU runtime
 * calls the CPU "AMD EPYC", PoCL "pthread-skylake-avx512-AMD EPYC". */
static void a_whole_name_picks_its_device(void)
{
    const struct ocl_named cpus[] = { { 0, 0, "AMD EPYC", "Intel(R) OpenCL", CPU },
                                      { 1, 0, "pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", CPU } };
    CHECK(ocl_match(cpus, 2, "AMD EPYC") == 0);
    CHECK(ocl_match(cpus, 2, "amd epyc") == 0);
    CHECK(ocl_match(cpus, 2, "AMD EP") == OCL_MATCH_SEVERAL);
    CHECK(ocl_match(cpus, 2, "intel") == 0);        /* the platform's word */
    CHECK(ocl_match(cpus, 2, "pocl") == 1);
    /* Two devices of one name on two platforms: still several, each picked by its P:D or platform. */
    const struct ocl_named two[] = { { 0, 0, "llvmpipe", "rusticl", CPU }, { 1, 0, "llvmpipe", "Clover", CPU },
                                     { 2, 0, "pthread-llvmpipe", "Portable Computing Language", CPU } };
    CHECK(ocl_match(two, 3, "llvmpipe") == OCL_MATCH_SEVERAL);
    char *why = ocl_match_several(two, 3, "llvmpipe");
    CHECK_STR(why, "several devices are called 'llvmpipe': 0:0 llvmpipe (rusticl), 1:0 llvmpipe (Clover); each is "
                   "picked by: 0:0 or rusticl, 1:0 or clover");
    free(why);
}

/* A type word (cpu, gpu, accelerator) picks the first device of that CL_DEVICE_TYPE, after a device
 * whose whole name it is and before a part of a name; several of that type that are not one model
 * on one platform are refused as several names are, each with what picks it. */
static void a_type_word_picks_by_type(void)
{
    const struct ocl_named mix[] = {
        { 0, 0, "AMD EPYC", "Intel(R) OpenCL", CPU },
        { 1, 0, "NVIDIA H200", "NVIDIA CUDA", GPU },
        { 1, 1, "NVIDIA H200", "NVIDIA CUDA", GPU },
    };
    CHECK(ocl_match(mix, 3, "gpu") == 1);            /* identical GPUs: the first */
    CHECK(ocl_match(mix, 3, "GPU") == 1);
    CHECK(ocl_match(mix, 3, "cpu") == 0);
    CHECK(ocl_match(mix, 3, "accelerator") == -1);   /* none of that type: a device not there */
    CHECK(ocl_sel_mistake("gpu", "x") == NULL);
    const struct ocl_named cpus[] = {
        { 0, 0, "AMD EPYC", "Intel(R) OpenCL", CPU },
        { 1, 0, "pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", CPU | CL_DEVICE_TYPE_DEFAULT },
    };
    CHECK(ocl_match(cpus, 2, "cpu") == OCL_MATCH_SEVERAL);
    char *why = ocl_match_several(cpus, 2, "cpu");
    CHECK_STR(why, "several devices are CPU devices: 0:0 AMD EPYC (Intel(R) OpenCL), 1:0 "
                   "pthread-skylake-avx512-AMD EPYC (Portable Computing Language); each is picked by: 0:0 or intel, "
                   "1:0 or pocl");
    free(why);
    /* A type word before a part of a name: PoCL's newer "cpu-..." names hold "cpu". */
    const struct ocl_named pocl5[] = {
        { 0, 0, "NVIDIA H200", "NVIDIA CUDA", GPU },
        { 1, 0, "cpu-gpu-lookalike", "Portable Computing Language", CPU },
    };
    CHECK(ocl_match(pocl5, 2, "gpu") == 0);
    /* In a list as alone. */
    struct devlist_dev typed[2] = { { .pidx = 0, .didx = 0, .name = "AMD EPYC", .platform = "Intel(R) OpenCL",
                                      .type = CL_DEVICE_TYPE_CPU },
                                    { .pidx = 1, .didx = 0, .name = "NVIDIA H200", .platform = "NVIDIA CUDA",
                                      .type = CL_DEVICE_TYPE_GPU } };
    int pick[2];
    char *err = NULL;
    CHECK(devlist_parse(typed, 2, NULL, "gpu,cpu", pick, &err) == 2);
    CHECK(pick[0] == 1 && pick[1] == 0);
    free(err);
}

/* A value's form is checked without any device (clx run --dry-run): the run's refusal, the devices
 * there are left out; a well-formed value names a device that may be on another host. */
static void the_form_alone(void)
{
    char *e = devlist_syntax("7:");
    CHECK_STR(e, "--device 7:: '7:' is not a P:D (two whole numbers, as clx devices lists them) nor a part of a "
                 "device's name");
    free(e);
    e = devlist_syntax("2");
    CHECK_STR(e, "--device 2: '2' is a number alone, which names no device: a device is named by its P:D "
                 "(platform:device) as clx devices lists them, 2:0 rather than 2");
    free(e);
    e = devlist_syntax("0:0,,");
    CHECK_STR(e, "--device 0:0,,: an empty item in the list");
    free(e);
    e = devlist_syntax("all, 0:0:1");
    CHECK_STR(e, "--device all, 0:0:1: '0:0:1' is not a P:D (two whole numbers, as clx devices lists them) nor a part "
                 "of a device's name");
    free(e);
    CHECK(devlist_syntax("7:7") == NULL);           /* well formed, wherever it is */
    CHECK(devlist_syntax("no-such-gpu") == NULL);
    CHECK(devlist_syntax("all") == NULL);
    CHECK(devlist_syntax("0:0, gpu") == NULL);
    CHECK(devlist_syntax(NULL) == NULL);
    CHECK(devlist_syntax("  ") == NULL);
    CHECK(ocl_sel_blank(NULL) && ocl_sel_blank("") && ocl_sel_blank(" \t "));
    CHECK(!ocl_sel_blank(" 0:0"));
}

/* joined: a list of arguments as one line. */
static char *joined(const struct strlist *l)
{
    struct sbuf b = {0};
    for (int i = 0; i < l->n; i++) sb_printf(&b, "%s%s", i ? " " : "", l->v[i]);
    return b.s ? b.s : xstrdup("");
}

static void each_device_records_its_own_arguments(void)
{
    struct strlist args = {0}, out = {0};
    const char *given[] = { "vecsum", "--device", "all", "--quick", "--split", "--device=0:0,0:1", "--split-any",
                            "--out", "r" };
    for (size_t i = 0; i < sizeof given / sizeof *given; i++) sl_push(&args, given[i]);
    multi_child_args(&args, "0:1", NULL, &out);
    char *t = joined(&out);
    CHECK_STR(t, "vecsum --quick --out r --device 0:1");
    free(t);
    sl_free(&out);
    struct shard part = { 2, 3 };
    multi_child_args(&args, "1:0", &part, &out);
    t = joined(&out);
    CHECK_STR(t, "vecsum --quick --out r --device 1:0 --shard 2/3");
    free(t);
    sl_free(&out);
    sl_free(&args);
}

static void the_worst_status_wins(void)
{
    CHECK(multi_worse(0, 0) == 0);
    CHECK(multi_worse(0, EXIT_NOTHING_RAN) == EXIT_NOTHING_RAN);
    CHECK(multi_worse(EXIT_NOTHING_RAN, EXIT_ROWS_FAILED) == EXIT_ROWS_FAILED);
    CHECK(multi_worse(EXIT_ROWS_FAILED, EXIT_NOTHING_RAN) == EXIT_ROWS_FAILED);
    CHECK(multi_worse(EXIT_ROWS_FAILED, EXIT_CANNOT_RUN) == EXIT_CANNOT_RUN);
    CHECK(multi_worse(EXIT_USAGE, EXIT_ROWS_FAILED) == EXIT_USAGE);
    CHECK(multi_worse(EXIT_CANNOT_RUN, 130) == 130);
    CHECK(multi_worse(143, EXIT_CANNOT_RUN) == 143);
}

int main(void)
{
    RUN(lists_are_told_from_one_device);
    RUN(items_resolve_as_device_does);
    RUN(duplicates_are_dropped);
    RUN(an_unknown_item_is_named);
    RUN(a_mistyped_word_is_suggested);
    RUN(missing_names_the_platforms_without_a_device);
    RUN(missing_is_not_a_mistake);
    RUN(malformed_device_values);
    RUN(same_model_and_driver);
    RUN(match_is_the_device_option_s);
    RUN(match_several);
    RUN(a_number_alone_names_nothing);
    RUN(a_part_cuts_no_number);
    RUN(a_whole_name_picks_its_device);
    RUN(a_type_word_picks_by_type);
    RUN(the_form_alone);
    RUN(each_device_records_its_own_arguments);
    RUN(the_worst_status_wins);
    CHECK_EXIT();
}
