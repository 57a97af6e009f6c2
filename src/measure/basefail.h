/* basefail.h — why the baseline variant left no answer at a launch point (it FAILed there, or was
 * skipped or in error), kept for the other variants' rows at that point to say, so that the user
 * mends the baseline rather than wonders whether it ran. */
#ifndef BASEFAIL_H
#define BASEFAIL_H
#include "lib/util.h"

/* The baseline's failures at the current launch point, by expected.c's answer key. */
struct basefail { struct strlist keys, notes; };

/* basefail_note: records at key what the others' rows say: "not checked: the baseline NAME FAILed
 * at this point (WHY)" (status the row's word, why NULL when none is known); the first one stays. */
void basefail_note(struct basefail *f, const char *key, const char *name, const char *status, const char *why);
/* basefail_find: the note recorded at key, or NULL (f's). */
const char *basefail_find(const struct basefail *f, const char *key);
/* basefail_clear: forgets them all (a new launch point). */
void basefail_clear(struct basefail *f);
#endif
