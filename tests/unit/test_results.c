/* test_results.c — the results folder: name, subfolders, no latest link yet, TSV rows readable at once and
 * rewritten in place, JSON. */
#include "check.h"
#include "testutil.h"
#include "store/results.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char *root;  /* tests/tmp/results-<pid>-<time>: unique per run */

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* has_stamp: s is "YYYYmmdd-HHMMSS" followed by end or "-N". */
static int has_stamp(const char *s)
{
    for (int i = 0; i < 15; i++)
        if (i == 8 ? s[i] != '-' : !isdigit((unsigned char)s[i])) return 0;
    return s[15] == '\0' || s[15] == '-';
}

static void strlist_of(struct strlist *l, const char *const *v, int n)
{
    for (int i = 0; i < n; i++) sl_push(l, v[i]);
}

static void test_open_layout(void)
{
    struct results r;
    CHECK(results_open(&r, root, "vecadd", "NVIDIA H100 80GB/HBM3") == 0);
    if (!r.dir) return;
    const char *b = base_name(r.dir);
    const char *prefix = "vecadd-NVIDIA_H100_80GB_HBM3-";
    CHECK(strncmp(b, prefix, strlen(prefix)) == 0);
    CHECK(strlen(b) == strlen(prefix) + 15);
    CHECK(has_stamp(b + strlen(prefix)));
    char *parent = path_join(root, b);
    CHECK_STR(r.dir, parent);
    free(parent);
    const char *subs[] = {"cl", "bin", "logs"};
    for (int i = 0; i < 3; i++) {
        char *p = results_path(&r, subs[i]);
        CHECK(is_dir(p));
        free(p);
    }
    char *tsv = results_path(&r, "results.tsv");
    CHECK(file_exists(tsv));
    free(tsv);
    /* latest moves at the run's first row that ran (test_latest.c), not when the folder is made. */
    char *latest = path_join(root, "latest");
    CHECK(read_link(latest) == NULL);
    free(latest);
    results_close(&r);
    CHECK(r.dir == NULL && r.tsv.f == NULL);
}

static void test_tsv_rows(void)
{
    struct results r;
    CHECK(results_open(&r, root, "rows", "dev") == 0);
    if (!r.dir) return;
    struct strlist cols = {0}, row = {0}, shortrow = {0}, longrow = {0};
    strlist_of(&cols, (const char *[]){"n", "time\tms", "status"}, 3);
    strlist_of(&row, (const char *[]){"1024", "0.5", "ok\r\nfine"}, 3);
    strlist_of(&shortrow, (const char *[]){"2048"}, 1);
    strlist_of(&longrow, (const char *[]){"a", "b", "c", "d"}, 4);
    results_header(&r, &cols);
    CHECK(r.tsv.ncols == 3);
    results_row(&r, &row);
    results_row(&r, &shortrow);   /* warns, pads */
    results_row(&r, &longrow);    /* warns, truncates */
    char *path = results_path(&r, "results.tsv");
    char *text = read_file(path, NULL);  /* before close: the rows must already be on disk */
    CHECK_STR(text, "n\ttime ms\tstatus\n"
                    "1024\t0.5\tok  fine\n"
                    "2048\t\t\n"
                    "a\tb\tc\n");
    free(text);
    results_close(&r);
    text = read_file(path, NULL);
    CHECK(text && strstr(text, "a\tb\tc\n"));
    free(text);
    free(path);
    sl_free(&cols); sl_free(&row); sl_free(&shortrow); sl_free(&longrow);
}

/* results_replace_rows: the rows given are replaced whole, the others and the header kept, rows
 * appended later still go to the new file, and that file is locked as the run's. */
static void test_replace_rows(void)
{
    struct results r;
    CHECK(results_open(&r, root, "replace", "dev") == 0);
    if (!r.dir) return;
    struct strlist cols = {0}, a = {0}, b = {0}, c = {0};
    strlist_of(&cols, (const char *[]){"variant", "sol_pct"}, 2);
    strlist_of(&a, (const char *[]){"fast", "2000"}, 2);
    strlist_of(&b, (const char *[]){"slow", "70"}, 2);
    strlist_of(&c, (const char *[]){"late", "50"}, 2);
    results_header(&r, &cols);
    results_row(&r, &a);
    results_row(&r, &b);
    char *lines[2] = { xstrdup("fast\t\n"), NULL };
    CHECK(results_replace_rows(&r, lines, 2) == 0);
    /* The new file is the run's, locked before it took the name: a look at whether the run is live
     * (results_held, another open file's lock) finds it held at once. */
    CHECK(results_held(r.dir, 0) == 1);
    results_row(&r, &c);
    char *path = results_path(&r, "results.tsv");
    char *text = read_file(path, NULL);
    CHECK_STR(text, "variant\tsol_pct\nfast\t\nslow\t70\nlate\t50\n");
    free(text);
    free(path);
    free(lines[0]);
    results_close(&r);
    sl_free(&cols); sl_free(&a); sl_free(&b); sl_free(&c);
}

/* results_set_columns: two columns' cells set in one rewrite, rows without a value (NULL, or past
 * the list) kept as they were, a tab in a value made a space; a column the header lacks refuses (EINVAL). */
static void test_set_columns(void)
{
    struct results r;
    CHECK(results_open(&r, root, "setcols", "dev") == 0);
    if (!r.dir) return;
    struct strlist cols = {0}, a = {0}, b = {0}, c = {0}, rel = {0}, sp = {0};
    strlist_of(&cols, (const char *[]){"variant", "rel_time", "status", "speedup"}, 4);
    strlist_of(&a, (const char *[]){"one", "0.5", "ok", "2"}, 4);
    strlist_of(&b, (const char *[]){"two", "", "ok", ""}, 4);
    strlist_of(&c, (const char *[]){"three", "9", "ok", "9"}, 4);
    results_header(&r, &cols);
    results_row(&r, &a);
    results_row(&r, &b);
    results_row(&r, &c);
    sl_push_own(&rel, xstrdup("1"));
    sl_push_own(&rel, NULL);
    sl_push_own(&sp, xstrdup("1"));
    sl_push_own(&sp, xstrdup("x\ty"));
    const char *names[] = { "rel_time", "speedup" };
    const struct strlist *vals[] = { &rel, &sp };
    CHECK(results_set_columns(&r, names, vals, 2) == 0);
    char *path = results_path(&r, "results.tsv");
    char *text = read_file(path, NULL);
    CHECK_STR(text, "variant\trel_time\tstatus\tspeedup\none\t1\tok\t1\ntwo\t\tok\tx y\nthree\t9\tok\t9\n");
    free(text);
    const char *bad[] = { "speedup", "nothere" };
    errno = 0;
    CHECK(results_set_columns(&r, bad, vals, 2) == -1 && errno == EINVAL);
    free(path);
    results_close(&r);
    sl_free(&cols); sl_free(&a); sl_free(&b); sl_free(&c); sl_free(&rel); sl_free(&sp);
}

/* results_put_rows, for a worker a stop killed: a row in the place it was measured again for, those
 * with places going on from the file's rows in that order until one is missing (a sweep's rows are
 * read back by their places: the one after the gap is left out), then those without one; a row the
 * kill cut off is dropped; the count written returned. */
static void test_put_rows(void)
{
    struct results r;
    CHECK(results_open(&r, root, "put", "dev") == 0);
    if (!r.dir) return;
    struct strlist cols = {0}, a = {0}, b = {0};
    strlist_of(&cols, (const char *[]){"variant", "rounds"}, 2);
    strlist_of(&a, (const char *[]){"one", "3"}, 2);
    strlist_of(&b, (const char *[]){"two", "1"}, 2);
    results_header(&r, &cols);
    results_row(&r, &a);
    results_row(&r, &b);
    char *dir = xstrdup(r.dir), *path = results_path(&r, "results.tsv");
    results_close(&r);
    FILE *f = fopen(path, "a");
    if (f) { fputs("cut\t", f); fclose(f); }                 /* the kill cut this row off */
    char *lines[] = { "four\t2\n", "two\t2\n", "three\t1\n", "stopped\t\n" };
    int at[] = { 4, 2, 3, 0 };
    char *gap[] = { "seven\t1\n" };
    int at_gap[] = { 7 };                                         /* the file has 5 rows: a gap */
    CHECK(results_put_rows(dir, lines, at, 4) == 4);
    CHECK(results_put_rows(dir, gap, at_gap, 1) == 0);
    char *text = read_file(path, NULL);
    CHECK_STR(text, "variant\trounds\none\t3\ntwo\t2\nthree\t1\nfour\t2\nstopped\t\n");
    free(text);
    free(path);
    free(dir);
    sl_free(&cols); sl_free(&a); sl_free(&b);
}

static void test_json(void)
{
    struct results r;
    CHECK(results_open(&r, root, "json", "dev") == 0);
    if (!r.dir) return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "experiment", "json");
    cJSON_AddNumberToObject(o, "trials", 7);
    CHECK(results_write_json(&r, "run.json", o) == 0);
    cJSON_Delete(o);
    char *path = results_path(&r, "run.json");
    size_t len = 0;
    char *text = read_file(path, &len);
    CHECK(text && len > 0 && text[len - 1] == '\n');
    cJSON *back = text ? cJSON_Parse(text) : NULL;
    CHECK(back != NULL);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(back, "experiment");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(back, "trials");
    CHECK(cJSON_IsString(e) && strcmp(e->valuestring, "json") == 0);
    CHECK(cJSON_IsNumber(t) && t->valuedouble == 7);
    char *tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
    CHECK(!file_exists(tmp));
    free(tmp);
    cJSON_Delete(back);
    free(text);
    free(path);
    results_close(&r);
}

static void test_same_second_suffix(void)
{
    /* Opens can straddle a second boundary; retry until three land in the same second. */
    for (int attempt = 0; attempt < 5; attempt++) {
        char exp[32];
        snprintf(exp, sizeof exp, "same%d", attempt);
        struct results a, b, c;
        int ok = results_open(&a, root, exp, "dev") == 0;
        ok &= results_open(&b, root, exp, "dev") == 0;
        ok &= results_open(&c, root, exp, "dev") == 0;
        CHECK(ok);
        if (!ok) return;
        char *b2 = xasprintf("%s-2", a.dir), *c3 = xasprintf("%s-3", a.dir);
        int same_second = strncmp(a.dir, c.dir, strlen(a.dir)) == 0;
        if (same_second) {
            CHECK_STR(b.dir, b2);
            CHECK_STR(c.dir, c3);
        }
        free(b2); free(c3);
        results_close(&a); results_close(&b); results_close(&c);
        if (same_second) return;
    }
    CHECK(!"no three opens within one second");
}

static void test_escape(void)
{
    char *e = tsv_escape("a\tb\nc\rd");
    CHECK_STR(e, "a b c d");
    free(e);
}

int main(void)
{
    root = xasprintf("tests/tmp/results-%ld-%ld", (long)getpid(), (long)time(NULL));
    if (mkdir_p(root) != 0) die("cannot create %s", root);
    RUN(test_open_layout);
    RUN(test_tsv_rows);
    RUN(test_replace_rows);
    RUN(test_set_columns);
    RUN(test_put_rows);
    RUN(test_json);
    RUN(test_same_second_suffix);
    RUN(test_escape);
    if (!check_cases_failed) remove_tree(root);  /* kept on failure, to look at */
    free(root);
    CHECK_EXIT();
}
