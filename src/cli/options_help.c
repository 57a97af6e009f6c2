/* options_help.c — every command's --help, clx help's overview and the nearest command's name, from
 * the one table of commands and options (options.c). */
#include "options.h"
#include "options_impl.h"
#include "lib/util.h"
#include "lib/names.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct command_row *command_for(unsigned bit)
{
    for (const struct command_row *c = opts_commands; c->name; c++)
        if (c->bit == bit) return c;
    return NULL;
}

/* print_wrapped: text from column indent, folded before column 100. */
static void print_wrapped(FILE *out, const char *text, int indent, int col)
{
    const int width = 100;
    const char *p = text;
    while (*p) {
        int room = width - col;
        int n = (int)strlen(p);
        if (n > room) {
            n = room;
            while (n > 0 && p[n] != ' ') n--;
            if (n == 0) n = (int)strcspn(p, " ");
        }
        fprintf(out, "%.*s\n", n, p);
        p += n;
        while (*p == ' ') p++;
        if (*p) fprintf(out, "%*s", indent, "");
        col = indent;
    }
}

void opts_help(const char *cmd, unsigned cmd_bit, FILE *out)
{
    const struct command_row *c = command_for(cmd_bit);
    fprintf(out, "usage: clx %s%s%s [options]\n  ", cmd, c && *c->args ? " " : "", c ? c->args : "");
    print_wrapped(out, c ? c->what : "", 2, 2);
    int any = 0;
    for (const struct option_row *o = opts_options; o->name; o++) {
        if (!(o->cmds & cmd_bit)) continue;
        if (!any++) fprintf(out, "\noptions:\n");
        char *head = xasprintf("  --%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
        if (strlen(head) < 28) fprintf(out, "%-28s", head);
        else fprintf(out, "%s\n%28s", head, "");
        free(head);
        if (o->id == OPT_OUT && c && c->out) {
            char *h = xasprintf("%s (default %s)", o->help, c->out);
            if (!strncmp(c->out, "the ", 4)) { free(h); h = xasprintf("%s: %s", o->help, c->out); }
            print_wrapped(out, h, 28, 28);
            free(h);
        } else print_wrapped(out, o->help, 28, 28);
    }
    fprintf(out, "  -h, --help                this help\n");
    if (cmd_bit & (CMD_RUN | CMD_DUMP | CMD_EXPAND))
        fprintf(out, "\nEXPERIMENT is a name from 'clx list' or the path of a .spec file.\n");
    char *exits = xasprintf("Exit status: %s. See man clx.", c ? c->exits : "see man clx");
    print_wrapped(out, exits, 0, 0);
    free(exits);
}

int opts_help_named(const char *name, FILE *out)
{
    for (const struct command_row *c = opts_commands; c->name; c++)
        if (!strcmp(c->name, name)) {
            opts_help(c->name, c->bit, out);
            return 0;
        }
    return -1;
}

const char *opts_nearest_command(const char *word)
{
    int n = 0;
    for (const struct command_row *c = opts_commands; c->name; c++) n++;
    char **names = xcalloc((size_t)n + 2, sizeof *names);
    n = 0;
    for (const struct command_row *c = opts_commands; c->name; c++) names[n++] = (char *)c->name;
    names[n++] = "help";
    names[n++] = "version";
    const char *near = nearest_name(word, names, n);
    free(names);
    return near;
}

void opts_overview(FILE *out)
{
    fprintf(out, "usage: clx COMMAND [ARGS] [options]     (clx help COMMAND, or clx COMMAND --help: its options)\n\n");
    for (const struct command_row *c = opts_commands; c->name; c++) {
        /* Made to its length: a fixed 64 bytes cut dump's "--binary FILE" to "--binary FIL". */
        char *head = xasprintf("  clx %s %s", c->name, c->args);
        if (strlen(head) < 34) fprintf(out, "%-34s", head);
        else fprintf(out, "%s\n%34s", head, "");
        free(head);
        print_wrapped(out, c->what, 34, 34);
    }
    fprintf(out, "  clx --version                   the release and the commit it was built from\n");
    fprintf(out, "  clx help [COMMAND]              this list, or COMMAND's own help (as clx COMMAND --help)\n");
}
