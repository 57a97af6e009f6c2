/* drvenv.h — the environment variables that change what an OpenCL driver's compiler makes (PoCL's
 * work-group method, Intel's CPU vectorizer) or which devices it offers (rusticl's RUSTICL_ENABLE):
 * a build made under them is another build. */
#ifndef DRVENV_H
#define DRVENV_H
#include <stddef.h>

/* drvenv_of: into out, the variables of the platform named platform that this process's environment
 * sets, as "NAME=VALUE" separated by spaces in the table's order ("POCL_WORK_GROUP_METHOD=loops");
 * "" where it sets none (or the platform has none in the table). A value too long for out is cut;
 * out is always a string. */
void drvenv_of(const char *platform, char *out, size_t size);
/* drvenv_needed: into out, the NAME=VALUE words of driver_env (drvenv_of's string, run.json's
 * device.driver_env; NULL as "") without which the device does not exist ("RUSTICL_ENABLE=llvmpipe":
 * rusticl offers no device without it), each VALUE a shell_word, separated by spaces; "" where none.
 * What a suggested command is prefixed with, as it was run. A word too long for out is left out whole. */
void drvenv_needed(const char *driver_env, char *out, size_t size);
/* drvenv_under: what a command clx suggests for the device of this platform, name and driver_env
 * (the driver's or run.json's; any may be NULL) must run under to find it: the simulator's command
 * ("oclgrind", simulator.h), else drvenv_needed's words ("RUSTICL_ENABLE=llvmpipe"); "" for none.
 * Static (one buffer: the last call's). */
const char *drvenv_under(const char *platform, const char *name, const char *driver_env);
/* drvenv_under_run: drvenv_under of the device run.json j records (device.platform, .name and
 * .driver_env): what a command clx suggests for that run goes under, whichever command suggests it
 * (run, report, compare, history). Static, as drvenv_under's. */
struct runjson;
const char *drvenv_under_run(const struct runjson *j);
/* drvenv_command_run: j's recorded command line as it ran: after drvenv_under_run's words
 * ("RUSTICL_ENABLE=llvmpipe clx run ..."), which the recorded argv does not hold. A new string. */
char *drvenv_command_run(const struct runjson *j);
#endif
