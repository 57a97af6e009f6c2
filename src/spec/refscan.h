/* refscan.h — the host references a .ref.c declares, read from its text without compiling it. */
#ifndef REFSCAN_H
#define REFSCAN_H

/* One CLX_REF(name, "what") or CLX_REF_SPLIT(...) line: the macro at the start of a line (what
 * mk/ref-registry.sh looks for in templates/ too), the name, and the description when it is a
 * plain string literal ("" otherwise). */
struct refscan_item { char *name, *what; int line, split; };
struct refscan { struct refscan_item *v; int n; };

/* refscan_text: every declaration in text, in order, appended to r. */
void refscan_text(const char *text, struct refscan *r);
/* refscan_file: the same for a file; 0, or -1 with *err (a new string) when it cannot be read. */
int refscan_file(const char *path, struct refscan *r, char **err);
/* refscan_find: the index of the declaration of name, or -1. */
int refscan_find(const struct refscan *r, const char *name);
void refscan_free(struct refscan *r);
#endif
