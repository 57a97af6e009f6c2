/* dumpdir.h — the folder `clx dump` saves the files inside one program binary in: named so that two
 * binaries never share it (--binary's), and holding one binary's files alone (an earlier binary of
 * the same name's are removed before this one's are written). */
#ifndef DUMPDIR_H
#define DUMPDIR_H
#include <stddef.h>

/* dumpdir_for_file: the folder of the binary bin (n bytes) read from file with --binary:
 * ROOT/dumps/NAME-HASH, NAME the file's name without its extension, HASH 12 hex digits of a hash of
 * its bytes (every run's bin/ has a base__default.bin: two of them get two folders, the same one
 * read again its own). A new string. */
char *dumpdir_for_file(const char *root, const char *file, const unsigned char *bin, size_t n);
/* dumpdir_ready: folder made ready for bin's files: kept as it is where its stamp says that it holds
 * this binary's already (what a view wrote beside them stays: --ir's whole module, FILE.ll), else
 * removed whole (an earlier binary of the same name: another driver's build, kernel objects of
 * work-group sizes this one lacks, which the folder would list as this one's). Dies when it cannot
 * be removed. */
void dumpdir_ready(const char *folder, const unsigned char *bin, size_t n);
/* dumpdir_stamp: once bin's files are written in folder, the stamp that says whose they are. A
 * stamp that cannot be written is no error: the next dump of the binary empties the folder again. */
void dumpdir_stamp(const char *folder, const unsigned char *bin, size_t n);
#endif
