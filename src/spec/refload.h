/* refload.h — a user's own host references: a NAME.ref.c beside a spec outside clx's templates/,
 * compiled by the system C compiler into a shared object kept in the cache, loaded and registered. */
#ifndef REFLOAD_H
#define REFLOAD_H
#include "spec.h"

/* refload_file: loads the references path declares (its CLX_REF lines) into the registry (refs.h),
 * compiling it first unless the cache holds it for this source, clx/ref.h and compiler ($CC, else
 * cc). Returns 0, or -1 with *err, one line: for a compile error the compiler's first
 * "FILE:LINE:COL: error: ..." line. */
int refload_file(const char *path, char **err);
/* refload_spec: makes s's verify.reference ready for a run. In a folder other than clx's templates/
 * the .ref.c files beside the spec are looked at first (NAME.ref.c for the spec's NAME, then the
 * others by file name), and the first that declares the reference is loaded; otherwise a shipped
 * reference of that name is used. 0 (also when s verifies no reference), or -1 with *err. */
int refload_spec(const struct spec *s, char **err);
/* refload_source: the .ref.c beside s that declares its reference (a user's: shipped references are
 * clx's own), a new string; NULL where there is none. */
char *refload_source(const struct spec *s);
/* refload_include_dir: the folder holding clx/ref.h (a new string): clx_home()/include in a source
 * tree, else PREFIX/include beside an installed PREFIX/share/clx; NULL with *err when neither has it. */
char *refload_include_dir(char **err);
#endif
