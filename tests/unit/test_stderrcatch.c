/* test_stderrcatch.c — what is written on descriptor 2 between stderrcatch_begin and _end is caught
 * (stdio's and write(2)'s alike) and not left on the descriptor; descriptor 2 is back on its own
 * file afterwards; the named file is gone after the catch; a path that cannot be made falls back to
 * a temporary file; nothing written gives "". */
#include "check.h"
#include "lib/stderrcatch.h"
#include "lib/util.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file of the test's own under descriptor 2, so that what escapes a catch shows there. */
static char outer[1024];
static int saved_err = -1;

static void outer_on(void)
{
    snprintf(outer, sizeof outer, "%s/clx-test-stderr-XXXXXX", getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemp(outer);
    fflush(stderr);
    saved_err = dup(2);
    dup2(fd, 2);
    close(fd);
}

/* outer_off: descriptor 2 back on the test's own; what reached the outer file (a new string). */
static char *outer_off(void)
{
    fflush(stderr);
    dup2(saved_err, 2);
    close(saved_err);
    char *t = read_file(outer, NULL);
    unlink(outer);
    return t ? t : xstrdup("");
}

/* The CHECKs come after outer_off: check.h says its failures on stderr. */
static void test_caught_not_leaked(void)
{
    outer_on();
    struct stat before, after;
    fstat(2, &before);
    fprintf(stderr, "before\n");
    char path[1100];
    snprintf(path, sizeof path, "%s.catch", outer);
    struct stderrcatch c;
    int began = stderrcatch_begin(&c, path);
    fprintf(stderr, "1 error generated.\n");
    int wrote = (int)write(2, "raw\n", 4);
    int on_disk = access(path, F_OK) == 0;      /* while the call runs */
    char *t = stderrcatch_end(&c);
    fprintf(stderr, "after\n");
    fstat(2, &after);
    int gone = access(path, F_OK) != 0;         /* once caught */
    char *o = outer_off();
    CHECK(began == 0 && wrote == 4 && on_disk && gone);
    CHECK(before.st_ino == after.st_ino && before.st_dev == after.st_dev);
    CHECK_STR(t, "1 error generated.\nraw\n");
    CHECK_STR(o, "before\nafter\n");
    free(t);
    free(o);
}

static void test_fallback_and_empty(void)
{
    outer_on();
    struct stderrcatch c;
    int began = stderrcatch_begin(&c, "/nonexistent-folder-of-clx/x.stderr");
    fprintf(stderr, "caught anyway\n");
    char *t = stderrcatch_end(&c);
    int began_tmp = stderrcatch_begin(&c, NULL);
    char *none = stderrcatch_end(&c);
    char *o = outer_off();
    CHECK(began == 0 && began_tmp == 0);
    CHECK_STR(t, "caught anyway\n");
    CHECK_STR(none, "");
    CHECK_STR(o, "");
    free(t);
    free(none);
    free(o);
}

int main(void)
{
    RUN(test_caught_not_leaked);
    RUN(test_fallback_and_empty);
    CHECK_EXIT();
}
