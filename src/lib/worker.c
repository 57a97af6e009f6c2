/* worker.c — the supervision channel: one short line per event on a pipe to the supervising parent
 * (supervise.c), which reads them to know what was in flight, and the device wait in flight on a
 * page both share; the lines' format and their parser (the protocol's one home). */
#include "worker.h"
#include "phase.h"
#include "util.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

/* The longest line sent: a results folder longer than that is not (a crash then does not continue
 * the run in it). */
#define LINE_MAX_BYTES 4100

static int channel = -1;
static int in_config;               /* a configuration's visit is under way (worker_config till _over) */

void worker_attach(int fd) { channel = fd; }

int worker_attached(void) { return channel >= 0; }

int worker_format(const struct worker_msg *m, char *buf, size_t n)
{
    int len;
    switch (m->ev) {
    case WORKER_BUILDING: len = snprintf(buf, n, "%c %d %d\n", m->ev, m->v, m->b); break;
    case WORKER_CONFIG: len = snprintf(buf, n, "%c %d %d %ld %d\n", m->ev, m->v, m->b, m->pt, m->retry); break;
    case WORKER_WAIT: len = snprintf(buf, n, "%c %.3f\n", m->ev, m->limit_s); break;
    case WORKER_AHEAD:
    case WORKER_MEASURED:
    case WORKER_KEEPING:
    case WORKER_ROWS_GIVEN: len = snprintf(buf, n, "%c %d\n", m->ev, m->v); break;
    case WORKER_STOP_ROW:
    case WORKER_SEARCH_NOW:
    case WORKER_WAYON:
    case WORKER_DIR: len = snprintf(buf, n, "%c %s\n", m->ev, m->text); break;
    case WORKER_ROW_NOW: len = snprintf(buf, n, "%c %d %d %ld %d %s\n", m->ev, m->v, m->b, m->pt, m->at, m->text); break;
    case WORKER_ROW_WRITTEN: len = snprintf(buf, n, "%c %d %d %ld\n", m->ev, m->v, m->b, m->pt); break;
    default: len = snprintf(buf, n, "%c\n", m->ev); break;
    }
    if (n == 0 && len > 0) return len;
    return len > 0 && (size_t)len < n ? len : -1;
}

int worker_parse(const char *line, struct worker_msg *m)
{
    memset(m, 0, sizeof *m);
    m->ev = (enum worker_event)line[0];
    m->pt = -1;
    switch (m->ev) {
    case WORKER_BUILDING: sscanf(line + 1, "%d %d", &m->v, &m->b); return 0;
    case WORKER_CONFIG: sscanf(line + 1, "%d %d %ld %d", &m->v, &m->b, &m->pt, &m->retry); return 0;
    case WORKER_WAIT: m->limit_s = atof(line + 1); return 0;
    case WORKER_AHEAD:
    case WORKER_MEASURED:
    case WORKER_KEEPING:
    case WORKER_ROWS_GIVEN: sscanf(line + 1, "%d", &m->v); return 0;
    case WORKER_STOP_ROW:
    case WORKER_SEARCH_NOW:
    case WORKER_WAYON:
    case WORKER_DIR: m->text = line[1] ? line + 2 : line + 1; return 0;
    case WORKER_ROW_NOW: {
        int at = -1;
        if (sscanf(line + 1, "%d %d %ld %d %n", &m->v, &m->b, &m->pt, &m->at, &at) < 4 || at < 0) return -1;
        m->text = line + 1 + at;
        return 0;
    }
    case WORKER_ROW_WRITTEN: return sscanf(line + 1, "%d %d %ld", &m->v, &m->b, &m->pt) == 3 ? 0 : -1;
    case WORKER_CONFIG_OVER:
    case WORKER_WAITED:
    case WORKER_PAST_SWEEP:
    case WORKER_BUILDS_DONE:
    case WORKER_PROBED:
    case WORKER_SEARCH_SAID:
    case WORKER_SETUP_KERNELS:
    case WORKER_SETUP_KERNELS_DONE:
    case WORKER_HEATER:
    case WORKER_HEATER_DONE:
    case WORKER_TURN:
    case WORKER_TURN_TAKEN: return 0;
    }
    return -1;
}

/* Lines go whole: the request thread's rows and the main thread's lines never interleave. */
static pthread_mutex_t say_lock = PTHREAD_MUTEX_INITIALIZER;

/* say_uncounted: m's line in one write(), which a pipe delivers whole (it is shorter than
 * PIPE_BUF). A parent gone away is not the sweep's business: errors are ignored. */
static void say_uncounted(const struct worker_msg *m)
{
    if (channel < 0) return;
    char line[LINE_MAX_BYTES];
    int len = worker_format(m, line, sizeof line);
    if (len < 0) return;
    pthread_mutex_lock(&say_lock);
    ssize_t n = write(channel, line, (size_t)len);
    pthread_mutex_unlock(&say_lock);
    (void)n;
}

/* say: the same, its time counted in the time line (the main thread's phases). */
static void say(const struct worker_msg *m)
{
    double t0 = now_seconds();
    say_uncounted(m);
    phase_add(PH_WORKER, now_seconds() - t0);
}

/* say_long: m's line whatever its length (a row): written in as many write()s as the pipe takes,
 * the lock held, so that no other line comes between its parts. */
static void say_long(const struct worker_msg *m)
{
    if (channel < 0) return;
    int need = worker_format(m, NULL, 0);
    if (need < 0) return;
    char *line = xmalloc((size_t)need + 1);
    int len = worker_format(m, line, (size_t)need + 1);
    double t0 = now_seconds();
    pthread_mutex_lock(&say_lock);
    for (ssize_t at = 0, n; len > 0 && at < len; at += n) {
        n = write(channel, line + at, (size_t)(len - at));
        if (n < 0 && errno == EINTR) n = 0;
        else if (n <= 0) break;                 /* the parent is gone: not the sweep's business */
    }
    pthread_mutex_unlock(&say_lock);
    phase_add(PH_WORKER, now_seconds() - t0);
    free(line);
}

void worker_building(int v, int b) { say(&(struct worker_msg){ .ev = WORKER_BUILDING, .v = v, .b = b }); }

void worker_config(int v, int b, long pt, int retry)
{
    in_config = 1;
    say(&(struct worker_msg){ .ev = WORKER_CONFIG, .v = v, .b = b, .pt = pt, .retry = retry });
}

void worker_stop_row(const char *line)
{
    /* The parent's buffer holds 8 KiB a line; a longer row is not sent (the stop then writes none). */
    if (!line || strlen(line) > 4000) return;
    char row[4001];
    snprintf(row, sizeof row, "%.*s", (int)strcspn(line, "\n"), line);
    say(&(struct worker_msg){ .ev = WORKER_STOP_ROW, .text = row });
}

void worker_config_over(void)
{
    in_config = 0;
    say(&(struct worker_msg){ .ev = WORKER_CONFIG_OVER });
}

/* say_text: m with text as its text, up to its first newline, said whatever its length (say_long). */
static void say_text(struct worker_msg m, const char *text)
{
    if (channel < 0 || !text) return;
    char *line = xasprintf("%.*s", (int)strcspn(text, "\n"), text);
    m.text = line;
    say_long(&m);
    free(line);
}

void worker_row_now(int v, int b, long pt, int at, const char *line)
{
    say_text((struct worker_msg){ .ev = WORKER_ROW_NOW, .v = v, .b = b, .pt = pt, .at = at }, line);
}

/* Longer than a short line (a search's best and its words): sent as a row is, whole. */
void worker_search_now(const char *json) { say_text((struct worker_msg){ .ev = WORKER_SEARCH_NOW }, json); }

void worker_wayon(const char *line) { say_text((struct worker_msg){ .ev = WORKER_WAYON }, line); }

void worker_search_said(void) { say(&(struct worker_msg){ .ev = WORKER_SEARCH_SAID }); }

void worker_row_written(int v, int b, long pt)
{
    say(&(struct worker_msg){ .ev = WORKER_ROW_WRITTEN, .v = v, .b = b, .pt = pt });
}

/* The device wait in flight, on a page the supervisor maps before it starts the worker: written
 * without a system call, as a seqlock (gen odd while the fields change). Two lines on the pipe for
 * every wait were taylor's 0.44 s of "supervisor messages" on an H200's host, and woke the
 * supervisor each time. */
struct wait_page {
    atomic_ulong gen;
    atomic_ullong until_ns;         /* when the wait is overdue (now_seconds, in ns); 0: no wait */
    atomic_ullong limit_ns;
};
static struct wait_page *shared;

int worker_share(void)
{
    if (!shared) {
        void *p = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return -1;
        shared = p;
    }
    atomic_store(&shared->gen, 0);
    atomic_store(&shared->until_ns, 0);
    atomic_store(&shared->limit_ns, 0);
    return 0;
}

static void wait_set(unsigned long long until_ns, unsigned long long limit_ns)
{
    atomic_fetch_add(&shared->gen, 1);
    atomic_store(&shared->until_ns, until_ns);
    atomic_store(&shared->limit_ns, limit_ns);
    atomic_fetch_add(&shared->gen, 1);
}

int worker_wait_now(double *until, double *limit_s)
{
    *until = *limit_s = 0;
    if (!shared) return 0;
    /* A worker killed between its two counts leaves gen odd for good: after so many looks the
     * fields are taken as they are (it is gone; its pipe's end comes next). */
    for (int looks = 0;; looks++) {
        unsigned long g = atomic_load(&shared->gen);
        unsigned long long u = atomic_load(&shared->until_ns), l = atomic_load(&shared->limit_ns);
        if ((g % 2 == 0 && atomic_load(&shared->gen) == g) || looks > 100000) {
            *until = u * 1e-9;
            *limit_s = l * 1e-9;
            return u > 0;
        }
    }
}

/* The main thread's device waits, as the request thread sees them: it makes rows only while the
 * main thread is in one (parked), and the main thread leaves it only when they are made (giving). */
static pthread_mutex_t park_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t park_done = PTHREAD_COND_INITIALIZER;
static int parked, giving;
static int (*give_fn)(void *);
static void *give_ctx;
static int asks = -1;               /* the request socket (worker_listen) */
static int listening;               /* the request thread runs */

static void park(int on)
{
    pthread_mutex_lock(&park_lock);
    while (!on && giving) pthread_cond_wait(&park_done, &park_lock);
    parked = on;
    pthread_mutex_unlock(&park_lock);
}

/* mark_wait: where CLX_MARK_CONFIG_WAITS names a file, a line appended to it as each device wait
 * within a configuration's visit starts, once the page says the wait: a test's sight of the main
 * thread in a launch (a stop sent after the line finds it there) that does not depend on how fast
 * a loaded machine gets there (tests/e2e/stop_catch_ahead.sh). Nothing without the variable. */
static void mark_wait(void)
{
    static const char *path;
    static int looked;
    if (!looked) {
        path = getenv("CLX_MARK_CONFIG_WAITS");
        looked = 1;
    }
    if (!in_config || !path || !*path) return;
    FILE *f = fopen(path, "ae");
    if (!f) return;
    fputs("wait\n", f);
    fclose(f);
}

void worker_wait(double limit_s)
{
    if (channel < 0) return;
    /* Without the page the wait is a line, said (its time counted in the main thread's phases)
     * before the request thread may make rows. */
    if (!shared) say(&(struct worker_msg){ .ev = WORKER_WAIT, .limit_s = limit_s });
    /* Parked before the page says the wait: a stop that sees it finds the rows ready to be made. */
    if (listening) park(1);
    /* At least a nanosecond past now, so that a limit of 0 is still a wait. */
    if (shared) wait_set((unsigned long long)((now_seconds() + limit_s) * 1e9) + 1, (unsigned long long)(limit_s * 1e9));
    mark_wait();
}

void worker_waited(void)
{
    if (channel < 0) return;
    if (listening) park(0);
    if (!shared) say(&(struct worker_msg){ .ev = WORKER_WAITED });
    else wait_set(0, 0);
}

/* answer: the request thread: each byte on the socket asks for the rows in flight; they are made
 * only while the main thread waits on the device (held there until they are sent), else the answer
 * is 0 (the main thread is on the host, and sees the stop itself). Ends with the socket. */
static void *answer(void *unused)
{
    (void)unused;
    for (;;) {
        char c;
        ssize_t n = recv(asks, &c, 1, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return NULL;
        pthread_mutex_lock(&park_lock);
        int (*give)(void *) = parked ? give_fn : NULL;
        void *ctx = give_ctx;
        giving = give != NULL;
        pthread_mutex_unlock(&park_lock);
        /* Said before the main thread may go on: its phases are counted by it alone. */
        say_uncounted(&(struct worker_msg){ .ev = WORKER_ROWS_GIVEN, .v = give ? give(ctx) : 0 });
        pthread_mutex_lock(&park_lock);
        giving = 0;
        pthread_cond_broadcast(&park_done);
        pthread_mutex_unlock(&park_lock);
    }
}

void worker_listen(int fd)
{
    if (fd < 0) return;
    asks = fd;
    pthread_t t;
    /* Without it, nobody answers: the parent's wait for the answer runs out, and it writes the rows
     * it holds (none of a sweep's). */
    if (pthread_create(&t, NULL, answer, NULL) == 0) {
        pthread_detach(t);
        listening = 1;
    }
}

void worker_rows_on_request(int (*give)(void *ctx), void *ctx)
{
    /* Changed by the main thread outside its waits: the request thread reads them only in one. */
    pthread_mutex_lock(&park_lock);
    give_fn = give;
    give_ctx = ctx;
    pthread_mutex_unlock(&park_lock);
}

int worker_ask_rows(int fd)
{
    char c = 'r';
    ssize_t n;
    while ((n = send(fd, &c, 1, MSG_NOSIGNAL)) < 0 && errno == EINTR) {}
    return n == 1 ? 0 : -1;
}

void worker_dir(const char *dir) { say(&(struct worker_msg){ .ev = WORKER_DIR, .text = dir }); }

void worker_past_sweep(void) { say(&(struct worker_msg){ .ev = WORKER_PAST_SWEEP }); }

void worker_builds_done(void) { say(&(struct worker_msg){ .ev = WORKER_BUILDS_DONE }); }
void worker_probed(void) { say(&(struct worker_msg){ .ev = WORKER_PROBED }); }

void worker_heater(int on) { say(&(struct worker_msg){ .ev = on ? WORKER_HEATER : WORKER_HEATER_DONE }); }

void worker_setup_kernels(int on)
{
    say(&(struct worker_msg){ .ev = on ? WORKER_SETUP_KERNELS : WORKER_SETUP_KERNELS_DONE });
}

void worker_turn(int on) { say(&(struct worker_msg){ .ev = on ? WORKER_TURN : WORKER_TURN_TAKEN }); }

void worker_ahead(int n) { say(&(struct worker_msg){ .ev = WORKER_AHEAD, .v = n }); }

void worker_measured(int n)
{
    static int said = -1;            /* only a change is sent: a row's visit says it once */
    if (n == said) return;
    said = n;
    say(&(struct worker_msg){ .ev = WORKER_MEASURED, .v = n });
}

void worker_keeping(int n) { say(&(struct worker_msg){ .ev = WORKER_KEEPING, .v = n }); }
