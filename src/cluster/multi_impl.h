/* multi_impl.h — what the files of the many-device run share: multi.c (the plan, the console, the
 * summary and the merge) and multi_proc.c (the child processes). Not for other modules: they use
 * multi.h. */
#ifndef MULTI_IMPL_H
#define MULTI_IMPL_H
#include "device/devlist.h"
#include "multi.h"
#include <sys/types.h>

/* One device's sweep, run in a child process. */
struct multi_job {
    const struct devlist_dev *dev;
    int part;                    /* --split: its part, 1 .. N (0 without --split) */
    struct run_opts o;           /* the run's options with this device's --device, args (owned), and for
                                  * a --split its shard and results root */
    char device[32];             /* "P:D" (o.device points here) */
    char *log;                   /* its console file until the run has a folder (then DIR/console.log) */
    pid_t pid;                   /* > 0 once started */
    int tell;                    /* the pipe the child names its results folder on (read without waiting) */
    struct sbuf told;            /* what it said on it so far */
    int heard;                   /* its end of the pipe closed: nothing more to read */
    int done, rc;                /* ended, with this exit status (128 + N: killed by signal N) */
    char *dir;                   /* its results folder; NULL when it made none */
    double t0, wall_s;           /* when it started, and how long it ran */
};

/* multi_start: starts job j's child process; its console goes to a file in j->o.results_root. */
void multi_start(struct multi_job *j, const struct spec *s);
/* multi_wait: waits until one of the started jobs ends and returns it (done, rc, dir and wall_s
 * set); NULL when none is running. With dir_file (--dir-file), each folder is written into it as
 * soon as its job names it (store/dirfile.h: every job's known so far, in the jobs' order). */
struct multi_job *multi_wait(struct multi_job *jobs, int n, const char *dir_file);

/* multi_say_started, multi_say_ended: a console line as job j starts (its part of nparts under
 * --split) and as it ends (its exit status in words, its rows' counts and folder, and indented under
 * it its summary's WARNING lines, but for a --split's part; else the tail of its console);
 * multi_say_energy: where --energy was asked and devices measured none, why ("on 0:0 AMD EPYC and
 * 1:0 pthread-...: no RAPL: ..."), once at the end (multi_say.c). */
void multi_say_started(const struct multi_job *j, int nparts);
void multi_say_ended(const struct multi_job *j);
void multi_say_energy(const struct multi_job *jobs, int n);
/* multi_say_hostload: each CPU device whose sweep ran while other processes took a notable share of
 * the host (run_hostload.h), that said, once at the end (multi_say.c). */
void multi_say_hostload(const struct multi_job *jobs, int n);

/* multi_catch: from now SIGINT, SIGTERM, SIGHUP and a closed stdout are passed on to the running
 * jobs (lib/stopfwd: a second one too) and remembered, so that no more start; multi_release: no
 * more. */
void multi_catch(void);
void multi_release(void);
/* multi_stop_signal: the signal that asked the run to stop, else 0 (after multi_release too). */
int multi_stop_signal(void);
/* Seconds a killed part's orphaned worker gets to end (its results.tsv lock let go) before its
 * run.json is marked with the part's death (multi_proc.c). */
#define RUN_ORPHAN_WAIT_S 10.0

#endif
