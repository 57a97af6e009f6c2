/* findspec.h — the error a spec of one finding gets when it is loaded (or none): the one spec text
 * the findings' unit tests write findings into. Shared by test_findings.c and test_findings_given.c. */
#ifndef FINDSPEC_H
#define FINDSPEC_H
#include "lib/util.h"
#include "spec/spec.h"
#include <stdlib.h>

/* spec_error_after: the error loading a spec of one finding (text inside its group) after the
 * settings in head (its last line ending with a newline, or ""), or NULL. A new string. */
static inline char *spec_error_after(const char *head, const char *finding)
{
    char *text = xasprintf("description = \"d\";\ntemplate = \"t.cl.m4\";\nlaunch = { N = 64; local = 64; };\n"
                           "global = \"N\";\nbuffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } );\n"
                           "args = [ \"x\", \"uint:N\" ];\n%sfindings = (\n  { claim = \"c\";\n%s }\n);\n", head, finding);
    struct spec s;
    char *err = NULL;
    if (spec_load_text("f.spec", "f", text, &s, &err) == 0) err = NULL;
    spec_free(&s);
    free(text);
    return err;
}

/* spec_error: spec_error_after with no settings before the findings. */
static inline char *spec_error(const char *finding) { return spec_error_after("", finding); }
#endif
