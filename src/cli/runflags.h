/* runflags.h — the options of run, dump and expand (the commands that take an experiment) read into
 * one struct, and the experiment's spec and template path as those commands load them. */
#ifndef RUNFLAGS_H
#define RUNFLAGS_H
#include "dump.h"
#include "cluster/multi.h"
#include "run/run.h"
#include "spec/plan.h"
#include "spec/spec.h"
#include "lib/util.h"

/* Flags shared by run, dump and expand. */
struct runflags {
    struct run_opts ro;
    struct override *ov; int nov;
    const char *exp;
    struct strlist positional;
    const char *outdir;
    char *build;                 /* dump: the set it builds with, the last of the last --build */
    int have_build;
    int search_flag;             /* --budget or --search-seed was given (they need --search) */
    int report;
    enum dump_view view;         /* dump: --ir, --asm */
    const char *binary;          /* dump: --binary FILE */
    int device_flag;             /* --device was given (not CLX_DEVICE) */
    struct multi_opts multi;     /* run: --split, --split-any */
    int modes;                   /* run: --modes */
    int dry_run;                 /* run: --dry-run */
    struct strlist given;        /* the options given, each once, as "--name" (a modes run refuses those it does not take) */
    char *twice;                 /* run: where --shard or --out was given twice with other values, the refusal
                                  * (runflags_once): clx run says it, a resume's recorded arguments aside */
};

/* runflags_parse: the options of command cmd (its bit in options.h) in argv[0..argc), in any order
 * with the positional arguments (the first is the experiment, f->exp), over the defaults and the
 * environment (CLX_LAUNCH_LIMIT, CLX_DEVICE); a mistake is a refusal and exit 2. Option values
 * point into argv, which must outlive f; free with runflags_free. */
void runflags_parse(const char *cmd, unsigned bit, int argc, char **argv, struct runflags *f);
void runflags_free(struct runflags *f);

/* runflags_spec: the spec of experiment f->exp (a name from clx list or a .spec path) into s, with
 * a warning for each launch axis of several values in the run f's --set and --quick make that
 * nothing reads, and a line where --quick meets a spec with no quick section (the full sweep's
 * points run); dies when it cannot be read. Free with spec_free. */
void runflags_spec(const struct runflags *f, struct spec *s);
/* runflags_template: the template path as m4 sees it from clx_home(): "templates/x.cl.m4" for the
 * shipped experiments (so logs and #line markers name no machine path), absolute otherwise; a new
 * string. */
char *runflags_template(const struct spec *s);
#endif
