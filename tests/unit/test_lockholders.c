/* test_lockholders.c — the host's flocks read once (lockholders_pid): a folder this process holds is
 * named by its PID, one no one holds and a missing path by 0, each asked of one read of /proc/locks,
 * which later asks of the same lockholders do not read again (what a history of many folders relies
 * on); lockfile_holder, one ask one read, says the same. */
#include "check.h"
#include "lib/lockfile.h"
#include "lib/lockholders.h"
#include "lib/util.h"
#include <unistd.h>

#define BASE "tests/tmp/unit_lockholders"

static void test_held_and_not(void)
{
    remove_tree(BASE);
    int a = lockfile_folder(BASE "/a"), b = lockfile_folder(BASE "/b");
    CHECK(a >= 0 && b >= 0);
    CHECK(mkdir_p(BASE "/free") == 0);
    if (access("/proc/locks", R_OK) != 0) {        /* this system cannot say: 0 for all */
        struct lockholders h = {0};
        CHECK(lockholders_pid(&h, BASE "/a") == 0);
        lockholders_free(&h);
        lockfile_give(a);
        lockfile_give(b);
        return;
    }
    struct lockholders h = {0};
    CHECK(lockholders_pid(&h, BASE "/missing") == 0);
    CHECK(h.read == 0);                            /* a path that is not there reads nothing */
    CHECK(lockholders_pid(&h, BASE "/a") == (long)getpid());
    CHECK(h.read == 1 && h.n >= 2);
    CHECK(lockholders_pid(&h, BASE "/b") == (long)getpid());
    CHECK(lockholders_pid(&h, BASE "/free") == 0);
    CHECK(lockfile_holder(BASE "/a") == (long)getpid());
    CHECK(lockfile_holder(BASE "/free") == 0);
    /* Asked again after b is let go: the host's locks as read the first time, not read again. */
    lockfile_give(b);
    CHECK(lockholders_pid(&h, BASE "/b") == (long)getpid());
    CHECK(lockfile_holder(BASE "/b") == 0);
    lockholders_free(&h);
    CHECK(h.read == 0 && h.n == 0 && !h.v);
    CHECK(lockholders_pid(&h, BASE "/b") == 0);    /* read anew once freed */
    lockholders_free(&h);
    lockfile_give(a);
}

int main(void)
{
    RUN(test_held_and_not);
    remove_tree(BASE);
    CHECK_EXIT();
}
