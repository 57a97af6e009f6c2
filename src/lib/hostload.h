/* hostload.h — how busy the host was over an interval: the share of all its CPUs' time that other
 * processes took (/proc/stat's busy time less this process's own, threads and waited children
 * included: /proc/self/stat's utime, stime, cutime and cstime), this process's share, and the load
 * average at both ends. A CPU OpenCL device (PoCL, Intel's CPU runtime) runs its kernels on threads of
 * this process, on the cores everything else on the host uses too: a sweep timed while others took
 * half of a 2-core host came out 2x slower than one minutes later on the same host. Linux only (the
 * figures are unknown elsewhere). The parsers take the files' text, so a test gives them its own. */
#ifndef HOSTLOAD_H
#define HOSTLOAD_H

/* What /proc said at one instant. Ticks are USER_HZ (sysconf(_SC_CLK_TCK)), /proc/stat's and
 * /proc/PID/stat's one unit. */
struct hostload_mark {
    int have_stat;               /* busy, total and cpus read (/proc/stat) */
    int have_own;                /* own read (/proc/self/stat) */
    unsigned long long busy;     /* every CPU's ticks not idle: user, nice, system, irq, softirq, steal */
    unsigned long long total;    /* every CPU's ticks: busy, idle and iowait */
    unsigned long long own;      /* this process's: its threads' user and system time and its waited children's */
    int cpus;                    /* the cpuN lines: logical CPUs online */
    double load;                 /* the 1-minute load average (/proc/loadavg); NAN: unknown */
    double t;                    /* now_seconds() when taken */
};

/* Over an interval: the shares are of every CPU's time over it (1: all of them, all of the time);
 * NAN where unknown (no /proc/stat, or no tick between the marks). */
struct hostload {
    int cpus;                    /* logical CPUs online at the end (0: unknown) */
    double seconds;              /* the interval */
    double load_start, load_end; /* the 1-minute load average at each end; NAN: unknown */
    double others;               /* the share other processes took (steal, other virtual machines', with them) */
    double own;                  /* the share this process took */
};

/* Other processes' share of the host's CPU time from which a run's end and its report.md say it: a
 * kernel spread over every core of a CPU device then had a tenth of the host less than on a quiet
 * one, a slowdown ten times what clx compare calls SLOWER by default (--min-effect 1%). */
#define HOSTLOAD_NOTABLE 0.10
/* hostload_notable: whether others' share (struct hostload's others; NAN: unknown) is HOSTLOAD_NOTABLE or more. */
int hostload_notable(double others);

/* hostload_parse_stat: from /proc/stat's text, the "cpu" line's busy and total ticks and the count of
 * cpuN lines. 0, or -1 where there is no "cpu" line of numbers. */
int hostload_parse_stat(const char *text, unsigned long long *busy, unsigned long long *total, int *cpus);
/* hostload_parse_pidstat: from /proc/PID/stat's text, utime + stime + cutime + cstime (ticks): the
 * process's threads and its waited-for children. 0, or -1 where the text is not of that form (the
 * command's name, in parentheses, may hold spaces and parentheses: fields count from the last ')'). */
int hostload_parse_pidstat(const char *text, unsigned long long *ticks);
/* hostload_parse_loadavg: /proc/loadavg's first figure, the 1-minute load average; NAN where none. */
double hostload_parse_loadavg(const char *text);
/* hostload_between: what happened from mark a to mark b (b taken after a). */
void hostload_between(const struct hostload_mark *a, const struct hostload_mark *b, struct hostload *out);
/* hostload_take: a mark of now, read from /proc (what it cannot read is said unknown in the mark). */
void hostload_take(struct hostload_mark *m);
#endif
