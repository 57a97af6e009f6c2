/* cli_run.h — `clx run`: its arguments read, and the sweep they ask for handed to modes, cluster or
 * run (and to report with --report). */
#ifndef CLI_RUN_H
#define CLI_RUN_H

/* cli_run: `clx run` with argv[0..argc) the arguments after "run" in main's argv, which it also
 * reads before them (argv[-2], the program; argv[-1], "run") for the command line run.json records.
 * Returns the process exit status. */
int cli_run(int argc, char **argv);
#endif
