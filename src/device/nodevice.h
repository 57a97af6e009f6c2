/* nodevice.h — platforms the loader found that report no device, and why where clx can tell. */
#ifndef NODEVICE_H
#define NODEVICE_H
#include <stddef.h>
#include <stdio.h>

struct strlist;

/* nodevice_list: a line for each platform the loader found that reports no device, appended to
 * out: "platform 2 (rusticl) reports no device: CAUSE" (": CAUSE" where clx sees one:
 * nodevice_why); returns how many platforms there are, with devices or without. */
int nodevice_list(struct strlist *out);
/* nodevice_platforms: nodevice_list's lines on out, each as "clx: LINE.", for the diagnosis of an
 * empty device list (every platform then reports none); returns how many platforms there are. */
int nodevice_platforms(FILE *out);
/* nodevice_why: the cause clx sees for a platform called name that reports no device, into why
 * ("" where it sees none): PoCL that cannot make its kernel cache; rusticl without RUSTICL_ENABLE
 * (or with one that names no driver with a device here); Clover, which runs only on AMD GPUs. */
void nodevice_why(const char *name, char *why, size_t size);
/* nodevice_pocl_cache: where PoCL keeps its kernel cache (POCL_CACHE_DIR, else
 * $XDG_CACHE_HOME/pocl/kcache, else $HOME/.cache/pocl/kcache), into path; 1 when it cannot be made
 * (its nearest existing folder is not a writable folder), with that folder in blocker; else 0. */
int nodevice_pocl_cache(char *path, size_t size, char *blocker, size_t bsize);
#endif
