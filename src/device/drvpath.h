/* drvpath.h — what a CPU implementation's OpenCL compiler needs of this process's environment: the
 * linker it runs, found through PATH. */
#ifndef DRVPATH_H
#define DRVPATH_H

/* drvpath_missing: where PATH is unset or empty, the warning that says so and what follows (a static
 * string); NULL else. It asks for no device: said by the command before its worker opens one. */
const char *drvpath_missing(void);
#endif
