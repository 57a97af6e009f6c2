/* version.h — the clx version every kind of output records (clx --version, run.json, modes' run.json). */
#ifndef VERSION_H
#define VERSION_H

/* clx_version: "0.2.0 (58fdf5d)": the release and the commit clx was built from. Defined in no file
 * of src/: the Makefile writes it into build/version_str.c, which only clx links, so that a new
 * commit recompiles that one file and relinks clx alone; the unit tests link build/version_unit.c's,
 * "0.2.0 (unit test)", instead. */
const char *clx_version(void);
#endif
