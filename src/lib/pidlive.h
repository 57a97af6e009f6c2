/* pidlive.h — whether the process a file names is running now: its PID, checked against the process
 * that has that PID, by its start time and the boot (Linux's /proc) and the host, so that a PID the
 * system has since given to another process (the writer ended, the machine rebooted) or one of
 * another host (a shared folder) does not read as the writer. A file's writer puts its stamp in it;
 * a reader asks whether that stamp's process still runs. */
#ifndef PIDLIVE_H
#define PIDLIVE_H
#include <stddef.h>

/* pidlive_running: whether a process with this PID exists (kill(pid, 0) succeeds, or EPERM: one of
 * another user); 0 for pid <= 0, which kill would take for a group. */
int pidlive_running(long pid);
/* pidlive_parse_start: the start time (field 22 of /proc/PID/stat: ticks since boot) from that
 * file's text into *start; 0, or -1 where text is not of that form. */
int pidlive_parse_start(const char *text, unsigned long long *start);
/* pidlive_stamp: this process as "pid=N start=T boot=B host=H" (a new string; start and boot left
 * out where /proc lacks them, host where it has no name): words without spaces, for one line. */
char *pidlive_stamp(void);
/* pidlive_stamp_running: the PID of the process stamp names (pidlive_stamp's form) where it is
 * running now and is that process: its start time and the boot the same where both are known, the
 * same host where the stamp names one; 0 where not, where the stamp names none, and for this process
 * itself (what it wrote is not another's work in progress). */
long pidlive_stamp_running(const char *stamp);
/* pidlive_stamp_elsewhere: the PID stamp names where it names a host other than this one (its name
 * into host, n bytes), whose processes this one cannot ask about; else 0. */
long pidlive_stamp_elsewhere(const char *stamp, char *host, size_t n);
/* pidlive_stamp_pid: the PID stamp names, running or not; 0 where it names none (NULL, an older
 * clx's line). */
long pidlive_stamp_pid(const char *stamp);
/* pidlive_host: this host's name, as a stamp names it, into buf (n bytes); "" where it has none. */
void pidlive_host(char *buf, size_t n);
#endif
