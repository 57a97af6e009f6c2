/* m4open.h — the macro call a template leaves open at its end, read as m4 reads it: where m4 fails
 * with "end of file in argument list" it names some later line of the call (its last argument's, a
 * call's within it), never where the call begins or that a ) is missing. */
#ifndef M4OPEN_H
#define M4OPEN_H
#include <stddef.h>

/* The macro call left open: where it begins, and whether in quoted text. */
struct m4open {
    long line;       /* 0: none found */
    int quoted;      /* begun in quoted text (a loop body, a branch) that ends before the call does */
    char name[64];   /* the macro's name */
};

/* m4open_call: the line where the outermost macro call that TEXT (a template as m4 reads it, such as
 * m4prep_in's text) leaves open begins, also in *o: a macro name (an m4_ name, or one the text
 * defines with m4_define or m4_pushdef) followed by ( whose parentheses, counted outside quotes and
 * comments as m4 counts them (`...' quotes, # comments until m4_include(`clx.m4') makes them //, the
 * rest of a line after m4_dnl unread), do not balance before the text ends; else the first call begun
 * in quoted text whose parentheses do not balance before that quoted text ends (m4 reads it again
 * alone when it expands it: a loop body, a branch). 0 when every call closes, or where clx cannot
 * tell: a quote is left open, or the text changes quotes or comments itself (m4_changequote,
 * m4_changecom). */
long m4open_call(const char *text, struct m4open *o);
#endif
