/* main.c — clx: a portable OpenCL experiment harness. Everything is in cli.c and below. */
#include "cli.h"

int main(int argc, char **argv) { return cli_main(argc, argv); }
