/* run_unbuilt.c — a failed build's reason in one line (the template's line where it must be
 * mended), as its rows' note says it and as a run of which nothing could be built says its first
 * failure, from this run's build or from the rows a resumed run kept. */
#include "run_impl.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* REASON_MAX: the longest reason a note carries, in bytes: a compiler's line that runs on (a macro's
 * whole expansion) is cut there, so that a row's note stays a line a table can show. */
enum { REASON_MAX = 300 };

/* line_at: the line l begins, trimmed, as a new string. */
static char *line_at(const char *l)
{
    char *line = xasprintf("%.*s", (int)strcspn(l, "\n"), l);
    char *t = xstrdup(str_trim(line));
    free(line);
    return t;
}

/* template_line: of a failed build's error (m4's stderr after its first line, or the compiler's
 * log), the first line that names a template's line ("broken.cl.m4:3: parameter KIND is not
 * defined", PoCL's "error: .../broken.cl.m4:9:19: ...", NVIDIA's "<kernel>:18:5: ... [.../t.cl.m4:9]"):
 * where the template must be mended; else the compiler's first error line (one in a header the
 * template includes); else the error's first line, and where that ends in ':' ("m4 failed on T
 * (exit 1):") the line that follows, which says why. A new string, trimmed. */
static char *template_line(const char *error)
{
    const char *text = !strncmp(error, "m4: ", 4) ? error + 4 : error;
    char *compiler = NULL;
    for (const char *l = text; *l; l += strcspn(l, "\n"), l += *l == '\n') {
        char *line = line_at(l);
        const char *at = strstr(line, ".m4:");
        if (at && isdigit((unsigned char)at[4])) {
            free(compiler);
            /* m4's own line begins "m4:" (GNU m4 names itself), which the "m4: " said before it repeats. */
            const char *from = line;
            if (!strncmp(from, "m4:", 3) && strncmp(from, "m4: ", 4)) from += 3;
            char *t = xstrdup(from);
            free(line);
            return t;
        }
        if (!compiler && l != text && strstr(line, "error:")) compiler = line;
        else free(line);
    }
    if (compiler) return compiler;
    char *first = line_at(text);
    size_t n = strlen(first);
    const char *next = text + strcspn(text, "\n");
    while (*next == '\n' || *next == ' ' || *next == '\t' || *next == '\r') next++;
    if (n && first[n - 1] == ':' && *next) {
        char *reason = line_at(next), *t = xasprintf("%s %s", first, reason);
        free(reason);
        free(first);
        return t;
    }
    return first;
}

char *run_unbuilt_reason(const char *error)
{
    char *where = template_line(error);
    size_t cut = strlen(where);
    if (cut > REASON_MAX)
        for (cut = REASON_MAX; cut > 0 && ((unsigned char)where[cut] & 0xC0) == 0x80;) cut--;   /* not in a UTF-8 letter */
    char *t = xasprintf("%s%.*s%s", strncmp(error, "m4: ", 4) ? "" : "m4: ", (int)cut, where, where[cut] ? "..." : "");
    free(where);
    return t;
}

char *run_unbuilt_said(const char *variant, const char *opts, const char *error)
{
    char *reason = run_unbuilt_reason(error);
    char *t = xasprintf("variant %s, build \"%s\": %s", variant, opts, reason);
    free(reason);
    return t;
}

char *run_kept_unbuilt(const struct runner *r)
{
    const struct table *t = &r->out.resume.rows;
    int cs = table_col(t, "status"), cv = table_col(t, "variant"), cb = table_col(t, "build"), cn = table_col(t, "note");
    for (int i = 0; cs >= 0 && cv >= 0 && cb >= 0 && cn >= 0 && i < t->nrows; i++) {
        if (row_status_of(table_cell(t, i, cs)) != RS_BUILD_FAILED) continue;
        /* The note holds the error in one line and the log (save_build_files), whose "# FAILED:"
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
