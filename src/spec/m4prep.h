/* m4prep.h — a template's text made safe for m4 before it runs, and m4's output mapped back after:
 * an apostrophe inside a word in a // comment ("it's") no longer ends a quoted m4_ifelse branch,
 * and every line of quoted text (a branch, a loop body) is reported at its own template line
 * instead of at the line where the macro call began. */
#ifndef M4PREP_H
#define M4PREP_H

/* m4prep_in: the template text to give m4: in // comments an apostrophe between two letters
 * becomes a placeholder byte, and each line that ends inside quotes gets a marker holding its line
 * number (a new string). */
char *m4prep_in(const char *text);
/* m4prep_out: m4's output with the markers removed, placeholders restored, and #line directives
 * written wherever a line's template line (its marker's, else m4's own -s numbering) is not the one
 * the compiler would count; file names equal to `read` (the prepared copy m4 read) become `tpl`
 * (a new string). */
char *m4prep_out(const char *out, const char *read, const char *tpl);
/* m4prep_rename: text with every `read` replaced by `tpl` (m4's messages; a new string). */
char *m4prep_rename(const char *text, const char *read, const char *tpl);
#endif
