/* test_specshape.c — what the spec reader makes of verify's tolerance and of the launch's shape
 * (spec_tolerance.c, spec_check_launch_shape): a relative tolerance of 1 or more, which passes an
 * output of zeros, refused at its line with what to write; one above a tenth warned of at its line;
 * local_size's "1" entries past global's dimensions (the documented default written out) taken,
 * anything else there refused at local_size's line with the list to write; an empty global or args
 * named at its line. Specs are texts (spec_load_text): no template is read. */
#include "check.h"
#include "spec/plan_table.h"
#include "spec/spec.h"
#include <stdlib.h>

/* The spec every case edits: line 5 is global, line 6 local_size, line 9 verify. */
#define HEAD "description = \"d\";\ntemplate = \"t.cl.m4\";\nkernel = \"k\";\nlaunch = { N = 64; local = [ 16, 32 ]; };\n"
#define BUFS "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"output\"; } );\nargs = [ \"x\" ];\n"
#define SPEC(global, local_size, verify) HEAD "global = " global ";\n" local_size "\n" BUFS verify "\n"

/* loaded: the error of text (a new string), or NULL when it loaded (into *s, which the caller frees). */
static char *loaded(const char *text, struct spec *s)
{
    char *err = NULL;
    if (spec_load_text("t.spec", "t", text, s, &err) == 0) return NULL;
    spec_free(s);
    return err ? err : strdup("(no message)");
}

static void tolerance_one_refused_at_its_line(void)
{
    struct spec s;
    char *e = loaded(SPEC("\"N\"", "", "verify = { reference = \"r\";\n  tolerance = 1.0; };"), &s);
    CHECK_CONTAINS(e, "t.spec:10: verify: tolerance = 1 is relative");
    CHECK_CONTAINS(e, "passes an output of zeros, so every row would be ok having verified nothing");
    CHECK_CONTAINS(e, "(0.01 for 1%;");
    CHECK_CONTAINS(e, "abs_tolerance for rounding near zero");
    free(e);
    e = loaded(SPEC("\"N\"", "", "verify = { baseline = \"v\"; tolerance = 5; };"), &s);
    CHECK_CONTAINS(e, "t.spec:9: verify: tolerance = 5 is relative");
    CHECK_CONTAINS(e, "(0.05 for 5%;");
    free(e);
}

static void large_tolerance_warned_at_its_line(void)
{
    struct spec s;
    struct strlist w = {0};
    char *e = loaded(SPEC("\"N\"", "", "verify = { reference = \"r\";\n  tolerance = 0.5; };"), &s);
    CHECK(e == NULL);
    free(e);
    if (e) return;
    spec_warn_tolerance(&s, &w);
    CHECK(w.n == 1);
    if (w.n) {
        CHECK_CONTAINS(w.v[0], "t.spec:10: verify: tolerance = 0.5 passes an answer up to 50% off");
        CHECK_CONTAINS(w.v[0], "for 0.5%, write 0.005");
    }
    sl_free(&w);
    spec_free(&s);
    /* A tenth and below (the shipped specs' 1e-4, 2e-4) is no warning, nor is no tolerance at all. */
    const char *quiet[] = { SPEC("\"N\"", "", "verify = { reference = \"r\"; tolerance = 0.1; };"),
                            SPEC("\"N\"", "", "verify = { reference = \"r\"; tolerance = 2e-4; };"),
                            SPEC("\"N\"", "", "verify = { reference = \"r\"; };") };
    for (size_t i = 0; i < sizeof quiet / sizeof *quiet; i++) {
        e = loaded(quiet[i], &s);
        CHECK(e == NULL);
        free(e);
        if (e) continue;
        spec_warn_tolerance(&s, &w);
        CHECK(w.n == 0);
        sl_free(&w);
        spec_free(&s);
    }
}

/* The default written out is the default (a number 1 as well as "1", in a list, which may mix them):
 * a 1-D spec's local axis stays its work-group size. */
static void local_size_default_taken_for_every_global(void)
{
    const char *globals[] = { "\"N\"", "[ \"N\", \"4\" ]", "[ \"N\", \"2\", \"2\" ]" };
    for (int g = 0; g < 3; g++) {
        char *text = xasprintf(SPEC("%s", "local_size = ( \"local\", \"1\", 1 );", ""), globals[g]);
        struct spec s;
        char *e = loaded(text, &s);
        free(text);
        if (e) fprintf(stderr, "  %s\n", e);
        CHECK(e == NULL);
        free(e);
        if (e) continue;
        CHECK(s.local_size.n == g + 1);
        CHECK_STR(s.local_size.v[0], "local");
        if (g == 0) CHECK(plan_local_is_axis(&s));
        spec_free(&s);
    }
}

static void local_size_past_global_refused_at_its_line(void)
{
    struct spec s;
    char *e = loaded(SPEC("[ \"N\", \"N\" ]", "local_size = [ \"TILE\", \"TILE\", \"4\" ];", ""), &s);
    CHECK_STR(e, "t.spec:6: local_size has 3 entries and global 2 (line 5): the kernel is launched in as many "
                 "dimensions as global has, so an entry past them can only be \"1\" (as in the default [ \"local\", "
                 "\"1\", \"1\" ]), not \"4\"; give as many entries as global has: [ \"TILE\", \"TILE\" ], or global "
                 "one per entry of local_size");
    free(e);
}

/* Fewer entries than global's dimensions: refused at its line with what to write ([ "local" ] beside a
 * 2-D global launched local x 1 unsaid, the rows' local "8x1"). */
static void local_size_short_of_global_refused_at_its_line(void)
{
    struct spec s;
    char *e = loaded(SPEC("[ \"N\", \"N\" ]", "local_size = [ \"local\" ];", ""), &s);
    CHECK_STR(e, "t.spec:6: local_size has 1 entry and global 2 (line 5): give one work-group size per dimension of "
                 "global, e.g. [ \"local\", \"1\" ] (1 in a dimension left out; leaving local_size out launches "
                 "[ \"local\", \"1\", ... ])");
    free(e);
    e = loaded(SPEC("[ \"N\", \"N\", \"2\" ]", "local_size = [ \"TILE\", \"TILE\" ];", ""), &s);
    CHECK_CONTAINS(e, "t.spec:6: local_size has 2 entries and global 3 (line 5): ");
    CHECK_CONTAINS(e, "e.g. [ \"TILE\", \"TILE\", \"1\" ]");
    free(e);
}

static void empty_global_and_args_at_their_lines(void)
{
    struct spec s;
    char *e = loaded(SPEC("[ ]", "", ""), &s);
    CHECK_CONTAINS(e, "t.spec:5: 'global' (work-items per dimension, an expression) is empty");
    free(e);
    e = loaded(HEAD "global = \"N\";\nbuffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } );\n"
               "args = [ ];\n", &s);
    CHECK_CONTAINS(e, "t.spec:7: 'args' (the kernel's arguments in order) is empty");
    free(e);
    /* Absent, it is the whole file's: line 1. */
    e = loaded(HEAD BUFS, &s);
    CHECK_STR(e, "t.spec:1: 'global' (work-items per dimension, an expression) is missing");
    free(e);
}

int main(void)
{
    RUN(tolerance_one_refused_at_its_line);
    RUN(large_tolerance_warned_at_its_line);
    RUN(local_size_default_taken_for_every_global);
    RUN(local_size_past_global_refused_at_its_line);
    RUN(local_size_short_of_global_refused_at_its_line);
    RUN(empty_global_and_args_at_their_lines);
    CHECK_EXIT();
}
