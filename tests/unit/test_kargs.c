/* test_kargs.c — kargs_check: a kernel's parameters as a driver names them (kparams.h's text)
 * against a spec's buffers and arguments: what fits (a buffer of float through float* or float4*,
 * void*, a type clx cannot judge), what does not (a double buffer through float*, a double scalar
 * for a float, a scalar for a pointer, a buffer for a scalar), said with the spec's line;
 * clSetKernelArg's refusal said from the spec's side; and the vector width
 * a parameter points to (kargs_param_vector). Where the kernel's name comes from is plan.h's
 * (plan_kernel_origin), tested here beside the build errors it follows. */
#include "check.h"
#include "device/kparams.h"
#include "measure/kargs.h"
#include "spec/plan.h"
#include <stdlib.h>

/* A spec of two buffers (in, line 11; out, line 12) and args [ in, out, uint:N, float:CA, local:64 ]
 * (line 14), and the variant's types. */
static struct spec_buffer bufs[2] = { { .name = "in", .type = CT_FLOAT, .line = 11 }, { .name = "out", .type = CT_FLOAT, .line = 12 } };
static struct spec_arg args[5] = {
    { .kind = ARG_BUFFER, .buffer = 0, .line = 14 }, { .kind = ARG_BUFFER, .buffer = 1, .line = 14 },
    { .kind = ARG_SCALAR, .type = CT_UINT, .expr = "N", .line = 14 }, { .kind = ARG_SCALAR, .type = CT_FLOAT, .expr = "CA", .line = 14 },
    { .kind = ARG_LOCAL, .expr = "64", .line = 14 } };
static enum cltype bt[2] = { CT_FLOAT, CT_FLOAT }, at[5] = { CT_FLOAT, CT_FLOAT, CT_UINT, CT_FLOAT, CT_FLOAT };

static struct spec spec_of(void)
{
    struct spec s = {0};
    s.path = "x.spec";
    s.name = "x";
    s.kernel = "x";
    s.bufs = bufs; s.nbufs = 2;
    s.args = args; s.nargs = 5;
    return s;
}

/* check: kargs_check of params (lines joined) with the buffers' types b0, b1 and CA's type ca. */
static char *check(const char *params, enum cltype b0, enum cltype b1, enum cltype ca)
{
    struct spec s = spec_of();
    bt[0] = b0; bt[1] = b1; at[3] = ca;
    args[3].type = ca;
    return kargs_check(&s, "k", params, bt, at);
}

static void test_fits(void)
{
    const char *plain = "float*\tin\nfloat*\tout\nuint\tn\nfloat\tca\nfloat*\tscratch\n";
    CHECK(check(plain, CT_FLOAT, CT_FLOAT, CT_FLOAT) == NULL);
    /* A vector of the buffer's type, and void*, read it as they will. */
    CHECK(check("float4*\tin\nvoid*\tout\nuint\tn\nfloat\tca\nuint*\tscratch\n", CT_FLOAT, CT_DOUBLE, CT_FLOAT) == NULL);
    CHECK(check("unsigned int*\tin\nfloat16*\tout\nunsigned int\tn\nfloat\tca\nchar*\tl\n", CT_UINT, CT_FLOAT, CT_FLOAT) == NULL);
    /* A typedef's name, half, a struct: not clx's to judge. */
    CHECK(check("REAL*\tin\nhalf*\tout\nsize_t\tn\nmytype\tca\nfloat*\tl\n", CT_DOUBLE, CT_USHORT, CT_DOUBLE) == NULL);
    /* No arg info (a driver without it, a build without the option): nothing said. */
    CHECK(check(NULL, CT_DOUBLE, CT_DOUBLE, CT_DOUBLE) == NULL);
}

/* The vector a parameter points to, for --modes' read-back by columns: a pointer's width, else 1. */
static void test_param_vector(void)
{
    const char *p = "float4*\tin\nunsigned int16*\tout\nuint\tn\nfloat4\tca\nREAL*\tl\n";
    CHECK(kargs_param_vector(p, 0) == 4);
    CHECK(kargs_param_vector(p, 1) == 16);
    CHECK(kargs_param_vector(p, 2) == 1);          /* a scalar */
    CHECK(kargs_param_vector(p, 3) == 1);          /* a vector, but no pointer: no buffer's */
    CHECK(kargs_param_vector(p, 4) == 1);          /* a type clx cannot judge */
    CHECK(kargs_param_vector(p, 5) == 1);          /* no such parameter */
    CHECK(kargs_param_vector("float*\tin\n", 0) == 1);
    CHECK(kargs_param_vector(NULL, 0) == 1);       /* no arg info from the driver */
}

/* Another count of parameters: said as such, not as the types of the arguments that moved. */
static void test_count(void)
{
    char *w = check("float*\tin\nfloat*\tout\nuint\tn\n", CT_FLOAT, CT_FLOAT, CT_FLOAT);
    CHECK_STR(w, "x.spec:14: kernel k takes 3 arguments, the spec gives 5 (does the template's argument list match "
                 "the spec's args?)");
    free(w);
}

static void test_mismatches(void)
{
    char *w = check("float*\tin\nfloat*\tout\nuint\tn\nfloat\tca\nfloat*\tl\n", CT_DOUBLE, CT_FLOAT, CT_FLOAT);
    CHECK_STR(w, "x.spec:11: buffer in is double, but the kernel's parameter in is float*: the kernel would read its "
                 "double elements as float");
    free(w);
    w = check("float*\tin\nfloat4*\tout\nuint\tn\nfloat\tca\nfloat*\tl\n", CT_FLOAT, CT_INT, CT_FLOAT);
    CHECK_STR(w, "x.spec:12: buffer out is int, but the kernel's parameter out is float4*: the kernel would read its int "
                 "elements as float4");
    free(w);
    w = check("float*\tin\nfloat*\tout\nuint\tn\nfloat\tca\nfloat*\tl\n", CT_FLOAT, CT_FLOAT, CT_DOUBLE);
    CHECK_STR(w, "x.spec:14: argument double:CA is a double, but the kernel's parameter ca is a float");
    free(w);
    w = check("float*\tin\nfloat*\tout\nint\tn\nfloat\tca\nfloat*\tl\n", CT_FLOAT, CT_FLOAT, CT_FLOAT);
    CHECK_STR(w, "x.spec:14: argument uint:N is a uint, but the kernel's parameter n is an int");
    free(w);
    w = check("float*\tin\nfloat*\tout\nfloat*\tn\nfloat\tca\nfloat*\tl\n", CT_FLOAT, CT_FLOAT, CT_FLOAT);
    CHECK_STR(w, "x.spec:14: argument uint:N is a uint, but the kernel's parameter n is float*, a pointer (a buffer's "
                 "name passes one)");
    free(w);
    w = check("float*\tin\nuint\tout\nuint\tn\nfloat\tca\nfloat*\tl\n", CT_FLOAT, CT_FLOAT, CT_FLOAT);
    CHECK_STR(w, "x.spec:12: buffer out is passed to the kernel's parameter out, a uint, not a pointer");
    free(w);
    w = check("float*\tin\nfloat*\tout\nuint\tn\nfloat\tca\nuint\t?\n", CT_FLOAT, CT_FLOAT, CT_FLOAT);
    CHECK_STR(w, "x.spec:14: argument local:64 is a __local buffer, but the kernel's parameter 5 (counted from 1) is "
                 "uint, not a pointer");
    free(w);
}

static void test_kernel_origin(void)
{
    struct spec s = spec_of();
    struct spec_variant sv = { .name = "v2", .kernel = "other", .line = 7 };
    struct variant var = { .id = "v1", .kernel = "x" };
    int line = -1;
    char *o = plan_kernel_origin(&s, &var, &line);
    CHECK_STR(o, "the name is the experiment's (x.spec sets no kernel = \"...\")");
    CHECK(line == 0);
    free(o);
    s.kernel_line = 3;
    o = plan_kernel_origin(&s, &var, &line);
    CHECK_STR(o, "the name is the spec's kernel = \"x\" (x.spec:3)");
    CHECK(line == 3);
    free(o);
    s.variants = &sv; s.nvariants = 1;
    var.name = "v2"; var.kernel = "other";
    o = plan_kernel_origin(&s, &var, NULL);
    CHECK_STR(o, "the name is variant v2's kernel = \"other\" (x.spec:7)");
    free(o);
    o = plan_kernel_origin(&s, &var, &line);
    CHECK(line == 7);
    free(o);
}

static void test_set_failed(void)
{
    struct spec s = spec_of();
    args[3].type = CT_DOUBLE;
    /* No kernel to ask (a driver without arg info): the spec's side, and which parameter to look at. */
    char *w = kargs_set_failed(&s, 3, CT_DOUBLE, NULL, CL_INVALID_ARG_SIZE);
    CHECK_STR(w, "x.spec:14: argument double:CA (double, 8 bytes): clSetKernelArg(3): CL_INVALID_ARG_SIZE (does the kernel's "
                 "parameter 4, counted from 1, have this type?)");
    free(w);
}

static void test_params_text(void)
{
    char type[16], name[16];
    const char *p = "float4*\ta\nuint\tn\n";
    CHECK(kparams_get(p, 1, type, sizeof type, name, sizeof name) == 0);
    CHECK_STR(type, "uint");
    CHECK_STR(name, "n");
    CHECK(kparams_get(p, 0, type, sizeof type, name, sizeof name) == 0);
    CHECK_STR(type, "float4*");
    CHECK(kparams_get(p, 2, type, sizeof type, name, sizeof name) == -1);
}

int main(void)
{
    RUN(test_fits);
    RUN(test_mismatches);
    RUN(test_count);
    RUN(test_kernel_origin);
    RUN(test_set_failed);
    RUN(test_params_text);
    RUN(test_param_vector);
    CHECK_EXIT();
}
