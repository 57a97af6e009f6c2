/* syntaxsaid.h — libconfig's word on a spec that does not parse, with what the writer should do
 * where the text shows it (a missing ',' between two groups, a string left open, an array of two
 * types). */
#ifndef SYNTAXSAID_H
#define SYNTAXSAID_H

/* syntaxsaid: "PATH:LINE: WHAT" for libconfig's error WHAT at LINE of text, followed where it is
 * known by what to do: " (a missing ',' between two groups of a list?)", " (a string opened on line
 * 12 is not closed?)", ": an array [ ] holds one type: ..." (numbers of two kinds, an integer beside
 * a float, said as that), and for "duplicate setting name" the name and the line it was first set
 * on. A new string. */
char *syntaxsaid(const char *path, const char *text, int line, const char *what);
#endif
