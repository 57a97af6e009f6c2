/* test_worker.c — the supervision channel's protocol: every event worker_format writes,
 * worker_parse reads back the same; a line of no event is refused; a line too long is not written;
 * device waits go on the shared page, seen from another process, not as lines. */
#include "check.h"
#include "lib/util.h"
#include "lib/worker.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* round_trip: m written and read back (its newline taken off, as the supervisor's reader does). */
static int round_trip(const struct worker_msg *m, struct worker_msg *back, char *line, size_t n)
{
    int len = worker_format(m, line, n);
    if (len <= 0 || line[len - 1] != '\n') return -1;
    line[len - 1] = '\0';
    return worker_parse(line, back);
}

static void test_every_event_round_trips(void)
{
    static const struct worker_msg sent[] = {
        { .ev = WORKER_BUILDING, .v = 3, .b = 1 },
        { .ev = WORKER_CONFIG, .v = 2, .b = 0, .pt = 12345678901L },
        { .ev = WORKER_CONFIG, .v = 2, .b = 1, .pt = 7, .retry = 1 },
        { .ev = WORKER_CONFIG_OVER },
        { .ev = WORKER_STOP_ROW, .text = "vadd\tILP=4\tstopped" },
        { .ev = WORKER_WAIT, .limit_s = 60.25 },
        { .ev = WORKER_WAITED },
        { .ev = WORKER_DIR, .text = "results/vadd-pocl-20260101-000000" },
        { .ev = WORKER_PAST_SWEEP },
        { .ev = WORKER_BUILDS_DONE },
        { .ev = WORKER_PROBED },
        { .ev = WORKER_SEARCH_SAID },
        { .ev = WORKER_SETUP_KERNELS },
        { .ev = WORKER_SETUP_KERNELS_DONE },
        { .ev = WORKER_TURN },
        { .ev = WORKER_TURN_TAKEN },
        { .ev = WORKER_AHEAD, .v = 3 },
        { .ev = WORKER_ROW_NOW, .v = 4, .b = 1, .pt = 9, .at = 3, .text = "vadd\tILP=4\tcut\t3\t\trounds-cut" },
        { .ev = WORKER_ROW_NOW, .v = 0, .b = 0, .pt = 0, .at = 0, .text = "" },
        { .ev = WORKER_ROW_WRITTEN, .v = 4, .b = 1, .pt = 9 },
        { .ev = WORKER_ROWS_GIVEN, .v = 7 },
        { .ev = WORKER_SEARCH_NOW, .text = "{\"best\":\"ILP=4 default\",\"killed\":true}" },
        { .ev = WORKER_WAYON, .text = "clx: to continue once its disk has room: clx run --resume results/v" },
    };
    for (size_t i = 0; i < sizeof sent / sizeof *sent; i++) {
        char line[256];
        struct worker_msg m;
        CHECK(round_trip(&sent[i], &m, line, sizeof line) == 0);
        CHECK(m.ev == sent[i].ev);
        int configured = m.ev == WORKER_CONFIG || m.ev == WORKER_ROW_NOW || m.ev == WORKER_ROW_WRITTEN;
        if (m.ev == WORKER_BUILDING || configured) CHECK(m.v == sent[i].v && m.b == sent[i].b);
        CHECK(m.retry == sent[i].retry && m.at == sent[i].at);
        if (m.ev == WORKER_AHEAD || m.ev == WORKER_ROWS_GIVEN) CHECK(m.v == sent[i].v);
        CHECK(m.pt == (configured ? sent[i].pt : -1));
        CHECK_NEAR(m.limit_s, sent[i].limit_s, 1e-9);
        if (sent[i].text) CHECK_STR(m.text, sent[i].text);
        else CHECK(m.text == NULL);
    }
}

static void test_letters_on_the_wire(void)
{
    /* The lines themselves: what a reader of a worker's pipe sees. */
    char line[64];
    worker_format(&(struct worker_msg){ .ev = WORKER_CONFIG, .v = 1, .b = 2, .pt = 3 }, line, sizeof line);
    CHECK_STR(line, "C 1 2 3 0\n");
    worker_format(&(struct worker_msg){ .ev = WORKER_WAIT, .limit_s = 1.5 }, line, sizeof line);
    CHECK_STR(line, "W 1.500\n");
    worker_format(&(struct worker_msg){ .ev = WORKER_SETUP_KERNELS_DONE }, line, sizeof line);
    CHECK_STR(line, "t\n");
    worker_format(&(struct worker_msg){ .ev = WORKER_ROW_NOW, .v = 1, .b = 0, .pt = 2, .at = 5, .text = "x\ty" }, line, sizeof line);
    CHECK_STR(line, "P 1 0 2 5 x\ty\n");
    worker_format(&(struct worker_msg){ .ev = WORKER_ROW_WRITTEN, .v = 1, .b = 0, .pt = 2 }, line, sizeof line);
    CHECK_STR(line, "p 1 0 2\n");
    worker_format(&(struct worker_msg){ .ev = WORKER_ROWS_GIVEN, .v = 2 }, line, sizeof line);
    CHECK_STR(line, "G 2\n");
    worker_format(&(struct worker_msg){ .ev = WORKER_SEARCH_NOW, .text = "{\"rounds\":3}" }, line, sizeof line);
    CHECK_STR(line, "S {\"rounds\":3}\n");
}

/* A row as it stands holds every trial: longer than any other line, its length is asked first
 * (worker_format with no room) and it is written whole. */
static void test_row_any_length(void)
{
    char *row = xmalloc(20001);
    memset(row, 'x', 20000);
    row[20000] = '\0';
    struct worker_msg m = { .ev = WORKER_ROW_NOW, .v = 1, .b = 2, .pt = 3, .at = 0, .text = row }, back;
    int need = worker_format(&m, NULL, 0);
    CHECK(need == (int)strlen("P 1 2 3 0 \n") + 20000);
    char *line = xmalloc((size_t)need + 1);
    CHECK(round_trip(&m, &back, line, (size_t)need + 1) == 0);
    CHECK(back.ev == WORKER_ROW_NOW && back.at == 0 && strlen(back.text) == 20000);
    CHECK(worker_parse("P 1 2", &back) == -1);
    free(line);
    free(row);
}

static void test_no_event_refused(void)
{
    struct worker_msg m;
    CHECK(worker_parse("X 1 2", &m) == -1);
    CHECK(worker_parse("", &m) == -1);
    /* A folder with no text after its letter reads as an empty one, not past the line's end. */
    CHECK(worker_parse("D", &m) == 0 && m.text && !*m.text);
}

static void test_too_long_not_written(void)
{
    char line[8];
    CHECK(worker_format(&(struct worker_msg){ .ev = WORKER_DIR, .text = "a/long/folder" }, line, sizeof line) == -1);
}

/* The page the parent makes before the worker starts: a wait the worker begins is seen by the
 * parent with its limit and deadline, and sends no line; its end empties the page. */
static void test_waits_on_the_shared_page(void)
{
    int line[2], sync[2], back[2];             /* sync: the child's "waiting"; back: the parent's "seen" */
    CHECK(pipe(line) == 0 && pipe(sync) == 0 && pipe(back) == 0);
    CHECK(worker_share() == 0);
    double until, limit;
    CHECK(worker_wait_now(&until, &limit) == 0 && until == 0 && limit == 0);
    double before = now_seconds();
    pid_t pid = fork();
    if (pid == 0) {
        worker_attach(line[1]);
        worker_wait(7.25);
        char c = 'x';
        if (write(sync[1], &c, 1) != 1) _exit(2);
        if (read(back[0], &c, 1) < 0) _exit(2);     /* until the parent has looked */
        worker_waited();
        c = 'y';
        if (write(line[1], &c, 1) != 1) _exit(2);
        _exit(0);
    }
    /* The parent keeps no write end of the child's pipes: a child that fails ends the reads. */
    close(line[1]);
    close(sync[1]);
    char c;
    CHECK(read(sync[0], &c, 1) == 1 && c == 'x');
    CHECK(worker_wait_now(&until, &limit) == 1);
    CHECK_NEAR(limit, 7.25, 1e-6);
    CHECK(until >= before + 7.25 && until <= now_seconds() + 7.25);
    CHECK(write(back[1], "z", 1) == 1);
    /* The child's first byte on the line pipe comes after its wait ended: no line came before it. */
    CHECK(read(line[0], &c, 1) == 1 && c == 'y');
    int st;
    CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK(worker_wait_now(&until, &limit) == 0 && until == 0 && limit == 0);
    /* Made again for the next worker: a wait left by a killed one is gone. */
    pid = fork();
    if (pid == 0) {
        worker_attach(back[1]);
        worker_wait(3);
        _exit(0);
    }
    CHECK(waitpid(pid, &st, 0) == pid);
    CHECK(worker_wait_now(&until, &limit) == 1);
    CHECK(worker_share() == 0);
    CHECK(worker_wait_now(&until, &limit) == 0);
    close(line[0]); close(sync[0]); close(back[0]); close(back[1]);
}

/* Rows on request, in the worker (the child): give_one sends one row and takes its time, so that the
 * main thread's worker_waited must wait for it. */
static volatile int given_done;
static int give_started = -1;                  /* where give_one says it began (the parent reads it) */
static int give_one(void *ctx)
{
    (void)ctx;
    char c = 's';
    if (write(give_started, &c, 1) != 1) return 0;
    usleep(200 * 1000);
    worker_row_now(1, 0, 5, 2, "kept\trow");
    given_done = 1;
    return 1;
}

/* read_until: the parent's reads of the child's lines until one starts with letter c (or the pipe
 * ends); everything read, in buf. */
static void read_until(int fd, char c, char *buf, size_t n)
{
    size_t have = 0;
    buf[0] = '\0';
    while (have + 1 < n) {
        ssize_t got = read(fd, buf + have, n - 1 - have);
        if (got <= 0) break;
        have += (size_t)got;
        buf[have] = '\0';
        char *at = buf;
        for (char *nl; (nl = strchr(at, '\n')); at = nl + 1)
            if (*at == c) return;
    }
}

/* A request while the worker's main thread waits on the device: the request thread makes the rows
 * (give) and says how many, and the main thread leaves its wait only after them; a request while it
 * is on the host is answered 0, nothing made (it sees the stop itself). */
static void test_rows_on_request(void)
{
    /* up: the child's "on the host", "waiting"; down: the parent's go; began: give_one's start. Each
     * step waits for the one before it, so nothing here depends on how fast either process runs. */
    int line[2], up[2], down[2], began[2], asks[2];
    CHECK(pipe(line) == 0 && pipe(up) == 0 && pipe(down) == 0 && pipe(began) == 0 &&
          socketpair(AF_UNIX, SOCK_STREAM, 0, asks) == 0);
    CHECK(worker_share() == 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(asks[0]);
        give_started = began[1];
        worker_listen(asks[1]);
        worker_attach(line[1]);
        worker_rows_on_request(give_one, NULL);
        char c = 'h';
        if (write(up[1], &c, 1) != 1) _exit(2);
        if (read(down[0], &c, 1) != 1) _exit(2);   /* the parent has its "G 0" */
        worker_wait(30);
        c = 'w';
        if (write(up[1], &c, 1) != 1) _exit(2);
        if (read(down[0], &c, 1) != 1) _exit(2);   /* the rows' making has begun: the wait ends now */
        worker_waited();
        _exit(given_done ? 0 : 3);                 /* left the wait only with the rows made */
    }
    close(line[1]);
    close(asks[1]);
    close(up[1]);
    close(began[1]);
    char c, buf[4096];
    CHECK(read(up[0], &c, 1) == 1 && c == 'h');
    CHECK(worker_ask_rows(asks[0]) == 0);
    read_until(line[0], 'G', buf, sizeof buf);
    CHECK_STR(buf, "G 0\n");
    CHECK(write(down[1], "x", 1) == 1);
    CHECK(read(up[0], &c, 1) == 1 && c == 'w');
    CHECK(worker_ask_rows(asks[0]) == 0);
    CHECK(read(began[0], &c, 1) == 1 && c == 's');
    CHECK(write(down[1], "y", 1) == 1);            /* the main thread leaves its wait while they are made */
    read_until(line[0], 'G', buf, sizeof buf);
    CHECK_STR(buf, "P 1 0 5 2 kept\trow\nG 1\n");
    int st;
    CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    /* The worker gone: a request is an error, not a SIGPIPE. */
    CHECK(worker_ask_rows(asks[0]) == -1);
    close(line[0]); close(up[0]); close(down[0]); close(down[1]); close(began[0]); close(asks[0]);
}

int main(void)
{
    RUN(test_every_event_round_trips);
    RUN(test_letters_on_the_wire);
    RUN(test_row_any_length);
    RUN(test_no_event_refused);
    RUN(test_too_long_not_written);
    RUN(test_waits_on_the_shared_page);
    RUN(test_rows_on_request);
    CHECK_EXIT();
}
