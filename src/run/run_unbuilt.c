/* run_unbuilt.c — what a run of which nothing could be built says of its first failure: the
 * template's line where it must be mended, from this run's build or from the rows a resumed run
 * kept. */
#include "run_impl.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* template_line: of a failed build's error (m4's stderr after its first line, or the compiler's
 * log), the first line that names a template's line ("broken.cl.m4:3: parameter KIND is not
 * defined", PoCL's "error: .../broken.cl.m4:9:19: ...", NVIDIA's "<kernel>:18:5: ... [.../t.cl.m4:9]"):
 * where the template must be mended; else the error's first line. A new string, trimmed. */
static char *template_line(const char *error)
{
    const char *text = !strncmp(error, "m4: ", 4) ? error + 4 : error;
    for (const char *l = text; *l; l += strcspn(l, "\n"), l += *l == '\n') {
        char *line = xasprintf("%.*s", (int)strcspn(l, "\n"), l);
        const char *at = strstr(line, ".m4:");
        if (at && isdigit((unsigned char)at[4])) {
            /* m4's own line begins "m4:" (GNU m4 names itself), which the "m4: " said before it repeats. */
            const char *from = str_trim(line);
            if (!strncmp(from, "m4:", 3) && strncmp(from, "m4: ", 4)) from += 3;
            char *t = xstrdup(from);
            free(line);
            return t;
        }
        free(line);
    }
    return xasprintf("%.*s", (int)strcspn(text, "\n"), text);
}

char *run_unbuilt_said(const char *variant, const char *opts, const char *error)
{
    char *where = template_line(error);
    char *t = xasprintf("variant %s, build \"%s\": %s%s", variant, opts, strncmp(error, "m4: ", 4) ? "" : "m4: ", where);
    free(where);
    return t;
}

char *run_kept_unbuilt(const struct runner *r)
{
    const struct table *t = &r->out.resume.rows;
    int cs = table_col(t, "status"), cv = table_col(t, "variant"), cb = table_col(t, "build"), cn = table_col(t, "note");
    for (int i = 0; cs >= 0 && cv >= 0 && cb >= 0 && cn >= 0 && i < t->nrows; i++) {
        if (row_status_of(table_cell(t, i, cs)) != RS_BUILD_FAILED) continue;
        /* The note holds the error's first line and the log (save_build_files), whose "# FAILED:"
         * line on holds the whole error, where the template's line is. */
        const char *note = table_cell(t, i, cn), *log = strstr(note, "; log: ");
        char *text = NULL;
        if (log) {
            char *path = results_path(&r->out.res, log + strlen("; log: "));
            text = read_file(path, NULL);
            free(path);
        }
        const char *failed = text ? strstr(text, "\n# FAILED: ") : NULL;
        char *error = failed ? xstrdup(failed + strlen("\n# FAILED: "))
                             : xasprintf("%.*s", log ? (int)(log - note) : (int)strlen(note), note);
        /* The row names the build by its label ("default"), the line by its options (""). */
        const char *label = table_cell(t, i, cb), *opts = label;
        for (int b = 0; b < r->plan.builds.n; b++)
            if (!strcmp(plan_build_label(r->plan.builds.v[b]), label)) opts = r->plan.builds.v[b];
        char *said = run_unbuilt_said(table_cell(t, i, cv), opts, error);
        free(error);
        free(text);
        return said;
    }
    return NULL;
}
