/* stderrcatch.c — what a library writes on descriptor 2 during one call caught in a file (stderrcatch.h). */
#include "stderrcatch.h"
#include "console.h"
#include "util.h"
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A marker's one line: this word, the shared file's name (in the marker's folder), the catch's first
 * byte in it, "single" or "shared" (words of one length, so that a catch that becomes shared has its
 * marker rewritten in place, never truncated: a crash then could leave it empty), and "alone" or
 * "beside" (set at its begin; a marker of an older clx has none: alone). */
#define MARKER_WORD "#clx-stderrcatch"

/* The catches' state, under `lock`. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct stderrcatch *catching;  /* the catches on: descriptor 2 is on `file` while there are */
static int file = -1;           /* the shared file (descriptor 2 is a copy of it meanwhile) */
static int saved = -1;          /* descriptor 2 as it was */
static char *file_name;         /* its path, NULL when it is an unlinked temporary file */
static char *file_dir;          /* the folder it is in, NULL with file_name */
static int quit;                /* stderrcatch_quit ran: no catch begins */
static pid_t owner;             /* the process whose catches they are (__atomic: a child forked has a copy) */
/* Set by a thread while it holds `lock`: a die within (an allocation's) must not take it again. */
static _Thread_local int holding;

static void take(void)
{
    pthread_mutex_lock(&lock);
    holding = 1;
}

static void let_go(void)
{
    holding = 0;
    pthread_mutex_unlock(&lock);
}

/* folder_of: the folder of path ("." where it names none), a new string. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? xasprintf("%.*s", slash == path ? 1 : (int)(slash - path), path) : xstrdup(".");
}

/* temp_file: an unlinked file in $TMPDIR (else /tmp), read and written; -1 when none can be made. */
static int temp_file(void)
{
    const char *dir = getenv("TMPDIR");
    char *name = xasprintf("%s/clx-stderr-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(name);
    if (fd >= 0) unlink(name);
    free(name);
    return fd;
}

/* open_file: the shared file made (in marker's folder where it can be, else a temporary one) and
 * descriptor 2 moved onto it, clx's messages to the console's meanwhile (console.h); 0, or -1 with
 * descriptor 2 untouched. */
static int open_file(const char *marker)
{
    if (marker) {
        file_dir = folder_of(marker);
        file_name = xasprintf("%s/" STDERRCATCH_SHARED_PREFIX "XXXXXX", file_dir);
        file = mkstemp(file_name);
        if (file < 0) {
            free(file_name);
            free(file_dir);
            file_name = file_dir = NULL;
        }
    }
    if (file < 0) file = temp_file();
    if (file >= 0) {
        fcntl(file, F_SETFD, FD_CLOEXEC);
        fcntl(file, F_SETFL, O_APPEND);     /* each write at its end: a catch's part is [from, end) */
        saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    }
    if (saved >= 0) console_to(saved);
    if (saved >= 0 && dup2(file, 2) == 2) return 0;
    /* Nothing moved: descriptor 2 is as it was. */
    if (saved >= 0) { console_to(2); close(saved); }
    if (file >= 0) close(file);
    if (file_name) unlink(file_name);
    free(file_name);
    free(file_dir);
    file = saved = -1;
    file_name = file_dir = NULL;
    return -1;
}

/* close_file: descriptor 2 back where it was, the shared file closed and removed (the last catch ended). */
static void close_file(void)
{
    dup2(saved, 2);
    console_to(2);
    close(saved);
    close(file);
    if (file_name) unlink(file_name);
    free(file_name);
    free(file_dir);
    file = saved = -1;
    file_name = file_dir = NULL;
}

/* marker_write: c's marker made (fresh: emptied first) or its line rewritten in place; its line only
 * where it can name the shared file (one in its own folder). */
static void marker_write(const struct stderrcatch *c, int fresh)
{
    if (!c->marker) return;
    int fd = open(c->marker, O_WRONLY | O_CREAT | O_CLOEXEC | (fresh ? O_TRUNC : 0), 0644);
    if (fd < 0) return;
    char *dir = folder_of(c->marker);
    if (file_name && !strcmp(dir, file_dir)) {
        char *line = xasprintf(MARKER_WORD " %s %lld %s %s\n", strrchr(file_name, '/') + 1, c->from,
                               c->shared ? "shared" : "single", c->beside ? "beside" : "alone");
        if (pwrite(fd, line, strlen(line), 0) < 0) { /* no marker: a crash's reader finds none */ }
        free(line);
    }
    free(dir);
    close(fd);
}

/* A marker's line, as marker_read reads it. */
struct marker_line {
    char name[256];             /* the shared file's name (in the marker's folder); "" where the line has none */
    long long from;             /* the catch's first byte in it; -1 where the line stops short of its words */
    int shared, beside;
};

/* marker_read: the file at path read as a marker, the one reader of MARKER_WORD's line: 1 where its
 * text begins with the word, m its line's fields (a name with a '/', or not SHARED_PREFIX's, is none:
 * the shared file is in the marker's folder); 0 where it is a file of other text (a run's from before markers), that text in
 * *text where text is not NULL; -1 where there is no file. */
static int marker_read(const char *path, struct marker_line *m, char **text)
{
    char how[16] = "", by[16] = "alone";    /* a marker of an older clx has no "alone" or "beside" */
    memset(m, 0, sizeof *m);
    m->from = -1;
    if (text) *text = NULL;
    char *t = read_file(path, NULL);
    if (!t) return -1;
    if (strncmp(t, MARKER_WORD " ", strlen(MARKER_WORD " "))) {
        if (text) *text = t;
        else free(t);
        return 0;
    }
    int n = sscanf(t + strlen(MARKER_WORD " "), "%255s %lld %15s %15s", m->name, &m->from, how, by);
    free(t);
    /* Only a shared file's name is one: a marker naming another file (a build's log: a marker
     * damaged or written by hand) would have supersede remove that file as the catch's. */
    if (n < 1 || strchr(m->name, '/') || !str_starts(m->name, STDERRCATCH_SHARED_PREFIX)) *m->name = 0;
    if (n < 3 || m->from < 0) m->from = -1;
    m->shared = !strcmp(how, "shared");
    m->beside = !strcmp(by, "beside");
    return 1;
}

/* marker_names: whether the file at path is a marker that names a shared file, m its line. */
static int marker_names(const char *path, struct marker_line *m)
{
    return marker_read(path, m, NULL) == 1 && *m->name;
}

/* drop_named: in folder dir, the shared file `name` and every marker that names it removed, but for
 * a marker named `but` (NULL: none) and the file where a marker left in names it (and except: the
 * markers of other catches, which still need it). */
static void drop_named(const char *dir, const char *name, const char *but, int except)
{
    struct marker_line other;
    int needed = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!str_ends(e->d_name, STDERRCATCH_MARKER_EXT) || (but && !strcmp(e->d_name, but))) continue;
        char *m = path_join(dir, e->d_name);
        if (marker_names(m, &other) && !strcmp(other.name, name)) {
            if (except) needed = 1;
            else unlink(m);
        }
        free(m);
    }
    if (d) closedir(d);
    if (needed) return;
    char *path = path_join(dir, name);
    unlink(path);
    free(path);
}

/* supersede: a marker already at c's marker path is an older crash's record of this same call (a
 * resume builds again the build a worker died in): the text is caught afresh, so the shared file it
 * names goes too, unless another marker (of other catches of that process) still names it. */
static void supersede(const struct stderrcatch *c)
{
    struct marker_line m;
    if (!c->marker || !marker_names(c->marker, &m)) return;
    if (file_name && !strcmp(m.name, strrchr(file_name, '/') + 1)) return;   /* this process's own: in use */
    char *dir = folder_of(c->marker);
    const char *base = strrchr(c->marker, '/');
    drop_named(dir, m.name, base ? base + 1 : c->marker, 1);
    free(dir);
}

int stderrcatch_begin(struct stderrcatch *c, const char *marker, int beside)
{
    memset(c, 0, sizeof *c);
    take();
    fflush(stderr);
    if (quit || (!catching && open_file(marker))) {
        let_go();
        return -1;
    }
    c->on = 1;
    c->beside = beside != 0;
    __atomic_store_n(&owner, getpid(), __ATOMIC_RELEASE);
    /* clx's own exit (die) ends the catches first, nothing left behind. */
    __atomic_store_n(&util_before_die, stderrcatch_quit, __ATOMIC_RELEASE);
    c->marker = marker ? xstrdup(marker) : NULL;
    c->from = lseek(file, 0, SEEK_END);
    /* The others on are shared from now on too, their markers first: they say so should the process die. */
    for (struct stderrcatch *o = catching; o; o = o->next) {
        c->shared = 1;
        if (!o->shared) {
            o->shared = 1;
            marker_write(o, 0);
        }
    }
    supersede(c);
    marker_write(c, 1);
    c->next = catching;
    catching = c;
    let_go();
    return 0;
}

/* part: what the shared file holds from byte `from` to its end, appended to *b. */
static void part(long long from, struct sbuf *b)
{
    long long to = lseek(file, 0, SEEK_END);
    char chunk[4096];
    for (long long at = from; at < to;) {
        ssize_t n = pread(file, chunk, to - at < (long long)sizeof chunk ? (size_t)(to - at) : sizeof chunk, (off_t)at);
        if (n <= 0) break;
        sb_putn(b, chunk, (size_t)n);
        at += n;
    }
}

char *stderrcatch_end(struct stderrcatch *c)
{
    if (!c->on) return xstrdup("");
    take();
    /* Not among the catches on: stderrcatch_quit ended it (on another thread), its text gone to the console. */
    struct stderrcatch **p = &catching;
    while (*p && *p != c) p = &(*p)->next;
    if (!*p) {
        free(c->marker);
        c->marker = NULL;
        c->on = 0;
        let_go();
        return xstrdup("");
    }
    fflush(stderr);             /* the library's buffered text (stderr is unbuffered, unless it was set so) */
    struct sbuf b = {0};
    part(c->from, &b);
    *p = c->next;
    if (c->marker) unlink(c->marker);
    free(c->marker);
    c->marker = NULL;
    c->next = NULL;
    c->on = 0;
    if (!catching) close_file();
    let_go();
    if (!b.s) sb_printf(&b, "%s", "");
    return b.s;
}

void stderrcatch_quit(void)
{
    /* A child forked while catches were on dies with a copy of them: the files are its parent's (and
     * the lock maybe held by a thread the child has not). */
    pid_t by = __atomic_load_n(&owner, __ATOMIC_ACQUIRE);
    if (holding || (by && by != getpid())) return;
    take();
    quit = 1;
    if (catching) {
        fflush(stderr);
        long long from = catching->from;
        for (struct stderrcatch *o = catching; o; o = o->next) {
            if (o->from < from) from = o->from;
            if (o->marker) unlink(o->marker);
        }
        catching = NULL;
        struct sbuf b = {0};
        part(from, &b);
        close_file();
        /* Written where it would have gone without the catches: the console. */
        for (size_t at = 0; at < b.len;) {
            ssize_t w = write(2, b.s + at, b.len - at);
            if (w <= 0) break;
            at += (size_t)w;
        }
        sb_free(&b);
    }
    let_go();
}

char *stderrcatch_said(const char *marker, int *shared, int *beside)
{
    *shared = 0;
    if (beside) *beside = 0;
    struct marker_line m;
    char *text;
    int is = marker_read(marker, &m, &text);
    if (is <= 0) return text;           /* no file: NULL; a file of other text: that text */
    char *said = NULL;
    if (*m.name && m.from >= 0) {
        char *dir = folder_of(marker), *path = path_join(dir, m.name);
        size_t n = 0;
        char *all = read_file(path, &n);
        if (all && (size_t)m.from <= n) said = xstrdup(all + m.from);
        *shared = m.shared;
        if (beside) *beside = m.beside;
        free(all);
        free(path);
        free(dir);
    }
    return said ? said : xstrdup("");
}

void stderrcatch_files(const char *dir, struct strlist *files)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if (str_starts(e->d_name, STDERRCATCH_SHARED_PREFIX)) sl_push(files, e->d_name);
    if (d) closedir(d);
}

void stderrcatch_drop_new(const char *dir, const struct strlist *before)
{
    struct strlist now = {0};
    stderrcatch_files(dir, &now);
    for (int i = 0; i < now.n; i++)
        if (!sl_has(before, now.v[i])) drop_named(dir, now.v[i], NULL, 0);
    sl_free(&now);
}

int stderrcatch_tidy(const char *dir, const struct strlist *keep)
{
    struct strlist named = {0}, files = {0};
    struct marker_line ml;
    int gone = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!str_ends(e->d_name, STDERRCATCH_MARKER_EXT)) continue;
        char *m = path_join(dir, e->d_name);
        if (sl_has(keep, e->d_name)) {
            if (marker_names(m, &ml)) sl_push(&named, ml.name);
        } else
            gone += unlink(m) == 0;
        free(m);
    }
    if (d) closedir(d);
    stderrcatch_files(dir, &files);
    for (int i = 0; i < files.n; i++) {
        if (sl_has(&named, files.v[i])) continue;
        char *f = path_join(dir, files.v[i]);
        gone += unlink(f) == 0;
        free(f);
    }
    sl_free(&files);
    sl_free(&named);
    return gone;
}

int stderrcatch_record(const char *name)
{
    return str_starts(name, STDERRCATCH_SHARED_PREFIX) || str_ends(name, STDERRCATCH_MARKER_EXT);
}
