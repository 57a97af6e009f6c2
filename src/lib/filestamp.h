/* filestamp.h — a file as it was when it was read: its size and modification time, so that what was
 * made from it (a report from a results.tsv) can tell later that the file has been rewritten since. */
#ifndef FILESTAMP_H
#define FILESTAMP_H

struct filestamp {
    int known;                   /* 0: the file could not be stat'ed (missing): no stamp */
    long long size, sec;         /* bytes; modification time, seconds since the epoch */
    long nsec;                   /* and its nanoseconds (a rewrite within one second differs here) */
};

/* filestamp_of: path's stamp (known 0 where it cannot be stat'ed). */
struct filestamp filestamp_of(const char *path);
/* filestamp_same: whether a and b are both known and of the same size and modification time. */
int filestamp_same(const struct filestamp *a, const struct filestamp *b);
/* filestamp_text: "12345 1733303576.123456789" (size, then time), what filestamp_read reads back (a new
 * string); filestamp_read: the stamp from the start of such text (known 0 where it is none). */
char *filestamp_text(const struct filestamp *s);
struct filestamp filestamp_read(const char *text);
/* filestamp_words: "12345 bytes, modified 2026-12-04T09:12:56+00:00" for a person (a new string);
 * "no such file" where unknown. */
char *filestamp_words(const struct filestamp *s);
#endif
