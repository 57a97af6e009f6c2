/* finding_sense.h — a finding whose claimed range says the opposite of its words: "tiled is 2x
 * faster" with compare = "median_ms[variant=tiled] vs median_ms[variant=global]" and claimed >= 2,
 * which holds where tiled takes twice the time. The report then says "does not hold" of a kernel
 * that is 2.5x faster, and the user looks for the fault in the kernel; said at the spec's load. */
#ifndef FINDING_SENSE_H
#define FINDING_SENSE_H
#include "spec.h"
#include "lib/util.h"

/* finding_sense_warnings: "path:line: finding K ('claim'): its words say faster, but claimed ..."
 * pushed onto warnings for each finding of s with a compare whose claim says "faster" or "slower"
 * (one of them, with no negation near: "no faster than" states no side) while its claimed range
 * lies wholly on the other side of 1 for its metric (a time's ratio above 1 is slower, a rate's
 * faster). Nothing for a claimed range that spans 1, an untimed metric, or a size, nor where the
 * words do not tell whose speed they state (both sides named or neither, in "faster than"'s clause
 * where there is one; with no "than", the one named after "compared with", "against", "over"). */
void finding_sense_warnings(const struct spec *s, struct strlist *warnings);
#endif
