/* held_rows.c — the rows a worker measured and has not written, held by its supervisor and written
 * in its place when a stop or a search's crash ends it first, and a resume's rows measured again
 * whatever ends it (held_rows.h). */
#include "held_rows.h"
#include "store/results.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

static int find(const struct held_rows *h, int v, int b, long pt)
{
    for (int i = 0; i < h->n; i++)
        if (h->row[i].v == v && h->row[i].b == b && h->row[i].pt == pt) return i;
    return -1;
}

void held_rows_put(struct held_rows *h, const struct worker_msg *m)
{
    int i = find(h, m->v, m->b, m->pt);
    if (i < 0) {
        if (h->n == h->cap) {
            h->cap = h->cap ? 2 * h->cap : 16;
            h->row = xrealloc(h->row, sizeof *h->row * (size_t)h->cap);
        }
        i = h->n++;
        h->row[i] = (struct held_row){ .v = m->v, .b = m->b, .pt = m->pt };
    }
    free(h->row[i].line);
    h->row[i].line = xasprintf("%s\n", m->text);
    h->row[i].at = m->at;
}

void held_rows_drop(struct held_rows *h, int v, int b, long pt)
{
    int i = find(h, v, b, pt);
    if (i < 0) return;
    free(h->row[i].line);
    memmove(h->row + i, h->row + i + 1, sizeof *h->row * (size_t)(h->n - i - 1));
    h->n--;
}

int held_rows_has(const struct held_rows *h, int v, int b, long pt) { return find(h, v, b, pt) >= 0; }

void held_rows_clear(struct held_rows *h)
{
    for (int i = 0; i < h->n; i++) free(h->row[i].line);
    h->n = 0;
}

int held_rows_write(const struct held_rows *h, const char *dir, int skip_v, int skip_b, long skip_pt, const char *last)
{
    char **lines = xmalloc(sizeof *lines * (size_t)(h->n + 1));
    int *at = xmalloc(sizeof *at * (size_t)(h->n + 1)), n = 0;
    for (int i = 0; i < h->n; i++) {
        const struct held_row *w = &h->row[i];
        if (w->v == skip_v && w->b == skip_b && (skip_pt < 0 || w->pt == skip_pt)) continue;
        lines[n] = w->line;
        at[n++] = w->at;
    }
    int put = 0;
    if (last) { lines[n] = (char *)last; at[n++] = 0; }
    if (n) put = results_put_rows(dir, lines, at, n);
    free(lines);
    free(at);
    return put < 0 ? -1 : put - (last != NULL);
}

int held_rows_write_only(struct held_rows *h, const char *dir, int v)
{
    struct held_rows only = {0};
    int k = 0;
    for (int i = 0; i < h->n; i++) {
        if (h->row[i].v != v) { h->row[k++] = h->row[i]; continue; }
        if (only.n == only.cap) {
            only.cap = only.cap ? 2 * only.cap : 16;
            only.row = xrealloc(only.row, sizeof *only.row * (size_t)only.cap);
        }
        only.row[only.n++] = h->row[i];
    }
    h->n = k;
    int put = only.n ? held_rows_write(&only, dir, -1, -1, -1, NULL) : 0;
    held_rows_clear(&only);
    free(only.row);
    return put;
}

void held_redone_send(int i, const char *line) { worker_row_now(HELD_REDONE_V, HELD_REDONE_V, i, i + 1, line); }

void held_redone_written(int i) { worker_row_written(HELD_REDONE_V, HELD_REDONE_V, i); }
