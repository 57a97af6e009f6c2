/* disasm.h — the programs that make text of a saved binary file (LLVM IR readers, disassemblers),
 * by view and format, in the order they are tried: one table for clx dump and the instruction
 * counts of kernels.tsv, each program run without a shell and with a time limit. */
#ifndef DISASM_H
#define DISASM_H

enum disasm_view { DISASM_IR, DISASM_ASM };

/* A file to read: where it is, its binary_format name, and for an AMD GPU code object the GPU
 * (llvm-objdump's --mcpu; "" or NULL when unknown: the option is left out). */
struct disasm_file {
    const char *path, *format, *mcpu;
    int temporary;               /* path is a temporary file of clx's: removed should a signal stop the tool */
};

/* disasm_has_tool: whether the table has a program for this view of this format. */
int disasm_has_tool(enum disasm_view view, const char *format);
/* disasm_tool_names: "llvm-dis-15, clang-15 or llvm-dis" for the view and format (with packages:
 * "llvm-dis-15 (package llvm-15), ..."), programs named for the driver's LLVM left out when
 * llvm_major is unknown (-1); *first_package (a new string) gets the first one's package when
 * first_package is not NULL. A new string, "" when there is none. */
char *disasm_tool_names(enum disasm_view view, const char *format, int llvm_major, int with_packages,
                        char **first_package);
/* disasm_run: the text of file f for the view, from the first program of the table that is
 * installed and succeeds within seconds; extra (NULL-terminated, or NULL) goes before the table's
 * arguments ("--no-show-raw-insn"). Returns 0 with *text and *prog (the program; new strings); 1
 * when every installed program failed, *why a line "PROG PATH: reason" for each; 2 when none is
 * installed (*why NULL: disasm_tool_names says what to install). */
int disasm_run(enum disasm_view view, const struct disasm_file *f, int llvm_major, const char *const *extra,
               double seconds, char **text, char **prog, char **why);
#endif
