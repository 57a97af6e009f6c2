/* m4stray.h — a quote m4 left in a template's expansion: m4 removes the quotes it matches, so a `'`
 * in the output outside any comment, string or character literal is a closing quote whose opening
 * one is missing (m4_ifelse(X, 0, branch') copies the branch out with its '), which the OpenCL
 * compiler would only report as "missing terminating ' character", per variant, at build time. */
#ifndef M4STRAY_H
#define M4STRAY_H

/* m4stray_quote: "FILE:LINE: ..." for the first such ' in OUT (m4prep_out's text, its #line
 * directives naming files and lines; TPL before the first), where the line holds no character
 * literal it could end; NULL when there is none (a new string). Preprocessor lines are not read (an
 * #error's prose). */
char *m4stray_quote(const char *out, const char *tpl);
#endif
