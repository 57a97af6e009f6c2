/* m4warn.h — m4's own warnings on a template with clx's advice beside them: m4 says what it did
 * ("excess arguments to builtin `m4_ifelse' ignored"), not the template slip that made it (a branch
 * whose opening quote was lost, its text split at each comma into more arguments). */
#ifndef M4WARN_H
#define M4WARN_H
#include <stddef.h>

/* m4warn_advice: for each line of m4's messages m4err ("m4:FILE:LINE: Warning: ...", its file names
 * already the template's) that a row of m4warn.c's table knows, "FILE:LINE: " and its advice, one a
 * line; NULL when none is known (a new string). */
char *m4warn_advice(const char *m4err);
/* m4warn_line_advice: the same for one line l of len bytes: "FILE:LINE: advice" (a new string), or
 * NULL when the line is none of m4's messages that the table knows. */
char *m4warn_line_advice(const char *l, size_t len);
#endif
