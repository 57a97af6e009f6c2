/* test_findings_samebin.c — every finding kind that sets two builds of one variant against each other
 * says when they compiled to the same binary (rusticl ignores -cl-opt-disable), in the same words
 * (samebin_pair_said): a compare's pair said it and could not be checked, while a check or a size
 * reading the same two builds called the option's "effect" held or not held. A run made here, whose
 * kernels.tsv gives variant "same" one bin_hash for both builds and "apart" two. */
#include "check.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/findings.h"
#include "report/samebin.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_samebin"

/* The reason every kind gives for variant "same" (samebin_words after the pair's selectors). */
#define SAID_SAME "gbs[variant=same, build=default] vs gbs[variant=same, build=-cl-opt-disable]: the builds 'default' " \
                  "and '-cl-opt-disable' of same " SAMEBIN_SAID ": their difference is not the option's"

/* make_run: each variant's default build 2x the no-opt one's GB/s, five tight rounds each. */
static void make_run(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tregs\tround_ms\n"
        "t\tsame\tdefault\t1000\t64\tok\t1\t100\t8\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tsame\t-cl-opt-disable\t1000\t64\tok\t2\t50\t8\t1.998;1.999;2;2.001;2.002\n"
        "t\tapart\tdefault\t1000\t64\tok\t1\t100\t8\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tapart\t-cl-opt-disable\t1000\t64\tok\t2\t50\t12\t1.998;1.999;2;2.001;2.002\n";
    const char *kernels = "variant\tbuild\tbin_bytes\tbin_hash\n"
                          "same\tdefault\t10\t3097e736281ac603\n"
                          "same\t-cl-opt-disable\t10\t3097e736281ac603\n"
                          "apart\tdefault\t10\tdf74345923408de7\n"
                          "apart\t-cl-opt-disable\t12\t97df9823ca8b578e\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }";
    remove_tree(DIR_);
    CHECK(mkdir_p(DIR_) == 0);
    CHECK(write_file_atomic(DIR_ "/results.tsv", tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(DIR_ "/kernels.tsv", kernels, strlen(kernels)) == 0);
    CHECK(write_file_atomic(DIR_ "/run.json", json, strlen(json)) == 0);
}

/* judged: f's verdict on the run, *why its reason where it cannot be checked, else NULL (caller frees). */
static enum verdict judged(const struct spec_finding *f, char **why) { return run_judged_why(DIR_, f, why); }

/* A check, a size and a compare of the two builds of "same": each cannot be checked, in one set of words. */
static void test_every_kind_says_it(void)
{
    char *why = NULL;
    struct spec_finding check = { .claim = "c", .check = "gbs[variant=same, build=default] >= 1.5 * "
                                                         "gbs[variant=same, build=-cl-opt-disable]" };
    CHECK(judged(&check, &why) == V_NODATA);
    CHECK_STR(why, SAID_SAME);
    free(why);
    struct spec_finding size = { .claim = "c", .size = "gbs[variant=same, build=default] / "
                                                       "gbs[variant=same, build=-cl-opt-disable]", .claimed = ">= 1.5" };
    CHECK(judged(&size, &why) == V_NODATA);
    CHECK_STR(why, SAID_SAME);
    free(why);
    struct spec_finding cmp = { .claim = "c", .compare = "gbs[variant=same, build=default] vs "
                                                         "gbs[variant=same, build=-cl-opt-disable]", .claimed = ">= 1.5" };
    CHECK(judged(&cmp, &why) == V_NODATA);
    CHECK_STR(why, SAID_SAME);
    free(why);
}

/* Builds of two binaries are judged as ever; so are what one binary answers (its registers) and
 * counts of rows, which set no timing of the builds against each other. */
static void test_others_judged(void)
{
    char *why = NULL;
    struct spec_finding apart = { .claim = "c", .check = "gbs[variant=apart, build=default] >= 1.5 * "
                                                         "gbs[variant=apart, build=-cl-opt-disable]" };
    CHECK(judged(&apart, &why) == V_HOLDS);
    CHECK(why == NULL);
    free(why);
    struct spec_finding size = { .claim = "c", .size = "gbs[variant=apart, build=default] / "
                                                       "gbs[variant=apart, build=-cl-opt-disable]", .claimed = ">= 1.5" };
    CHECK(judged(&size, &why) == V_HOLDS);
    free(why);
    struct spec_finding regs = { .claim = "c", .check = "regs[variant=same, build=default] == "
                                                        "regs[variant=same, build=-cl-opt-disable]" };
    CHECK(judged(&regs, &why) == V_HOLDS);
    free(why);
    struct spec_finding count = { .claim = "c", .check = "count(gbs[variant=same, build=default]) == "
                                                         "count(gbs[variant=same, build=-cl-opt-disable])" };
    CHECK(judged(&count, &why) == V_HOLDS);
    free(why);
}

int main(void)
{
    make_run();
    RUN(test_every_kind_says_it);
    RUN(test_others_judged);
    remove_tree(DIR_);
    CHECK_EXIT();
}
