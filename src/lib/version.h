/* version.h — the clx version every kind of output records (clx --version, run.json, modes' run.json). */
#ifndef VERSION_H
#define VERSION_H

/* clx_version: "0.2.0 (58fdf5d)": the release and the commit clx was built from (Makefile). */
const char *clx_version(void);
#endif
