/* cli.h — the command line: sub-commands and flags. */
#ifndef CLI_H
#define CLI_H
/* cli_main: runs the sub-command in argv; returns the process exit status. */
int cli_main(int argc, char **argv);
#endif
