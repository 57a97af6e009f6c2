/* finding_why.h — why a finding cannot be checked, every reason once: a user who fixes a sweep meets
 * them all in one report, not one a run. Selectors that fail for the same reason are named together
 * ("gbs[VEC=1, ILP=2] and gbs[VEC=2, ILP=1]: no measured row matches: ..."). */
#ifndef FINDING_WHY_H
#define FINDING_WHY_H
#include "lib/util.h"

/* One reason: the selectors it is of (none: a reason of the whole part, a parse error) and its
 * words after "SELECTOR: ". */
struct finding_reason { struct strlist sel; char *tail; };
struct finding_why { struct finding_reason *r; int n; };

/* finding_why_add: why (taken, freed here; NULL adds nothing) to w. Where sel is the selector it
 * is of and why reads "SEL: REST", it joins the selectors of a reason of the same REST; any other
 * is kept whole. A reason met twice (one selector written twice, in two parts) is kept once. */
void finding_why_add(struct finding_why *w, const char *sel, char *why);
/* finding_why_take: every reason, in the order first met, "; " between them, in a new string (NULL
 * where w has none); w is emptied. */
char *finding_why_take(struct finding_why *w);
void finding_why_free(struct finding_why *w);
#endif
