/* buildopts.c — the OpenCL C build options (OpenCL 3.0, clBuildProgram's options) as a table,
 * and each option of a set checked against it. To add one: a row in `known` (or a prefix in
 * `vendors`). */
#include "buildopts.h"
#include "lib/util.h"
#include "lib/names.h"
#include <stdlib.h>
#include <string.h>

static int unchecked;

void buildopts_allow_unknown(int yes) { unchecked = yes; }

/* Options that stand alone. */
static const char *const known[] = {
    "-cl-single-precision-constant", "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-opt-disable", "-cl-strict-aliasing", "-cl-uniform-work-group-size", "-cl-no-subgroup-ifp",
    "-cl-mad-enable", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
    "-cl-fast-relaxed-math", "-cl-kernel-arg-info", "-w", "-Werror", "-g", "-create-library",
    "-enable-link-options", "-cl-std=CL1.0", "-cl-std=CL1.1", "-cl-std=CL1.2", "-cl-std=CL2.0", "-cl-std=CL3.0",
    "-cl-std=CLC++", "-cl-std=CLC++1.0", "-cl-std=CLC++2021", "-spir-std=1.2", NULL
};
/* Options followed by a value, attached or as the next word. */
static const char *const with_value[] = { "-D", "-I", "-x", NULL };
/* Vendors' options, by their prefixes: NVIDIA (-cl-nv-maxrregcount, -nv-line-info), Intel, AMD. */
static const char *const vendors[] = { "-cl-nv-", "-nv-", "-cl-intel-", "-cl-amd-", "-fbin-", NULL };

static int in(const char *const *list, const char *w)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], w)) return 1;
    return 0;
}

/* value_option: the option of with_value that w is, attached value or not; NULL. */
static const char *value_option(const char *w)
{
    for (int i = 0; with_value[i]; i++)
        if (str_starts(w, with_value[i])) return with_value[i];
    return NULL;
}

char *buildopts_check(const char *set)
{
    if (unchecked || !set) return NULL;
    struct strlist words = {0};
    sl_split(&words, set, ' ');
    char *why = NULL;
    for (int i = 0; i < words.n && !why; i++) {
        const char *w = words.v[i];
        if (!*w || in(known, w)) continue;
        const char *opt = value_option(w);
        if (opt) {
            if (!strcmp(w, opt) && (i + 1 >= words.n || !*words.v[i + 1]))
                why = xasprintf("build option %s needs a value (%s NAME=VALUE, %s DIR)", w, "-D", "-I");
            else if (!strcmp(w, opt)) i++;            /* the value is the next word */
            continue;
        }
        int vendor = 0;
        for (int k = 0; vendors[k] && !vendor; k++) vendor = str_starts(w, vendors[k]);
        if (vendor) continue;
        char *near = did_you_mean(w, (char *const *)known, (int)(sizeof known / sizeof *known) - 1);
        why = xasprintf("build option %s is not an OpenCL C build option%s (a vendor's option clx does not know "
                        "passes with --build-unchecked)", w, near);
        free(near);
    }
    sl_free(&words);
    return why;
}
