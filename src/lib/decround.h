/* decround.h — a number's decimal text (as results.tsv keeps it) rounded on its own digits, so that
 * every place that prints one kept figure prints the same digits. */
#ifndef DECROUND_H
#define DECROUND_H
#include <stddef.h>

/* dec_round: text, a number as a file keeps it ("2.56295"), with at most places digits after the
 * point, rounded half away from zero on its decimal digits ("2.5630"): never through the binary
 * double nearest it, which lies below 2.56295 and printed "2.5629" where the row line, from the
 * unrounded time, printed "2.5630". Zeros the text did not hold are not added ("2.5" stays); pad
 * fills to places with spaces ("2.5   ", "12     "), so that a console column lines up its points
 * with no digit that was never measured. A text in exponent form ("1.2e-05") is printed from its
 * value with places. In buf; NULL where text is no finite number. */
const char *dec_round(char *buf, size_t n, const char *text, int places, int pad);
#endif
