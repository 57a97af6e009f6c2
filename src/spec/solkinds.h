/* solkinds.h — the classes of work a row's speed of light counts, as one table: what the spec's
 * flops_peak codes name, the words results.tsv's `bound` column says, and the unit each class's
 * ceiling is in. The spec reader checks codes against it; sol/ bounds every class it lists. */
#ifndef SOLKINDS_H
#define SOLKINDS_H

/* The throughput classes (operations per second or bytes per second), then the bounds that are not
 * a class's throughput: the launch floor and the two latency bounds. */
enum sol_class {
    SOL_FP32, SOL_FP64, SOL_FP16, SOL_TENSOR_F16, SOL_TENSOR_TF32, SOL_TENSOR_INT8,
    SOL_INT32, SOL_INT16, SOL_INT64, SOL_INT8,
    SOL_SFU,
    SOL_DRAM, SOL_L2, SOL_LOCAL, SOL_L1,
    SOL_LAUNCH, SOL_LATENCY, SOL_DRAM_LATENCY,
    SOL_NCLASS
};

/* sol_class_name: the word of `bound` ("fp32", "dram", "latency"); sol_class_unit: its ceiling's
 * unit ("GFLOP/s", "GB/s", "us", "ns"); sol_class_what: what it is, for the report. */
const char *sol_class_name(enum sol_class c);
const char *sol_class_unit(enum sol_class c);
const char *sol_class_what(enum sol_class c);
/* sol_class_said: class c as users read it on a device (cpu: the host's own cores): its word, but on a
 * CPU `l2` is "l2 (the CPU's last-level cache)": a CPU has no L2 of a GPU's kind, and its L2 is a
 * core's own, not the cache the class measures. results.tsv's `bound` keeps the word. Static. */
const char *sol_class_said(enum sol_class c, int cpu);
/* SOL_CPU_L2_GLOSS: the bracket sol_class_said puts after a CPU's `l2`. */
#define SOL_CPU_L2_GLOSS "the CPU's last-level cache"
/* sol_gloss_len: where s opens with a class's gloss in its bracket (" (the CPU's last-level cache)"),
 * its length, else 0: a summary that cuts a sol_note at its first bracket reads on past this one,
 * which is part of the class's name ("no l2 (the CPU's last-level cache) ceiling that binds: ..."), not
 * an aside of figures. */
int sol_gloss_len(const char *s);
/* sol_bound_said: a `bound` cell's word as sol_class_said says it; a word of no class as it is. */
const char *sol_bound_said(const char *bound, int cpu);
/* sol_class_is_memory: a class counted in bytes (dram, l2, local). */
int sol_class_is_memory(enum sol_class c);
/* sol_class_of_code: the class a spec's flops_peak code names (32 fp32, 64 fp64, 16 fp16, 116
 * tensor f16/bf16, 119 tensor tf32, 108 tensor int8, 232 int32, 216 int16, 264 int64, 208 int8),
 * or -1 for any other code (0: operations of no class). */
int sol_class_of_code(double code);
/* sol_code_unit: the unit a row's operations a second are in, by its flops_peak code: its class's
 * (GOP/s for the integer classes), GFLOP/s for a code of no class (NAN: the spec gives none). One
 * word for the run's console, `clx devices --peaks` and the report. */
const char *sol_code_unit(double code);
/* sol_class_code: the flops_peak code that names class c (32 for fp32), 0 where none does. */
int sol_class_code(enum sol_class c);
/* sol_class_of_name: the class a word names, or -1. */
int sol_class_of_name(const char *name);
/* sol_codes_said: every code and its class, for messages ("32 fp32, 64 fp64, ..."). */
const char *sol_codes_said(void);
/* SOL_CODES_TAKE: what flops_peak takes, for messages, its %s sol_codes_said() (docs/spec.md's words). */
#define SOL_CODES_TAKE "flops_peak takes a class's code: %s, or 0 for operations of no class"
/* sol_code_wrong: where the spec's flops_peak expression is a number at vv (a constant, or a variant's
 * keys give it) that is no class's code nor 0, that number as a spec writes it, else NULL (NULL too
 * where it is no number at vv): its rows would count against no peak and lose their speed of light's
 * class without a word. A new string. */
struct vars;
char *sol_code_wrong(const char *flops_peak, const struct vars *vv);
#endif
