/* results.c — a run's results folder: results.tsv written row by row and fsynced, JSON files. */
#include "results.h"
#include <stdio_ext.h>
#include "lib/phase.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/file.h>

char *tsv_escape(const char *s)
{
    char *r = xstrdup(s ? s : "");
    for (char *p = r; *p; p++)
        if (*p == '\t' || *p == '\r' || *p == '\n') *p = ' ';
    return r;
}

int results_json_same(const cJSON *a, const cJSON *b)
{
    if (!a || !b) return a == b;
    char *x = cJSON_PrintUnformatted(a), *y = cJSON_PrintUnformatted(b);
    int same = x && y && !strcmp(x, y);
    cJSON_free(x);
    cJSON_free(y);
    return same;
}

char *results_path(const struct results *r, const char *sub) { return path_join(r->dir, sub); }

static int make_subdirs(const char *dir)
{
    static const char *const subs[] = {"cl", "bin", "logs"};
    for (size_t i = 0; i < sizeof subs / sizeof *subs; i++) {
        char *p = path_join(dir, subs[i]);
        int rc = mkdir(p, 0777);
        free(p);
        if (rc != 0 && errno != EEXIST) return -1;
    }
    return 0;
}

char *results_make_dir(const char *root, const char *experiment, const char *device)
{
    /* Both parts are slugged: a '/' in either would nest folders and break the latest link. */
    char *exp = slugify(experiment), *dev = slugify(device);
    char *dir = mkdir_stamped(root, exp, dev);
    free(exp);
    free(dev);
    return dir;
}

/* lock_new: the run's lock on its new results.tsv. Another clx asking whether a run is live (report,
 * compare, history, merge: results_held) holds the lock for an instant; a single try that met it left
 * this run unlocked, read as not live by the next reader. Tried again for up to 5 s. */
static int lock_new(int fd)
{
    double until = now_seconds() + 5;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if ((errno != EWOULDBLOCK && errno != EINTR) || now_seconds() > until) return -1;
        struct timespec ts = { 0, 10 * 1000000L };
        nanosleep(&ts, NULL);
    }
    return 0;
}

int results_open(struct results *r, const char *root, const char *experiment, const char *device)
{
    memset(r, 0, sizeof *r);
    r->dir = results_make_dir(root, experiment, device);
    if (!r->dir) return -1;
    char *tsv = results_path(r, "results.tsv");
    int rc = make_subdirs(r->dir) == 0 ? tsv_open(&r->tsv, tsv) : -1;
    free(tsv);
    if (rc == 0 && lock_new(fileno(r->tsv.f)) == 0) r->locked = 1, r->lock_fd = -1;
    if (rc) {
        int err = errno;
        free(r->dir);
        r->dir = NULL;
        errno = err;
        return -1;
    }
    return 0;
}

int results_reopen(struct results *r, const char *dir, long keep_bytes, int ncols)
{
    memset(r, 0, sizeof *r);
    char *tsv = path_join(dir, "results.tsv");
    int rc = make_subdirs(dir) == 0 && truncate(tsv, keep_bytes) == 0 ? 0 : -1;
    if (rc == 0 && !(r->tsv.f = fopen(tsv, "a"))) rc = -1;
    if (rc) { int err = errno; free(tsv); errno = err; return -1; }
    r->tsv.path = tsv;
    r->tsv.ncols = ncols;
    r->tsv.kept = keep_bytes;
    r->dir = xstrdup(dir);
    return 0;
}

int tsv_open(struct tsv_out *t, const char *path)
{
    memset(t, 0, sizeof *t);
    t->f = fopen(path, "w");
    if (!t->f) return -1;
    t->path = xstrdup(path);
    return 0;
}

/* sync_tsv: hands what was written to the kernel (a killed process loses nothing), and to the
 * disk when a second has passed since the last time, or when forced (a closing file). */
static void sync_tsv(struct tsv_out *t, int force)
{
    double t0 = now_seconds();
    int bad = ferror(t->f) || fflush(t->f) != 0;
    if (!bad && (force || t0 - t->synced >= 1.0)) {
        bad = fsync(fileno(t->f)) != 0;
        t->synced = t0;
    }
    if (!bad) t->kept = (long long)ftello(t->f);
    if (bad && !t->failed) {
        int e = errno;
        /* Drop what stdio still holds and cut the part of the line that reached the file. */
        __fpurge(t->f);
        if (ftruncate(fileno(t->f), (off_t)t->kept) == 0) fseeko(t->f, (off_t)t->kept, SEEK_SET);
        clearerr(t->f);
        if (!t->unsaid) warn("cannot write %s: %s (the rows before stay whole; no more are written)", t->path, strerror(e));
        t->failed = 1;
        t->err = e;
    }
    phase_add(PH_WRITE, now_seconds() - t0);
}

char *tsv_line(const struct strlist *vals, int n)
{
    struct sbuf b = {0};
    for (int i = 0; i < n; i++) {
        char *e = tsv_escape(i < vals->n ? vals->v[i] : "");
        sb_printf(&b, "%s%s", i ? "\t" : "", e);
        free(e);
    }
    sb_printf(&b, "\n");
    return b.s;
}

/* write_fields: n values tab-separated; values past vals->n are written empty. */
static void write_fields(FILE *f, const struct strlist *vals, int n)
{
    char *line = tsv_line(vals, n);
    fputs(line, f);
    free(line);
}

void tsv_header(struct tsv_out *t, const struct strlist *cols)
{
    if (!t->f) return;
    if (t->ncols) { warn("%s: header written twice; the second was dropped", t->path); return; }
    write_fields(t->f, cols, cols->n);
    t->ncols = cols->n;
    sync_tsv(t, 1);
}

void tsv_row(struct tsv_out *t, const struct strlist *vals)
{
    if (!t->f || t->failed) return;
    int n = t->ncols;
    if (!n) { warn("%s: row before the header", t->path); n = vals->n; }
    else if (vals->n != n)
        warn("%s: row has %d values for %d columns; %s", t->path, vals->n, n,
             vals->n < n ? "padded with empty ones" : "extra ones dropped");
    write_fields(t->f, vals, n);
    sync_tsv(t, 0);
}

int tsv_close(struct tsv_out *t)
{
    if (t->f) sync_tsv(t, 1);
    int rc = t->failed ? -1 : 0, err = t->err;
    if (t->f && fclose(t->f) != 0) {
        if (!err) err = errno;
        if (!t->failed && !t->unsaid) warn("cannot close %s: %s", t->path, strerror(errno));
        rc = -1;
    }
    free(t->path);
    memset(t, 0, sizeof *t);
    if (rc && err) errno = err;
    return rc;
}

void results_header(struct results *r, const struct strlist *cols) { tsv_header(&r->tsv, cols); }
void results_row(struct results *r, const struct strlist *vals) { tsv_row(&r->tsv, vals); }

int results_write_json(struct results *r, const char *name, const cJSON *obj)
{
    char *text = cJSON_Print(obj);
    if (!text) { errno = ENOMEM; return -1; }
    char *body = xasprintf("%s\n", text);
    cJSON_free(text);
    char *path = results_path(r, name);
    int rc = write_file_atomic(path, body, strlen(body));
    free(path);
    free(body);
    return rc;
}

cJSON *results_read_json(const char *dir, const char *name, char **err)
{
    char *path = path_join(dir, name);
    char *text = read_file(path, NULL);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    if (!text) *err = xasprintf("%s: %s", path, strerror(errno));
    else if (!cJSON_IsObject(j)) { *err = xasprintf("%s: not valid JSON", path); cJSON_Delete(j); j = NULL; }
    free(text);
    free(path);
    return j;
}

/* same_file: whether fd is still the file path names (a rewrite renames a new file over it). */
static int same_file(int fd, const char *path)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

int results_lock(const char *dir, double wait_s)
{
    char *p = path_join(dir, "results.tsv");
    double until = now_seconds() + wait_s;
    for (;;) {
        int fd = open(p, O_RDONLY | O_CLOEXEC);
        if (fd < 0) { int err = errno; free(p); errno = err; return -1; }
        while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int err = errno;
            if ((err != EWOULDBLOCK && err != EINTR) || now_seconds() > until) {
                close(fd);
                free(p);
                errno = err == EINTR ? EWOULDBLOCK : err;
                return -1;
            }
            struct timespec ts = { 0, 50 * 1000000L };
            nanosleep(&ts, NULL);
        }
        /* Opened just before a rewrite's rename, fd is the old file, which its writer lets go of as
         * it takes the new one: the lock got is of no file the run writes. Opened again. */
        if (same_file(fd, p)) { free(p); return fd; }
        close(fd);
    }
}

int results_held(const char *dir, double grace_s)
{
    int fd = results_lock(dir, grace_s);
    if (fd >= 0) {
        close(fd);
        return 0;
    }
    return errno == EWOULDBLOCK;
}

int results_claim(const char *dir, int wait)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0) {
        int err = errno;
        close(fd);
        errno = err;
        return -1;
    }
    return fd;
}

int results_put_rows(const char *dir, char *const *lines, const int *at, int n)
{
    int fd = results_lock(dir, 5);
    if (fd < 0) return -1;
    char *p = path_join(dir, "results.tsv");
    size_t len = 0;
    char *text = read_file(p, &len);
    int rc = -1, put = 0;
    if (text) {
        while (len > 0 && text[len - 1] != '\n') len--;   /* a row cut off by the kill: left out */
        text[len] = '\0';
        struct sbuf out = {0};
        int row = -1;                                     /* -1: the header */
        for (char *line = text, *next; *line; line = next, row++) {
            next = strchr(line, '\n') + 1;
            const char *in = NULL;
            for (int i = 0; i < n && row >= 0; i++)
                if (at[i] == row + 1) in = lines[i];
            if (in) {
                sb_printf(&out, "%s", in);
                put++;
            } else sb_putn(&out, line, (size_t)(next - line));
        }
        /* Past the file's rows: those with a place in order while each follows the last (a sweep's
         * row after one not written would be read back as that one's), then those without one. */
        for (int next = (row > 0 ? row : 0) + 1, found = 1; found; next++) {
            found = 0;
            for (int i = 0; i < n && !found; i++)
                if (at[i] == next) { sb_printf(&out, "%s", lines[i]); found = 1; put++; }
        }
        for (int i = 0; i < n; i++)
            if (at[i] <= 0) {
                sb_printf(&out, "%s", lines[i]);
                put++;
            }
        rc = write_file_atomic(p, out.s ? out.s : "", out.len) ? -1 : put;
        sb_free(&out);
    }
    int e = errno;
    free(text);
    free(p);
    close(fd);
    errno = e;
    return rc;
}

int results_close(struct results *r)
{
    if (r->locked && r->lock_fd >= 0) close(r->lock_fd);
    int rc = tsv_close(&r->tsv);
    free(r->dir);
    memset(r, 0, sizeof *r);
    return rc;
}

int results_discard(struct results *r)
{
    char *dir = r->dir ? xstrdup(r->dir) : NULL;
    results_close(r);
    if (!dir) { errno = ENOENT; return -1; }
    /* What results_open made, in its order reversed; remove() takes a subfolder only when it is
     * empty, and the last rmdir refuses a folder holding anything else (said by its errno). */
    static const char *const made[] = {"results.tsv", "logs", "bin", "cl"};
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        char *p = path_join(dir, made[i]);
        remove(p);
        free(p);
    }
    int rc = rmdir(dir);
    free(dir);
    return rc;
}
