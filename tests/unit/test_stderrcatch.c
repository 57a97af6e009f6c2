/* test_stderrcatch.c — what is written on descriptor 2 between stderrcatch_begin and _end is caught
 * (stdio's and write(2)'s alike) and not left on the descriptor; descriptor 2 is back on its own
 * file afterwards; the marker is gone after the catch; a path that cannot be made falls back to a
 * temporary file; nothing written gives ""; catches that overlap (builds ahead) share the file, each
 * its own part, and say so; a catch begun beside the process's other calls says so, and so does its
 * marker; a marker gives back its catch's text only; nothing is left behind; clx's own exit (die)
 * with catches on leaves neither file nor marker, and its text reaches the console. */
#include "check.h"
#include "lib/stderrcatch.h"
#include "lib/util.h"
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
    int began = stderrcatch_begin(&c, path, 0);
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
    int began = stderrcatch_begin(&c, "/nonexistent-folder-of-clx/x.stderr", 0);
    fprintf(stderr, "caught anyway\n");
    char *t = stderrcatch_end(&c);
    int began_tmp = stderrcatch_begin(&c, NULL, 0);
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

/* fresh_dir: an empty folder of the test's own in $TMPDIR (else /tmp), its path in buf. */
static void fresh_dir(char *buf, size_t n, const char *what)
{
    snprintf(buf, n, "%s/clx-test-%s-XXXXXX", getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", what);
    if (!mkdtemp(buf)) buf[0] = '\0';
}

/* entries: how many files dir holds, hidden ones included; those whose name begins with prefix in *with. */
static int entries(const char *dir, const char *prefix, int *with)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (with) *with = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        n++;
        if (with && prefix && !strncmp(e->d_name, prefix, strlen(prefix))) (*with)++;
    }
    if (d) closedir(d);
    return d ? n : -1;
}

/* Catches that overlap (a build ahead on its thread beside the main thread's): descriptor 2 stays on
 * the one shared file till the last ends, each takes only what was written while it was on and says
 * it was shared (the first, too, once the second began: its marker says so at once); a marker gives
 * back its catch's text from its own begin; clx's own message said meanwhile (warn) reaches
 * descriptor 2 as it was, not the file; a catch alone says nothing of others. */
static void test_overlapping(void)
{
    char dir[1024], ma[1100], mb[1100], mc[1100];
    fresh_dir(dir, sizeof dir, "catch");
    snprintf(ma, sizeof ma, "%s/a.stderr", dir);
    snprintf(mb, sizeof mb, "%s/b.stderr", dir);
    snprintf(mc, sizeof mc, "%s/c.stderr", dir);
    outer_on();
    struct stderrcatch a, b, alone;
    int began_a = stderrcatch_begin(&a, ma, 0);
    fprintf(stderr, "a1\n");
    int a_shared_before, a_shared_after, b_shared;
    char *a_said_before = stderrcatch_said(ma, &a_shared_before, NULL);
    int began_b = stderrcatch_begin(&b, mb, 0);
    int wrote = (int)write(2, "b1\n", 3);
    char *a_said = stderrcatch_said(ma, &a_shared_after, NULL);
    char *b_said = stderrcatch_said(mb, &b_shared, NULL);
    int shared_files, files_on = entries(dir, STDERRCATCH_SHARED_PREFIX, &shared_files);
    warn("said meanwhile");
    char *ta = stderrcatch_end(&a);
    int a_marker_gone = access(ma, F_OK) != 0;
    fprintf(stderr, "b2\n");
    char *tb = stderrcatch_end(&b);
    int files_after = entries(dir, NULL, NULL);
    fprintf(stderr, "between\n");
    int c_shared = -1;
    stderrcatch_begin(&alone, mc, 0);
    fprintf(stderr, "c1\n");
    char *c_said = stderrcatch_said(mc, &c_shared, NULL);
    char *tc = stderrcatch_end(&alone);
    char *o = outer_off();
    CHECK(began_a == 0 && began_b == 0 && wrote == 3);
    CHECK_STR(a_said_before, "a1\n");
    CHECK(!a_shared_before && a_shared_after && b_shared && !c_shared);
    CHECK_STR(a_said, "a1\nb1\n");
    CHECK_STR(b_said, "b1\n");
    CHECK_STR(c_said, "c1\n");
    CHECK(files_on == 3 && shared_files == 1);   /* the two markers and the shared file, in the run's folder */
    CHECK(a_marker_gone && files_after == 0);
    CHECK_STR(ta, "a1\nb1\n");
    CHECK_STR(tb, "b1\nb2\n");
    CHECK_STR(tc, "c1\n");
    CHECK(a.shared && b.shared && !alone.shared);
    CHECK_STR(o, "clx: said meanwhile\nbetween\n");
    char *strs[] = { a_said_before, a_said, b_said, c_said, ta, tb, tc, o };
    for (size_t i = 0; i < sizeof strs / sizeof *strs; i++) free(strs[i]);
    rmdir(dir);
}

/* A marker gives back its catch's text as a crash's reader finds it (the process gone in the call,
 * its catches still on): from its own begin to the shared file's end, not the text of catches that
 * ended before it began in the same file. A marker from before (the text itself) is read as it is;
 * none gives NULL. */
static void test_marker_read_back(void)
{
    char dir[1024], mx[1100], my[1100], m[1100];
    fresh_dir(dir, sizeof dir, "said");
    snprintf(mx, sizeof mx, "%s/x.stderr", dir);
    snprintf(my, sizeof my, "%s/y.stderr", dir);
    snprintf(m, sizeof m, "%s/old.stderr", dir);
    outer_on();
    struct stderrcatch x, y, z;
    stderrcatch_begin(&x, mx, 0);               /* a build ahead, on all along */
    stderrcatch_begin(&y, my, 0);
    fprintf(stderr, "an earlier build's line\n");
    free(stderrcatch_end(&y));
    stderrcatch_begin(&y, my, 0);               /* the build the process dies in */
    fprintf(stderr, "LLVM ERROR: out of memory\n");
    int sh = -1, sh_old = -1, sh_none = -1;
    char *t = stderrcatch_said(my, &sh, NULL);
    free(stderrcatch_end(&y));
    stderrcatch_begin(&z, NULL, 0);
    free(stderrcatch_end(&x));
    free(stderrcatch_end(&z));
    char *o = outer_off();
    FILE *f = fopen(m, "w");
    if (f) {
        fputs("1 error generated.\n", f);
        fclose(f);
    }
    char *old = stderrcatch_said(m, &sh_old, NULL);
    unlink(m);
    char *none = stderrcatch_said(m, &sh_none, NULL);
    rmdir(dir);
    CHECK_STR(t, "LLVM ERROR: out of memory\n");
    CHECK(sh == 1);
    CHECK_STR(old, "1 error generated.\n");
    CHECK(!sh_old && !none);
    CHECK_STR(o, "");
    free(t);
    free(old);
    free(o);
}

/* Nothing is left behind: with $TMPDIR on another folder than the run's (another file system, as a
 * tmpfs), catches with markers and without, overlapping, leave no file in either once ended; the
 * catches' file is never in $TMPDIR while they are on (an unlinked one where no marker names a
 * folder). */
static void test_nothing_left(void)
{
    char run[1024], tmp[1024], m1[1100], m2[1100];
    fresh_dir(run, sizeof run, "run");
    fresh_dir(tmp, sizeof tmp, "tmpdir");
    snprintf(m1, sizeof m1, "%s/v__default.stderr", run);
    snprintf(m2, sizeof m2, "%s/v__DX.stderr", run);
    char *was = getenv("TMPDIR") ? xstrdup(getenv("TMPDIR")) : NULL;
    outer_on();                                 /* the test's own file, in $TMPDIR as it was */
    setenv("TMPDIR", tmp, 1);
    struct stderrcatch a, b, c, d;
    stderrcatch_begin(&a, m1, 0);
    stderrcatch_begin(&b, NULL, 0);
    stderrcatch_begin(&c, m2, 0);
    fprintf(stderr, "x\n");
    int in_tmp_on = entries(tmp, NULL, NULL);
    free(stderrcatch_end(&a));
    free(stderrcatch_end(&b));
    free(stderrcatch_end(&c));
    int in_run = entries(run, NULL, NULL), in_tmp = entries(tmp, NULL, NULL);
    stderrcatch_begin(&d, NULL, 0);             /* no run folder: an unlinked temporary file, as before */
    stderrcatch_begin(&a, m1, 0);               /* joins it: its marker names no file */
    fprintf(stderr, "y\n");
    int in_tmp_unnamed = entries(tmp, NULL, NULL), sh = -1;
    char *said = stderrcatch_said(m1, &sh, NULL);
    char *ta = stderrcatch_end(&a), *td = stderrcatch_end(&d);
    int in_run_after = entries(run, NULL, NULL), in_tmp_after = entries(tmp, NULL, NULL);
    char *o = outer_off();
    if (was) setenv("TMPDIR", was, 1);
    else unsetenv("TMPDIR");
    free(was);
    rmdir(run);
    rmdir(tmp);
    CHECK(in_tmp_on == 0 && in_run == 0 && in_tmp == 0);
    CHECK(in_tmp_unnamed == 0 && in_run_after == 0 && in_tmp_after == 0);
    CHECK_STR(said, "");
    CHECK_STR(ta, "y\n");
    CHECK_STR(td, "y\n");
    CHECK_STR(o, "");
    free(said);
    free(ta);
    free(td);
    free(o);
}

/* A catch begun beside the process's calls outside catches (a build ahead while the main thread
 * measures) says so, and its marker too, shared or not; one begun apart says neither; an older
 * clx's marker, with no such word, reads as apart. The text is the catch's part as before. */
static void test_beside(void)
{
    char dir[1024], ma[1100], mb[1100], old[1100];
    fresh_dir(dir, sizeof dir, "beside");
    snprintf(ma, sizeof ma, "%s/ahead.stderr", dir);
    snprintf(mb, sizeof mb, "%s/main.stderr", dir);
    snprintf(old, sizeof old, "%s/old.stderr", dir);
    outer_on();
    struct stderrcatch a, b;
    stderrcatch_begin(&a, ma, 1);
    fprintf(stderr, "launch warning\n");        /* the main thread's call's, caught in the build ahead's part */
    int a_sh = -1, a_by = -1, b_sh = -1, b_by = -1, o_sh = -1, o_by = -1;
    char *a_said = stderrcatch_said(ma, &a_sh, &a_by);
    stderrcatch_begin(&b, mb, 0);
    char *b_said = stderrcatch_said(mb, &b_sh, &b_by);
    int a_sh2 = -1, a_by2 = -1;
    free(stderrcatch_said(ma, &a_sh2, &a_by2));
    char *tb = stderrcatch_end(&b), *ta = stderrcatch_end(&a);
    char *o = outer_off();
    /* As a clx before this one wrote it: three words after the marker's. */
    char *shared_name = NULL;
    FILE *f = fopen(old, "w");
    if (f) {
        fputs("#clx-stderrcatch " STDERRCATCH_SHARED_PREFIX "abcdef 0 single\n", f);
        fclose(f);
    }
    shared_name = xasprintf("%s/" STDERRCATCH_SHARED_PREFIX "abcdef", dir);
    f = fopen(shared_name, "w");
    if (f) {
        fputs("from before\n", f);
        fclose(f);
    }
    char *o_said = stderrcatch_said(old, &o_sh, &o_by);
    unlink(old);
    unlink(shared_name);
    free(shared_name);
    int left = entries(dir, NULL, NULL);
    rmdir(dir);
    CHECK(a.beside && !b.beside && a.shared && b.shared);
    CHECK_STR(a_said, "launch warning\n");
    CHECK(a_by == 1 && a_sh == 0 && a_by2 == 1 && a_sh2 == 1);
    CHECK_STR(b_said, "");
    CHECK(b_by == 0 && b_sh == 1);
    CHECK_STR(ta, "launch warning\n");
    CHECK_STR(tb, "");
    CHECK_STR(o_said, "from before\n");
    CHECK(o_sh == 0 && o_by == 0);
    CHECK(left == 0);
    CHECK_STR(o, "");
    char *strs[] = { a_said, b_said, ta, tb, o_said, o };
    for (size_t i = 0; i < sizeof strs / sizeof *strs; i++) free(strs[i]);
}

/* A child forked while a catch is on (the worker starting a program) that dies with clx's message
 * leaves its parent's catch as it was: its marker and the shared file stay, its text is the catch's. */
static void test_forked_child_dies(void)
{
    char dir[1024], m[1100];
    fresh_dir(dir, sizeof dir, "fork");
    snprintf(m, sizeof m, "%s/v__default.stderr", dir);
    outer_on();
    struct stderrcatch c;
    stderrcatch_begin(&c, m, 0);
    fprintf(stderr, "before\n");
    pid_t pid = fork();
    if (pid == 0) die("the child's");
    int st = -1;
    waitpid(pid, &st, 0);
    int files = entries(dir, NULL, NULL);
    fprintf(stderr, "after\n");
    char *t = stderrcatch_end(&c);
    int left = entries(dir, NULL, NULL);
    char *o = outer_off();
    rmdir(dir);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == EXIT_CANNOT_RUN);
    CHECK(files == 2 && left == 0);
    CHECK_STR(t, "before\nafter\n");
    CHECK_STR(o, "clx: the child's\n");
    free(t);
    free(o);
}

/* A build ahead's call on a thread of its own: its catch begun, a line written, then held till told. */
struct ahead_call {
    struct stderrcatch c;
    const char *marker;
    int began[2], go[2];
    pthread_t th;
    char *said;
};

static void *ahead_call(void *arg)
{
    struct ahead_call *h = arg;
    char x = 0;
    stderrcatch_begin(&h->c, h->marker, 1);
    if (write(2, "ahead's line\n", 13) < 0 || write(h->began[1], &x, 1) < 0 || read(h->go[0], &x, 1) < 0) x = 1;
    h->said = stderrcatch_end(&h->c);
    return NULL;
}

/* in_child: fn run in a child process with descriptor 2 on the test's own file, a catch on a thread
 * of its own (marker ahead) and one on the main thread (marker main) on, a line written in each;
 * the child's wait status, and in *out what reached descriptor 2 (a new string). */
static int in_child(void (*fn)(struct ahead_call *, struct stderrcatch *), const char *ahead, const char *main_marker,
                    char **out)
{
    outer_on();
    pid_t pid = fork();
    if (pid == 0) {
        struct ahead_call h = { .marker = ahead };
        struct stderrcatch m;
        char x;
        if (pipe(h.began) || pipe(h.go) || pthread_create(&h.th, NULL, ahead_call, &h) || read(h.began[0], &x, 1) != 1)
            _exit(99);
        stderrcatch_begin(&m, main_marker, 0);
        fprintf(stderr, "main's line\n");
        fn(&h, &m);
        _exit(98);
    }
    int st = -1;
    waitpid(pid, &st, 0);
    *out = outer_off();
    return st;
}

/* clx's own exit with both catches on, the build ahead still in its call. */
static void dies(struct ahead_call *h, struct stderrcatch *m)
{
    (void)h;
    (void)m;
    die("cannot go on");
}

/* The catches ended at once from the main thread; the build ahead's call then ends, and so does the
 * main thread's catch: both give ""; a catch begun after is refused. What they gave is said last. */
static void quits(struct ahead_call *h, struct stderrcatch *m)
{
    stderrcatch_quit();
    char x = 0;
    if (write(h->go[1], &x, 1) != 1) _exit(97);
    pthread_join(h->th, NULL);
    char *t = stderrcatch_end(m);
    struct stderrcatch again;
    int began = stderrcatch_begin(&again, NULL, 0);
    fprintf(stderr, "after: ahead \"%s\", main \"%s\", begun %d\n", h->said ? h->said : "(null)", t, began);
    fflush(stderr);
    _exit(0);
}

/* clx's own exit (die) while catches are on, one of them a build ahead's on a thread still in its
 * call: no marker nor shared file is left in the run's folder (a crash's record, which a driver's
 * own death leaves), and what they caught reaches the console before clx's line. stderrcatch_quit
 * alone, then the catches' ends: they give "", and no catch begins after it. */
static void test_die_ends_catches(void)
{
    char dir[1024], ma[1100], mm[1100];
    fresh_dir(dir, sizeof dir, "die");
    snprintf(ma, sizeof ma, "%s/v__DX.stderr", dir);
    snprintf(mm, sizeof mm, "%s/v__default.stderr", dir);
    char *died = NULL, *quit = NULL;
    int st_die = in_child(dies, ma, mm, &died);
    int left_die = entries(dir, NULL, NULL);
    int st_quit = in_child(quits, ma, mm, &quit);
    int left_quit = entries(dir, NULL, NULL);
    rmdir(dir);
    CHECK(WIFEXITED(st_die) && WEXITSTATUS(st_die) == EXIT_CANNOT_RUN);
    CHECK(left_die == 0);
    CHECK_STR(died, "ahead's line\nmain's line\nclx: cannot go on\n");
    CHECK(WIFEXITED(st_quit) && WEXITSTATUS(st_quit) == 0);
    CHECK(left_quit == 0);
    CHECK_STR(quit, "ahead's line\nmain's line\nafter: ahead \"\", main \"\", begun -1\n");
    free(died);
    free(quit);
}

int main(void)
{
    RUN(test_caught_not_leaked);
    RUN(test_fallback_and_empty);
    RUN(test_overlapping);
    RUN(test_marker_read_back);
    RUN(test_nothing_left);
    RUN(test_beside);
    RUN(test_forked_child_dies);
    RUN(test_die_ends_catches);
    CHECK_EXIT();
}
