/* finding_noise_verdict.h — what the noise under a finding's numbers (finding_noise.h), and the
 * true peaks under upper-bound estimates, make of a part's verdict, and the words that say so. */
#ifndef FINDING_NOISE_VERDICT_H
#define FINDING_NOISE_VERDICT_H
#include "finding_noise.h"

/* finding_noise_verdict: a part's verdict v, judged at the values measured, where its timed values
 * leave it open (decided: 0, their combinations allow another verdict): cannot be decided here, on
 * rows a stop cut short, on a value without a noise floor, or within their floors; else v. Says
 * why, or that their noise leaves it as it is, after "; " in *shown; where their noise leaves it
 * open, the same words in a new *why too (one there before is freed), unless why is NULL. */
enum verdict finding_noise_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown, char **why);
/* finding_estimate_verdict: a part's verdict v where the true peaks under n's estimates leave it
 * open (decided: 0; the estimates' ranges, est_*, allow another verdict): cannot be checked, *why
 * saying so (one there before is freed); else v, *shown saying the estimates leave it as it is.
 * v where nothing rests on an estimate. */
enum verdict finding_estimate_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown,
                                      struct finding_why *why);
/* finding_both_verdict: a part's verdict v, which its timed values' noise and the true peaks under
 * estimates each leave as it is, where both at once leave it open (decided: 0; both_* allow another
 * verdict): cannot be decided here (V_UNDECIDED), said after "; " in *shown and in a new *why (one
 * there before is freed; NULL: not said there); else v. v where n has no timed value or no estimate,
 * or v is neither held nor failed. */
enum verdict finding_both_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown, char **why);
/* finding_cut_words: "; on 2 rows a stop cut short (rounds-cut: clx run --resume measures them
 * again)" appended to *shown, resume what the resume does to them (rundir_cut_resume: a search's
 * measures again only those its race comes back to). */
void finding_cut_words(int cut, const char *resume, struct sbuf *shown);
#endif
