/* calledas.c — the command a user types to run this clx again, for the commands messages suggest. */
#include "calledas.h"
#include <stdio.h>
#include <string.h>

static char cmd[4096] = "clx";

void called_as_set(const char *argv0)
{
    /* Found on PATH: its own name (an installed clx, or clx-asan), which the same shell finds again. */
    if (!argv0 || !*argv0) return;
    if (!strchr(argv0, '/')) {
        snprintf(cmd, sizeof cmd, "%s", argv0);
        return;
    }
    /* A path as typed: quoted (POSIX single quotes) when a shell would split or expand it. */
    if (!strpbrk(argv0, " \t\n'\"\\$`*?[]{}()<>|&;~#!")) {
        snprintf(cmd, sizeof cmd, "%s", argv0);
        return;
    }
    size_t n = 0;
    cmd[n++] = '\'';
    for (const char *p = argv0; *p && n + 6 < sizeof cmd; p++) {
        if (*p == '\'') {
            memcpy(cmd + n, "'\\''", 4);
            n += 4;
        } else cmd[n++] = *p;
    }
    cmd[n++] = '\'';
    cmd[n] = '\0';
}

const char *clx_cmd(void)
{
    return cmd;
}
