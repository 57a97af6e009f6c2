/* dump.h — `clx dump`: one variant built on a device, or a binary saved before, shown as text (PTX
 * as it is; LLVM IR or disassembly through llvm-dis, clang, objdump or llvm-objdump), never raw on
 * a terminal. */
#ifndef DUMP_H
#define DUMP_H
#include "spec/plan.h"
#include "spec/spec.h"

/* What to print: the binary itself, its LLVM IR (--ir), or its machine code (--asm). */
enum dump_view { DUMP_BINARY, DUMP_IR, DUMP_ASM };

struct dump_opts {
    const char *device;          /* --device, NULL: the default device (first GPU) */
    const char *build;           /* build options, "" for the default build */
    const char *results_root;    /* the binary (and the files inside it) are saved in <results_root>/dumps/ */
    enum dump_view view;
};

/* dump_variant: builds source (variant var of s) on the device, saves the program binary (and,
 * for a PoCL binary or an Intel CPU program, the files inside it) under results_root/dumps/, and prints the view asked
 * for on stdout. Returns 0, or 1 when that view cannot be shown here (why, on stderr). Dies on
 * setup errors (no device, build failure). */
int dump_variant(const struct spec *s, const struct variant *var, const char *source, const struct dump_opts *o);
/* dump_file: the same for a program binary saved before (a kernels run's bin/, another machine's),
 * read from path with no device: the files inside it (PoCL's, an Intel CPU program's sections)
 * saved in <results_root>/dumps/NAME-HASH/ (dumpdir_for_file). o->device and
 * o->build are not used. Returns 0, or 1 when the view cannot be shown; dies when path cannot be read. */
int dump_file(const char *path, const struct dump_opts *o);

/* What dump_variant and dump_file write on stdout for one binary: itself as text (PTX, or another binary that
 * is text), its raw bytes (stdout is not a terminal), a description of what was saved and how to
 * read it (a binary format on a terminal), a tool's text output, or nothing (the view does not
 * exist for the format). */
enum dump_out { DUMP_OUT_TEXT, DUMP_OUT_RAW, DUMP_OUT_DESCRIBE, DUMP_OUT_TOOL, DUMP_OUT_NONE };
/* dump_output: the choice for a binary of this format (binary_format's name) whose bytes are
 * text or not, for the view, when stdout is a terminal or not. Raw bytes never go to a terminal. */
enum dump_out dump_output(const char *format, int is_text, enum dump_view view, int tty);
#endif
