/* test_samebin.c — whether two builds of a variant compiled to the same binary: on rusticl the default
 * and -cl-opt-disable builds gave byte-identical binaries, and clx still called the difference the
 * option's cost. Byte for byte from bin/, else by kernels.tsv's bin_hash, else not known. */
#include "check.h"
#include "report/samebin.h"
#include "lib/util.h"
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char *root;  /* tests/tmp/samebin-<pid> */

/* put: text into root/run/name. */
static void put(const char *run, const char *name, const char *text)
{
    char *p = xasprintf("%s/%s/%s", root, run, name);
    CHECK(write_file_atomic(p, text, strlen(text)) == 0);
    free(p);
}

static void run_dir(const char *run)
{
    char *d = xasprintf("%s/%s", root, run), *b = xasprintf("%s/%s/bin", root, run);
    mkdir(d, 0777);
    mkdir(b, 0777);
    free(d);
    free(b);
}

/* bin/: the same bytes are SAME, other bytes DIFFER, a build with no file not known. */
static void test_bin_files(void)
{
    run_dir("a");
    put("a", "bin/ILP_1__default.bin", "\x7f" "ELF same code");
    put("a", "bin/ILP_1__cl-opt-disable.bin", "\x7f" "ELF same code");
    put("a", "bin/ILP_4__default.bin", "\x7f" "ELF optimised");
    put("a", "bin/ILP_4__cl-opt-disable.bin", "\x7f" "ELF not optimised, longer");
    struct samebin_run s;
    char *dir = xasprintf("%s/a", root);
    samebin_open(&s, dir);
    CHECK(samebin_of(&s, "default", &s, "-cl-opt-disable", "ILP=1") == SAMEBIN_SAME);
    CHECK(samebin_of(&s, "default", &s, "-cl-opt-disable", "ILP=4") == SAMEBIN_DIFFER);
    CHECK(samebin_of(&s, "default", &s, "-cl-fast-relaxed-math", "ILP=4") == SAMEBIN_UNKNOWN);
    CHECK(samebin_of(&s, "default", &s, "-cl-opt-disable", "ILP=8") == SAMEBIN_UNKNOWN);
    samebin_free(&s);
    free(dir);
}

/* A build whose slug ends where another's goes on after a dot ("-DX=1" against "-DX=1.5") is not
 * taken for it. */
static void test_slug_dot(void)
{
    run_dir("d");
    put("d", "bin/v__DX_1.5.bin", "one");
    put("d", "bin/v__default.bin", "one");
    struct samebin_run s;
    char *dir = xasprintf("%s/d", root);
    samebin_open(&s, dir);
    CHECK(samebin_of(&s, "default", &s, "-DX=1", "v") == SAMEBIN_UNKNOWN);
    CHECK(samebin_of(&s, "default", &s, "-DX=1.5", "v") == SAMEBIN_SAME);
    samebin_free(&s);
    free(dir);
}

/* No bin/ files (removed, or another run's): kernels.tsv's bin_hash tells, across two runs too. */
static void test_hashes(void)
{
    run_dir("h");
    run_dir("g");
    put("h", "kernels.tsv", "variant\tbuild\tbin_bytes\tbin_hash\n"
                            "ILP=1\tdefault\t10\t3097e736281ac603\n"
                            "ILP=1\t-cl-opt-disable\t10\t3097e736281ac603\n"
                            "ILP=4\tdefault\t10\tdf74345923408de7\n"
                            "ILP=4\t-cl-opt-disable\t12\t97df9823ca8b578e\n"
                            "ILP=8\t-cl-opt-disable\t0\t\n");
    put("g", "kernels.tsv", "variant\tbuild\tbin_hash\nILP=4\t-cl-opt-disable\tdf74345923408de7\n");
    char *dh = xasprintf("%s/h", root), *dg = xasprintf("%s/g", root);
    struct samebin_run h, g;
    samebin_open(&h, dh);
    samebin_open(&g, dg);
    CHECK(samebin_of(&h, "default", &h, "-cl-opt-disable", "ILP=1") == SAMEBIN_SAME);
    CHECK(samebin_of(&h, "default", &h, "-cl-opt-disable", "ILP=4") == SAMEBIN_DIFFER);
    CHECK(samebin_of(&h, "default", &h, "-cl-opt-disable", "ILP=8") == SAMEBIN_UNKNOWN);   /* no hash: failed */
    CHECK(samebin_of(&h, "default", &g, "-cl-opt-disable", "ILP=4") == SAMEBIN_SAME);
    samebin_free(&h);
    samebin_free(&g);
    free(dh);
    free(dg);
}

/* A run of an older clx: kernels.tsv without bin_hash, no bin/: nothing known, nothing claimed. */
static void test_older_run(void)
{
    run_dir("o");
    put("o", "kernels.tsv", "variant\tbuild\tbin_bytes\nILP=1\tdefault\t10\nILP=1\t-cl-opt-disable\t10\n");
    char *d = xasprintf("%s/o", root);
    struct samebin_run s;
    samebin_open(&s, d);
    CHECK(samebin_of(&s, "default", &s, "-cl-opt-disable", "ILP=1") == SAMEBIN_UNKNOWN);
    samebin_free(&s);
    samebin_open(&s, root);   /* no kernels.tsv at all */
    CHECK(samebin_of(&s, "default", &s, "-cl-opt-disable", "ILP=1") == SAMEBIN_UNKNOWN);
    samebin_free(&s);
    free(d);
}

static void test_words(void)
{
    char *w = samebin_words("default", "-cl-opt-disable", "ILP=1");
    CHECK_STR(w, "the builds 'default' and '-cl-opt-disable' of ILP=1 compiled to the same binary: their difference "
                 "is not the option's");
    CHECK_CONTAINS(w, SAMEBIN_SAID);
    free(w);
}

int main(void)
{
    root = xasprintf("tests/tmp/samebin-%ld", (long)getpid());
    remove_tree(root);
    mkdir("tests/tmp", 0777);
    mkdir(root, 0777);
    RUN(test_bin_files);
    RUN(test_slug_dot);
    RUN(test_hashes);
    RUN(test_older_run);
    RUN(test_words);
    remove_tree(root);
    CHECK_EXIT();
}
