/* util.h — small helpers every module uses: fatal errors, checked allocation, strings, files. */
#ifndef UTIL_H
#define UTIL_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Exit statuses, documented in clx.1. */
enum {
    EXIT_ROWS_FAILED = 1,   /* some row FAIL, error, crashed or timeout, or a build failed */
    EXIT_USAGE = 2,         /* the command line is wrong */
    EXIT_NOTHING_RAN = 3,   /* no configuration ran: every row skipped */
    EXIT_CANNOT_RUN = 4,    /* bad spec or template, no device, a file that could not be written */
    EXIT_CONTEXT_LOST = 70, /* between worker and supervisor only: a launch broke the OpenCL context */
    EXIT_REF_FAULTED = 71,  /* between worker and supervisor only: a host reference faulted, its row written */
    EXIT_REF_PROBE_FAULTED = 72,  /* the same, the fault in the probe's second run of it (expected_probe.h) */
};

/* die: prints "clx: message" to stderr and exits EXIT_CANNOT_RUN; for setup errors the run cannot survive. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* warn: prints "clx: message" to stderr and returns. */
/* die_usage: the same for a mistake on the command line (exit EXIT_USAGE). */
void die_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* leak_check_before_teardown: in an AddressSanitizer build (make check-asan), has the leak check
 * run at exit before the OpenCL libraries loaded so far tear down (their exit handlers and
 * destructors were registered when they loaded, so this one, registered later, runs first):
 * LeakSanitizer stops every thread for its check, and PoCL's worker threads ending at the same
 * time crashed its tracer now and then. Called once an OpenCL call has loaded them; a no-op in
 * other builds. */
void leak_check_before_teardown(void);
/* pipe_cloexec: pipe(fds) whose two ends are closed in programs a child starts (m4, cc, gnuplot),
 * so a pipe to a child never outlives it; dies naming what it is for when it cannot be made. */
void pipe_cloexec(int fds[2], const char *what);
/* util_before_message: when set, called before die and warn print (a status line drawn in place
 * on the terminal erases itself). */
extern void (*util_before_message)(void);
/* util_before_die: when set (atomically: __atomic_store_n), called first by die and die_usage: clx's
 * own exit ends what must not outlive it (stderrcatch.h: the catches of a driver's stderr, whose
 * file and markers would stay in a run's logs/ as a crash's record). */
extern void (*util_before_die)(void);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* xasprintf: printf into a new string the caller frees. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap);

/* A growable string: append with sb_printf, take the text from .s (always NUL-terminated). */
struct sbuf { char *s; size_t len, cap; };
void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_putn(struct sbuf *b, const char *s, size_t n);
/* sb_clause: s appended as one more clause of a note ("a; b"): after "; " where b holds any; nothing
 * for NULL. */
static inline void sb_clause(struct sbuf *b, const char *s)
{
    if (s) sb_printf(b, "%s%s", b->len ? "; " : "", s);
}
void sb_free(struct sbuf *b);

/* A growable list of strings (owned). */
struct strlist { char **v; int n, cap; };
void sl_push(struct strlist *l, const char *s);
void sl_push_own(struct strlist *l, char *s);
void sl_free(struct strlist *l);
/* sl_join: l's strings with sep between them, in a new string ("" for none). */
char *sl_join(const struct strlist *l, const char *sep);
/* sl_split: splits s at every sep character into l (empty fields kept). */
void sl_split(struct strlist *l, const char *s, char sep);
/* str_ptr_cmp: qsort's and bsearch's order of strings held by pointer (char *[]): strcmp's. */
int str_ptr_cmp(const void *a, const void *b);
/* sl_sort: l's strings in strcmp's order (file names said in a stable order, not readdir's). */
void sl_sort(struct strlist *l);
/* sl_has: whether s is one of l's strings. */
int sl_has(const struct strlist *l, const char *s);
/* sl_most: the string l holds most often, the first of a tie ("" for none); l's own. */
const char *sl_most(const struct strlist *l);

/* read_file: whole file as a NUL-terminated string the caller frees; NULL (errno set) on failure. */
char *read_file(const char *path, size_t *len);
/* read_number_file: a file of dir that holds one integer (sysfs's convention: hwmon, powercap);
 * 0, or -1 (errno set where the file could not be read) when it cannot be read or holds no such number. */
int read_number_file(const char *dir, const char *file, double *v);
/* write_file_atomic: writes to path.PID.tmp then renames, so readers never see half a file; 0 or -1. */
int write_file_atomic(const char *path, const void *data, size_t len);
/* mkdir_p: creates a directory and its parents; 0 or -1. */
int mkdir_p(const char *path);
/* remove_tree: path and everything under it (a link itself, not what it names); 0, or -1 (errno
 * set) at the first that stays. */
int remove_tree(const char *path);
/* remove_contents: everything under the folder path, the folder itself kept; 0, or -1 (errno set)
 * at the first that stays. */
int remove_contents(const char *path);
/* mkdir_new: a folder of root no one else has: root/base, else root/base-2, -3, ..., each made with
 * one mkdir, so that of two processes that ask at once each gets its own (the loser of the race
 * sees EEXIST and takes the next). root is made first where missing. The path in a new string,
 * or NULL with errno set. */
char *mkdir_new(const char *root, const char *base);
/* mkdir_stamped: mkdir_new(root, "KIND-SLUG-YYYYmmdd-HHMMSS") with SLUG the slugified name: where a
 * command's output folder goes when the user names none (compare, history). */
char *mkdir_stamped(const char *root, const char *kind, const char *name);
int file_exists(const char *path);
/* path_join: "a/b" in a new string. */
char *path_join(const char *a, const char *b);
/* slugify: a file-name-safe copy: letters, digits, '-', '.', '_' kept, the rest become '_'. */
char *slugify(const char *s);
/* str_trim: strips leading and trailing white space in place; returns s. */
char *str_trim(char *s);
int str_starts(const char *s, const char *prefix);
int str_ends(const char *s, const char *suffix);
/* path_within: whether path, links and '..' resolved, is dir or lies below it (both must exist). */
int path_within(const char *path, const char *dir);
/* str_icontains: case-insensitive substring test. */
int str_icontains(const char *hay, const char *needle);

/* sort_by_keys: idx[0..n-1] (indexes into keys) ordered by keys[idx[k]], ties by index. */
void sort_by_keys(int *idx, int n, char *const *keys);
/* find_by_keys: the index (into keys) whose key is key, by binary search over sorted[0..n-1] (as
 * sort_by_keys orders it); -1 where none is. */
int find_by_keys(char *const *keys, const int *sorted, int n, const char *key);

/* human_bytes: "1.5 GiB", "512.0 B": a byte count for messages; a new string. */
char *human_bytes(double b);
/* size_words: "4 KiB", "1.5 MiB", "256 MiB": a size as few digits as it takes (%g), KiB and up; a
 * new string. */
char *size_words(double b);
/* fmt_ratio: a ratio for a reader into buf: "0.981x", "17.4x", "527x", "0.00123x"; returns buf. */
const char *fmt_ratio(char *buf, size_t n, double x);
/* fmt_slower: a time ratio q (>1 = slower) in words into buf: "50x slower", "1.7x faster" (q 0.6),
 * "same speed" where it rounds to 1.0x; returns buf. */
const char *fmt_slower(char *buf, size_t n, double q);
/* fmt_sig: x for a reader into buf as a plain decimal, never an exponent: digits significant digits,
 * at most max_places after the point, the zeros %g drops dropped too (3 digits: "23.1", "5.26",
 * "1500", "0.00001"; "0" below max_places; "unknown" for no number); returns buf. */
const char *fmt_sig(char *buf, size_t n, double x, int digits, int max_places);
/* fmt_pct: a percentage for a reader into buf, two significant digits and never an exponent: "0.31%",
 * "4.2%", "120%", "0.000012%" (FMT_PCT_PLACES at most: "0%" below them); returns buf. */
#define FMT_PCT_PLACES 9          /* a smaller share of a percent is as good as none to a reader */
const char *fmt_pct(char *buf, size_t n, double pct);
/* fmt_fig: a measured figure for a reader (GFLOP/s, GB/s, ms, s): four significant digits, whole
 * units from 1000 on: "39776", "16.34", "0.1234", "0.00005"; never an exponent. */
const char *fmt_fig(char *buf, size_t n, double x);
/* plain_decimal: a number for a table a script reads (a probability, a fraction): three
 * significant digits as a plain decimal, never an exponent ("0.0123", "0.0000108", "8030"; a
 * script's or a spreadsheet's parser reads it as written), "0" for 0, "" where it is not finite;
 * a new string (a tiny p takes as many places as it needs). */
char *plain_decimal(double x);

/* fnv1a: the 64-bit FNV-1a hash of data, continued from h (FNV1A_START for a new one): every
 * step is a bijection of the state, so any one changed byte changes the sum. */
uint64_t fnv1a(uint64_t h, const void *data, size_t n);
#define FNV1A_START 0xcbf29ce484222325ULL
/* file_hash: fnv1a of path's text as 16 hex digits (a new string), as run.json's template_sha and
 * reference_sha record a run's files; NULL without a path or a file. */
char *file_hash(const char *path);

/* now_seconds: a monotonic clock in seconds, for host wall times. */
double now_seconds(void);
#endif
