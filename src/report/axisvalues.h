/* axisvalues.h — values of a sweep's axis as text (the small sweep's, finding_narrow.c): one value
 * however it is written ("16" and "16.0", "1M" and "1000000"), and lists of them joined in order. */
#ifndef AXISVALUES_H
#define AXISVALUES_H
#include "lib/util.h"

/* axval_same: whether a and b are one value of an axis (as numbers where both read as numbers). */
int axval_same(const char *a, const char *b);
/* axval_has: whether list l holds a value axval_same as s. */
int axval_has(const struct strlist *l, const char *s);
/* axval_joined: base's values and then add's, each once, in increasing order where all are
 * numbers; a new string, comma-separated. */
char *axval_joined(const struct strlist *base, const struct strlist *add);
#endif
