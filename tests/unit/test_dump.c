/* test_dump.c — what clx dump writes on stdout for each binary format, view and kind of stdout:
 * above all, never raw bytes of a binary format on a terminal. */
#include "check.h"
#include "cli/dump.h"

/* binary_format's names of binary formats (binfmt.c), and one a new driver might bring. */
static const char *const binary_formats[] = { "ELF", "AMD GPU code object", "Intel CPU program", "SPIR-V", "LLVM bitcode",
                                              "LLVM bitcode (wrapped)", "PoCL binary", "unknown" };
#define NFORMATS (sizeof binary_formats / sizeof binary_formats[0])

static void never_raw_on_a_terminal(void)
{
    for (size_t i = 0; i < NFORMATS; i++)
        for (int v = DUMP_BINARY; v <= DUMP_ASM; v++) {
            enum dump_out o = dump_output(binary_formats[i], 0, (enum dump_view)v, 1);
            if (o == DUMP_OUT_RAW || o == DUMP_OUT_TEXT) fprintf(stderr, "  %s, view %d: raw on a terminal\n", binary_formats[i], v);
            CHECK(o != DUMP_OUT_RAW && o != DUMP_OUT_TEXT);
        }
}

static void binary_described_on_a_terminal_raw_to_a_pipe(void)
{
    for (size_t i = 0; i < NFORMATS; i++) {
        CHECK(dump_output(binary_formats[i], 0, DUMP_BINARY, 1) == DUMP_OUT_DESCRIBE);
        CHECK(dump_output(binary_formats[i], 0, DUMP_BINARY, 0) == DUMP_OUT_RAW);
    }
}

/* NVIDIA: PTX is text everywhere; --asm is the PTX; --ir does not exist. */
static void ptx(void)
{
    for (int tty = 0; tty <= 1; tty++) {
        CHECK(dump_output("PTX", 1, DUMP_BINARY, tty) == DUMP_OUT_TEXT);
        CHECK(dump_output("PTX", 1, DUMP_ASM, tty) == DUMP_OUT_TEXT);
        CHECK(dump_output("PTX", 1, DUMP_IR, tty) == DUMP_OUT_NONE);
    }
}

/* --ir and --asm of binary formats go through a tool, on a terminal or not. */
static void views_use_tools(void)
{
    for (size_t i = 0; i < NFORMATS; i++)
        for (int tty = 0; tty <= 1; tty++) {
            CHECK(dump_output(binary_formats[i], 0, DUMP_IR, tty) == DUMP_OUT_TOOL);
            CHECK(dump_output(binary_formats[i], 0, DUMP_ASM, tty) == DUMP_OUT_TOOL);
        }
}

/* A driver that hands out text of another kind (source, an assembly listing) gets it printed. */
static void other_text_printed(void)
{
    CHECK(dump_output("unknown", 1, DUMP_BINARY, 1) == DUMP_OUT_TEXT);
    CHECK(dump_output("unknown", 1, DUMP_BINARY, 0) == DUMP_OUT_TEXT);
}

int main(void)
{
    RUN(never_raw_on_a_terminal);
    RUN(binary_described_on_a_terminal_raw_to_a_pipe);
    RUN(ptx);
    RUN(views_use_tools);
    RUN(other_text_printed);
    CHECK_EXIT();
}
