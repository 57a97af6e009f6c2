/* setnote.h — the note said before a run whose --set NAME=VALUES replaces a parameter that the
 * spec's named variants each fix: every one of them is crossed with the values, under names that no
 * longer say them (vecsum --set ILP=1,2,4: gs_f4_ilp2:ILP=1 is gs_float4, and the ILP>1 copies of
 * the variants without grid stride do not build). */
#ifndef SETNOTE_H
#define SETNOTE_H
#include "plan.h"
#include "spec.h"

/* setnote_say: the note for each --set of ov[0..nov-1] that names a parameter two or more of s's
 * named variants set (not one of s's params, which it sweeps anyway), when no --set variant= picks
 * among them; lines "clx: ...\n", or NULL when there is nothing to say (a new string). The note names
 * the variants and their own values, a one-variant form of the command, and the experiments along
 * the search path that sweep NAME as an axis. */
char *setnote_say(const struct spec *s, const struct override *ov, int nov);
#endif
