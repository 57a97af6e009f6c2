/* m4prep.h — a template's text made safe for m4 before it runs, and m4's output mapped back after:
 * an apostrophe that is prose in a comment ("it's", 'in') no longer ends a quoted m4_ifelse branch,
 * nor does a comment's backtick whose quote the comment never closes open one, every line of quoted text (a branch, a loop body) is reported at its own template line instead of
 * at the line where the macro call began, and the quote signs that m4 will take for a quote's end
 * but look meant as text are found, to say where m4 went wrong. */
#ifndef M4PREP_H
#define M4PREP_H
#include "m4open.h"

/* Where a template's quotes go wrong, as m4prep_in reads them (a line, or 0 for nowhere). */
struct m4prep_quotes {
    long literal, literal_open;   /* a ' of a character literal or in a string inside quoted text,
                                   * which always ends the quote (opened at literal_open) early */
    int in_string;                /* literal's ' is in a string ("don't"), not a character literal */
    long comment, comment_open;   /* a ' in a // comment inside quoted text that ends the quote with
                                   * prose or the line's end after it ("// the users' data"), not
                                   * the end of a macro argument (, or )) */
    long closes, closes_open;     /* the first ' in a // comment inside quoted text that ends the
                                   * quote at all ("// a note', `else branch'" may mean to) */
    long unclosed;                /* the line of a quote never closed */
    struct m4open open;           /* a macro call never closed */
};

/* m4prep_in: the template text to give m4 (a new string): in a comment an apostrophe between two
 * letters, the two around a quoted word in a // comment, in a closed block comment every ' that
 * would end a quote opened before it, and in a comment m4 reads (a closed block comment, a //
 * comment inside quotes) every ` whose quote that comment does not close, become placeholder bytes,
 * and each line that ends inside
 * quotes gets a marker holding its line number; *q (NULL: not wanted) says where quotes look wrong
 * and which macro call is left open (m4open.h).
 * The rest of a line after m4_dnl outside quotes is copied as it is (m4 does not read it). */
char *m4prep_in(const char *text, struct m4prep_quotes *q);
/* m4prep_out: m4's output with the markers removed, placeholders restored, and #line directives
 * written wherever a line's template line (its marker's, else m4's own -s numbering) is not the one
 * the compiler would count; file names equal to `read` (the prepared copy m4 read) become `tpl`
 * (a new string). */
char *m4prep_out(const char *out, const char *read, const char *tpl);
/* m4prep_line_directive: line l (len bytes) parsed as "#line N" or "#line N \"FILE\"" (what m4's
 * -s writes, and m4prep_out's text carries): 1 when it is one, N in *n (*file untouched without a
 * name; freed and replaced by a new string with one). For every reader of that text. */
int m4prep_line_directive(const char *l, size_t len, long *n, char **file);
/* m4prep_messages: m4's messages as the user should read them: every `read` replaced by `tpl`, the
 * markers m4 quotes back in an argument's text removed, placeholders restored (a new string). */
char *m4prep_messages(const char *text, const char *read, const char *tpl);
/* m4prep_refusal: "TPL:LINE: the ' of this character literal ends the quote opened at line N ...",
 * for a template whose quotes a character literal, a string or a comment's prose ends where it
 * surely was not meant to, whatever the variant; else NULL (a new string). */
char *m4prep_refusal(const struct m4prep_quotes *q, const char *tpl);
/* m4prep_failure_say: where m4 probably went wrong when it failed with the messages m4err (m4
 * names the line of the macro call it was in, not where a quote ended too early): a comment's '
 * that ends a quote, a quote never closed, or a macro call never closed ("close it with `)`"); NULL
 * when none is found (a new string). */
char *m4prep_failure_say(const struct m4prep_quotes *q, const char *tpl, const char *m4err);
#endif
