/* diagnose.c — explains an empty OpenCL platform list: what the ICD loader read, which driver
 * libraries on disk no .icd file registers, and the exact lines that register them. */
#include "diagnose.h"
#include "nodevice.h"
#include "lib/util.h"
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DEFAULT_VENDORS "/etc/OpenCL/vendors"

/* Vendor driver libraries worth looking for. To add a vendor, add a row: the library's file
 * name, a short vendor name, and the .icd file name to suggest (what its own package installs). */
static const struct driver { const char *lib, *vendor, *icd; } drivers[] = {
    { "libnvidia-opencl.so.1", "NVIDIA", "nvidia.icd" },
    { "libamdocl64.so", "AMD (ROCm)", "amdocl64.icd" },
    { "libigdrcl.so", "Intel", "intel.icd" },
    { "libpocl.so.2", "PoCL (CPU)", "pocl.icd" },
    { "libRusticlOpenCL.so.1", "Mesa Rusticl", "rusticl.icd" },
    { "libMesaOpenCL.so.1", "Mesa Clover", "mesa.icd" },
};
#define NDRIVERS (sizeof drivers / sizeof drivers[0])

/* Where distributions, vendor installers and container runtimes put those libraries. To search
 * another directory, add a row (before the NULL). LD_LIBRARY_PATH is searched first. */
static const char *const default_lib_dirs[] = {
    "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
    "/usr/local/nvidia/lib64", "/usr/local/nvidia/lib", "/usr/local/lib64", "/usr/local/lib",
    "/usr/lib/x86_64-linux-gnu/intel-opencl", "/usr/lib64/intel-opencl",
    "/opt/rocm/lib", "/opt/rocm/opencl/lib", "/opt/amdgpu-pro/lib/x86_64-linux-gnu",
    "/usr/lib/x86_64-linux-gnu/nvidia/current", "/usr/lib/wsl/lib",
    NULL,
};

/* One .icd file: its path and the library named on its first line. */
struct icd { char *path, *lib; };
struct icds { struct icd *v; int n; };

/* lib_stem: "libpocl" for "/x/libpocl.so.2.10.0", so that an .icd naming any version of a
 * library (or a path to it) counts as registering it. */
static void lib_stem(const char *lib, char *out, size_t n)
{
    const char *base = strrchr(lib, '/');
    base = base ? base + 1 : lib;
    const char *so = strstr(base, ".so");
    size_t len = so ? (size_t)(so - base) : strlen(base);
    snprintf(out, n, "%.*s", (int)len, base);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void icds_add(struct icds *l, const char *path)
{
    char *text = read_file(path, NULL);
    char *lib = xstrdup("");
    if (text) {
        text[strcspn(text, "\n")] = '\0';
        free(lib);
        lib = xstrdup(str_trim(text));
        free(text);
    }
    l->v = xrealloc(l->v, sizeof *l->v * (size_t)(l->n + 1));
    l->v[l->n++] = (struct icd){ xstrdup(path), lib };
}

/* icds_read: the .icd files the loader would read from vendors (a directory, or one .icd file),
 * sorted by name; -1 when vendors does not exist. */
static int icds_read(struct icds *l, const char *vendors)
{
    if (!is_dir(vendors)) {
        if (!file_exists(vendors)) return -1;
        if (str_ends(vendors, ".icd")) {
            icds_add(l, vendors);
        } else {    /* not an .icd: the loader opens it as the driver library itself */
            l->v = xrealloc(l->v, sizeof *l->v);
            l->v[l->n++] = (struct icd){ xstrdup(vendors), xstrdup(vendors) };
        }
        return 0;
    }
    DIR *d = opendir(vendors);
    if (!d) return -1;
    struct strlist names = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (str_ends(e->d_name, ".icd")) sl_push(&names, e->d_name);
    closedir(d);
    sl_sort(&names);
    for (int i = 0; i < names.n; i++) {
        char *p = path_join(vendors, names.v[i]);
        icds_add(l, p);
        free(p);
    }
    sl_free(&names);
    return 0;
}

static void icds_free(struct icds *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->v[i].path);
        free(l->v[i].lib);
    }
    free(l->v);
}

/* find_lib: the first lib_dirs entry holding file name lib, as a new path; NULL when none. */
static char *find_lib(const char *lib, const char *const *lib_dirs)
{
    for (int i = 0; lib_dirs && lib_dirs[i]; i++) {
        if (!*lib_dirs[i]) continue;
        char *p = path_join(lib_dirs[i], lib);
        if (file_exists(p)) return p;
        free(p);
    }
    return NULL;
}

/* registered_by: the .icd that names a library with the same stem as lib, or NULL. */
static const struct icd *registered_by(const struct icds *l, const char *lib)
{
    char want[256], have[256];
    lib_stem(lib, want, sizeof want);
    for (int i = 0; i < l->n; i++) {
        lib_stem(l->v[i].lib, have, sizeof have);
        if (*have && strcmp(want, have) == 0) return &l->v[i];
    }
    return NULL;
}

/* explain_loader: the headline (no platform, or platforms without a device) and how the loader works. */
static void explain_loader(FILE *out, int platforms)
{
    fprintf(out, platforms ? "clx: no OpenCL device found: %s above report%s none.\n\n" : "clx: no OpenCL platform found.\n\n",
            platforms > 1 ? "the platforms" : "the platform", platforms > 1 ? "" : "s");
    fprintf(out,
        "How OpenCL finds drivers: programs link the ICD loader (libOpenCL.so.1), which reads every\n"
        "*.icd file in " DEFAULT_VENDORS "/. Each holds the file name or path of one vendor driver\n"
        "library, which the loader opens. When the OCL_ICD_VENDORS environment variable is set, the\n"
        "loader reads that directory (or that single .icd file) instead.\n\n");
}

/* print_icds: what the loader read, and whether each named library is on disk. */
static void print_icds(FILE *out, const struct icds *l, int rc, const char *vendors,
                       const char *const *lib_dirs)
{
    int is_default = strcmp(vendors, DEFAULT_VENDORS) == 0;
    fprintf(out, "The loader reads: %s%s\n", vendors,
            is_default ? " (OCL_ICD_VENDORS is not set)" : " (from OCL_ICD_VENDORS)");
    if (rc < 0) fprintf(out, "  it does not exist.\n");
    else if (l->n == 0) fprintf(out, "  it holds no .icd file.\n");
    for (int i = 0; i < l->n; i++) {
        const char *lib = l->v[i].lib, *base = strrchr(l->v[i].path, '/');
        fprintf(out, "  %s: %s", base ? base + 1 : l->v[i].path, *lib ? lib : "(empty)");
        if (!*lib) {
            fputc('\n', out);
        } else if (strchr(lib, '/')) {
            fprintf(out, "%s\n", file_exists(lib) ? " (exists)" : " (MISSING: no such file)");
        } else {
            char *found = find_lib(lib, lib_dirs);
            if (found) fprintf(out, " (found: %s)\n", found);
            else fprintf(out, " (not in the directories searched below; the dynamic linker "
                              "may still find it)\n");
            free(found);
        }
    }
    fputc('\n', out);
}

/* print_wrapped: prefix, then the words separated by spaces, wrapped at 100 columns. */
static void print_wrapped(FILE *out, const char *prefix, const char *const *words)
{
    size_t col = (size_t)fprintf(out, "%s", prefix);
    for (int i = 0; words && words[i]; i++) {
        if (!*words[i]) continue;
        size_t n = strlen(words[i]);
        if (col + 1 + n > 100) col = (size_t)fprintf(out, "\n   ") - 1;
        col += (size_t)fprintf(out, " %s", words[i]);
    }
    fputc('\n', out);
}

/* print_fix: the lines that register the library at path with the loader. In directory mode the
 * .icd goes into that directory (needs root for the default one); the no-root way is a private
 * directory named by OCL_ICD_VENDORS, which replaces the default one, so the .icd files already
 * there must be copied along. */
static void print_fix(FILE *out, const struct driver *d, const char *path, const char *vendors,
                      int vendors_rc, int have_icds)
{
    int dir_mode = vendors_rc < 0 || is_dir(vendors);
    fprintf(out, "To register %s:\n", d->vendor);
    if (dir_mode) {
        char *icd = path_join(vendors, d->icd);
        if (vendors_rc < 0) fprintf(out, "  mkdir -p %s\n", vendors);
        fprintf(out, "  echo %s > %s\n", path, icd);
        free(icd);
        if (strcmp(vendors, DEFAULT_VENDORS) != 0) {
            fputc('\n', out);
            return;
        }
        fprintf(out, "or, without root:\n");
    } else {
        fprintf(out, "  OCL_ICD_VENDORS names a single file, so the loader reads only that one; use a\n"
                     "  directory instead:\n");
    }
    fprintf(out, "  mkdir -p ~/vendors && echo %s > ~/vendors/%s && export OCL_ICD_VENDORS=~/vendors\n",
            path, d->icd);
    if (have_icds)
        fprintf(out, "  and, since OCL_ICD_VENDORS replaces %s, copy the .icd files listed above:\n"
                     "  cp %s%s ~/vendors/\n", vendors, vendors, dir_mode ? "/*.icd" : "");
    fputc('\n', out);
}

/* print_drivers: each driver library on disk, registered or not; returns how many were found
 * and sets *unregistered to how many of them no .icd names. */
static int print_drivers(FILE *out, const struct icds *l, const char *const *lib_dirs,
                         char *found[NDRIVERS], int *unregistered)
{
    int n = 0;
    *unregistered = 0;
    print_wrapped(out, "Driver libraries, searched for in:", lib_dirs);
    for (size_t i = 0; i < NDRIVERS; i++) {
        found[i] = find_lib(drivers[i].lib, lib_dirs);
        if (!found[i]) continue;
        const struct icd *by = registered_by(l, found[i]);
        const char *base = by ? strrchr(by->path, '/') : NULL;
        fprintf(out, "  %-13s %s: %s%s\n", drivers[i].vendor, found[i],
                by ? "registered by " : "NOT REGISTERED (no .icd file names it)",
                by ? (base ? base + 1 : by->path) : "");
        n++;
        if (!by) (*unregistered)++;
    }
    if (n == 0) {
        const char *libs[NDRIVERS + 1];
        for (size_t i = 0; i < NDRIVERS; i++) libs[i] = drivers[i].lib;
        libs[NDRIVERS] = NULL;
        print_wrapped(out, "  found none of:", libs);
    }
    fputc('\n', out);
    return n;
}

static void advise_nothing_found(FILE *out)
{
    fprintf(out,
        "No OpenCL driver was found. For a CPU device on Debian/Ubuntu install PoCL:\n"
        "  apt-get install pocl-opencl-icd      (tools/install-deps.sh in clx's source tree installs it)\n"
        "For a GPU, install the vendor's OpenCL driver (NVIDIA driver with its OpenCL part,\n"
        "ROCm for AMD, intel-opencl-icd for Intel).\n");
    /* A common container case: the GPU is passed through but the OpenCL library is not. */
    if (file_exists("/dev/nvidiactl"))
        fprintf(out, "\nAn NVIDIA device node exists (/dev/nvidiactl) but libnvidia-opencl.so.1 was not\n"
                     "found: in a container, the NVIDIA runtime mounts it only when\n"
                     "NVIDIA_DRIVER_CAPABILITIES includes 'compute' (e.g. compute,utility).\n");
}

static void advise_all_registered(FILE *out, int platforms)
{
    if (platforms) {
        fprintf(out,
            "Every driver library found is registered. A platform without a device has a driver that\n"
            "loaded and found nothing it can run on, or could not start it: its own debug output says\n"
            "why (PoCL: POCL_DEBUG=all), as may the device nodes (/dev/nvidia*, /dev/dri, /dev/kfd).\n");
        return;
    }
    fprintf(out,
        "Every driver library found is registered, yet the loader found no platform. The library\n"
        "may fail to load (run `ldd` on it and look for 'not found', e.g. libcuda.so.1 for NVIDIA),\n"
        "or its device may be unreachable (/dev/nvidia*, /dev/dri, /dev/kfd missing or not\n"
        "readable; in a container the GPU must be passed through).\n");
}

/* diagnose: the explanation, with the number of platforms found that report no device. */
static void diagnose(FILE *out, const char *vendors, const char *const *lib_dirs, int platforms)
{
    struct icds l = {0};
    int rc = icds_read(&l, vendors);
    explain_loader(out, platforms);
    print_icds(out, &l, rc, vendors, lib_dirs);
    char *found[NDRIVERS];
    int unregistered, n = print_drivers(out, &l, lib_dirs, found, &unregistered);
    for (size_t i = 0; i < NDRIVERS; i++)
        if (found[i] && !registered_by(&l, found[i]))
            print_fix(out, &drivers[i], found[i], vendors, rc, l.n > 0);
    if (n == 0 && l.n == 0) advise_nothing_found(out);
    else if (unregistered == 0) advise_all_registered(out, platforms);
    for (size_t i = 0; i < NDRIVERS; i++) free(found[i]);
    icds_free(&l);
}

void diagnose_no_platform_in(FILE *out, const char *vendors, const char *const *lib_dirs)
{
    diagnose(out, vendors, lib_dirs, 0);
}

void diagnose_no_platform(FILE *out)
{
    const char *env = getenv("OCL_ICD_VENDORS");
    const char *vendors = env && *env ? env : DEFAULT_VENDORS;
    /* The loader's dlopen tries LD_LIBRARY_PATH first, so search it first too. */
    struct strlist dirs = {0};
    const char *ld = getenv("LD_LIBRARY_PATH");
    if (ld && *ld) sl_split(&dirs, ld, ':');
    for (int i = 0; default_lib_dirs[i]; i++) sl_push(&dirs, default_lib_dirs[i]);
    sl_push_own(&dirs, NULL);    /* the NULL end mark; sl_free frees it harmlessly */
    int platforms = nodevice_platforms(out);
    diagnose(out, vendors, (const char *const *)dirs.v, platforms);
    sl_free(&dirs);
}
