/* nodevice.c — platforms the loader found that report no device, and why where clx can tell. */
#include "nodevice.h"
#include "platforms.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int nodevice_pocl_cache(char *path, size_t size, char *blocker, size_t bsize)
{
    const char *dir = getenv("POCL_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (dir && *dir) snprintf(path, size, "%s", dir);
    else if (xdg && *xdg) snprintf(path, size, "%s/pocl/kcache", xdg);
    else snprintf(path, size, "%s/.cache/pocl/kcache", home && *home ? home : "");
    /* The nearest folder that exists must take new folders (or be the cache itself, writable). */
    char up[4096];
    snprintf(up, sizeof up, "%s", path);
    struct stat st;
    for (;;) {
        if (stat(up, &st) == 0) break;
        char *slash = strrchr(up, '/');
        if (!slash) { snprintf(up, sizeof up, "."); continue; }
        if (slash == up) { up[1] = '\0'; continue; }
        *slash = '\0';
    }
    snprintf(blocker, bsize, "%s", up);
    return !S_ISDIR(st.st_mode) || access(up, W_OK | X_OK) != 0;
}

/* why_none: the cause clx sees for a platform named name that reports no device, or "". */
static void why_none(const char *name, char *why, size_t size)
{
    *why = '\0';
    if (!strstr(name, "Portable Computing Language")) return;
    char path[4096], blocker[4096];
    if (nodevice_pocl_cache(path, sizeof path, blocker, sizeof blocker))
        snprintf(why, size, ": PoCL cannot make its kernel cache %s (%s is not a folder it may write in); "
                 "POCL_CACHE_DIR=FOLDER gives it one", path, blocker);
}

int nodevice_platforms(FILE *out)
{
    cl_uint np = 0;
    cl_int e = ocl_platform_ids(0, NULL, &np);
    leak_check_before_teardown();          /* the OpenCL libraries are loaded now (util.h) */
    if (e != CL_SUCCESS) return 0;
    cl_platform_id *plats = xcalloc(np ? np : 1, sizeof *plats);
    ocl_platform_ids(np, plats, NULL);
    for (cl_uint i = 0; i < np; i++) {
        char name[256] = "", why[8400];
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        why_none(name, why, sizeof why);
        fprintf(out, "clx: platform %u (%s) reports no device%s.\n", i, name, why);
    }
    free(plats);
    return (int)np;
}
