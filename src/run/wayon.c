/* wayon.c — a run's way on (wayon.h): said where the run ends, in whichever process ends it (the
 * worker, its supervisor where the worker died, the run over several devices), and kept, so that clx
 * run --report's process says the same again after the report; the worker's line is sent to it
 * (WORKER_WAYON). */
#include "wayon.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include "lib/worker.h"
#include <stdio.h>
#include <stdlib.h>

/* said: the last way on said in this process, or heard from its worker; NULL: none. */
static char *said;

static void keep(char *line)
{
    free(said);
    said = line;
}

/* say: text (a line, or a line and its steps) on stderr, below what stdout holds, and kept. */
static void say(char *text)
{
    fflush(stdout);
    fprintf(stderr, "%s\n", text);
    keep(text);
}

void run_wayon_tell(const char *lead, const char *dir, const char *once)
{
    char *resume = clx_resume_cmd(dir);
    char *line = once ? xasprintf("clx: %sto continue once %s: %s", lead, once, resume)
                      : xasprintf("clx: %sto continue: %s", lead, resume);
    free(resume);
    say(line);              /* line kept: still there */
    worker_wayon(line);     /* nothing where this is no worker */
}

void run_wayon_steps(const char *lead, const struct strlist *steps)
{
    struct sbuf b = {0};
    sb_printf(&b, "clx: %sto continue:", lead);
    for (int i = 0; i < steps->n; i++) sb_printf(&b, "\n  %s", steps->v[i]);
    say(b.s);
}

void run_wayon_say(const char *dir, const char *once) { run_wayon_tell("", dir, once); }

void run_wayon_heard(const char *line) { keep(xstrdup(line)); }

int run_wayon_again(void)
{
    if (!said) return 0;
    fflush(stdout);
    fprintf(stderr, "%s\n", said);
    return 1;
}
