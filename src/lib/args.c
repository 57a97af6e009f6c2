/* args.c — one option found in an argument list, and the list less some options: one filter for all. */
#include "args.h"
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

const struct args_option args_shaping[ARGS_NSHAPING] = { {"--set", 1}, {"--local", 1}, {"--size", 1}, {"--build", 1} };

int args_shaped(char *const *args, int n)
{
    for (int i = 0; i < n; i++)
        for (int o = 0; o < ARGS_NSHAPING; o++) {
            int span;
            const char *value;
            if (args_option_at(args, n, i, &args_shaping[o], &span, &value)) return 1;
        }
    return 0;
}
