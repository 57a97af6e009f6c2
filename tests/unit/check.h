/* check.h — the smallest unit-test kit: TEST(name) cases, CHECK assertions, a PASS/FAIL line per case. */
#ifndef CHECK_H
#define CHECK_H
#include <stdio.h>
#include <string.h>

static int check_failures_in_case;
static int check_cases_failed;

/* CHECK(cond): records a failure with file:line and the condition text; the case goes on. */
#define CHECK(cond) do { if (!(cond)) { \
        fprintf(stderr, "  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
        check_failures_in_case++; } } while (0)
#define CHECK_STR(a, b) do { const char *a_ = (a), *b_ = (b); \
        if (!a_ || !b_ || strcmp(a_, b_) != 0) { \
        fprintf(stderr, "  %s:%d: \"%s\" != \"%s\"\n", __FILE__, __LINE__, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); \
        check_failures_in_case++; } } while (0)
#define CHECK_CONTAINS(hay, needle) do { const char *h_ = (hay), *n_ = (needle); \
        if (!h_ || !strstr(h_, n_)) { \
        fprintf(stderr, "  %s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, h_ ? h_ : "(null)", n_); \
        check_failures_in_case++; } } while (0)
#define CHECK_NEAR(a, b, tol) do { double a_ = (a), b_ = (b); \
        if (!(a_ - b_ <= (tol) && b_ - a_ <= (tol))) { \
        fprintf(stderr, "  %s:%d: %.17g != %.17g (tol %g)\n", __FILE__, __LINE__, a_, b_, (double)(tol)); \
        check_failures_in_case++; } } while (0)

/* RUN(fn): runs one case and prints the line tests/run.sh counts. */
#define RUN(fn) do { check_failures_in_case = 0; fn(); \
        if (check_failures_in_case) { printf("FAIL %s\n", #fn); check_cases_failed++; } \
        else { printf("PASS %s\n", #fn); } \
        fflush(stdout); } while (0)

#define CHECK_EXIT() return check_cases_failed ? 1 : 0
#endif
