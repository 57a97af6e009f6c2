/* expr_impl.h — inside expressions: the compiled program and the two helpers that expr.c (parsing)
 * lends expr_eval.c (running); expr.h is the interface. */
#ifndef EXPR_IMPL_H
#define EXPR_IMPL_H
#include "expr.h"
#include <muParserDLL.h>

/* A parsed expression over a fixed set of names (expr_compile). */
struct expr_prog {
    muParserHandle_t p;
    double *vals;
    int n;
    int *used;          /* [name]: the expression reads it */
    char **names;       /* the names, in the order of vals */
    char *text;
};

/* expr_plain_value: a text that is one name of v or a plain number: 1 and *out, without a parser;
 * else 0. */
int expr_plain_value(const char *text, const struct vars *v, double *out);
/* expr_parser_error: p's error in text (an unknown name, with the one of names[0..n) meant), as a
 * new string. */
char *expr_parser_error(muParserHandle_t p, const char *text, char *const *names, int n);
#endif
