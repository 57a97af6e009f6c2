/* test_supervise_when.c — when the supervisor kills a worker after a stop (run/supervise_when.c): a
 * launch in flight gets the stop's grace (a second, or CLX_STOP_GRACE's, f->grace_s), never more than
 * its own limit; a second stop ends it at once without rows to write, or at that grace's end. Times
 * are numbers given, not a clock read: nothing here depends on the machine's load. */
#include "check.h"
#include "run/supervise_impl.h"

/* waiting: a worker in a configuration's launch whose wait ends (is overdue) at until, with grace_s. */
static struct inflight waiting(double until, double grace_s)
{
    struct inflight f = { .at = IN_CONFIG, .wait_until = until, .wait_limit = 60, .grace_s = grace_s,
                          .keeping = -1, .measured = 1, .ask_fd = -1 };
    return f;
}

static void test_no_stop_waits_its_limit(void)
{
    struct inflight f = waiting(160, STOP_GRACE_S);
    CHECK_NEAR(supervise_overdue_at(&f, 0), 160, 0);
    f.wait_until = 0;
    CHECK_NEAR(supervise_overdue_at(&f, 100), 0, 0);
}

static void test_stop_gives_a_second(void)
{
    struct inflight f = waiting(160, STOP_GRACE_S);
    CHECK_NEAR(supervise_overdue_at(&f, 100), 101, 1e-9);
    /* A limit nearer than the grace stays the limit. */
    f.wait_until = 100.5;
    CHECK_NEAR(supervise_overdue_at(&f, 100), 100.5, 1e-9);
}

static void test_grace_from_the_knob(void)
{
    struct inflight f = waiting(1000, 60);
    CHECK_NEAR(supervise_overdue_at(&f, 100), 160, 1e-9);
    /* A second stop in a launch: killed when the first stop's grace runs out, not at once. */
    CHECK_NEAR(supervise_again_until(&f, 100, 101), 160, 1e-9);
    /* Without rows measured it has nothing to keep: at once. */
    f.measured = 0;
    CHECK_NEAR(supervise_again_until(&f, 100, 101), 101, 1e-9);
}

int main(void)
{
    RUN(test_no_stop_waits_its_limit);
    RUN(test_stop_gives_a_second);
    RUN(test_grace_from_the_knob);
    CHECK_EXIT();
}
