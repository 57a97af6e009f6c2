/* types.c — the table of OpenCL scalar types and typed element access. */
#include "types.h"
#include <stdint.h>
#include <string.h>

/* One row per type; to add a type, add its enum value in types.h and a row here in the same order. */
static const struct cltype_info table[CT_COUNT] = {
    [CT_CHAR]   = {"char",   1, 0, 1},
    [CT_UCHAR]  = {"uchar",  1, 0, 0},
    [CT_SHORT]  = {"short",  2, 0, 1},
    [CT_USHORT] = {"ushort", 2, 0, 0},
    [CT_INT]    = {"int",    4, 0, 1},
    [CT_UINT]   = {"uint",   4, 0, 0},
    [CT_LONG]   = {"long",   8, 0, 1},
    [CT_ULONG]  = {"ulong",  8, 0, 0},
    [CT_FLOAT]  = {"float",  4, 1, 1},
    [CT_DOUBLE] = {"double", 8, 1, 1},
};

const struct cltype_info *cltype_info(enum cltype t) { return &table[t]; }

int cltype_parse(const char *s)
{
    for (int t = 0; t < CT_COUNT; t++)
        if (strcmp(s, table[t].name) == 0) return t;
    return -1;
}

double cltype_get(enum cltype t, const void *base, size_t i)
{
    switch (t) {
    case CT_CHAR:   return ((const int8_t *)base)[i];
    case CT_UCHAR:  return ((const uint8_t *)base)[i];
    case CT_SHORT:  return ((const int16_t *)base)[i];
    case CT_USHORT: return ((const uint16_t *)base)[i];
    case CT_INT:    return ((const int32_t *)base)[i];
    case CT_UINT:   return ((const uint32_t *)base)[i];
    case CT_LONG:   return (double)((const int64_t *)base)[i];
    case CT_ULONG:  return (double)((const uint64_t *)base)[i];
    case CT_FLOAT:  return ((const float *)base)[i];
    case CT_DOUBLE: return ((const double *)base)[i];
    default:        return 0;
    }
}

void cltype_set(enum cltype t, void *base, size_t i, double v)
{
    switch (t) {
    case CT_CHAR:   ((int8_t *)base)[i] = (int8_t)v; break;
    case CT_UCHAR:  ((uint8_t *)base)[i] = (uint8_t)v; break;
    case CT_SHORT:  ((int16_t *)base)[i] = (int16_t)v; break;
    case CT_USHORT: ((uint16_t *)base)[i] = (uint16_t)v; break;
    case CT_INT:    ((int32_t *)base)[i] = (int32_t)v; break;
    case CT_UINT:   ((uint32_t *)base)[i] = (uint32_t)v; break;
    case CT_LONG:   ((int64_t *)base)[i] = (int64_t)v; break;
    case CT_ULONG:  ((uint64_t *)base)[i] = (uint64_t)v; break;
    case CT_FLOAT:  ((float *)base)[i] = (float)v; break;
    case CT_DOUBLE: ((double *)base)[i] = v; break;
    default: break;
    }
}
