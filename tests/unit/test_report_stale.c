/* test_report_stale.c — report/report_stale.c and lib/filestamp.c: report.md's record of the
 * results.tsv it read, read back; no mark where that file is the same (or where report.md records
 * none: an older clx's), the mark under the record where it was rewritten or removed since, once, and
 * the sentence for the console: what a clx merge says of a report it outlived, and the report of its
 * own rows gone while it was drawn. */
#include "check.h"
#include "report/report_stale.h"
#include "lib/filestamp.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define DIR_ "tests/tmp/unit_report_stale"

static void put(const char *name, const char *text)
{
    char *p = path_join(DIR_, name);
    CHECK(write_file_atomic(p, text, strlen(text)) == 0);
    free(p);
}

static char *get(const char *name)
{
    char *p = path_join(DIR_, name), *t = read_file(p, NULL);
    free(p);
    return t;
}

/* report_of: a report.md as clx report writes one of the results.tsv there now: its first line, the
 * record (report_stale_stamp's, from a rundir holding only the stamp), then a title. */
static void report_of(void)
{
    struct rundir r;
    memset(&r, 0, sizeof r);
    r.tsv_read = filestamp_of(DIR_ "/results.tsv");
    FILE *f = fopen(DIR_ "/report.md", "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("<!-- Written by clx -->\n", f);
    report_stale_stamp(f, &r);
    fputs("# vecsum on a device\n", f);
    fclose(f);
}

static void test_filestamp_round_trip(void)
{
    struct filestamp s = { .known = 1, .size = 2764, .sec = 1796376011, .nsec = 7 };
    char *t = filestamp_text(&s);
    CHECK_STR(t, "2764 1796376011.000000007");
    struct filestamp b = filestamp_read(t);
    CHECK(filestamp_same(&s, &b));
    free(t);
    b = filestamp_read("no stamp");
    CHECK(!b.known && !filestamp_same(&b, &b));   /* unknown is never the same: not fresh */
    char *w = filestamp_words(&b);
    CHECK_STR(w, "no such file");
    free(w);
}

static void test_same_file_not_stale(void)
{
    remove_tree(DIR_);
    CHECK(mkdir_p(DIR_) == 0);
    char *said = NULL;
    CHECK(report_stale_mark(DIR_, &said) == 0 && !said);       /* no report.md */
    put("results.tsv", "variant\tbuild\n");
    put("report.md", "<!-- Written by clx -->\n# an older clx's, with no record\n");
    CHECK(report_stale_mark(DIR_, &said) == 0 && !said);
    report_of();
    char *before = get("report.md");
    CHECK_CONTAINS(before, "\n" REPORT_STAMP_LINE "14 ");
    CHECK(report_stale_mark(DIR_, &said) == 0 && !said);
    char *after = get("report.md");
    CHECK_STR(after, before);
    free(before);
    free(after);
}

static void test_rewritten_marked_once(void)
{
    remove_tree(DIR_);
    CHECK(mkdir_p(DIR_) == 0);
    put("results.tsv", "variant\tbuild\n");
    report_of();
    /* What a merge's rewrite leaves: another file there (another size; a time that differs anyway). */
    put("results.tsv", "variant\tbuild\nnaive\tdefault\n");
    char *said = NULL;
    CHECK(report_stale_mark(DIR_, &said) == 1);
    CHECK_CONTAINS(said, DIR_ "/report.md is stale: results.tsv was rewritten after it was read (14 bytes, modified ");
    CHECK_CONTAINS(said, "; now: 28 bytes, modified ");
    CHECK_CONTAINS(said, " report " DIR_ " draws the rows there now");
    free(said);
    char *md = get("report.md");
    /* Under the record, before the title: the first thing the rendered page shows. */
    char *mark = md ? strstr(md, "\n**Stale:** the rows below are gone: this report read results.tsv at 14 bytes") : NULL;
    CHECK(mark && mark > strstr(md, REPORT_STAMP_LINE) && mark < strstr(md, "# vecsum"));
    CHECK_CONTAINS(md, "; now: 28 bytes, modified ");
    CHECK(report_stale_mark(DIR_, NULL) == 1);                 /* the report and the merge both ask */
    char *again = get("report.md");
    CHECK_STR(again, md);
    free(again);
    free(md);
}

static void test_removed_marked(void)
{
    remove_tree(DIR_);
    CHECK(mkdir_p(DIR_) == 0);
    put("results.tsv", "variant\tbuild\n");
    report_of();
    remove(DIR_ "/results.tsv");
    CHECK(report_stale_mark(DIR_, NULL) == 1);
    char *md = get("report.md");
    CHECK_CONTAINS(md, "; now: no such file (a clx merge into the folder rewrote it");
    free(md);
    remove_tree(DIR_);
}

int main(void)
{
    setenv("TZ", "UTC0", 1);
    tzset();
    RUN(test_filestamp_round_trip);
    RUN(test_same_file_not_stale);
    RUN(test_rewritten_marked_once);
    RUN(test_removed_marked);
    CHECK_EXIT();
}
