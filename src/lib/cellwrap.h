/* cellwrap.h — a table cell's text folded into lines of a given width. */
#ifndef CELLWRAP_H
#define CELLWRAP_H
#include "util.h"
#include <stddef.h>

/* cellwrap_lines: s in lines of at most w columns (broken at a space, or after a '-', in the second
 * half of a line where there is one), appended to lines; their count, at least 1. */
int cellwrap_lines(const char *s, size_t w, struct strlist *lines);
/* cellwrap_count: how many lines of w columns s takes. */
int cellwrap_count(const char *s, size_t w);

#endif
