/* drvenv.h — the environment variables that change what an OpenCL driver's compiler makes (PoCL's
 * work-group method, Intel's CPU vectorizer): a build made under them is another build. */
#ifndef DRVENV_H
#define DRVENV_H
#include <stddef.h>

/* drvenv_of: into out, the variables of the platform named platform that this process's environment
 * sets, as "NAME=VALUE" separated by spaces in the table's order ("POCL_WORK_GROUP_METHOD=loops");
 * "" where it sets none (or the platform has none in the table). A value too long for out is cut;
 * out is always a string. */
void drvenv_of(const char *platform, char *out, size_t size);
#endif
