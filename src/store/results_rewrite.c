/* results_rewrite.c — results.tsv rewritten whole beside itself and moved in place: a column added,
 * a column's cells set, rows replaced, rows put before others or taken out, a last column dropped
 * (results.h). */
#include "results.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* replace_tsv: results.tsv at path made out's text, atomically; later rows go to the new file
 * (ncols_added more columns a row), locked as this run's. The new file is locked before it takes
 * results.tsv's name: another clx asking whether the run is live (clx report, merge: results_held)
 * never finds it unlocked, and a second --resume never takes it. 0, or -1 (the old file as it was). */
static int replace_tsv(struct results *r, const char *path, const struct sbuf *out, int ncols_added)
{
    if (!r->tsv.f) return write_file_atomic(path, out->s ? out->s : "", out->len);
    char *tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
    /* Opened to append (the rows that follow go to its end), so one left under this name by a
     * killed process whose PID this one has now would be continued, its text before the file's. */
    remove(tmp);
    FILE *f = fopen(tmp, "a");
    int rc = -1, err = errno;
    if (f) {
        flock(fileno(f), LOCK_EX | LOCK_NB);     /* a file no other process has opened yet */
        errno = 0;
        size_t len = out->len, w = len ? fwrite(out->s, 1, len, f) : 0;
        /* On disk before it takes the name, as appended rows are (fsync): a host that stops after
         * the rename must not find results.tsv empty, every session's rows gone. */
        if (w != len || fflush(f) || fsync(fileno(f))) err = errno ? errno : EIO;
        else if (rename(tmp, path)) err = errno;
        else rc = 0;
    }
    if (rc) {
        if (f) fclose(f);
        remove(tmp);
        free(tmp);
        errno = err;
        return -1;
    }
    free(tmp);
    fclose(r->tsv.f);
    r->tsv.f = f;
    r->tsv.ncols += ncols_added;
    if (fseeko(r->tsv.f, 0, SEEK_END) == 0) r->tsv.kept = (long long)ftello(r->tsv.f);
    return 0;
}

/* rewrite_tsv: results.tsv read and written anew, each line (without its newline; row -1 the
 * header) given to each, which appends what takes its place to out; then replace_tsv. 0, or -1. */
typedef void (*line_fn)(struct sbuf *out, const char *line, size_t len, int row, const void *arg);
static int rewrite_tsv(struct results *r, line_fn each, const void *arg, int ncols_added)
{
    char *path = results_path(r, "results.tsv");
    if (r->tsv.f) fflush(r->tsv.f);
    char *text = read_file(path, NULL);
    if (!text) { free(path); return -1; }
    struct sbuf out = {0};
    int row = -1;
    for (char *line = text, *next; *line; line = next, row++) {
        char *nl = strchr(line, '\n');
        next = nl ? nl + 1 : line + strlen(line);
        each(&out, line, (size_t)((nl ? nl : next) - line), row, arg);
    }
    int rc = replace_tsv(r, path, &out, ncols_added), err = errno;
    sb_free(&out);
    free(text);
    free(path);
    errno = err;
    return rc;
}

struct added { const char *name; const struct strlist *vals; };

static void add_cell(struct sbuf *out, const char *line, size_t len, int row, const void *arg)
{
    const struct added *a = arg;
    char *v = tsv_escape(row < 0 ? a->name : row < a->vals->n ? a->vals->v[row] : "");
    sb_putn(out, line, len);
    sb_printf(out, "\t%s\n", v);
    free(v);
}

int results_add_column(struct results *r, const char *name, const struct strlist *vals)
{
    struct added a = { name, vals };
    return rewrite_tsv(r, add_cell, &a, 1);
}

#define SET_MAX 4
struct set { const char *const *names; const struct strlist *const *vals; int n, col[SET_MAX]; };

/* set_cells: line with its cells of columns x->col (found in the header: row -1) replaced by the
 * row's values, where it has them; every column in one pass, so that the file never holds one
 * column made anew beside another as it was (a write that fails between two). */
static void set_cells(struct sbuf *out, const char *line, size_t len, int row, const void *arg)
{
    struct set *x = (struct set *)arg;
    int c = 0;
    for (size_t i = 0, start = 0; i <= len; i++) {
        if (i < len && line[i] != '\t') continue;
        const char *v = NULL;
        for (int k = 0; k < x->n; k++) {
            if (row < 0 && i - start == strlen(x->names[k]) && !strncmp(line + start, x->names[k], i - start))
                x->col[k] = c;
            if (row >= 0 && x->col[k] == c && row < x->vals[k]->n) v = x->vals[k]->v[row];
        }
        if (c) sb_printf(out, "\t");
        if (v) {
            char *e = tsv_escape(v);
            sb_printf(out, "%s", e);
            free(e);
        }
        else sb_putn(out, line + start, i - start);
        c++;
        start = i + 1;
    }
    sb_printf(out, "\n");
}

int results_set_columns(struct results *r, const char *const *names, const struct strlist *const *vals, int n)
{
    if (n < 1 || n > SET_MAX) {
        errno = EINVAL;
        return -1;
    }
    struct set x = { .names = names, .vals = vals, .n = n };
    for (int k = 0; k < SET_MAX; k++) x.col[k] = -1;
    int rc = rewrite_tsv(r, set_cells, &x, 0);
    for (int k = 0; !rc && k < x.n; k++)
        if (x.col[k] < 0) {
            errno = EINVAL;
            return -1;
        }
    return rc;
}

int results_set_column(struct results *r, const char *name, const struct strlist *vals)
{
    return results_set_columns(r, &name, &vals, 1);
}

struct replaced { char *const *lines; int n; };

static void replace_line(struct sbuf *out, const char *line, size_t len, int row, const void *arg)
{
    const struct replaced *x = arg;
    if (row >= 0 && row < x->n && x->lines[row]) { sb_printf(out, "%s", x->lines[row]); return; }
    sb_putn(out, line, len);
    sb_printf(out, "\n");
}

int results_replace_rows(struct results *r, char *const *lines, int n)
{
    struct replaced x = { lines, n };
    return rewrite_tsv(r, replace_line, &x, 0);
}

struct relaid { char *const *before; const char *drop; int n; };

static void relay_line(struct sbuf *out, const char *line, size_t len, int row, const void *arg)
{
    const struct relaid *x = arg;
    int mine = row >= 0 && row < x->n;
    if (mine && x->before[row]) sb_printf(out, "%s", x->before[row]);
    if (mine && x->drop[row]) return;
    sb_putn(out, line, len);
    sb_printf(out, "\n");
}

int results_relayout(struct results *r, char *const *before, const char *drop, int n)
{
    struct relaid x = { before, drop, n };
    return rewrite_tsv(r, relay_line, &x, 0);
}

int results_drop_last_column(const char *dir, const char *name)
{
    char *path = path_join(dir, "results.tsv");
    size_t n = 0;
    char *text = read_file(path, &n);
    if (!text) { int err = errno; free(path); errno = err; return -1; }
    char *nl = strchr(text, '\n'), *tab = NULL;
    size_t hl = nl ? (size_t)(nl - text) : n;
    for (size_t i = 0; i < hl; i++)
        if (text[i] == '\t') tab = text + i;
    int rc = 0;
    if (tab && (size_t)(text + hl - tab - 1) == strlen(name) && !strncmp(tab + 1, name, strlen(name))) {
        struct sbuf out = {0};
        for (char *line = text, *next; *line; line = next) {
            char *end = strchr(line, '\n');
            next = end ? end + 1 : line + strlen(line);
            if (!end) break;                       /* a cut-off last line: a resume drops it anyway */
            char *last = end;
            while (last > line && last[-1] != '\t') last--;
            sb_putn(&out, line, last > line ? (size_t)(last - 1 - line) : (size_t)(end - line));
            sb_printf(&out, "\n");
        }
        rc = write_file_atomic(path, out.s ? out.s : "", out.len);
        sb_free(&out);
    }
    int err = errno;
    free(text);
    free(path);
    errno = err;
    return rc;
}
