/* ccomment.h — past a C comment on one line of source, a block comment carried from line to line:
 * what the checks of m4's output (m4names, m4stray) skip alike. */
#ifndef CCOMMENT_H
#define CCOMMENT_H

/* ccomment_past: past the comment starting at p on the line that ends at end (a // comment: end; a
 * block comment: past its end mark, or end with *block set where it goes on), or inside a block comment
 * carried from an earlier line (*block set): past its end; p where no comment is there. */
const char *ccomment_past(const char *p, const char *end, int *block);
#endif
