/* test_devtag.c — a platform's word (pocl, intel, rusticl) and what a results folder's or a dump's
 * name says of its device: its name, and its implementation where the name does not say it (Intel's
 * CPU runtime's folder was "vecsum-AMD_EPYC-...", naming no implementation). */
#include "check.h"
#include "device/devtag.h"
#include "device/platword.h"
#include "lib/util.h"
#include <stdlib.h>

static void words(void)
{
    char w[64];
    platword_of("Portable Computing Language", w, sizeof w);
    CHECK_STR(w, "pocl");
    platword_of("Intel(R) OpenCL", w, sizeof w);
    CHECK_STR(w, "intel");
    platword_of("Intel(R) OpenCL Graphics", w, sizeof w);
    CHECK_STR(w, "intel");
    platword_of("NVIDIA CUDA", w, sizeof w);
    CHECK_STR(w, "nvidia");
    platword_of("rusticl", w, sizeof w);
    CHECK_STR(w, "rusticl");
    platword_of("Clover", w, sizeof w);
    CHECK_STR(w, "clover");
    platword_of("", w, sizeof w);
    CHECK_STR(w, "");
    CHECK_STR(platword_alias("POCL"), "Portable Computing Language");
    CHECK(platword_alias("intel") == NULL);         /* in its platform's name already */
    CHECK(platword_alias("portable") == NULL);
    CHECK(platword_names_say("Portable Computing Language"));
    CHECK(!platword_names_say("Intel(R) OpenCL"));
}

#define CHECK_TAG(name, platform, cpu, want) do { char *t_ = devtag(name, platform, cpu); CHECK_STR(t_, want); \
        free(t_); } while (0)

static void tags(void)
{
    /* A CPU's name is the processor's: the implementation is added, unless its names say it (PoCL's). */
    CHECK_TAG("AMD EPYC", "Intel(R) OpenCL", 1, "AMD EPYC-intel");
    CHECK_TAG("Intel(R) Xeon(R) Gold 6338", "Intel(R) OpenCL", 1, "Intel(R) Xeon(R) Gold 6338-intel");
    CHECK_TAG("pthread-skylake-avx512-AMD EPYC", "Portable Computing Language", 1, "pthread-skylake-avx512-AMD EPYC");
    CHECK_TAG("llvmpipe (LLVM 15.0.6, 256 bits)", "rusticl", 1, "llvmpipe (LLVM 15.0.6, 256 bits)-rusticl");
    /* A GPU's name says it where it holds the word. */
    CHECK_TAG("NVIDIA H200", "NVIDIA CUDA", 0, "NVIDIA H200");
    CHECK_TAG("Tesla K40c", "NVIDIA CUDA", 0, "Tesla K40c-nvidia");
    CHECK_TAG("AMD Radeon RX 6800 (radeonsi, navi21)", "rusticl", 0, "AMD Radeon RX 6800 (radeonsi, navi21)-rusticl");
    /* Slugged as a folder's name is: the name first, as before the word was added. */
    char *t = devtag("AMD EPYC", "Intel(R) OpenCL", 1), *slug = slugify(t);
    CHECK_STR(slug, "AMD_EPYC-intel");
    free(slug);
    free(t);
}

int main(void)
{
    RUN(words);
    RUN(tags);
    CHECK_EXIT();
}
