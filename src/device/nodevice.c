/* nodevice.c — platforms the loader found that report no device, and why where clx can tell. */
#include "nodevice.h"
#include "platforms.h"
#include "lib/util.h"
#include <glob.h>
#include <stdio.h>
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

/* Mesa's OpenCL implementations, which report devices only of some of Mesa's drivers: why each has
 * none here. */
static void why_rusticl(char *why, size_t size)
{
    const char *on = getenv("RUSTICL_ENABLE");
    if (!on || !*on)
        snprintf(why, size, "RUSTICL_ENABLE is not set, and rusticl offers only the devices of the Mesa drivers it "
                 "names (RUSTICL_ENABLE=llvmpipe: the CPU)");
    else
        snprintf(why, size, "RUSTICL_ENABLE=%s names no Mesa driver with a device here (llvmpipe: the CPU)", on);
}

static void why_clover(char *why, size_t size)
{
    /* Clover runs on a GPU through its render node: where there is none, that is the whole story. */
    glob_t g;
    int nodes = glob("/dev/dri/renderD*", 0, NULL, &g) == 0 && g.gl_pathc > 0;
    if (nodes) globfree(&g);
    snprintf(why, size, "Clover runs only on AMD GPUs that Mesa's r600 or radeonsi drives%s",
             nodes ? "" : ", and /dev/dri has no GPU render node");
}

void nodevice_why(const char *name, char *why, size_t size)
{
    *why = '\0';
    if (strstr(name, "Portable Computing Language")) {
        char path[4096], blocker[4096];
        if (nodevice_pocl_cache(path, sizeof path, blocker, sizeof blocker))
            snprintf(why, size, "PoCL cannot make its kernel cache %s (%s is not a folder it may write in); "
                     "POCL_CACHE_DIR=FOLDER gives it one", path, blocker);
    } else if (!strcmp(name, "rusticl"))
        why_rusticl(why, size);
    else if (!strcmp(name, "Clover"))
        why_clover(why, size);
}

int nodevice_list(struct strlist *out)
{
    cl_uint np = 0;
    cl_int e = ocl_platform_ids(0, NULL, &np);
    leak_check_before_teardown();          /* the OpenCL libraries are loaded now (util.h) */
    if (e != CL_SUCCESS) return 0;
    cl_platform_id *plats = xcalloc(np ? np : 1, sizeof *plats);
    if (np && ocl_platform_ids(np, plats, NULL) != CL_SUCCESS) np = 0;
    for (cl_uint i = 0; i < np; i++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) == CL_SUCCESS && nd > 0) continue;
        char name[256] = "", why[8400];
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        nodevice_why(name, why, sizeof why);
        sl_push_own(out, xasprintf("platform %u (%s) reports no device%s%s", i, name, *why ? ": " : "", why));
    }
    free(plats);
    return (int)np;
}

int nodevice_platforms(FILE *out)
{
    struct strlist l = {0};
    int np = nodevice_list(&l);
    for (int i = 0; i < l.n; i++) fprintf(out, "clx: %s.\n", l.v[i]);
    sl_free(&l);
    return np;
}
