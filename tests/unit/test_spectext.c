/* test_spectext.c — whether two spec texts say the same (lib/spectext.h), the one answer of --resume and
 * of compare's spec words: comments, blank lines and line ends (CRLF, a newline at the end) say
 * nothing; an edit of a setting is named by its line; every byte, where the whole text is compared. */
#include "check.h"
#include "lib/spectext.h"
#include "spec/specdiff.h"
#include <stdlib.h>

#define SPEC "# a comment\nx = 1;\n\nwarmups = 3;\n"

/* Comments and blank lines left out: an edit of them alone is none, though every line tells it. */
static void comments_say_nothing(void)
{
    const char *b = "# a comment, edited\n  # one added\n\nx = 1;\n   \nwarmups = 3;\n";
    CHECK(spectext_first_said(SPEC, b) == NULL);
    CHECK_STR(spectext_unsaid(SPEC, b), "comments or blank lines");
    char *d = spectext_first_line(SPEC, b);
    CHECK_STR(d, "line 1: '# a comment' there, '# a comment, edited' here");
    free(d);
}

static void blank_lines_say_nothing(void)
{
    const char *b = "\n# a comment\n\n\nx = 1;\n \t\nwarmups = 3;\n\n";
    CHECK(spectext_first_said(SPEC, b) == NULL);
    CHECK_STR(spectext_unsaid(SPEC, b), "comments or blank lines");
}

/* A spec converted to CRLF says the same, and is said as line ends, not comments; every byte
 * compared, the '\r' is shown (it was quoted raw, and the two lines read alike). */
static void crlf_says_nothing(void)
{
    const char *b = "# a comment\r\nx = 1;\r\n\r\nwarmups = 3;\r\n";
    CHECK(spectext_first_said(SPEC, b) == NULL);
    CHECK(spectext_first_said(b, SPEC) == NULL);
    CHECK_STR(spectext_unsaid(SPEC, b), "line ends (CRLF or LF, or a newline at the end)");
    char *d = spectext_first_line(SPEC, b);
    CHECK_STR(d, "line 1: '# a comment' there, '# a comment\\r' here");
    free(d);
    /* CRLF and a comment edited: the comment is what is said. */
    CHECK_STR(spectext_unsaid(SPEC, "# edited\r\nx = 1;\r\n\r\nwarmups = 3;\r\n"), "comments or blank lines");
}

/* A newline at the end, added or taken away, says nothing; every byte compared, it is named with
 * the last line (it named none: the refusal said run.json "spec" alone). */
static void trailing_newline_says_nothing(void)
{
    const char *b = "# a comment\nx = 1;\n\nwarmups = 3;";
    CHECK(spectext_first_said(SPEC, b) == NULL);
    CHECK_STR(spectext_unsaid(SPEC, b), "line ends (CRLF or LF, or a newline at the end)");
    char *d = spectext_first_line(SPEC, b);
    CHECK_STR(d, "line 4: 'warmups = 3;' ends in a newline there, not here");
    free(d);
    d = spectext_first_line(b, SPEC);
    CHECK_STR(d, "line 4: 'warmups = 3;' ends in a newline here, not there");
    free(d);
    CHECK(spectext_first_line(SPEC, SPEC) == NULL);
    CHECK(spectext_first_line(SPEC, NULL) == NULL);
}

/* A setting edited: its line named, each side's own number where they differ; a line one side lacks. */
static void setting_named_by_its_line(void)
{
    char *d = spectext_first_said(SPEC, "# a comment\n\nx = 1;\nwarmups = 4;\n");
    CHECK_STR(d, "line 4: 'warmups = 3;' there, 'warmups = 4;' here");
    free(d);
    d = spectext_first_said("# a comment, edited\n  # one added\n\nx = 1;\n   \nwarmups = 3;\n",
                            "# a comment\n\nx = 1;\nwarmups = 4;\n");
    CHECK_STR(d, "line 6: 'warmups = 3;' there, line 4: 'warmups = 4;' here");
    free(d);
    /* In CRLF on one side: the line quoted without its '\r'. */
    d = spectext_first_said(SPEC, "# a comment\r\nx = 1;\r\n\r\nwarmups = 4;\r\n");
    CHECK_STR(d, "line 4: 'warmups = 3;' there, 'warmups = 4;' here");
    free(d);
    d = spectext_first_said("x = 1;\nwarmups = 3;\n", "x = 1;\nwarmups = 3;\ntrials = 2;\n# the end\n");
    CHECK_STR(d, "line 3: (none) there, 'trials = 2;' here");
    free(d);
}

/* Within spans of the two texts: the first line there that says otherwise, both sides without line
 * numbers, *line here's; a line edited outside the spans is not seen; a line taken out, the span's end. */
static void within_spans(void)
{
    const char *a = "x = 1;\nl = {\n  # why\n  N = 1;\n};\ny = 2;\n";
    const char *b = "x = 9;\n# added\nl = {\n  # why, edited\n  N = 2;\n};\ny = 2;\n";
    int line = -1;
    char *d = spectext_said_within(a, 2, 5, b, 3, 6, &line);
    CHECK_STR(d, "'  N = 1;' there, '  N = 2;' here");
    CHECK(line == 5);
    free(d);
    CHECK(spectext_said_within(a, 6, 6, b, 7, 7, &line) == NULL);
    CHECK(line == 0);
    d = spectext_said_within(a, 2, 5, "l = {\n};\n", 1, 2, &line);
    CHECK_STR(d, "'  N = 1;' there, '};' here");
    CHECK(line == 2);
    free(d);
    d = spectext_said_within(a, 6, 6, b, 1, 0, &line);
    CHECK_STR(d, "'y = 2;' there, (none) here");
    CHECK(line == 0);
    free(d);
}

/* compare's words take the same answer: a CRLF copy is "comments or layout", a setting is named. */
static void compare_takes_it(void)
{
    struct specdiff d;
    specdiff_make("flops = \"N\";\n", "flops = \"N\";\r\n", &d);
    CHECK(d.said_same);
    char *s = specdiff_said(&d, "A", "B");
    CHECK_STR(s, "the spec, only its comments or layout (nothing it runs or measures)");
    free(s);
    specdiff_free(&d);
    specdiff_make("flops = \"N\";\n", "flops = \"2 * N\";\r\n", &d);
    CHECK(!d.said_same);
    s = specdiff_said(&d, "A", "B");
    CHECK_STR(s, "the spec's flops: 'N' in A, '2 * N' in B");
    free(s);
    specdiff_free(&d);
}

int main(void)
{
    RUN(within_spans);
    RUN(comments_say_nothing);
    RUN(blank_lines_say_nothing);
    RUN(crlf_says_nothing);
    RUN(trailing_newline_says_nothing);
    RUN(setting_named_by_its_line);
    RUN(compare_takes_it);
    CHECK_EXIT();
}
