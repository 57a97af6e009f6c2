/* calledas.c — the command a user types to run this clx again, for the commands messages suggest. */
#include "calledas.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cmd: the wrapper's words, then clx as called (own); clx_cmd() is cmd, formed again at each change. */
static char cmd[4608] = "clx", own[4000] = "clx", under[512], doc[528] = "clx";

static void form(void)
{
    snprintf(cmd, sizeof cmd, "%s%s%s", under, *under ? " " : "", own);
    snprintf(doc, sizeof doc, "%s%sclx", under, *under ? " " : "");
}

char *shell_word(const char *s)
{
    /* The characters no POSIX shell splits or expands anywhere in a word. */
    if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-") == strlen(s))
        return xstrdup(s);
    struct sbuf b = {0};
    sb_printf(&b, "'");
    for (const char *p = s; *p; p++) sb_printf(&b, "%s", *p == '\'' ? "'\\''" : (char[]){ *p, 0 });
    sb_printf(&b, "'");
    return b.s;
}

void called_as_set(const char *argv0)
{
    /* Found on PATH: its own name (an installed clx, or clx-asan), which the same shell finds again. */
    if (!argv0 || !*argv0) return;
    if (!strchr(argv0, '/')) {
        snprintf(own, sizeof own, "%s", argv0);
        form();
        return;
    }
    /* A path as typed: quoted when a shell would split or expand it. */
    char *q = shell_word(argv0);
    snprintf(own, sizeof own, "%s", q);
    free(q);
    form();
}

void called_as_under(const char *wrapper)
{
    snprintf(under, sizeof under, "%s", wrapper ? wrapper : "");
    form();
}

char *called_as_for(const char *wrapper)
{
    char *was = xstrdup(under);
    called_as_under(wrapper);
    return was;
}

void called_as_back(char *was)
{
    called_as_under(was);
    free(was);
}

const char *clx_cmd(void)
{
    return cmd;
}

const char *clx_doc_cmd(void)
{
    return doc;
}

void sb_word(struct sbuf *b, const char *s)
{
    char *q = shell_word(s);
    sb_printf(b, " %s", q);
    free(q);
}

char *clx_resume_cmd(const char *dir)
{
    char *q = shell_word(dir), *s = xasprintf("%s run --resume %s", cmd, q);
    free(q);
    return s;
}
