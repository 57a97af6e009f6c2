/* test_drvdefect.c — the drivers' known defects (drvdefect.c): PoCL 3.1 on LLVM 15 with its default
 * work-group vectorizer is named on a FAIL or crashed row of a kernel with vstoreN and vloadN, and
 * nothing else is (another version or compiler, another work-group method, a build without
 * optimisation, a kernel without them); and the driver's compiler variables a build depends on
 * (drvenv.c), said for the driver that reads them only. */
#include "check.h"
#include "device/drvdefect.h"
#include "device/drvenv.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POCL "Portable Computing Language"
#define POCL31_VERSION "OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts, RELOC, SPIR, LLVM 15.0.6, SLEEF, DISTRO, POCL_DEBUG"
/* A kernel that moves vectors through private arrays, as sgemm's VWM=2 does. */
#define MOVES "vstore2(agm[i], 0, apm); ... cgm[j] = vload2(0, cpm[0]);"
#define POCL50_VERSION "OpenCL 3.0 PoCL 5.0+debian  Linux, None+Asserts, RELOC, SPIR, LLVM 16.0.6, SLEEF, DISTRO, POCL_DEBUG"

static struct devprops props(const char *platform, const char *platform_version, const char *driver)
{
    struct devprops dp;
    memset(&dp, 0, sizeof dp);
    snprintf(dp.platform, sizeof dp.platform, "%s", platform);
    snprintf(dp.platform_version, sizeof dp.platform_version, "%s", platform_version);
    snprintf(dp.driver, sizeof dp.driver, "%s", driver);
    return dp;
}

/* Debian 12's PoCL, as this project's CI has it: named, with the write-up and the way to tell. */
static void test_pocl31(void)
{
    unsetenv("POCL_WORK_GROUP_METHOD");
    struct devprops dp = props(POCL, POCL31_VERSION, "3.1+debian");
    const char *w = drvdefect_words(&dp, 0, MOVES);
    CHECK_CONTAINS(w, "PoCL 3.1 on LLVM 15 miscompiles some correct kernels");
    CHECK_CONTAINS(w, "docs/experiments/sgemm.md");
    CHECK_CONTAINS(w, "POCL_WORK_GROUP_METHOD=loops");
    /* A source not known: named all the same. */
    CHECK(drvdefect_words(&dp, 0, NULL) == w);
    /* Its default method, named: the same. */
    setenv("POCL_WORK_GROUP_METHOD", "loopvec", 1);
    CHECK(drvdefect_words(&dp, 0, MOVES) == w);
    unsetenv("POCL_WORK_GROUP_METHOD");
}

/* What avoids it: another method (loops; auto, which 3.1 takes without the vectorizer), a build
 * with -cl-opt-disable; and a kernel without both vector moves is not one it was seen to spoil. */
static void test_avoided(void)
{
    struct devprops dp = props(POCL, POCL31_VERSION, "3.1+debian");
    setenv("POCL_WORK_GROUP_METHOD", "loops", 1);
    CHECK(drvdefect_words(&dp, 0, MOVES) == NULL);
    setenv("POCL_WORK_GROUP_METHOD", "auto", 1);
    CHECK(drvdefect_words(&dp, 0, MOVES) == NULL);
    unsetenv("POCL_WORK_GROUP_METHOD");
    CHECK(drvdefect_words(&dp, 1, MOVES) == NULL);
    CHECK(drvdefect_words(&dp, 0, "c[i] = a[i] * b[i];") == NULL);
    CHECK(drvdefect_words(&dp, 0, "vstore4(v, 0, p);") == NULL);
}

/* Only what was seen: PoCL 5.0 on LLVM 16 computed the same kernels right; 3.1 on another LLVM,
 * "3.10", and other drivers are not named. */
static void test_others(void)
{
    unsetenv("POCL_WORK_GROUP_METHOD");
    struct devprops p5 = props(POCL, POCL50_VERSION, "5.0+debian");
    CHECK(drvdefect_words(&p5, 0, MOVES) == NULL);
    struct devprops p31l14 = props(POCL, "OpenCL 3.0 PoCL 3.1  Linux, Release, LLVM 14.0.6", "3.1");
    CHECK(drvdefect_words(&p31l14, 0, MOVES) == NULL);
    struct devprops p310 = props(POCL, POCL31_VERSION, "3.10");
    CHECK(drvdefect_words(&p310, 0, MOVES) == NULL);
    struct devprops nv = props("NVIDIA CUDA", "OpenCL 3.0 CUDA 13.0.98", "580.159.04");
    CHECK(drvdefect_words(&nv, 0, MOVES) == NULL);
}

/* The compiler variables: said as NAME=VALUE in the table's order, for their driver only. */
static void test_drvenv(void)
{
    char out[512];
    unsetenv("POCL_WORK_GROUP_METHOD");
    unsetenv("POCL_EXTRA_BUILD_FLAGS");
    drvenv_of(POCL, out, sizeof out);
    CHECK_STR(out, "");
    setenv("POCL_EXTRA_BUILD_FLAGS", "-cl-fast-relaxed-math", 1);
    setenv("POCL_WORK_GROUP_METHOD", "loops", 1);
    drvenv_of(POCL, out, sizeof out);
    CHECK_STR(out, "POCL_WORK_GROUP_METHOD=loops POCL_EXTRA_BUILD_FLAGS=-cl-fast-relaxed-math");
    drvenv_of("NVIDIA CUDA", out, sizeof out);
    CHECK_STR(out, "");
    /* Too long for out: cut, still a string. */
    char small[12];
    drvenv_of(POCL, small, sizeof small);
    CHECK(strlen(small) < sizeof small);
    unsetenv("POCL_WORK_GROUP_METHOD");
    unsetenv("POCL_EXTRA_BUILD_FLAGS");
}

/* rusticl's RUSTICL_ENABLE is recorded, and is the word a suggested command needs (without it
 * rusticl offers no device); the compiler variables are not needed, Oclgrind's wrapper is. */
static void test_drvenv_needed(void)
{
    char out[512];
    setenv("RUSTICL_ENABLE", "llvmpipe", 1);
    drvenv_of("rusticl", out, sizeof out);
    CHECK_STR(out, "RUSTICL_ENABLE=llvmpipe");
    drvenv_of(POCL, out, sizeof out);
    CHECK_STR(out, "");
    unsetenv("RUSTICL_ENABLE");
    drvenv_of("rusticl", out, sizeof out);
    CHECK_STR(out, "");
    drvenv_needed("RUSTICL_ENABLE=llvmpipe", out, sizeof out);
    CHECK_STR(out, "RUSTICL_ENABLE=llvmpipe");
    drvenv_needed("POCL_WORK_GROUP_METHOD=loops POCL_EXTRA_BUILD_FLAGS=-g", out, sizeof out);
    CHECK_STR(out, "");
    drvenv_needed("X_RUSTICL_ENABLE=no RUSTICL_ENABLE=radeonsi,llvmpipe", out, sizeof out);
    CHECK_STR(out, "RUSTICL_ENABLE=radeonsi,llvmpipe");
    drvenv_needed("RUSTICL_ENABLE=a;b", out, sizeof out);
    CHECK_STR(out, "RUSTICL_ENABLE='a;b'");
    drvenv_needed(NULL, out, sizeof out);
    CHECK_STR(out, "");
    char small[8];
    drvenv_needed("RUSTICL_ENABLE=llvmpipe", small, sizeof small);
    CHECK_STR(small, "");
    CHECK_STR(drvenv_under("rusticl", "llvmpipe (LLVM 15.0.7, 256 bits)", "RUSTICL_ENABLE=llvmpipe"),
              "RUSTICL_ENABLE=llvmpipe");
    CHECK_STR(drvenv_under("Oclgrind", "Oclgrind Simulator", ""), "oclgrind");
    CHECK_STR(drvenv_under(POCL, "cpu", "POCL_WORK_GROUP_METHOD=loops"), "");
}

int main(void)
{
    RUN(test_pocl31);
    RUN(test_avoided);
    RUN(test_others);
    RUN(test_drvenv);
    RUN(test_drvenv_needed);
    CHECK_EXIT();
}
