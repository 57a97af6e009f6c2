/* dumppick.h — which variant `clx dump` shows: the one the command line's ids pick, or the
 * candidates listed when they pick none or several. */
#ifndef DUMPPICK_H
#define DUMPPICK_H
#include "spec/plan.h"

/* dump_pick: the index of the variant that args (variant names or PARAM=VALUE pairs, nargs of
 * them) pick in p; the only variant when there is one and args are empty. Otherwise -1, after
 * listing on stderr the candidates, each with the name or PARAM=VALUE pairs that pick it, and a
 * command that dumps the first (a usage error: the caller exits 2). experiment: as the command line
 * gave it (a name, or a spec's path: the experiment's name alone may be another's, or none). */
int dump_pick(const struct spec *s, const struct plan *p, const char *experiment, char *const *args, int nargs);
#endif
