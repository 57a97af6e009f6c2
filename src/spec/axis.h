/* axis.h — sweep-axis values: lists "1,2,4", ranges "64:1024:64", geometric ranges "32:max:*2",
 * numbers with size suffixes "10M", and plain words for non-numeric template parameters. */
#ifndef AXIS_H
#define AXIS_H
#include "lib/util.h"

/* axis_expand: appends the values that text stands for to out, numbers written as plain integers
 * (or %.17g when not integral). "max" in a range's end is replaced by max (pass 0 to refuse it).
 * Returns 0, or -1 and *err (a new string) saying what is wrong with text. */
int axis_expand(const char *text, double max, struct strlist *out, char **err);
/* axis_reads_max: whether text reaches "max" (an item of its own, or a range's end: "64:max:64"),
 * the largest work-group that axis_expand's max stands for. */
int axis_reads_max(const char *text);
/* axis_format_number: the text axis_expand writes for x, in a new string. */
char *axis_format_number(double x);
#endif
