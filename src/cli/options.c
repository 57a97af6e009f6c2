/* options.c — a command's options parsed by getopt_long from the one table (options_table.c). */
#include "options.h"
#include "options_impl.h"
#include "lib/util.h"
#include "lib/names.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value placeholders that name a file or a folder, and what a message calls each. An empty
 * one is refused for every option that has one: path_join("", "run.json") is "/run.json", so an
 * empty --out put a run's folder, or a merge (its bin/ into /usr/bin through the /bin link), in /.
 * A new option with a path for its value takes one of these placeholders and is checked with them. */
static const struct { const char *value, *noun; } path_values[] = {
    { "DIR", "a folder" }, { "RUN_DIR", "a run's folder" }, { "FILE", "a file" },
};

/* path_noun: what the value of option o names where it is a file or a folder ("a folder"), else NULL. */
static const char *path_noun(const struct option_row *o)
{
    for (size_t i = 0; o->value && i < sizeof path_values / sizeof *path_values; i++)
        if (!strcmp(o->value, path_values[i].value)) return path_values[i].noun;
    return NULL;
}

void opts_parse(const char *cmd, unsigned cmd_bit, int argc, char **argv, struct opts_parsed *out)
{
    memset(out, 0, sizeof *out);
    size_t nopt = opts_noptions();
    struct option *lo = xcalloc(nopt + 1, sizeof *lo);
    int k = 0;
    for (const struct option_row *o = opts_options; o->name; o++)
        if (o->cmds & cmd_bit)
            lo[k++] = (struct option){ .name = o->name, .has_arg = o->value ? required_argument : no_argument,
                                       .flag = NULL, .val = o->id };
    lo[k++] = (struct option){ .name = "help", .has_arg = no_argument, .flag = NULL, .val = 'h' };
    /* getopt_long wants a program name first and may permute: it works on a copy. */
    char **av = xcalloc((size_t)argc + 2, sizeof *av);
    av[0] = (char *)cmd;
    for (int i = 0; i < argc; i++) av[i + 1] = argv[i];
    opterr = 0;
    optind = 0;    /* glibc: 0 re-initialises, so a second parse starts afresh */
    for (;;) {
        int c = getopt_long(argc + 1, av, ":h", lo, NULL);
        if (c == -1) break;
        const char *written = av[optind > 1 ? optind - 1 : 1];   /* the option just read */
        /* A short option refused in its first letter (-quick's q): getopt is still in that word. */
        if (c == '?' && optopt && optopt < 256 && optind <= argc && av[optind][0] == '-' && av[optind][1] == optopt)
            written = av[optind];
        if (c == 'h') { opts_help(cmd, cmd_bit, stdout); free(lo); free(av); opts_free(out); exit(0); }
        if (c == '?' || c == ':') {
            char flag[80], near[224] = "";
            snprintf(flag, sizeof flag, "%.*s", (int)strcspn(written, "="), written);
            /* The option this command has that was meant: --quik for --quick. */
            char **names = xcalloc((size_t)k + 1, sizeof *names);
            for (int i = 0; i < k; i++) names[i] = (char *)lo[i].name;
            /* -quick (one dash) reads as -q -u ...: the long option it names is meant. */
            int one_dash = flag[0] == '-' && flag[1] && flag[1] != '-' && flag[2];
            const char *meant = !strncmp(flag, "--", 2) ? nearest_name(flag + 2, names, k)
                              : one_dash ? nearest_name(flag + 1, names, k) : NULL;
            if (meant) snprintf(near, sizeof near, "%s%s%s: did you mean --%s?", one_dash ? " (in '" : "",
                                one_dash ? flag : "", one_dash ? "')" : "", meant);
            free(names);
            free(lo); free(av); opts_free(out);
            if (c == ':') opts_usage_error(cmd, "%s needs a value", flag);
            if (optopt && optopt < 256) opts_usage_error(cmd, "unknown option '-%c'%s", optopt, near);
            opts_usage_error(cmd, "unknown option '%s'%s", flag, near);
        }
        out->given = xrealloc(out->given, sizeof *out->given * (size_t)(out->ngiven + 1));
        const char *name = "";
        for (const struct option_row *o = opts_options; o->name; o++)
            if (o->id == c && (o->cmds & cmd_bit)) {
                /* A path empty or blanks alone: a command-line mistake for every command that takes it. */
                const char *noun = path_noun(o);
                if (noun && optarg && !optarg[strspn(optarg, " \t\n")]) {
                    const char *was = *optarg ? "blanks" : "an empty value";
                    free(lo); free(av); opts_free(out);
                    opts_usage_error(cmd, "--%s needs %s, not %s", o->name, noun, was);
                }
                name = o->name;
            }
        out->given[out->ngiven++] = (struct opt_given){ c, name, optarg };
    }
    for (int i = optind; i < argc + 1; i++) sl_push(&out->positional, av[i]);
    free(lo);
    free(av);
    /* An argument empty or blanks alone names no experiment, run or shard: clx report "" read and
     * wrote "/" as its run's folder, as an empty --out did. */
    for (int i = 0; i < out->positional.n; i++) {
        if (out->positional.v[i][strspn(out->positional.v[i], " \t\n")]) continue;
        const char *args = "";
        for (const struct command_row *c = opts_commands; c->name; c++)
            if (c->bit == cmd_bit) args = c->args;
        opts_free(out);
        opts_usage_error(cmd, "argument %d is empty: clx %s %s", i + 1, cmd, args);
    }
}

void opts_free(struct opts_parsed *p)
{
    free(p->given);
    sl_free(&p->positional);
    memset(p, 0, sizeof *p);
}
