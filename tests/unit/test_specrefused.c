/* test_specrefused.c — what a refused resume names of an edited spec (spec/specrefused.h): each
 * refused setting at its file and line, with both texts, a setting of many lines by its line that
 * differs, and what no row reads beside them as not why. */
#include "check.h"
#include "spec/specrefused.h"
#include <stdlib.h>

/* Line 1 a comment; bytes on line 5, launch on lines 6 to 9, warmups on line 10. */
#define HEAD "# a comment\ndescription = \"d\";\nkernel = \"k\";\nflops = \"N\";\n"
#define LAUNCH(n) "launch = {\n  N = [ \"" n "\" ];\n  local = 64;\n};\n"
#define BASE HEAD "bytes = \"12 * N\";\n" LAUNCH("1M") "warmups = 1;\n"

/* refused: specrefused_said of texts a (the run's) and b (now), of file s.spec. */
static char *refused(const char *a, const char *b)
{
    struct specdiff d;
    specdiff_make(a, b, &d);
    char *s = specrefused_said(&d, a, b, "s.spec");
    specdiff_free(&d);
    return s;
}

/* One work setting: its line, both values; the setting is named once, before the parentheses. */
static void work_at_its_line(void)
{
    char *s = refused(BASE, HEAD "bytes = \"16 * N\";\n" LAUNCH("1M") "warmups = 1;\n");
    CHECK_STR(s, "the spec's bytes (s.spec:5: '12 * N' there, '16 * N' here)");
    free(s);
}

/* A run-level setting (what it runs or how it is timed) is said with both texts too, not by name
 * alone; one of many lines by the line within it that differs, at that line. */
static void run_settings_with_texts(void)
{
    char *s = refused(BASE, HEAD "bytes = \"12 * N\";\n" LAUNCH("1M") "warmups = 2;\n");
    CHECK_STR(s, "the spec's warmups (s.spec:10: '1' there, '2' here)");
    free(s);
    s = refused(BASE, HEAD "bytes = \"12 * N\";\n" LAUNCH("2M") "warmups = 1;\n");
    CHECK_STR(s, "the spec's launch (s.spec:7: '  N = [ \"1M\" ];' there, '  N = [ \"2M\" ];' here)");
    free(s);
    /* A setting added: its line, (none) there; one taken out: the file alone. */
    s = refused(BASE, BASE "trials = 3;\n");
    CHECK_STR(s, "the spec's trials (s.spec:11: (none) there, '3' here)");
    free(s);
    s = refused(BASE, HEAD "bytes = \"12 * N\";\n" LAUNCH("1M"));
    CHECK_STR(s, "the spec's warmups (s.spec: '1' there, (none) here)");
    free(s);
}

/* Several refused, a finding added before them (its line the first that differs): each named at its
 * line, the finding as not why. */
static void several_beside_a_finding(void)
{
    char *s = refused(BASE, HEAD "findings = ( { claim = \"c\"; check = \"1\"; } );\nbytes = \"16 * N\";\n" LAUNCH("1M")
                            "warmups = 2;\n");
    CHECK_STR(s, "the spec's bytes and warmups (s.spec:6: bytes '12 * N' there, '16 * N' here; s.spec:11: warmups '1' "
                 "there, '2' here; beside its findings, which alone a resume goes on past)");
    free(s);
}

/* Nothing refused (what no row reads alone), or texts no libconfig reads: NULL. */
static void nothing_refused_null(void)
{
    CHECK(refused(BASE, BASE "grid_stride = 1;\n") == NULL);
    CHECK(refused(BASE, "flops = ") == NULL);
}

int main(void)
{
    RUN(work_at_its_line);
    RUN(run_settings_with_texts);
    RUN(several_beside_a_finding);
    RUN(nothing_refused_null);
    CHECK_EXIT();
}
