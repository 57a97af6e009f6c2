/* names.h — names looked up for the user: "did you mean" and a table's row by its name. */
#ifndef NAMES_H
#define NAMES_H
#include <stddef.h>

/* nearest_name: the one of names[0..n-1] nearest to word by edit distance, if it is near enough to
 * be what was meant (at most a third of the word's letters apart, and at most 3), else NULL. */
const char *nearest_name(const char *word, char *const *names, int n);
/* name_given: the one rule for a name the user gives on the command line for a parameter or axis of
 * an experiment (--set NAME=, --set variant=NAME=V, clx compare --by NAME): the index of names[] it
 * is exactly, else -1, for a refusal (exit 2) ending in did_you_mean, which offers the name that
 * differs only in case first ("'radius' is not an axis: did you mean RADIUS?"). Exact, because
 * the spec, m4's -D, results.tsv's header and every where= take names as written, and two
 * parameters may differ only in case (n and N). */
int name_given(const char *word, char *const *names, int n);
/* did_you_mean: ": did you mean X?", X the nearest_name of word, else the name that begins it or
 * that it begins (VEC for VECTOR, 3 letters at least), else the name it is with a letter typed twice
 * (N for NN), else the one it is written short of (local for lcl), else for a capital letter alone the
 * one name of a capital letter alone (N for M), for the end of a message; "" where none is
 * near. A new string. */
char *did_you_mean(const char *word, char *const *names, int n);
/* name_row: in a table of n rows stride bytes apart, first the address of the first row's name (a
 * const char *), the row whose name is name (none for NULL), or -1; name_rows_join: their names into
 * buf (size bytes), ", " between and last before the last ("a, b or c"), for messages. So that a table
 * of kinds is looked up by its own rows and never by a second list. */
int name_row(const char *const *first, int n, size_t stride, const char *name);
void name_rows_join(char *buf, size_t size, const char *const *first, int n, size_t stride, const char *last);
/* name_rows_did_you_mean: did_you_mean for word among such a table's names (a new string). */
char *name_rows_did_you_mean(const char *const *first, int n, size_t stride, const char *word);
#endif
