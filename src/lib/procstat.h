/* procstat.h — the fields of /proc/PID/stat read from its text (proc(5)): one parser for what
 * hostload (a process's CPU time) and pidlive (a process's start time) read of it. */
#ifndef PROCSTAT_H
#define PROCSTAT_H
#include <stddef.h>

/* procstat_field: field number `field` (numbered from 1 as proc(5) does; 3 or more, those after the
 * name: the name, field 2, may hold spaces and parentheses, so the fields are counted from its last
 * ')') of the text of /proc/PID/stat: its first character into *at, its length into *len; 0, or -1
 * where text is NULL, has no ')' or ends (or its line ends) before that field. */
int procstat_field(const char *text, int field, const char **at, size_t *len);
/* procstat_ll, procstat_ull: that field as a signed (utime, cutime) or unsigned (starttime) decimal
 * number into *x; 0, or -1 where procstat_field finds no field or the field is not wholly a number. */
int procstat_ll(const char *text, int field, long long *x);
int procstat_ull(const char *text, int field, unsigned long long *x);
#endif
