/* atdie.h — one hook that die() and die_usage() run before the process exits: what a fatal error
 * would otherwise lose (a resume's rows measured again, held in memory until their rewrite of
 * results.tsv) written first. */
#ifndef ATDIE_H
#define ATDIE_H

/* atdie_set: fn(arg) is what die() runs from now on (fn NULL: nothing), replacing any hook before;
 * it runs only on the thread that set it, whose data it writes (a die on another thread, one of the
 * builds ahead, runs none: the setter's thread may be in the middle of changing that data). */
void atdie_set(void (*fn)(void *), void *arg);
/* atdie_run: the hook, once: it is taken before it runs, so a die() within it (out of memory)
 * exits without running it again. Called by die() and die_usage(). */
void atdie_run(void);

#endif
