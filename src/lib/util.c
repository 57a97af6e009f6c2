/* util.c — fatal errors, checked allocation, growable strings and lists, file helpers. */
#include "util.h"
#include "atdie.h"
#include "console.h"
#include <limits.h>
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void (*util_before_message)(void);
void (*util_before_die)(void);

/* before_die: clx's own exit ends first what must not outlive it (util_before_die). */
static void before_die(void)
{
    void (*f)(void) = __atomic_load_n(&util_before_die, __ATOMIC_ACQUIRE);
    if (f) f();
}

static void vwarn(const char *fmt, va_list ap)
{
    if (util_before_message) util_before_message();
    console_vsay(fmt, ap);      /* not descriptor 2 while a catch has it on a file (console.h) */
}

void die(const char *fmt, ...)
{
    va_list ap;
    before_die();
    va_start(ap, fmt);
    vwarn(fmt, ap);
    va_end(ap);
    atdie_run();                /* after the reason: said even should what it writes fail */
    exit(EXIT_CANNOT_RUN);
}

void die_usage(const char *fmt, ...)
{
    va_list ap;
    before_die();
    va_start(ap, fmt);
    vwarn(fmt, ap);
    va_end(ap);
    atdie_run();
    exit(EXIT_USAGE);
}

void warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(fmt, ap);
    va_end(ap);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) die("out of memory (%zu bytes)", n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) die("out of memory (%zu x %zu bytes)", n, size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) die("out of memory (%zu bytes)", n);
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

char *xvasprintf(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    char *s = xmalloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = xvasprintf(fmt, ap);
    va_end(ap);
    return s;
}

void sb_putn(struct sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = xvasprintf(fmt, ap);
    va_end(ap);
    sb_putn(b, s, strlen(s));
    free(s);
}

void sb_free(struct sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    struct sbuf b = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) sb_putn(&b, buf, n);
    int err = ferror(f), why = errno;          /* a folder: EISDIR, from the read */
    fclose(f);
    if (err) { sb_free(&b); errno = why ? why : EIO; return NULL; }
    if (!b.s) sb_putn(&b, "", 0);
    if (len) *len = b.len;
    return b.s;
}

int read_number_file(const char *dir, const char *file, double *v)
{
    char *path = path_join(dir, file);
    char *text = read_file(path, NULL);
    free(path);
    if (!text) return -1;
    char *end;
    long long x = strtoll(text, &end, 10);
    int ok = end != text;
    while (isspace((unsigned char)*end)) end++;
    ok = ok && *end == '\0';
    free(text);
    if (!ok) { errno = EINVAL; return -1; }
    *v = (double)x;
    return 0;
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
    /* The process in the name: two runs storing one cache entry at once (the GPUs of a --device
     * list) would otherwise write into one temporary file. */
    char *tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int rc = -1, err = errno;
    if (f) {
        errno = 0;
        size_t w = fwrite(data, 1, len, f);
        if (w != len) err = errno ? errno : EIO;
        if (fclose(f)) { if (w == len) err = errno; }
        else if (w == len) { if (rename(tmp, path) == 0) rc = 0; else err = errno; }
    }
    /* The first failure's reason survives the clean-up, which may set errno itself. */
    if (rc) { remove(tmp); errno = err; }
    free(tmp);
    return rc;
}

/* mkdir_p: a path that exists but is not a folder is ENOTDIR, as the system says for any
 * folder below it, not a later write's vaguer error. */
static int make_one(const char *p)
{
    struct stat st;
    if (mkdir(p, 0777) == 0) return 0;
    if (errno != EEXIST) return -1;
    if (stat(p, &st) == 0 && !S_ISDIR(st.st_mode)) { errno = ENOTDIR; return -1; }
    return 0;
}

int mkdir_p(const char *path)
{
    char *p = xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (make_one(p)) { int e = errno; free(p); errno = e; return -1; }
        *s = '/';
    }
    int rc = make_one(p), e = errno;
    free(p);
    errno = e;
    return rc;
}

int remove_contents(const char *path)
{
    DIR *d = opendir(path);
    if (!d) return -1;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *p = path_join(path, e->d_name);
        rc = remove_tree(p);
        free(p);
    }
    closedir(d);
    return rc;
}

int remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st)) return errno == ENOENT ? 0 : -1;
    if (S_ISDIR(st.st_mode)) return remove_contents(path) ? -1 : rmdir(path);
    return unlink(path);
}

char *mkdir_new(const char *root, const char *base)
{
    if (mkdir_p(root) != 0) return NULL;
    for (int k = 1, again = 3; k < 10000; k++) {
        char *name = k == 1 ? xstrdup(base) : xasprintf("%s-%d", base, k);
        char *dir = path_join(root, name);
        free(name);
        if (mkdir(dir, 0777) == 0) return dir;
        int err = errno;
        free(dir);
        if (err == ENOENT && again-- > 0 && mkdir_p(root) == 0) k--;   /* another clx's --out check took it */
        else if (err != EEXIST) { errno = err; return NULL; }
    }
    errno = EEXIST;
    return NULL;
}

char *mkdir_stamped(const char *root, const char *kind, const char *name)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm) || !strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm)) {
        errno = EINVAL;
        return NULL;
    }
    char *slug = slugify(name), *base = xasprintf("%s-%s-%s", kind, slug, stamp);
    char *dir = mkdir_new(root, base);
    free(slug);
    free(base);
    return dir;
}

int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

char *path_join(const char *a, const char *b)
{
    size_t n = strlen(a);
    return xasprintf("%s%s%s", a, n && a[n - 1] == '/' ? "" : "/", b);
}

char *slugify(const char *s)
{
    char *r = xstrdup(s);
    for (char *p = r; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '.' && *p != '_') *p = '_';
    return r;
}

char *str_trim(char *s)
{
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    char *b = s;
    while (isspace((unsigned char)*b)) b++;
    if (b != s) memmove(s, b, strlen(b) + 1);
    return s;
}

int str_starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

int str_ends(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

int str_icontains(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0) return 1;
    return n == 0;
}

uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

char *file_hash(const char *path)
{
    size_t n = 0;
    char *text = path ? read_file(path, &n) : NULL;
    if (!text) return NULL;
    char *h = xasprintf("%016llx", (unsigned long long)fnv1a(FNV1A_START, text, n));
    free(text);
    return h;
}

double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

char *human_bytes(double b)
{
    const char *u[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int i = 0;
    while (b >= 1024 && i < 4) { b /= 1024; i++; }
    return xasprintf("%.1f %s", b, u[i]);
}

char *size_words(double b)
{
    if (b >= 1024.0 * 1024 * 1024) return xasprintf("%g GiB", b / (1024.0 * 1024 * 1024));
    if (b >= 1024.0 * 1024) return xasprintf("%g MiB", b / (1024.0 * 1024));
    return xasprintf("%g KiB", b / 1024.0);
}

const char *fmt_ratio(char *buf, size_t n, double x)
{
    /* Three significant digits near 1 (where two runs are compared), never an exponent. */
    if (x >= 100) snprintf(buf, n, "%.0fx", x);
    else if (x >= 10) snprintf(buf, n, "%.1fx", x);
    else if (x >= 0.01) snprintf(buf, n, "%.3fx", x);
    else snprintf(buf, n, "%.3gx", x);
    return buf;
}

const char *fmt_slower(char *buf, size_t n, double q)
{
    double f = q >= 1 ? q : 1 / q;   /* each way a factor over 1: "0.5x" read as half the speed */
    snprintf(buf, n, f >= 10 ? "%.0fx %s" : "%.1fx %s", f, q >= 1 ? "slower" : "faster");
    if (!strncmp(buf, "1.0x", 4)) snprintf(buf, n, "same speed");
    return buf;
}

const char *fmt_sig(char *buf, size_t n, double x, int digits, int max_places)
{
    if (!isfinite(x)) {
        snprintf(buf, n, "unknown");
        return buf;
    }
    /* %.Ng would print a loaded machine's 120% as 1.2e+02%, and a tiny noise floor as 1e-05%: N
     * significant digits as a plain decimal instead, the zeros %g drops dropped too. */
    int places = x == 0 ? 0 : digits - 1 - (int)floor(log10(fabs(x)));
    if (places < 0) places = 0;
    if (places > max_places) places = max_places;
    char num[400];
    snprintf(num, sizeof num, "%.*f", places, x);
    if (strchr(num, '.')) {
        size_t len = strlen(num);
        while (num[len - 1] == '0') num[--len] = '\0';
        if (num[len - 1] == '.') num[--len] = '\0';
    }
    snprintf(buf, n, "%s", strcmp(num, "-0") ? num : "0");
    return buf;
}

const char *fmt_pct(char *buf, size_t n, double pct)
{
    char num[400];
    snprintf(buf, n, isfinite(pct) ? "%s%%" : "%s", fmt_sig(num, sizeof num, pct, 2, FMT_PCT_PLACES));
    return buf;
}

const char *fmt_fig(char *buf, size_t n, double x)
{
    /* %.4g printed sgemm's 35,450 GFLOP/s as 3.545e+04 in a search's last lines. */
    if (!isfinite(x)) snprintf(buf, n, "unknown");
    else if (fabs(x) >= 1000) snprintf(buf, n, "%.0f", x);
    else if (x != 0 && fabs(x) < 0.0001) fmt_sig(buf, n, x, 4, 12);   /* an IQR of 25 ns read "2.5e-05" ms */
    else snprintf(buf, n, "%.4g", x);
    return buf;
}

char *plain_decimal(double x)
{
    /* %.3g printed a p of 0.0000108 as 1.08e-05 in compare.tsv. */
    if (!isfinite(x)) return xstrdup("");
    if (x == 0) return xstrdup("0");
    int digits = 2 - (int)floor(log10(fabs(x)));
    return xasprintf("%.*f", digits > 0 ? digits : 0, x);
}

/* A key and its index, so qsort's comparison needs no context beside its two items. */
struct keyed { const char *key; int idx; };

static int by_key_then_index(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

void sort_by_keys(int *idx, int n, char *const *keys)
{
    if (n <= 1) return;
    struct keyed *k = xmalloc(sizeof *k * (size_t)n);
    for (int i = 0; i < n; i++) k[i] = (struct keyed){ keys[idx[i]], idx[i] };
    qsort(k, (size_t)n, sizeof *k, by_key_then_index);
    for (int i = 0; i < n; i++) idx[i] = k[i].idx;
    free(k);
}

int find_by_keys(char *const *keys, const int *sorted, int n, const char *key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(keys[sorted[mid]], key);
        if (!c) return sorted[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

int path_within(const char *path, const char *dir)
{
    char p[PATH_MAX], d[PATH_MAX];
    if (!realpath(path, p) || !realpath(dir, d)) return 0;
    size_t n = strlen(d);
    return !strncmp(p, d, n) && (p[n] == '/' || p[n] == '\0');
}

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
static void check_leaks_now(void) { __lsan_do_leak_check(); }
#endif

void leak_check_before_teardown(void)
{
#if defined(__SANITIZE_ADDRESS__)
    static int registered;
    if (!registered++) atexit(check_leaks_now);
#endif
}

void pipe_cloexec(int fds[2], const char *what)
{
    if (pipe(fds)) die("cannot make a pipe %s: %s", what, strerror(errno));
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
}
