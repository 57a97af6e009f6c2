/* runargs.h — the arguments of `clx run` as a run keeps them, and as --resume takes them back
 * (run.json records them less --resume: cli_run.c, through lib/args.h). */
#ifndef RUNARGS_H
#define RUNARGS_H
#include "lib/util.h"

/* runargs_command_line: "clx ARGS..." with each argument a shell would split or expand (a space,
 * a quote, a '|', a '*', an empty one) quoted (lib/calledas: shell_word), so that the line can be
 * pasted back (a new string). */
char *runargs_command_line(int argc, char **argv);
/* runargs_resume_check: dies, saying why, where dir is no stopped run's folder to resume: missing,
 * a file, what resume_not_a_run names (a merge, a --split's or --out's folder of runs, a --modes
 * run), or a run.json that cannot be read; else its run.json into *j (runjson_free it). Checked
 * before the device is opened or waited for: its turn may be hours away. */
struct runjson;
void runargs_resume_check(const char *dir, struct runjson *j);
/* runargs_resume: the arguments the run in dir was started with (run.json "args"), for clx run
 * --resume DIR with nothing else; dies when run.json cannot say. Where they name no device (CLX_DEVICE
 * chose it, or none did), *device is the run's device selection as --device takes it (run.json
 * "device_selector"; "" for the default device), else NULL. Where their experiment is a name that
 * the experiments' folders here do not hold (CLX_PATH found it, and this shell has another or none),
 * *spec is the spec file the run read (run.json "spec_file") where it is still there, else NULL.
 * Both new strings. */
struct strlist runargs_resume(const char *dir, char **device, char **spec);
#endif
