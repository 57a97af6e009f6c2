/* test_catalog.c — the experiment search path: CLX_PATH, then the user's data folder, then clx's templates/; first match wins. */
#include "spec/catalog.h"
#include "check.h"
#include "lib/util.h"
#include <stdlib.h>
#include <unistd.h>

#define DIR_ "tests/tmp/test_catalog"

static void touch(const char *path) { CHECK(write_file_atomic(path, "", 0) == 0); }

static void test_dirs_order(void)
{
    struct strlist d = {0};
    setenv("CLX_PATH", DIR_ "/a::" DIR_ "/b:" DIR_ "/a", 1);      /* an empty entry, a repeat */
    setenv("XDG_DATA_HOME", DIR_ "/data", 1);
    catalog_dirs(&d);
    CHECK(d.n == 4);
    if (d.n == 4) {
        CHECK_STR(d.v[0], DIR_ "/a");
        CHECK_STR(d.v[1], DIR_ "/b");
        CHECK_STR(d.v[2], DIR_ "/data/clx/templates");
        CHECK(catalog_is_shipped(d.v[3]));
    }
    sl_free(&d);
    /* Without XDG_DATA_HOME: ~/.local/share. */
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", DIR_ "/home", 1);
    unsetenv("CLX_PATH");
    catalog_dirs(&d);
    CHECK(d.n == 2);
    if (d.n == 2) CHECK_STR(d.v[0], DIR_ "/home/.local/share/clx/templates");
    sl_free(&d);
}

static void test_first_match_wins(void)
{
    setenv("CLX_PATH", DIR_ "/a:" DIR_ "/b", 1);
    setenv("XDG_DATA_HOME", DIR_ "/data", 1);
    char *p = catalog_find("only_b");
    CHECK_STR(p, DIR_ "/b/only_b.spec");
    free(p);
    p = catalog_find("both");
    CHECK_STR(p, DIR_ "/a/both.spec");
    free(p);
    p = catalog_find("mine");
    CHECK_STR(p, DIR_ "/data/clx/templates/mine.spec");
    free(p);
    /* A folder on CLX_PATH comes before the shipped experiments, even for their names. */
    p = catalog_find("vecsum");
    CHECK_STR(p, DIR_ "/b/vecsum.spec");
    free(p);
    unsetenv("CLX_PATH");
    p = catalog_find("vecsum");
    CHECK(p && str_ends(p, "templates/vecsum.spec"));
    free(p);
    CHECK(catalog_find("no_such_experiment") == NULL);
    /* A path to a spec file that is there is taken as it is (one that is not there is a usage
     * error since issue 45 item 8: tests/e2e/cli.sh). */
    p = catalog_spec_path(DIR_ "/a/both.spec");
    CHECK_STR(p, DIR_ "/a/both.spec");
    free(p);
}

static void test_origin(void)
{
    char *o = catalog_origin("templates");
    CHECK_STR(o, "shipped");
    free(o);
    o = catalog_origin(DIR_ "/a");
    CHECK_STR(o, DIR_ "/a");
    free(o);
    struct strlist names = {0};
    CHECK(catalog_files(DIR_ "/a", ".spec", &names) == 0);
    CHECK(names.n == 1 && !strcmp(names.v[0], "both.spec"));
    sl_free(&names);
    CHECK(catalog_files(DIR_ "/none", ".spec", &names) == 0 && names.n == 0);
}

int main(void)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return 1;
    setenv("CLX_HOME", cwd, 1);
    if (system("rm -rf " DIR_) != 0) return 1;
    mkdir_p(DIR_ "/a");
    mkdir_p(DIR_ "/b");
    mkdir_p(DIR_ "/data/clx/templates");
    touch(DIR_ "/a/both.spec");
    touch(DIR_ "/b/both.spec");
    touch(DIR_ "/b/only_b.spec");
    touch(DIR_ "/b/vecsum.spec");
    touch(DIR_ "/data/clx/templates/mine.spec");
    RUN(test_dirs_order);
    RUN(test_first_match_wins);
    RUN(test_origin);
    CHECK_EXIT();
}
