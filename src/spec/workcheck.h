/* workcheck.h — a spec's flops and bytes at every planned configuration, checked before anything
 * runs: a value that is no number (a division by zero at VEC=4) or below 0 would leave the row's
 * GFLOP/s or GB/s blank with no word, so it is the spec's mistake, said with its setting and line. */
#ifndef WORKCHECK_H
#define WORKCHECK_H

struct spec;
struct plan;
struct devprops;

/* workcheck_plan: NULL where s's flops and bytes are numbers >= 0 at each configuration of p (of a
 * plan of more than 2,000, its variants evenly spread) where their own expressions need no value
 * vv lacks, vv holding dev's values (CU, MAX_WG, ...: a run, once it has found its device) or none
 * (dev NULL: a dry run): one that reads a built kernel's property (KMAX_WG), or a device's without
 * dev, is not checked, nor one whose derived values or launch sizes are errors of their own (the
 * run's to say); a launch that needs a device's value (grid-stride's CU * local) leaves bytes =
 * '-12 * N' checked at the names it has. Else the first that is not, said as derived and global
 * are: "flops = '2 * N / (VEC - 4)' (f.spec:17) is infinite at VEC=4: division by zero", "bytes =
 * '-12 * N' (f.spec:18) is negative (-4.8e+07) at N=4M". A new string. */
char *workcheck_plan(const struct spec *s, const struct plan *p, const struct devprops *dev);
#endif
