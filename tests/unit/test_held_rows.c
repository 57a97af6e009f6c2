/* test_held_rows.c — the rows a supervisor holds for its worker (run/held_rows.c): a resume's rows
 * measured again sent by the worker as each is made and dropped when its own rewrite took them,
 * across the channel's lines (encoded and decoded as supervise.c reads them), and those left written
 * into results.tsv in the places of the rows they were measured again for, once, apart from the
 * sweep's rows in flight. */
#include "check.h"
#include "run/held_rows.h"
#include "lib/util.h"
#include "lib/worker.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* deliver: every line the worker's side wrote on fd, parsed and taken as supervise.c's take_line
 * takes the rows' (WORKER_ROW_NOW, WORKER_ROW_WRITTEN). How many events. */
static int deliver(int fd, struct held_rows *h)
{
    char buf[8192];
    ssize_t n = read(fd, buf, sizeof buf - 1);
    if (n <= 0) return 0;
    buf[n] = '\0';
    int events = 0;
    for (char *line = buf, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = '\0';
        struct worker_msg m;
        if (worker_parse(line, &m)) continue;
        if (m.ev == WORKER_ROW_NOW) held_rows_put(h, &m);
        if (m.ev == WORKER_ROW_WRITTEN) held_rows_drop(h, m.v, m.b, m.pt);
        events++;
    }
    return events;
}

static void test_round_trip(void)
{
    int fds[2];
    CHECK(pipe(fds) == 0);
    worker_attach(fds[1]);
    struct held_rows h = {0};
    /* Kept rows 0 and 2 measured again (2 twice: the last one counts), then 0's rewrite made. */
    held_redone_send(0, "good\t4099\tok\t5\n");
    held_redone_send(2, "good\t4100\tok\t2");
    held_redone_send(2, "good\t4100\tok\t5\n");
    /* A sweep's row in flight beside them (configuration 1, 0, 7), which they never touch. */
    worker_row_now(1, 0, 7, 4, "wrong\t4100\tFAIL\t1");
    held_redone_written(0);
    CHECK(deliver(fds[0], &h) == 5);
    CHECK(h.n == 2);
    CHECK(held_rows_has(&h, HELD_REDONE_V, HELD_REDONE_V, 2));
    CHECK(!held_rows_has(&h, HELD_REDONE_V, HELD_REDONE_V, 0));
    CHECK(held_rows_has(&h, 1, 0, 7));
    for (int i = 0; i < h.n; i++)
        if (h.row[i].v == HELD_REDONE_V) {
            CHECK_STR(h.row[i].line, "good\t4100\tok\t5\n");
            CHECK(h.row[i].at == 3);
        }
    worker_attach(-1);
    close(fds[0]);
    close(fds[1]);
    held_rows_clear(&h);
    free(h.row);
}

static void test_write_only_redone(void)
{
    char root[] = "/tmp/clx_held_rows_XXXXXX";
    CHECK(mkdtemp(root) != NULL);
    char *path = path_join(root, "results.tsv");
    const char *was = "variant\tN\tstatus\trounds\ngood\t4099\tok\t5\nwrong\t4099\tFAIL\t1\ngood\t4100\tcut\t1\n";
    CHECK(write_file_atomic(path, was, strlen(was)) == 0);
    struct held_rows h = {0};
    struct worker_msg redone = { .ev = WORKER_ROW_NOW, .v = HELD_REDONE_V, .b = HELD_REDONE_V, .pt = 2, .at = 3,
                                 .text = "good\t4100\tok\t5" };
    struct worker_msg sweep = { .ev = WORKER_ROW_NOW, .v = 0, .b = 0, .pt = 3, .at = 4, .text = "good\t4101\tcut\t2" };
    held_rows_put(&h, &redone);
    held_rows_put(&h, &sweep);
    /* The row measured again in its place; the sweep's row in flight stays held, not written. */
    CHECK(held_rows_write_only(&h, root, HELD_REDONE_V) == 1);
    char *text = read_file(path, NULL);
    CHECK_STR(text, "variant\tN\tstatus\trounds\ngood\t4099\tok\t5\nwrong\t4099\tFAIL\t1\ngood\t4100\tok\t5\n");
    free(text);
    CHECK(h.n == 1 && held_rows_has(&h, 0, 0, 3));
    /* Held no longer: a second call writes nothing and leaves the file as it was. */
    CHECK(held_rows_write_only(&h, root, HELD_REDONE_V) == 0);
    /* A folder without results.tsv: -1, and still held no longer (never written twice). */
    held_rows_put(&h, &redone);
    char *gone = path_join(root, "none");
    CHECK(held_rows_write_only(&h, gone, HELD_REDONE_V) == -1);
    CHECK(!held_rows_has(&h, HELD_REDONE_V, HELD_REDONE_V, 2));
    free(gone);
    held_rows_clear(&h);
    free(h.row);
    unlink(path);
    rmdir(root);
    free(path);
}

int main(void)
{
    RUN(test_round_trip);
    RUN(test_write_only_redone);
    CHECK_EXIT();
}
