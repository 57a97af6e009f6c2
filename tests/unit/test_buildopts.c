/* test_buildopts.c — build-option sets checked against the OpenCL C option grammar: standard
 * options, -D and -I with their values, vendor prefixes; unknown ones and typos refused with the
 * nearest option; --build-unchecked lets everything through. */
#include "spec/buildopts.h"
#include "check.h"
#include <stdlib.h>

static void ok(const char *set)
{
    char *why = buildopts_check(set);
    if (why) fprintf(stderr, "  %s: %s\n", set, why);
    CHECK(why == NULL);
    free(why);
}

static void test_known(void)
{
    ok("");
    ok("-cl-opt-disable");
    ok("-cl-fast-relaxed-math -cl-mad-enable  -w");
    ok("-D N=4 -DILP=2 -I include -Iinclude");
    ok("-cl-std=CL1.2 -cl-kernel-arg-info -Werror -g");
    ok("-cl-nv-verbose -cl-nv-maxrregcount=32 -nv-line-info -cl-intel-greater-than-4GB-buffer-required -fbin-exe");
}

static void test_refused(void)
{
    char *why = buildopts_check("-garbage");
    CHECK_CONTAINS(why, "build option -garbage is not an OpenCL C build option");
    free(why);
    why = buildopts_check("-cl-fast-relaxed-maths");
    CHECK_CONTAINS(why, "did you mean -cl-fast-relaxed-math?");
    free(why);
    why = buildopts_check("-cl-opt-disable -D");
    CHECK_CONTAINS(why, "build option -D needs a value");
    free(why);
    why = buildopts_check("-cl-std=CL9.9");
    CHECK(why != NULL);
    free(why);
    buildopts_allow_unknown(1);
    ok("-garbage -cl-fast-relaxed-maths");
    buildopts_allow_unknown(0);
}

int main(void)
{
    RUN(test_known);
    RUN(test_refused);
    CHECK_EXIT();
}
