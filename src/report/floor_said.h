/* floor_said.h — a noise floor (verdict.h's: a share of the time) as a reader is told it, the one
 * rule for compare, findings and a search: a percentage up to 100%, then the factor its noise spans,
 * and past FLOOR_SAID_MOST no number at all (rounds of 0.03 ms beside one of 6 ms printed "noise
 * floor 4477172616281802%": e to the z x a relative standard error of some 13, which says nothing
 * a number could). Only the words: the verdicts are the rule's, whatever the floor. */
#ifndef FLOOR_SAID_H
#define FLOOR_SAID_H
#include <stddef.h>

/* A floor above this (100%) is said as the factor its noise spans: "the noise floor is 2280%" (shards
 * merged against a later quick run on a loaded host) read as nonsense, where "up to 23.8x" says it. */
#define FLOOR_AS_FACTOR 1.0
/* A floor whose factor is this and more is past telling: the relative standard error behind it is
 * over 2 at any usual alpha (3.6 at 0.01), noise larger than the times themselves, where the rule's
 * exp(z x u) stands for nothing measured (a round 29x its others gave a factor of 4022, still said). */
#define FLOOR_SAID_MOST 10000.0
/* The room floor_said's words need, the longest included. */
#define FLOOR_SAID_SIZE 128

/* floor_past_telling: whether floor f (finite) is past FLOOR_SAID_MOST. */
int floor_past_telling(double f);
/* floor_said: floor f in buf, returned: "3.1%" (near > 0: fmt_pct_near's digits beside the threshold
 * near, a share, is judged by), "a factor of 4022", or past telling "beyond a factor of 10000 (noise
 * larger than the times themselves: no floor to speak of)"; not finite: "none". */
const char *floor_said(char *buf, size_t size, double f, double near);
/* floor_said_bare: floor_said without the reason past telling ("beyond a factor of 10000"), for a
 * sentence that says the floors of several values ("floors of 44% and more"). */
const char *floor_said_bare(char *buf, size_t size, double f);
/* floor_factor_said: the factor 1 + f alone, three digits, whole numbers from 1000 on ("23.8",
 * "4022"; never "4.02e+03"), for f above FLOOR_AS_FACTOR and not past telling; returns buf. */
const char *floor_factor_said(char *buf, size_t size, double f);
/* floor_span_said: the floors lo to hi of several values: "2.1%" where both say alike, "2.1-41%",
 * and where hi is above FLOOR_AS_FACTOR each said apart, "23% to a factor of 11.9", "23% to beyond
 * a factor of 10000" (no reason: a span sits in a sentence of its own); returns buf. */
const char *floor_span_said(char *buf, size_t size, double lo, double hi);
#endif
