/* test_lockfile.c — a folder's lock (lockfile_folder, lockfile_dir): one process holds it, a second is
 * refused at once (EWOULDBLOCK), the holder's PID is found, giving it back lets the next one in; a
 * file in the way is left alone by lockfile_folder and replaced by lockfile_dir. */
#include "check.h"
#include "lib/lockfile.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define BASE "tests/tmp/unit_lockfile"

/* other_takes: what another process gets trying lockfile_folder(path): 0 (taken), else its errno. */
static int other_takes(const char *path)
{
    pid_t pid = fork();
    if (pid == 0) {
        int fd = lockfile_folder(path);
        _exit(fd >= 0 ? 0 : errno == EWOULDBLOCK ? 1 : 2);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 3;
}

static void test_folder_made_and_held(void)
{
    remove_tree(BASE);
    const char *path = BASE "/a/b";
    int fd = lockfile_folder(path);
    struct stat st;
    CHECK(fd >= 0);
    CHECK(stat(path, &st) == 0 && S_ISDIR(st.st_mode));
    CHECK(other_takes(path) == 1);
    /* /proc/locks, where this system has it, names this process. */
    if (access("/proc/locks", R_OK) == 0) CHECK(lockfile_holder(path) == (long)getpid());
    lockfile_give(fd);
    CHECK(lockfile_holder(path) == 0);
    CHECK(other_takes(path) == 0);
}

static void test_link_followed(void)
{
    remove_tree(BASE);
    CHECK(mkdir_p(BASE "/real") == 0);
    CHECK(symlink("real", BASE "/link") == 0);
    int fd = lockfile_folder(BASE "/link");
    CHECK(fd >= 0);
    /* The folder it points at is the one held, however it is named. */
    CHECK(other_takes(BASE "/real") == 1);
    lockfile_give(fd);
    struct stat st;
    CHECK(lstat(BASE "/link", &st) == 0 && S_ISLNK(st.st_mode));
}

static void test_file_left_alone(void)
{
    remove_tree(BASE);
    CHECK(mkdir_p(BASE) == 0);
    CHECK(write_file_atomic(BASE "/f", "keep", 4) == 0);
    errno = 0;
    CHECK(lockfile_folder(BASE "/f") < 0 && errno == ENOTDIR);
    char *text = read_file(BASE "/f", NULL);
    CHECK_STR(text, "keep");
    free(text);
    /* lockfile_dir's folder is clx's own: a file there goes. */
    int fd = lockfile_dir(BASE "/f");
    struct stat st;
    CHECK(fd >= 0 && stat(BASE "/f", &st) == 0 && S_ISDIR(st.st_mode));
    lockfile_give(fd);
}

static void test_removed_by_holder(void)
{
    remove_tree(BASE);
    int fd = lockfile_dir(BASE);
    CHECK(fd >= 0);
    /* The holder removes its folder as it lets go: the next one takes the folder made anew. */
    CHECK(remove_tree(BASE) == 0);
    lockfile_give(fd);
    fd = lockfile_folder(BASE);
    CHECK(fd >= 0);
    CHECK(other_takes(BASE) == 1);
    lockfile_give(fd);
    remove_tree(BASE);
}

int main(void)
{
    RUN(test_folder_made_and_held);
    RUN(test_link_followed);
    RUN(test_file_left_alone);
    RUN(test_removed_by_holder);
    CHECK_EXIT();
}
