/* version.c — the clx version, kept in one file: only this one includes build/config.h for it, so a
 * new commit recompiles this file alone, and no floor reaches above its own for the version. */
#include "config.h"   /* build/config.h: CLX_VERSION */
#include "version.h"

const char *clx_version(void) { return CLX_VERSION; }
