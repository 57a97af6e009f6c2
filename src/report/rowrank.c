/* rowrank.c — how fast a row is, for the console's cuts (rowrank.h). */
#include "rowrank.h"
#include "lib/table.h"

double rowrank(const struct rundir *r, int i)
{
    double g = table_num(&r->t, i, r->c_gflops), b = table_num(&r->t, i, r->c_gbs), m = table_num(&r->t, i, r->c_median);
    return g > 0 ? g : b > 0 ? b : m > 0 ? 1 / m : 0;
}
