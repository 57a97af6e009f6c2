/* spectext.h — whether two texts of a spec say the same, and where the first line is that does not:
 * the one answer that clx run --resume (an edit of comments alone goes on) and compare's words for
 * the spec ("only its comments or layout") both take, so that the two never disagree. */
#ifndef SPECTEXT_H
#define SPECTEXT_H

/* spectext_first_line: where two texts differ, line by line and byte by byte: "line N: 'A' there,
 * 'B' here", a line longer than 60 characters cut to the 50 around its first character that differs
 * ("...", both lines from the same column, so that both show the difference; "(none)" past a
 * text's end; a '\r' shown as \r); where every line is the same and one text alone ends in a
 * newline, "line N: 'A' ends in a newline there, not here". NULL where either is NULL or they are
 * the same (a new string). So that an edit is named where it is, the invisible ones too. */
char *spectext_first_line(const char *there, const char *here);
/* spectext_quote_pair: line n of two texts that differ there, quoted as spectext_first_line quotes
 * it: the line of there (there_len characters, its line end left out) and of here; NULL for a side
 * past its text's end, "(none)" (a new string). For a caller that finds the line itself. */
char *spectext_quote_pair(int n, const char *there, int there_len, const char *here, int here_len);
/* spectext_first_said: spectext_first_line of what the two texts say: the lines that say something
 * (blank lines and comments, a '#' their first non-blank character, left out), each without its
 * line end (LF or CRLF, the last line's with or without one); "line N: 'A' there, line M: 'B'
 * here" where the two sides' line numbers differ. NULL where they say the same: an edit of comments,
 * blank lines or line ends alone changes nothing measured (--resume goes on). */
char *spectext_first_said(const char *there, const char *here);
/* spectext_said_within: spectext_first_said of a span of each text, lines there_from..there_to of
 * there and here_from..here_to of here (from 1, both included; to < from: no line, "(none)"), without
 * the line numbers: "'A' there, 'B' here"; *here_line: the line of here that differs (past its span's
 * end, the span's last line; 0 where here's span is empty or nothing differs). NULL where the spans
 * say the same (a new string). So that a setting of many lines is quoted where it was edited. */
char *spectext_said_within(const char *there, int there_from, int there_to, const char *here, int here_from,
                           int here_to, int *here_line);
/* spectext_unsaid: of two texts that say the same (spectext_first_said NULL), what of them differs,
 * as a resume says it: "line ends (CRLF or LF, or a newline at the end)" where nothing else does,
 * else "comments or blank lines" (static). So that a spec converted to CRLF is not said to have
 * had its comments edited. */
const char *spectext_unsaid(const char *a, const char *b);

#endif
