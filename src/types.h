/* types.h — the OpenCL scalar types a buffer or kernel argument can have, as one table. */
#ifndef TYPES_H
#define TYPES_H
#include <stddef.h>

enum cltype { CT_CHAR, CT_UCHAR, CT_SHORT, CT_USHORT, CT_INT, CT_UINT, CT_LONG, CT_ULONG,
              CT_FLOAT, CT_DOUBLE, CT_COUNT };

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
