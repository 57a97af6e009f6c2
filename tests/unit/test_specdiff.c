/* test_specdiff.c — what of a spec differs between two texts (spec/specdiff.h): its declared work with
 * both texts, what it runs by the settings' names, or only what no row reads. */
#include "check.h"
#include "spec/specdiff.h"
#include <stdlib.h>

#define BASE "# a comment\ndescription = \"d\";\nkernel = \"k\";\nflops = \"N\";\nbytes = \"12 * N\";\n" \
             "launch = { N = [ \"1M\" ]; local = 64; };\nfindings = ( { claim = \"c\"; check = \"1\"; } );\n"

static char *said(const char *a, const char *b, int *work_only)
{
    struct specdiff d;
    specdiff_make(a, b, &d);
    char *s = specdiff_said(&d, "A", "B");
    *work_only = specdiff_work_only(&d);
    specdiff_free(&d);
    return s;
}

static void flops_named_with_both_texts(void)
{
    int w;
    char *s = said(BASE, "# a comment\ndescription = \"d\";\nkernel = \"k\";\nflops = \"4 * N\";\nbytes = \"12 * N\";\n"
                         "launch = { N = [ \"1M\" ]; local = 64; };\nfindings = ( { claim = \"c\"; check = \"1\"; } );\n", &w);
    CHECK_STR(s, "the spec's flops: 'N' in A, '4 * N' in B");
    CHECK(w);
    free(s);
}

static void work_removed_said_none(void)
{
    int w;
    char *s = said(BASE, "description = \"d\";\nkernel = \"k\";\nflops = \"N\";\n"
                         "launch = { N = [ \"1M\" ]; local = 64; };\nfindings = ( { claim = \"c\"; check = \"1\"; } );\n", &w);
    CHECK_STR(s, "the spec's bytes: '12 * N' in A, (none) in B");
    CHECK(w);
    free(s);
}

static void run_parts_named(void)
{
    int w;
    char *s = said(BASE, "description = \"d\";\nkernel = \"k2\";\nflops = \"2 * N\";\nbytes = \"12 * N\";\n"
                         "launch = { N = [ \"2M\" ]; local = 64; };\nfindings = ( { claim = \"c\"; check = \"1\"; } );\n", &w);
    CHECK_STR(s, "the spec's flops: 'N' in A, '2 * N' in B; the spec's kernel and launch (what it runs or how it is timed)");
    CHECK(!w);                       /* other kernels: their work is not only declared otherwise */
    free(s);
}

static void findings_and_comments_only(void)
{
    int w;
    char *s = said(BASE, "description = \"d\";\nkernel = \"k\";\nflops = \"N\";\nbytes = \"12 * N\";\n"
                         "launch = { N = [ \"1M\" ]; local = 64; };\nfindings = ( { claim = \"c2\"; check = \"1\"; } );\n", &w);
    CHECK_STR(s, "the spec, only its findings (nothing it runs or measures)");
    CHECK(!w);
    free(s);
    s = said(BASE, "# another comment\n" BASE, &w);
    CHECK_STR(s, "the spec, only its comments or layout (nothing it runs or measures)");
    CHECK(!w);
    free(s);
}

static void flops_peak_alone_keeps_rates(void)
{
    int w;
    char *s = said(BASE, BASE "flops_peak = \"64\";\n", &w);
    CHECK_STR(s, "the spec's flops_peak: (none) in A, '64' in B");
    CHECK(!w);                       /* the same count against another peak: rates still compare */
    free(s);
}

/* A buffer's vector is read by --modes alone: declared (vecsum.spec's, added since), it changes
 * nothing a sweep runs; beside another change of the buffers, the buffers are what differs. */
#define BUFS(c) "buffers = ( { name = \"a\"; type = \"float\"; count = \"N\"; init = \"random\"; }, " \
                "{ name = \"c\"; type = \"float\"; count = \"" c "\"; init = \"output\"; } );\n"
#define BUFS_VEC(c) "buffers = ( { name = \"a\"; type = \"float\"; count = \"N\"; init = \"random\"; vector = \"VEC\"; }, " \
                    "{ name = \"c\"; type = \"float\"; count = \"" c "\"; init = \"output\"; vector = 4; } );\n"
static void buffers_vector_only(void)
{
    int w;
    char *s = said(BASE BUFS("N"), BASE BUFS_VEC("N"), &w);
    CHECK_STR(s, "the spec, only its buffers' vector (nothing it runs or measures)");
    CHECK(!w);
    free(s);
    s = said(BASE BUFS_VEC("N"), BASE BUFS("N"), &w);
    CHECK_STR(s, "the spec, only its buffers' vector (nothing it runs or measures)");
    free(s);
    s = said(BASE BUFS("N"), BASE BUFS_VEC("2 * N"), &w);
    CHECK_STR(s, "the spec's buffers (what it runs or how it is timed)");
    free(s);
}

/* grid_stride is read by --modes alone: declared since (vecsum.spec's "STRIDE"), it changes nothing a
 * sweep runs, alone or beside the buffers' vector. */
static void grid_stride_only(void)
{
    int w;
    char *s = said(BASE, BASE "grid_stride = \"STRIDE\";\n", &w);
    CHECK_STR(s, "the spec, only its grid_stride (nothing it runs or measures)");
    CHECK(!w);
    free(s);
    s = said(BASE BUFS("N"), BASE BUFS_VEC("N") "grid_stride = 1;\n", &w);
    CHECK_STR(s, "the spec, only its buffers' vector and grid_stride (nothing it runs or measures)");
    free(s);
}

static void unreadable_said_nothing(void)
{
    int w;
    char *s = said(BASE, "flops = ", &w);
    CHECK(s == NULL);
    CHECK(!w);
}

/* unread_only: specdiff_unread_only of two texts, the rule --resume goes on by. */
static int unread_only(const char *a, const char *b)
{
    struct specdiff d;
    specdiff_make(a, b, &d);
    int u = specdiff_unread_only(&d);
    specdiff_free(&d);
    return u;
}

/* --resume goes on past an edit of what no row reads (findings, plots, grid_stride, a buffer's
 * vector, comments, a comment after a setting), never past a work setting (the rows' rates) or what
 * runs, nor past a text no libconfig reads. */
static void unread_only_what_no_row_reads(void)
{
    CHECK(unread_only(BASE, "# another comment\n" BASE));
    CHECK(unread_only(BASE, BASE "plots = ( { type = \"line\"; x = \"N\"; y = \"gbs\"; } );\n"));
    CHECK(unread_only(BASE, "description = \"d\";\nkernel = \"k\";  # the kernel\nflops = \"N\";\nbytes = \"12 * N\";\n"
                            "launch = { N = [ \"1M\" ]; local = 64; };\nfindings = ( { claim = \"c2\"; check = \"2\"; } );\n"));
    CHECK(unread_only(BASE, BASE "grid_stride = \"STRIDE\";\n"));
    CHECK(unread_only(BASE BUFS("N"), BASE BUFS_VEC("N")));
    CHECK(!unread_only(BASE BUFS("N"), BASE BUFS_VEC("2 * N")));
    CHECK(!unread_only(BASE, BASE "flops_peak = \"64\";\n"));
    CHECK(!unread_only(BASE, "description = \"d\";\nkernel = \"k\";\nflops = \"4 * N\";\nbytes = \"12 * N\";\n"
                             "launch = { N = [ \"1M\" ]; local = 64; };\nfindings = ( { claim = \"c\"; check = \"1\"; } );\n"));
    CHECK(!unread_only(BASE, BASE "warmups = 3;\n"));
    CHECK(!unread_only(BASE, "flops = "));
}

int main(void)
{
    RUN(flops_named_with_both_texts);
    RUN(work_removed_said_none);
    RUN(run_parts_named);
    RUN(findings_and_comments_only);
    RUN(flops_peak_alone_keeps_rates);
    RUN(buffers_vector_only);
    RUN(grid_stride_only);
    RUN(unreadable_said_nothing);
    RUN(unread_only_what_no_row_reads);
    CHECK_EXIT();
}
