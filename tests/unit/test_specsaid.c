/* test_specsaid.c — a spec's mistakes said with what was meant (spec/spec_check.c, syntaxsaid.c,
 * spec_view.c): a suggestion that the group has not set already, the name libconfig's "duplicate
 * setting name" is about, the plot kind meant, and what flops_peak takes. */
#include "check.h"
#include "spec/spec.h"
#include <stdlib.h>

#define HEAD "description = \"d\";\ntemplate = \"t.cl.m4\";\nlaunch = { N = 64; local = 64; };\nglobal = \"N\";\n" \
             "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } );\n"  \
             "args = [ \"x\", \"uint:N\" ];\n"

/* said: the error of text (after HEAD's 6 lines) as spec_load_text says it, or NULL where it loads. */
static char *said(const char *text)
{
    struct spec s;
    char *err = NULL, *all = malloc(strlen(HEAD) + strlen(text) + 1);
    strcpy(all, HEAD);
    strcat(all, text);
    int rc = spec_load_text("t.spec", "t", all, &s, &err);
    free(all);
    spec_free(&s);
    if (rc == 0) free(err);
    return rc == 0 ? NULL : err;
}

#define SAID(text, want) do { char *e_ = said(text); CHECK_STR(e_, want); free(e_); } while (0)

/* A misspelt setting beside the one it looks most like, set already: the unset one is meant. */
static void suggests_unset(void)
{
    SAID("findings = ( { claim = \"c\"; check = \"1 > 0\"; claim_ = \">= 1.1\"; } );\n",
         "t.spec:7: finding: unknown setting 'claim_': did you mean claimed? (claim, check, compare, size, claimed, "
         "direction, where, given, seed, note, unrunnable)");
    /* Nothing unset near it: the nearest of all, as before. */
    SAID("findings = ( { claim = \"c\"; check = \"1 > 0\"; chek = \"2\"; } );\n",
         "t.spec:7: finding: unknown setting 'chek': did you mean check? (claim, check, compare, size, claimed, "
         "direction, where, given, seed, note, unrunnable)");
}

/* libconfig's "duplicate setting name" with the name, and where it was first set. */
static void duplicate_named(void)
{
    SAID("sol = { chain = \"1\";\n  chain = \"2\"; };\n",
         "t.spec:8: duplicate setting name 'chain': set twice in one group, first on line 7");
    SAID("findings = ( { claim = \"c\"; check = \"x\"; }, { claim = \"d\"; check = \"y\"; claim = \"e\"; } );\n",
         "t.spec:7: duplicate setting name 'claim': set twice in one group, on this line");
    /* A name in a string or a comment is none. */
    SAID("# warmups = 1;\nwarmups = 2; note = \"trials = 3\";\ntrials = 3; warmups = 4;\n",
         "t.spec:9: duplicate setting name 'warmups': set twice in one group, first on line 8");
}

static void plot_kind_meant(void)
{
    SAID("plots = ( { kind = \"bar\"; metric = \"gflops\"; } );\n",
         "t.spec:7: plot 1: kind 'bar' must be heatmap, lines, bars, optnoopt, roofline or scatter: did you mean bars?");
}

#define TAKES "flops_peak takes a class's code: 32 fp32, 64 fp64, 16 fp16, 116 tensor-f16, 119 tensor-tf32, " \
              "108 tensor-int8, 232 int32, 216 int16, 264 int64, 208 int8, or 0 for operations of no class"

static void flops_peak_codes(void)
{
    SAID("flops_peak = \"fp32\";\n", "t.spec:7: flops_peak: unknown name 'fp32' in 'fp32': did you mean 32? (" TAKES ")");
    SAID("flops_peak = 33;\n", "t.spec:7: flops_peak: 33 is no class's code (" TAKES ")");
    /* A variant's key that gives no code, at the variant's line. */
    SAID("flops_peak = \"PREC\";\nvariants = ( { name = \"a\"; PREC = 64; },\n  { name = \"b\"; PREC = 63; } );\n",
         "t.spec:9: flops_peak 'PREC' is 63 for variant b, which is no class's code (" TAKES ")");
    CHECK(said("flops_peak = 64;\n") == NULL);
    CHECK(said("flops_peak = 0;\n") == NULL);
    CHECK(said("flops_peak = \"PREC\";\nvariants = ( { name = \"a\"; PREC = 0; }, { name = \"b\"; PREC = 232; } );\n") == NULL);
}

int main(void)
{
    RUN(suggests_unset);
    RUN(duplicate_named);
    RUN(plot_kind_meant);
    RUN(flops_peak_codes);
    CHECK_EXIT();
}
