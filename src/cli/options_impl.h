/* options_impl.h — the table of commands and of options, shared by their parser (options.c) and
 * their help (options_help.c). */
#ifndef OPTIONS_IMPL_H
#define OPTIONS_IMPL_H
#include <stddef.h>

/* The commands: name, bit, usage, what it does, where --out goes by default (NULL: no --out), and
 * the exit statuses it can give (its --help and docs/clx.1 say these, not another command's); the
 * table ends with a row of no name. */
struct command_row {
    const char *name; unsigned bit; const char *args; const char *what; const char *out; const char *exits;
};
extern const struct command_row opts_commands[];

/* The options (options.c says how to add one); the table ends with a row of no name. */
struct option_row {
    int id; const char *name; const char *value; unsigned cmds; const char *help;
};
extern const struct option_row opts_options[];
/* opts_noptions: the rows of opts_options, its end's included. */
size_t opts_noptions(void);

#endif
