/* test_par.c — par_for's split (every element once, the first failing part's result) and what
 * par_threads asks of the system: nothing for small totals, once for the whole process. */
#include "check.h"
#include "lib/par.h"
#include <stdlib.h>
#include <unistd.h>

/* The system's core count, counted: this definition stands in for the C library's (the
 * executable's symbol wins), and hands the question to glibc's own. */
extern long __sysconf(int name);
static int sysconf_calls;
long sysconf(int name)
{
    if (name == _SC_NPROCESSORS_ONLN) sysconf_calls++;
    return __sysconf(name);
}

static int count_part(void *arg, int k, size_t lo, size_t hi)
{
    (void)k;
    unsigned char *seen = arg;
    for (size_t i = lo; i < hi; i++) seen[i]++;
    return 0;
}

static void test_every_element_once(void)
{
    size_t n = ((size_t)3 << 20) + 7;
    unsigned char *seen = calloc(n, 1);
    CHECK(par_for(n, 1 << 16, count_part, seen) == 0);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) bad += seen[i] != 1;
    CHECK(bad == 0);
    free(seen);
}

static int fail_from_one(void *arg, int k, size_t lo, size_t hi)
{
    (void)arg; (void)lo; (void)hi;
    return k >= 1 ? 10 + k : 0;
}

static void test_first_failure(void)
{
    /* Parts 1 and later fail: the result is part 1's, where there is one. */
    int rc = par_for(1000, 1, fail_from_one, NULL);
    CHECK(par_threads(1000, 1) > 1 ? rc == 11 : rc == 0);
}

static void test_small_totals_ask_nothing(void)
{
    sysconf_calls = 0;
    for (int i = 0; i < 100000; i++) {
        CHECK(par_threads(1, 1) == 1);
        CHECK(par_threads(0, 1) == 1);
        CHECK(par_threads(((size_t)1 << 20) + 5, (size_t)1 << 20) == 1);
    }
    CHECK(sysconf_calls == 0);
}

static void test_cores_asked_once(void)
{
    /* Whatever asked before, many large splits ask at most once more. */
    int before = sysconf_calls;
    for (int i = 0; i < 1000; i++) CHECK(par_threads(1000000, 1) >= 1);
    CHECK(sysconf_calls - before <= 1);
    CHECK(par_threads(1000000, 1) <= 64);
}

int main(void)
{
    RUN(test_small_totals_ask_nothing);
    RUN(test_every_element_once);
    RUN(test_first_failure);
    RUN(test_cores_asked_once);
    CHECK_EXIT();
}
