/* timed.h — a configuration and its time, sorted fastest first: the survivors race.c ranks and the
 * far starts basins.c picks, in one order. */
#ifndef TIMED_H
#define TIMED_H

struct timed { double t; int config; };
/* timed_order: fastest first, ties by configuration (the same order every time), for qsort. */
int timed_order(const void *a, const void *b);
#endif
