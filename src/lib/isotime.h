/* isotime.h — the timestamps clx writes into its files (run.json, latencies.tsv, and the reports
 * that copy them) and reads back: ISO 8601's extended form, the local time with its offset,
 * 2026-12-01T02:07:09+00:00 (Python's datetime.fromisoformat reads it before 3.11 too, which the
 * basic offset +0000 that clx wrote before needed). */
#ifndef ISOTIME_H
#define ISOTIME_H
#include <stddef.h>
#include <time.h>

/* Room for one, its terminating NUL included ("2026-12-01T02:07:09+00:00" is 25 characters). */
#define ISO_TIME_LEN 32

/* iso_time_format: t as the local time, "2026-12-01T02:07:09+01:00", into buf (n bytes, at least
 * ISO_TIME_LEN; "" where the clock cannot be read as a local time). */
void iso_time_format(time_t t, char *buf, size_t n);
/* iso_time_now: now, as iso_time_format writes it. */
void iso_time_now(char *buf, size_t n);
/* iso_time_parse: the instant s says: "YYYY-MM-DDTHH:MM:SS" then "Z", an offset "+HH:MM", or the
 * basic "+HHMM" an older clx wrote, and "+HH" (without one: the local time). 0 with *t, or -1 where s
 * is no such timestamp (NULL, empty, anything after the offset). */
int iso_time_parse(const char *s, time_t *t);
/* iso_time_cmp: <0, 0, >0 as a is before, at or after b: by the instants where both parse (the
 * same time written with two offsets, or in both forms, compares equal), else by their text (NULL
 * as ""). */
int iso_time_cmp(const char *a, const char *b);
#endif
