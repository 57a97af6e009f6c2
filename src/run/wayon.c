/* wayon.c — a stopped sweep's way on (wayon.h): said by the stop, in whichever process ends it (the
 * worker, or its supervisor where the worker died in the stop), and again by clx run --report's
 * process after the report, from the folder's run.json (the worker's line is not this process's). */
#include "wayon.h"
#include "store/resume.h"
#include "store/runjson.h"
#include "lib/calledas.h"
#include <stdio.h>
#include <stdlib.h>

void run_wayon_say(const char *dir, const char *once)
{
    char *resume = clx_resume_cmd(dir);
    fflush(stdout);
    if (once) fprintf(stderr, "clx: to continue once %s: %s\n", once, resume);
    else fprintf(stderr, "clx: to continue: %s\n", resume);
    free(resume);
}

int run_wayon_again(const char *dir)
{
    char *err = NULL, *not_run = resume_not_a_run(dir);
    struct runjson rj;
    int stopped = 0;
    if (!not_run && !runjson_read(dir, &rj, &err)) {
        stopped = rj.interrupted && !rj.finished;
        runjson_free(&rj);
    }
    free(err);
    free(not_run);
    if (stopped) run_wayon_say(dir, NULL);
    return stopped;
}
