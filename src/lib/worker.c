/* worker.c — the sweep's side of the supervision channel: one short line per event on a pipe to
 * the supervising parent (supervise.c), which reads them to know what was in flight. */
#include "worker.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int channel = -1;

void worker_attach(int fd) { channel = fd; }

int worker_attached(void) { return channel >= 0; }

/* say: one line in one write(), which a pipe delivers whole (it is shorter than PIPE_BUF). A
 * parent gone away is not the sweep's business: errors are ignored. */
static void say(const char *line)
{
    if (channel < 0) return;
    ssize_t n = write(channel, line, strlen(line));
    (void)n;
}

void worker_building(int v, int b)
{
    char line[64];
    snprintf(line, sizeof line, "B %d %d\n", v, b);
    say(line);
}

void worker_config(int v, int b, long pt)
{
    char line[80];
    snprintf(line, sizeof line, "C %d %d %ld\n", v, b, pt);
    say(line);
}

void worker_stop_row(const char *line)
{
    /* The parent's buffer holds 8 KiB a line; a longer row is not sent (the stop then writes none). */
    if (!line || strlen(line) > 4000) return;
    char buf[4100];
    snprintf(buf, sizeof buf, "R %s", line);
    say(buf);
}

void worker_config_over(void) { say("c\n"); }

void worker_wait(double limit_s)
{
    char line[64];
    snprintf(line, sizeof line, "W %.3f\n", limit_s);
    say(line);
}

void worker_waited(void) { say("w\n"); }

void worker_dir(const char *dir)
{
    char line[4096];
    int n = snprintf(line, sizeof line, "D %s\n", dir);
    if (n > 0 && (size_t)n < sizeof line) say(line);
}

void worker_past_sweep(void) { say("E\n"); }

void worker_setup_kernels(int on) { say(on ? "T\n" : "t\n"); }
