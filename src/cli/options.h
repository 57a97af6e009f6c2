/* options.h — every command's options in one table, parsed by getopt_long, with per-command help. */
#ifndef OPTIONS_H
#define OPTIONS_H
#include "lib/util.h"
#include <stdio.h>

/* The commands, as bits: an option lists the commands that take it. */
enum {
    CMD_DEVICES = 1 << 0, CMD_LIST = 1 << 1, CMD_RUN = 1 << 2, CMD_DUMP = 1 << 3,
    CMD_EXPAND = 1 << 4, CMD_REPORT = 1 << 5, CMD_COMPARE = 1 << 6, CMD_MERGE = 1 << 7, CMD_HISTORY = 1 << 8,
};

/* Option identifiers (getopt_long's return values: above any character). */
enum {
    OPT_DEVICE = 256, OPT_QUICK, OPT_SET, OPT_LOCAL, OPT_SIZE, OPT_BUILD, OPT_TRIALS, OPT_WARMUPS,
    OPT_MAX_TIME, OPT_TARGET_CV, OPT_COLD, OPT_TIMEOUT, OPT_SEED, OPT_VERIFY, OPT_NO_VERIFY, OPT_OUT,
    OPT_QUIET, OPT_REPORT,
    OPT_RESUME, OPT_ALLOW_SHELL, OPT_M4_TIMEOUT, OPT_NO_CACHE, OPT_RESPECT_WG, OPT_IGNORE_WG, OPT_REFS, OPT_SPEC,
    OPT_JSON, OPT_IR, OPT_ASM, OPT_PEAKS, OPT_RESULTS, OPT_SHARD, OPT_PARTIAL, OPT_SPLIT, OPT_SPLIT_ANY, OPT_FORCE_UNLOCK,
    OPT_MODES, OPT_ROUNDS, OPT_TARGET_SE, OPT_MAX_ROUNDS, OPT_ROUND_GAP, OPT_BATCH, OPT_BY, OPT_ALPHA, OPT_MIN_EFFECT, OPT_FAIL_ON, OPT_BUILD_UNCHECKED,
    OPT_SHARE_DEVICE, OPT_BINARY, OPT_ENERGY, OPT_ENERGY_WINDOW, OPT_PREHEAT, OPT_PEAKS_RUN,
    OPT_SEARCH, OPT_BUDGET, OPT_SEARCH_SEED, OPT_BUILD_AHEAD, OPT_DRY_RUN, OPT_DIR_FILE,
};

/* One option the user gave: its identifier, its long name without '--' (for messages) and its value. */
struct opt_given { int id; const char *name; const char *value; };

struct opts_parsed {
    struct opt_given *given; int ngiven;
    struct strlist positional;
};

/* opts_parse: the options of command cmd_bit (named cmd in messages) in argv[0..argc), in any
 * order with the positional arguments. -h/--help prints the command's help and exits 0; an unknown
 * option or a missing value is one line on stderr and exit 2. Free with opts_free. */
void opts_parse(const char *cmd, unsigned cmd_bit, int argc, char **argv, struct opts_parsed *out);
void opts_free(struct opts_parsed *p);

/* opts_help: the command's usage line, description and options. */
void opts_help(const char *cmd, unsigned cmd_bit, FILE *out);

/* opts_usage_error: "clx CMD: message" and a hint to --help on stderr, exit 2 (a command-line mistake). */
void opts_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* opts_whole_number: an option's value v as a whole number within [lo, hi], or a one-line refusal
 * naming the option (flag, without '--') and exit 2. */
unsigned long long opts_whole_number(const char *cmd, const char *flag, const char *v, unsigned long long lo,
                                     unsigned long long hi);
/* opts_number: v as a number within [lo, hi], or a refusal naming the option and what it takes
 * (what: "seconds", "a significance level") and exit 2. */
double opts_number(const char *cmd, const char *flag, const char *v, double lo, double hi, const char *what);
/* opts_number_of: the same for v, a part of the value the user gave (given: "150" of "150%"), which a
 * refusal quotes whole. */
double opts_number_of(const char *cmd, const char *flag, const char *v, const char *given, double lo, double hi,
                      const char *what);
/* opts_share: a share of the time, as a fraction under 1 (0.05) or a percentage from 0% to 100%
 * (5%); a usage error otherwise: a bare number of 1 or more ("5", meant as 5%) is refused with both
 * spellings, not taken as 500%. Returns the fraction. */
double opts_share(const char *cmd, const char *flag, const char *v);

/* opts_overview: every command with its one-line purpose (clx help). */
void opts_overview(FILE *out);
/* opts_help_named: the help of the command called name (clx help run is clx run --help); -1 when
 * no command has that name. */
int opts_help_named(const char *name, FILE *out);
/* opts_nearest_command: the command name (help and version too) nearest to word, for "did you
 * mean"; NULL when none is near. */
const char *opts_nearest_command(const char *word);

#endif
