/* m4names.h — the m4_ names m4 left in a template's expansion. clx runs m4 with -P, so every
 * builtin is m4_ prefixed, as are clx.m4's macros and loop variables: an m4_ name left in the output
 * is a mistake (a misspelt macro, clx.m4 not included, a loop variable outside its loop, a macro
 * joined to the word before it), which the OpenCL compiler would only report as an unknown name. */
#ifndef M4NAMES_H
#define M4NAMES_H

/* m4names_left: one line "FILE:LINE: m4_asert_in is not a macro (did you mean m4_assert_in?)" for
 * each m4_ name left in OUT (m4prep_out's text, its #line directives naming files and lines; TPL
 * before the first), outside C comments and strings; NULL when none is left (a new string).
 * TPL_TEXT is the template's text and LIB_TEXT clx.m4's (NULL: not read): the names they define
 * (m4_define, m4_pushdef, m4_forloop's variable) are known ones, offered as what was meant. */
char *m4names_left(const char *out, const char *tpl, const char *tpl_text, const char *lib_text);
#endif
