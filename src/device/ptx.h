/* ptx.h — reads what NVIDIA's compiler says about a kernel: PTX instruction counts, and registers
 * per work-item from a -cl-nv-verbose build log (binfmt.h names the format of a binary). */
#ifndef PTX_H
#define PTX_H
#include <stddef.h>

/* ptx_count_instructions: instructions in the body of `.entry name` (labels, directives, braces
 * and comments are not instructions); -1 when the entry is not found. When op is not NULL only
 * instructions that are op (ptx_opcode_is) are counted. */
int ptx_count_instructions(const char *ptx, const char *entry, const char *op);
/* ptx_opcode_is: whether the instruction at insn ("fma.rn.ftz.f32 %f1, ...") is an op: the same
 * first part, and op's other parts among the instruction's, in order, other modifiers between
 * them: "fma.rn.f32" is fma.rn.ftz.f32 too, "add.f32" is add.ftz.f32 (NVIDIA's compiler writes it
 * under -cl-fast-relaxed-math) and add.rn.f32, "ld.global" is ld.global.nc.v4.f32, "div." every
 * division; "add.f32" is not add.f32x2 nor add.s32, "fma" is not fmax. */
int ptx_opcode_is(const char *insn, const char *op);
/* ptx_walk: visit(ctx, stmt, is_label) for each statement of `.entry name`'s body (or of the
 * function name's, `.func`) in order: a label
 * ("$L__BB0_2:") or an instruction (its text up to ';', lines of one statement joined by a blank,
 * a predicate guard kept: "@%p1 bra $L__BB0_3"); comments, directives and braces skipped. 0, or -1
 * when the entry is not found. */
typedef void (*ptx_visit)(void *ctx, const char *stmt, int is_label);
int ptx_walk(const char *ptx, const char *entry, ptx_visit visit, void *ctx);
/* ptx_opcode: the instruction of a statement past its predicate guard ("bra $L__BB0_3"). */
const char *ptx_opcode(const char *stmt);
/* ptx_registers: registers used by function name in an NVIDIA -cl-nv-verbose build log
 * ("ptxas info    : Used 16 registers"); -1 when not found. */
int ptx_registers(const char *log, const char *name);
#endif
