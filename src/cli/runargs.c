/* runargs.c — the arguments of `clx run` as a run keeps them: the command line run.json records,
 * and the arguments --resume reads back from it (runargs.h). */
#include "runargs.h"
#include "spec/catalog.h"
#include "spec/expand.h"
#include "store/mergebusy.h"
#include "store/mergeleft.h"
#include "store/resume.h"
#include "store/runjson.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *runargs_command_line(int argc, char **argv)
{
    struct sbuf b = {0};
    sb_printf(&b, "clx");
    for (int i = 0; i < argc; i++) {
        /* Each argument one word a shell reads back, so the line can be pasted back: quoted where a
         * shell would split or expand it ("--set 'X=1|2'" was recorded as a pipe). */
        char *w = shell_word(argv[i]);
        sb_printf(&b, " %s", w);
        free(w);
    }
    return b.s;
}

void runargs_resume_check(const char *dir, struct runjson *j)
{
    struct stat st;
    if (stat(dir, &st)) die("cannot resume %s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode)) die("cannot resume %s: it is a file, not a run's folder", dir);
    /* A merge writing dir now: its rows and run.json are half there (a merge refuses it the same way);
     * one whose mark names it before its run.json is said by resume_not_a_run, as a leftover is. */
    char *err = merge_left_writer(dir) ? NULL : merge_in_progress(dir);
    if (err) die("cannot resume %s: %s", dir, err);
    err = resume_not_a_run(dir);
    if (err) die("cannot resume %s: %s", dir, err);
    if (runjson_read(dir, j, &err)) die("--resume %s: %s", dir, err);
}

/* runargs_resume: the run's arguments, its device where CLX_DEVICE (or nothing) chose it and its spec
 * where CLX_PATH found it: the command a stop prints, clx run --resume DIR, then goes on with them in
 * a shell without that CLX_DEVICE or CLX_PATH, as one started with --device or a spec's path does
 * (its arguments carry them). */
/* spec_read: the spec file the run read (run.json spec_file: absolute, or relative to clx's home for
 * a shipped one) where experiment exp is a name the catalog does not find here and that file is
 * there; else NULL (a new string). */
static char *spec_read(const char *exp, const char *spec_file)
{
    if (!spec_file || !*spec_file || strchr(exp, '/') || str_ends(exp, ".spec")) return NULL;
    char *found = catalog_find(exp);
    if (found) {
        free(found);
        return NULL;
    }
    char *p = spec_file[0] == '/' ? xstrdup(spec_file) : path_join(clx_home(), spec_file);
    if (file_exists(p)) return p;
    free(p);
    return NULL;
}

struct strlist runargs_resume(const char *dir, char **device, char **spec)
{
    struct runjson j;
    runargs_resume_check(dir, &j);
    /* Never empty when recorded: the experiment comes first. */
    if (!j.args.n)
        die("--resume %s: its run.json does not record the run's arguments (an older clx wrote it): give the "
            "experiment and options as the first time, with --resume", dir);
    static const struct args_option dev = { "--device", 1 };
    const char *sel = j.device_selector;
    *device = NULL;
    if (sel && !args_value(j.args.v, j.args.n, &dev)) *device = xstrdup(strcmp(sel, RJ_DEVICE_DEFAULT) ? sel : "");
    *spec = spec_read(j.args.v[0], j.spec_file);
    struct strlist args = j.args;
    memset(&j.args, 0, sizeof j.args);
    runjson_free(&j);
    return args;
}
