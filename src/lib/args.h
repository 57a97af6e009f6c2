/* args.h — an argument list read for one option, or copied less some: what a run records, hands a
 * child process or identifies a sweep by, without the options that are decided elsewhere. */
#ifndef ARGS_H
#define ARGS_H
#include "util.h"

/* A long option as getopt_long takes it: "--name VALUE" or "--name=VALUE" when it takes a value,
 * else "--name". An abbreviation (--dev for --device) is not recognised: a caller that must win
 * over one appends its own option last. */
struct args_option { const char *name; int takes_value; };

/* args_option_at: whether args[i] is option o; then *span is the arguments it takes (2 for
 * "--name VALUE", else 1) and *value its value (NULL for one without, or missing at the end). */
int args_option_at(char *const *args, int n, int i, const struct args_option *o, int *span, const char **value);

/* args_value: the value option o has in args[0..n): its last one, as getopt_long takes it (a caller
 * that must win appends its own last); NULL where o is not given. */
const char *args_value(char *const *args, int n, const struct args_option *o);

/* args_neutral: the options that change where a run writes, what it shows, whether its builds are
 * cached, which device name picks it or how long a launch may run before it is stopped, never what
 * it measures. One table for whoever asks that of a run's arguments, each row with whom it is
 * neutral to: ARGS_RESUMED, a resume takes it again (not --out, --shard, --resume: its folder and its
 * part are its run's); ARGS_SHARDS, shards of one sweep may differ in it (--device 0:0 on one node is
 * another GPU than on the next); ARGS_COMPARED, a comparison does not call two runs' commands other
 * for it (not --shard: a shard's command is why it lacks the others' configurations). Three lists
 * that had drifted apart (--timeout taken by a resume, not by shards; --dir-file by neither). */
enum { ARGS_RESUMED = 1, ARGS_SHARDS = 2, ARGS_COMPARED = 4 };
struct args_neutral_option { struct args_option o; unsigned to; };
enum { ARGS_NNEUTRAL = 9 };
extern const struct args_neutral_option args_neutral[ARGS_NNEUTRAL];
/* args_without_neutral: args[0..n) appended to out, less each option neutral to `to` and its value. */
void args_without_neutral(char *const *args, int n, unsigned to, struct strlist *out);
/* args_neutral_said: the options neutral to `to`, "--quiet, --report and --timeout" (a new string). */
char *args_neutral_said(unsigned to);

/* args_shaping: the options that choose which configurations a sweep has (--set, --local, --size,
 * --build): a run given one ran other than its spec's whole sweep. One table for whoever asks that
 * of a run's arguments (a peaks run taken as the device's ceilings), reads them as axes or writes
 * them (a report's narrower command, a search's command that measures its best again, runflags.c's
 * overrides). Each row: the option, the axis it sets (a results.tsv column: "local", "N", "build";
 * NULL for --set, which sets the one its value names, --set NAME=VALUES), and the name its plan
 * override carries (--build's "builds", the spec's word; NULL for --set: NAME). To add an option
 * of an axis of its own: a row, before --set's, which stays last (the one for every other axis). */
struct args_shaping_option { struct args_option o; const char *axis, *override; };
enum { ARGS_NSHAPING = 4 };
extern const struct args_shaping_option args_shaping[ARGS_NSHAPING];
/* args_shaped: whether args[0..n) gives one of them. */
int args_shaped(char *const *args, int n);
/* args_shaped_said: the shaping options args[0..n) gives, as given ("--set N=32Mi --local 64"): what
 * narrowed a run, said where it is shown. A new string, or NULL where none is given. */
char *args_shaped_said(char *const *args, int n);
/* args_shaping_of: the row of option ("--size"), or NULL where it shapes nothing. */
const struct args_shaping_option *args_shaping_of(const char *option);
/* args_shaping_for: the row of the option that sets axis ("N": --size's); --set's for any other. */
const struct args_shaping_option *args_shaping_for(const char *axis);
/* args_shaping_axis: the axis row's option sets when given value (--set's NAME of NAME=VALUES). A
 * new string. */
char *args_shaping_axis(const struct args_shaping_option *row, const char *value);
/* args_shaping_words: " OPTION VALUES" setting axis to values (" --size 1M,200M", " --set
 * 'ILP=1,4'"), each word quoted for a shell where it must be, appended to b. */
void args_shaping_words(struct sbuf *b, const char *axis, const char *values);

/* args_without: args[0..n) appended to out, less each option of drop[0..ndrop) and its value. */
void args_without(char *const *args, int n, const struct args_option *drop, size_t ndrop, struct strlist *out);
#endif
