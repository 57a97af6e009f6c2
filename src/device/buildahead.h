/* buildahead.h — programs compiled on threads of their own before their turn: a search builds
 * each configuration when it first measures it, and on a GPU the compile is the host's work while
 * the device measures; build_variant takes a program compiled ahead instead of compiling it. */
#ifndef BUILDAHEAD_H
#define BUILDAHEAD_H
#include "ocl.h"

/* build_ahead_start: source compiled with exactly these options (as build_variant will ask for
 * them: build_variant_ahead) on a thread of its own, unless it is already, what the driver writes on
 * stderr meanwhile caught with catch_in its marker (stderrcatch.h; NULL: none); 0, or -1 when no
 * thread could be started. */
int build_ahead_start(cl_context ctx, cl_device_id dev, const char *source, const char *options,
                      const char *catch_in);
/* build_ahead_take: the program compiled ahead for source and options, waited for: 1 with *prog
 * (owned by the caller), *err (clBuildProgram's, or clCreateProgramWithSource's with *prog NULL),
 * *seconds (the compile's own) and *said, what was written on stderr during its clBuildProgram (a
 * new string, "" when nothing: stderrcatch.h), *said_shared whether other builds were caught
 * meanwhile (some of it may be theirs); 0 when none was started. */
int build_ahead_take(const char *source, const char *options, cl_program *prog, cl_int *err, double *seconds,
                     char **said, int *said_shared);
/* build_ahead_running: how many are still compiling. */
int build_ahead_running(void);
/* build_ahead_drop: every one not taken waited for and released (the search's end). */
void build_ahead_drop(void);
#endif
