/* pctnear.h — a percentage said beside the threshold a rule judges it by (the noisy flag's "a
 * standard error above 1%"): two significant digits, more where two would read as the threshold
 * itself, so a figure flagged for being above 1% never reads "1%". */
#ifndef PCTNEAR_H
#define PCTNEAR_H
#include <stddef.h>

/* fmt_pct_near: pct as fmt_pct writes it ("4.2%"), with up to four significant digits where two
 * write it as the threshold limit_pct is written while it is not that value ("1.05%" beside a
 * limit of 1%, "0.996%"); returns buf. */
const char *fmt_pct_near(char *buf, size_t n, double pct, double limit_pct);

/* fmt_share: part's share of whole (counts), in whole percent ("71%"), but never "0%" for a part
 * above none nor "100%" for one short of the whole, the thresholds a count is read against: "<1%"
 * and ">99%" there ("7 of the rows (0%)" read as none). whole 0: "-". Returns buf. */
const char *fmt_share(char *buf, size_t n, long part, long whole);

/* fmt_share_fine: part's share of whole to a tenth of a percent ("25.8%"), two significant digits
 * below that ("0.0016%": a search's 1 of 62128 configurations said "0.0%" and "0%", read as none
 * measured), never "100.0%" for a part short of the whole (">99.9%"). whole 0: "-". Returns buf. */
const char *fmt_share_fine(char *buf, size_t n, long part, long whole);
#endif
