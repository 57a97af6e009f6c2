/* buildopts.h — build-option sets checked against the OpenCL C compiler's option grammar before
 * anything is built: drivers may ignore an option the specification says they must refuse (PoCL
 * builds `-cl-fast-relaxed-maths` without a word), and a run would then measure default builds
 * under a false name. Vendor options pass by their prefixes (-cl-nv-, -nv-, -cl-intel-, -cl-amd-,
 * -fbin-); anything else clx does not know passes only with --build-unchecked. */
#ifndef BUILDOPTS_H
#define BUILDOPTS_H

/* buildopts_check: NULL when every option of the set (space-separated, as clBuildProgram takes
 * them) is known, else why not, naming the option and the nearest known one; a new string. */
char *buildopts_check(const char *set);
/* buildopts_allow_unknown: --build-unchecked: every option passes (the driver alone judges). */
void buildopts_allow_unknown(int yes);
#endif
