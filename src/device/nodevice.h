/* nodevice.h — platforms the loader found that report no device, and why where clx can tell. */
#ifndef NODEVICE_H
#define NODEVICE_H
#include <stdio.h>

/* nodevice_platforms: says each platform the loader found (all of which report no device when this
 * is called) with the cause clx can see (PoCL: a kernel cache folder it cannot create); returns how
 * many there are. */
int nodevice_platforms(FILE *out);
/* nodevice_pocl_cache: where PoCL keeps its kernel cache (POCL_CACHE_DIR, else
 * $XDG_CACHE_HOME/pocl/kcache, else $HOME/.cache/pocl/kcache), into path; 1 when it cannot be made
 * (its nearest existing folder is not a writable folder), with that folder in blocker; else 0. */
int nodevice_pocl_cache(char *path, size_t size, char *blocker, size_t bsize);
#endif
