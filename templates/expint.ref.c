/* expint.ref.c — host reference of expint, which is also the CPU baseline the seed compares
 * against: E_n(x) for every order and sample, in the kernel's precision, on all host cores. */
#include <clx/ref.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#define EULER 0.5772156649015328606
#define MAXIT 1000

/* The same method as the kernel (continued fraction above x = 1, series below), written once per
 * precision so the float reference rounds like the float kernel. */
#define DEFINE_EXPINT(NAME, REAL, TINY, EPS)                                        \
    static REAL NAME(int n, REAL x)                                                 \
    {                                                                               \
        const int nm1 = n - 1;                                                      \
        if (x > (REAL)1) {                                                          \
            REAL b = x + (REAL)n, c = (REAL)1 / (TINY), d = (REAL)1 / b, h = d;     \
            for (int i = 1; i <= MAXIT; i++) {                                      \
                const REAL a = -(REAL)i * (REAL)(nm1 + i);                          \
                b += (REAL)2;                                                       \
                d = (REAL)1 / (a * d + b);                                          \
                c = b + a / c;                                                      \
                const REAL del = c * d;                                             \
                h *= del;                                                           \
                if (fabs((double)(del - (REAL)1)) <= (EPS)) break;                  \
            }                                                                       \
            return h * (REAL)exp(-(double)x);                                       \
        }                                                                           \
        REAL ans = nm1 != 0 ? (REAL)1 / (REAL)nm1 : -(REAL)log((double)x) - (REAL)EULER, fact = 1; \
        for (int i = 1; i <= MAXIT; i++) {                                          \
            fact *= -x / (REAL)i;                                                   \
            REAL del;                                                               \
            if (i != nm1) {                                                         \
                del = -fact / (REAL)(i - nm1);                                      \
            } else {                                                                \
                REAL psi = -(REAL)EULER;                                            \
                for (int k = 1; k <= nm1; k++) psi += (REAL)1 / (REAL)k;            \
                del = fact * (-(REAL)log((double)x) + psi);                         \
            }                                                                       \
            ans += del;                                                             \
            if (fabs((double)del) < fabs((double)ans) * (EPS)) break;               \
        }                                                                           \
        return ans;                                                                 \
    }

DEFINE_EXPINT(expint_f, float, 1e-30f, 1.2e-7)
DEFINE_EXPINT(expint_d, double, 1e-300, 1e-15)

struct job {
    const void *x;
    void *out;
    int is_double;
    size_t samples, orders, first, last;   /* rows (orders) [first, last) */
};

static void *rows(void *arg)
{
    const struct job *j = arg;
    for (size_t n = j->first; n < j->last; n++)
        for (size_t i = 0; i < j->samples; i++) {
            if (j->is_double) ((double *)j->out)[n * j->samples + i] = expint_d((int)n + 1, ((const double *)j->x)[i]);
            else ((float *)j->out)[n * j->samples + i] = expint_f((int)n + 1, ((const float *)j->x)[i]);
        }
    return NULL;
}

CLX_REF(expint, "exponential integral E_n(x), float and double, all host cores (seed 003)")
{
    double orders = ref_var(c, "ORDERS"), samples = ref_var(c, "SAMPLES");
    if (c->err) return -1;
    int is_double = c->nbufs > 0 && c->bufs[0].type == CT_DOUBLE;
    enum cltype t = is_double ? CT_DOUBLE : CT_FLOAT;
    size_t nx, nout;
    const void *x = ref_in(c, "x", t, &nx);
    void *out = ref_out(c, "e", t, &nout);
    if (!x || !out) return -1;
    if (nx < (size_t)samples || nout < (size_t)(orders * samples))
        return ref_fail(c, "x needs SAMPLES elements and e ORDERS * SAMPLES");
    /* All host cores, one band of orders each: the CPU baseline should be a fair one. */
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nt = ncpu > 0 ? (int)ncpu : 1;
    if (nt > (int)orders) nt = (int)orders;
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    struct job *jobs = calloc((size_t)nt, sizeof *jobs);
    if (!th || !jobs) {
        free(th);
        free(jobs);
        return ref_fail(c, "out of memory for %d threads", nt);
    }
    for (int k = 0; k < nt; k++) {
        jobs[k] = (struct job){ x, out, is_double, (size_t)samples, (size_t)orders,
                                (size_t)orders * (size_t)k / (size_t)nt, (size_t)orders * (size_t)(k + 1) / (size_t)nt };
        if (pthread_create(&th[k], NULL, rows, &jobs[k])) { jobs[k].last = jobs[k].first; rows(&jobs[k]); th[k] = 0; }
    }
    for (int k = 0; k < nt; k++)
        if (th[k]) pthread_join(th[k], NULL);
    free(th);
    free(jobs);
    return 0;
}
