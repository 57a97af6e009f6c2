/* poclbin.h — the files inside a PoCL program binary (what CL_PROGRAM_BINARIES gives on PoCL): the
 * program's LLVM bitcode and the kernel objects PoCL compiled, one per work-group size. */
#ifndef POCLBIN_H
#define POCLBIN_H
#include <stddef.h>

struct poclbin_file {
    char *path;                  /* as stored, below the program's folder: "program.bc", "k/0-0-0/k.so" */
    const unsigned char *data;   /* inside the binary given to poclbin_files (not a copy) */
    size_t size;
};

/* poclbin_files: the files stored in a PoCL binary, in their order, into *files (free with
 * poclbin_free). Returns their count, or -1 when bin is not a PoCL binary. Paths are checked: no
 * "..", no empty part, only letters, digits and "._-+", so they can be written below a folder. */
int poclbin_files(const unsigned char *bin, size_t n, struct poclbin_file **files);
void poclbin_free(struct poclbin_file *files, int n);
#endif
