/* peak_env.c — the environment's word on a device's ceilings: the CLX_PEAK_* variables, which win
 * over everything peak.c derives (peak_impl.h). */
#include "peak_impl.h"
#include "lib/util.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* env_number: the positive number in environment variable var, else 0 (with a warning when set
 * but unusable, so a typo does not silently fall back to the tables). */
static double env_number(const char *var)
{
    const char *s = getenv(var);
    if (!s || !*s) return 0;
    char *end;
    double v = strtod(s, &end);
    while (*end == ' ') end++;
    if (end == s || *end || !(v > 0)) {
        warn("ignoring %s='%s': not a positive number", var, s);
        return 0;
    }
    return v;
}

/* The environment's word on a ceiling, which wins over everything derived: a variable, the peak it
 * sets and the string that says where that came from. A tensor value is the dense FP16 matrix peak,
 * from which TF32 (half) and INT8 (twice) follow. To add one, add a field to struct peak and a row. */
enum override_kind { OV_VALUE, OV_TENSOR };
/* NO_KIND: a figure whose kind nobody reads (a size, the host link): no field says it. */
#define NO_KIND ((size_t)-1)
#define OVERRIDE(env, figure, value, source, kind, what) \
    { env, figure, offsetof(struct peak, value), offsetof(struct peak, source), sizeof ((struct peak *)0)->source, kind, what }
static const struct override {
    const char *env;
    const char *figure;          /* run.json's name of the peak it sets (store/columns.h column_share_of); NULL: none */
    size_t value, source, source_size;
    enum override_kind kind;
    size_t what;                 /* the figure's enum peak_kind field, which becomes PEAK_GIVEN; NO_KIND: none */
} overrides[] = {
    OVERRIDE("CLX_PEAK_TENSOR_GFLOPS", "tensor", tensor_f16_gflops, tensor_source, OV_TENSOR, offsetof(struct peak, tensor_kind)),
    OVERRIDE("CLX_PEAK_FP64_GFLOPS",   "fp64",   fp64_gflops,       fp64_source,   OV_VALUE,  offsetof(struct peak, fp64_kind)),
    OVERRIDE("CLX_PEAK_FP16_GFLOPS",   "fp16",   fp16_gflops,       fp16_source,   OV_VALUE,  offsetof(struct peak, fp16_kind)),
    OVERRIDE("CLX_PEAK_GFLOPS",        "fp32",   fp32_gflops,       fp32_source,   OV_VALUE,  offsetof(struct peak, fp32_kind)),
    OVERRIDE("CLX_PEAK_CACHE_BYTES",   NULL,     cache_bytes,       cache_source,  OV_VALUE,  NO_KIND),
    OVERRIDE("CLX_PEAK_GBS",           "mem",    mem_gbs,           mem_source,    OV_VALUE,  offsetof(struct peak, mem_kind)),
    OVERRIDE("CLX_PEAK_LINK_GBS",      NULL,     link_gbs,          link_source,   OV_VALUE,  NO_KIND),
};
#undef OVERRIDE

const char *peak_env_var(const char *figure)
{
    for (size_t i = 0; figure && i < COUNT(overrides); i++)
        if (overrides[i].figure && !strcmp(overrides[i].figure, figure)) return overrides[i].env;
    return NULL;
}

void peak_env_apply(struct peak *pk)
{
    for (size_t i = 0; i < COUNT(overrides); i++) {
        const struct override *o = &overrides[i];
        double v = env_number(o->env);
        if (!(v > 0)) continue;
        *(double *)((char *)pk + o->value) = v;
        if (o->what != NO_KIND) *(enum peak_kind *)((char *)pk + o->what) = PEAK_GIVEN;
        if (o->kind == OV_TENSOR) {
            pk->tensor_tf32_gflops = v / 2;
            pk->tensor_int8_gops = v * 2;
        }
        snprintf((char *)pk + o->source, o->source_size, "%s environment variable%s", o->env,
                 o->kind == OV_TENSOR ? " (FP16; TF32 half, INT8 twice)" : "");
    }
}
