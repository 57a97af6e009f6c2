/* supervise.h — runs a sweep in a worker process: a crash, or a launch that never ends (stopped),
 * costs the culprit's rows, not the sweep. */
#ifndef SUPERVISE_H
#define SUPERVISE_H
#include "run.h"

/* supervise_run: run_experiment(s, o) in a child process. When the child dies of a signal in a
 * build or configuration, or is killed for a wait on the device past its limit, that variant and
 * build is marked (o->marks) and a new child continues the run in its folder: the culprit's row
 * says 'crashed' or 'timeout', the rest of its variant and build 'stopped'. *run_dir gets the
 * results folder (a new string, or NULL). Returns the exit status (see EXIT_* in util.h). */
int supervise_run(const struct spec *s, struct run_opts *o, char **run_dir);
#endif
