/* modes_run.h — `clx run EXP --modes`: the spec's modes run on the --device list (seed 003's
 * schemes: parts of a variant's range on several devices, copies overlapped with kernels). */
#ifndef MODES_RUN_H
#define MODES_RUN_H
#include "run/run.h"
#include "spec/spec.h"

/* modes_run: clx run EXP --modes: the spec's modes on the --device list in a worker process
 * (the caller never initialises OpenCL), into a results folder with run.json and modes.tsv;
 * *run_dir (when not NULL) gets that folder (a new string, or NULL when none was made). Returns
 * the exit status (EXIT_* of util.h). */
int modes_run(const struct spec *s, const struct run_opts *o, char **run_dir);
/* modes_takes_option: whether a modes run honours clx run's option ("--trials"): the one list of
 * them; the command refuses the others rather than drop them unsaid. */
int modes_takes_option(const char *option);
/* modes_options_taken: those options, comma separated (a new string). */
char *modes_options_taken(void);
#endif
