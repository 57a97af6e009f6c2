/* types.h — the OpenCL scalar types a buffer or kernel argument can have, as one table. */
#ifndef TYPES_H
#define TYPES_H
#include <stddef.h>

/* enum cltype is defined once, in the public header: host references compiled apart from clx
 * pass these values across. */
#include "clx/ref.h"

struct cltype_info {
    const char *name;   /* OpenCL C spelling: "float", "uint", ... */
    size_t size;        /* bytes */
    int is_float;
    int is_signed;
};

/* cltype_info: the row for t. */
const struct cltype_info *cltype_info(enum cltype t);
/* cltype_parse: the type named s, or -1. */
int cltype_parse(const char *s);
/* cltype_get / cltype_set: element i of an array of type t, as a double. */
double cltype_get(enum cltype t, const void *base, size_t i);
void cltype_set(enum cltype t, void *base, size_t i, double v);
#endif
