/* test_outdir.c — the folders compare and history write: never one another process has, never over
 * an earlier output the user's --out already holds. */
#include "check.h"
#include "report/outdir.h"
#include "report/plot.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char *root;  /* tests/tmp/outdir-<pid> */

/* The same base twice (as two processes in one second would ask): two folders, the second -2. */
static void test_mkdir_new(void)
{
    char *a = mkdir_new(root, "compare-x-20261128-203254"), *b = mkdir_new(root, "compare-x-20261128-203254");
    CHECK(a && b && strcmp(a, b));
    char *want = xasprintf("%s/compare-x-20261128-203254-2", root);
    CHECK_STR(b, want);
    free(want);
    free(a);
    free(b);
}

/* remove_tree: a folder with files, a sub-folder and a link goes whole; what the link names stays;
 * a missing path is no error. */
static void test_remove_tree(void)
{
    char *top = xasprintf("%s/tree", root), *sub = xasprintf("%s/tree/a/b", root), *f = xasprintf("%s/tree/a/b/f", root);
    char *kept = xasprintf("%s/kept", root), *link = xasprintf("%s/tree/link", root);
    CHECK(mkdir_p(sub) == 0 && mkdir_p(kept) == 0);
    CHECK(write_file_atomic(f, "x\n", 2) == 0);
    CHECK(symlink("../kept", link) == 0);
    CHECK(remove_tree(top) == 0);
    struct stat st;
    CHECK(lstat(top, &st) != 0 && stat(kept, &st) == 0);
    CHECK(remove_tree(top) == 0);
    free(top); free(sub); free(f); free(kept); free(link);
}

static void test_stamped(void)
{
    char *why = NULL;
    int usage = -1;
    char *a = outdir_make(NULL, root, NULL, "compare", "volkov fma", "speedup.svg", &why, &usage);
    char *b = outdir_make(NULL, root, NULL, "compare", "volkov fma", "speedup.svg", &why, &usage);
    CHECK(a && b && strcmp(a, b) && !why && usage == 0);
    /* Said by its real path (a relative results/... read as the runs' own root where they lie elsewhere). */
    char *real = realpath(root, NULL), *prefix = xasprintf("%s/compare-volkov_fma-", real ? real : root);
    free(real);
    CHECK(a && !strncmp(a, prefix, strlen(prefix)));
    free(prefix);
    free(a);
    free(b);
}

/* The user's --out: made where missing, taken when it holds no earlier output (or one whose picture
 * was not drawn), refused when it does. */
static void test_named(void)
{
    char *why = NULL, *out = xasprintf("%s/mine/cmp", root);
    int usage = -1;
    char *d = outdir_make(out, root, NULL, "compare", "x", "speedup.svg", &why, &usage);
    CHECK(d && !strcmp(d, out) && !why && usage == 0);
    free(d);
    d = outdir_make(out, root, NULL, "compare", "x", "speedup.svg", &why, &usage);  /* empty still: taken */
    CHECK(d != NULL);
    free(d);
    char *md = path_join(out, "compare.md"), *svg = path_join(out, "speedup.svg"), *tsv = path_join(out, "compare.tsv");
    CHECK(write_file_atomic(md, "# A\n", 4) == 0);
    /* A compare.md alone is a user's (a compare puts its compare.tsv in place before it): refused,
     * never drawn "again" over it. */
    d = outdir_make(out, root, NULL, "compare", "x", "speedup.svg", &why, &usage);
    CHECK(d == NULL && usage == 1 && why);
    CHECK_CONTAINS(why, "holds a compare.md that no clx compare wrote there (no compare.tsv beside it)");
    free(why);
    why = NULL;
    CHECK(write_file_atomic(tsv, "variant\n", 8) == 0);
    /* Its picture not drawn (a full disk, a gnuplot that failed): the same command draws it there,
     * but where no gnuplot is here to draw it. */
    d = outdir_make(out, root, NULL, "compare", "x", "speedup.svg", &why, &usage);
    CHECK(plot_gnuplot_missing() ? d == NULL : d != NULL && !why && usage == 0);
    free(d);
    free(why);
    why = NULL;
    CHECK(write_file_atomic(svg, "<svg/>\n", 7) == 0);
    d = outdir_make(out, root, NULL, "compare", "x", "speedup.svg", &why, &usage);
    CHECK(d == NULL && usage == 1 && why);
    CHECK_CONTAINS(why, "already holds a compare (compare.md)");
    size_t n = 0;
    char *text = read_file(md, &n);
    CHECK(text && n == 4);                 /* the earlier one untouched */
    free(text);
    free(why);
    free(md);
    free(svg);
    free(tsv);
    free(out);
}

/* Run inside the folder that holds the run compared (results/ itself): the output goes there, not
 * into a results/ under it; elsewhere, into the root as ever. */
static void test_beside_here(void)
{
    char *here = xasprintf("%s/here", root), *run = xasprintf("%s/here/vecsum-a", root), *why = NULL;
    int usage = -1;
    CHECK(mkdir_p(run) == 0);
    char *was = realpath(".", NULL);
    CHECK(was && chdir(here) == 0);
    char *real = realpath(".", NULL), *beside = xasprintf("%s/compare-vecsum-", real),
         *under = xasprintf("%s/results/compare-vecsum-", real);
    char *d = outdir_make(NULL, "results", "vecsum-a", "compare", "vecsum", "speedup.svg", &why, &usage);
    CHECK(d && !strncmp(d, beside, strlen(beside)));
    free(d);
    /* A run elsewhere (here: its parent is not the current folder): the root. */
    d = outdir_make(NULL, "results", "../here/vecsum-a/..", "compare", "vecsum", "speedup.svg", &why, &usage);
    CHECK(d && !strncmp(d, under, strlen(under)));
    free(d);
    free(real);
    free(beside);
    free(under);
    CHECK(chdir(was) == 0);
    free(was);
    free(here);
    free(run);
}

int main(void)
{
    root = xasprintf("tests/tmp/outdir-%ld", (long)getpid());
    /* One an earlier process of this pid left (PIDs are reused) would hold the names tested new. */
    remove_tree(root);
    RUN(test_mkdir_new);
    RUN(test_remove_tree);
    RUN(test_stamped);
    RUN(test_named);
    RUN(test_beside_here);
    remove_tree(root);
    CHECK_EXIT();
}
