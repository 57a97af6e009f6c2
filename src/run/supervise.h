/* supervise.h — runs a sweep in a worker process: a crash costs the culprit's rows, not the sweep,
 * and a launch that never ends is stopped. */
#ifndef SUPERVISE_H
#define SUPERVISE_H
#include "run.h"

/* supervise_run: run_experiment(s, o) in a child process. When the child dies of a signal in a
 * build or configuration, that variant and build is marked (o->marks) and a new child continues
 * the run in its folder: its rows say 'crashed'. When a wait on the device passes its limit the
 * child is killed and a new one writes the 'timeout' row and ends the run. *run_dir gets the
 * results folder (a new string, or NULL). Returns the exit status (see EXIT_* in util.h). */
int supervise_run(const struct spec *s, struct run_opts *o, char **run_dir);
#endif
