/* args.c — one option found in an argument list, and the list less some options: one filter for all. */
#include "args.h"
#include "calledas.h"
#include <stdlib.h>
#include <string.h>

int args_option_at(char *const *args, int n, int i, const struct args_option *o, int *span, const char **value)
{
    size_t len = strlen(o->name);
    if (!strcmp(args[i], o->name)) {
        *span = o->takes_value ? 2 : 1;
        *value = o->takes_value && i + 1 < n ? args[i + 1] : NULL;
        return 1;
    }
    /* getopt_long refuses "--flag=VALUE" for an option without one: such a list never gets here. */
    if (!strncmp(args[i], o->name, len) && args[i][len] == '=') {
        *span = 1;
        *value = args[i] + len + 1;
        return 1;
    }
    return 0;
}

const char *args_value(char *const *args, int n, const struct args_option *o)
{
    const char *last = NULL;
    for (int i = 0, span = 1; i < n; i += span) {
        const char *value = NULL;
        span = 1;
        if (args_option_at(args, n, i, o, &span, &value) && value) last = value;
    }
    return last;
}

void args_without(char *const *args, int n, const struct args_option *drop, size_t ndrop, struct strlist *out)
{
    for (int i = 0; i < n; i++) {
        int span = 0;
        const char *value;
        for (size_t k = 0; k < ndrop && !span; k++) args_option_at(args, n, i, &drop[k], &span, &value);
        if (span) i += span - 1;
        else sl_push(out, args[i]);
    }
}

const struct args_neutral_option args_neutral[ARGS_NNEUTRAL] = {
    { {"--quiet", 0}, ARGS_RESUMED | ARGS_SHARDS | ARGS_COMPARED },
    { {"--report", 0}, ARGS_RESUMED | ARGS_SHARDS | ARGS_COMPARED },
    { {"--no-cache", 0}, ARGS_RESUMED | ARGS_SHARDS | ARGS_COMPARED },
    { {"--dir-file", 1}, ARGS_RESUMED | ARGS_SHARDS | ARGS_COMPARED },
    /* Where, not what: a resume's own check refuses a device other than its run's. */
    { {"--device", 1}, ARGS_RESUMED | ARGS_SHARDS | ARGS_COMPARED },
    /* A run that ended at a launch that never finishes is resumed with a shorter limit for the next. */
    { {"--timeout", 1}, ARGS_RESUMED | ARGS_SHARDS | ARGS_COMPARED },
    { {"--out", 1}, ARGS_SHARDS | ARGS_COMPARED },
    { {"--resume", 1}, ARGS_SHARDS | ARGS_COMPARED },
    { {"--shard", 1}, ARGS_SHARDS },
};

void args_without_neutral(char *const *args, int n, unsigned to, struct strlist *out)
{
    struct args_option drop[ARGS_NNEUTRAL];
    size_t k = 0;
    for (int i = 0; i < ARGS_NNEUTRAL; i++)
        if (args_neutral[i].to & to) drop[k++] = args_neutral[i].o;
    args_without(args, n, drop, k, out);
}

char *args_neutral_said(unsigned to)
{
    struct sbuf b = {0};
    int last = -1, said = 0;
    for (int i = 0; i < ARGS_NNEUTRAL; i++)
        if (args_neutral[i].to & to) last = i;
    for (int i = 0; i < ARGS_NNEUTRAL; i++)
        if (args_neutral[i].to & to)
            sb_printf(&b, "%s%s", !said++ ? "" : i == last ? " and " : ", ", args_neutral[i].o.name);
    return b.s ? b.s : xstrdup("");
}

const struct args_shaping_option args_shaping[ARGS_NSHAPING] = {
    { {"--local", 1}, "local", "local" },
    { {"--size", 1}, "N", "N" },
    { {"--build", 1}, "build", "builds" },
    { {"--set", 1}, NULL, NULL },
};


char *args_shaped_said(char *const *args, int n)
{
    struct sbuf b = {0};
    for (int i = 0, span = 1; i < n; i += span) {
        span = 1;
        for (int o = 0; o < ARGS_NSHAPING; o++) {
            const char *value;
            if (!args_option_at(args, n, i, &args_shaping[o].o, &span, &value)) continue;
            sb_printf(&b, "%s%s%s%s", b.s ? " " : "", args_shaping[o].o.name, value ? " " : "", value ? value : "");
            break;
        }
    }
    return b.s;
}

/* One walk of the arguments for both: whether they shape the run is whether they say a shaping. */
int args_shaped(char *const *args, int n)
{
    char *said = args_shaped_said(args, n);
    int yes = said != NULL;
    free(said);
    return yes;
}

const struct args_shaping_option *args_shaping_of(const char *option)
{
    for (int o = 0; o < ARGS_NSHAPING; o++)
        if (!strcmp(args_shaping[o].o.name, option)) return &args_shaping[o];
    return NULL;
}

const struct args_shaping_option *args_shaping_for(const char *axis)
{
    int o = 0;
    while (args_shaping[o].axis && strcmp(args_shaping[o].axis, axis)) o++;
    return &args_shaping[o];
}

char *args_shaping_axis(const struct args_shaping_option *row, const char *value)
{
    if (row->axis) return xstrdup(row->axis);
    const char *eq = strchr(value, '=');
    return eq ? xasprintf("%.*s", (int)(eq - value), value) : xstrdup(value);
}

void args_shaping_words(struct sbuf *b, const char *axis, const char *values)
{
    const struct args_shaping_option *row = args_shaping_for(axis);
    char *value = row->axis ? xstrdup(values) : xasprintf("%s=%s", axis, values), *q = shell_word(value);
    sb_printf(b, " %s %s", row->o.name, q);
    free(q);
    free(value);
}
