/* proc.h — runs a program (never through a shell) with a time limit, its output captured. */
#ifndef PROC_H
#define PROC_H

struct proc_result {
    int status;                  /* exit status; 128 + signal when killed */
    int timed_out;               /* killed at the time limit */
    char *out, *err;             /* what it wrote to stdout and stderr ("" when nothing) */
};

/* proc_run: runs argv (argv[0] looked up on PATH) in dir (NULL: here), killing it and everything
 * it started after timeout_s seconds (0: no limit). Returns 0 when it ran (r->status says how it
 * ended, 127 when it could not be started, r->err why), -1 when clx itself could not (r->err). */
int proc_run(char *const argv[], const char *dir, double timeout_s, struct proc_result *r);
/* proc_run_owning: proc_run, and when a signal stops the child, the file `owned` (a temporary
 * input the caller made for it) is removed before the signal goes on to end clx. */
int proc_run_owning(char *const argv[], const char *dir, double timeout_s, const char *owned, struct proc_result *r);
void proc_result_free(struct proc_result *r);
/* proc_stop_on_closed_stdout: from here on (in this process and the ones it forks), a closed stdout
 * (pipeout.h) stops a running child as SIGINT does, instead of waiting up to its time limit: for a
 * run, whose stop that is. Other commands leave it off and let m4 and gnuplot finish their files. */
void proc_stop_on_closed_stdout(void);
/* proc_on_path: whether prog is an executable in a folder of $PATH (proc_run would find it). */
int proc_on_path(const char *prog);
#endif
