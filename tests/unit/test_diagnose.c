/* test_diagnose.c — the no-platform diagnosis on fake vendor and library directories. */
#include "check.h"
#include "device/diagnose.h"
#include "device/nodevice.h"
#include "lib/util.h"
#include <stdlib.h>
#include <unistd.h>

static char root[] = "/tmp/clx_test_diagnose_XXXXXX";
static char *libdir, *vendors;

static void write_text(const char *dir, const char *name, const char *text)
{
    char *p = path_join(dir, name);
    FILE *f = fopen(p, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    free(p);
}

static void remove_file(const char *dir, const char *name)
{
    char *p = path_join(dir, name);
    remove(p);
    free(p);
}

/* diagnose: the diagnosis for vendors (a path under root) and the fake library directory. */
static char *diagnose(const char *vend, const char *lib)
{
    const char *dirs[] = { "/nonexistent/clx", lib, NULL };
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    diagnose_no_platform_in(f, vend, dirs);
    fclose(f);
    return text;
}

static void test_unregistered_nvidia(void)
{
    write_text(libdir, "libnvidia-opencl.so.1", "not really a library\n");
    char *out = diagnose(vendors, libdir);
    char *lib = path_join(libdir, "libnvidia-opencl.so.1");
    char *icd = path_join(vendors, "nvidia.icd");
    char *echo = xasprintf("  echo %s > %s\n", lib, icd);
    CHECK_CONTAINS(out, "libOpenCL.so.1");
    CHECK_CONTAINS(out, "OCL_ICD_VENDORS");
    CHECK_CONTAINS(out, "holds no .icd file");
    CHECK_CONTAINS(out, lib);
    CHECK_CONTAINS(out, "NOT REGISTERED");
    CHECK_CONTAINS(out, echo);
    CHECK(strstr(out, "pocl-opencl-icd") == NULL);
    free(out);
    free(echo);
    free(icd);
    free(lib);
}

/* With the default directory the no-root way is shown too, with the exact commands. */
static void test_no_root_advice(void)
{
    char *lib = path_join(libdir, "libnvidia-opencl.so.1");
    char *out = diagnose("/etc/OpenCL/vendors", libdir);
    char *line = xasprintf("  mkdir -p ~/vendors && echo %s > ~/vendors/nvidia.icd && "
                           "export OCL_ICD_VENDORS=~/vendors\n", lib);
    CHECK_CONTAINS(out, line);
    free(out);
    free(line);
    free(lib);
}

static void test_registered(void)
{
    char *lib = path_join(libdir, "libnvidia-opencl.so.1");
    char *text = xasprintf("%s\n", lib);
    write_text(vendors, "nvidia.icd", text);
    char *out = diagnose(vendors, libdir);
    CHECK_CONTAINS(out, "nvidia.icd: ");
    CHECK_CONTAINS(out, "(exists)");
    CHECK_CONTAINS(out, "registered by nvidia.icd");
    CHECK(strstr(out, "NOT REGISTERED") == NULL);
    CHECK(strstr(out, "echo ") == NULL);
    CHECK_CONTAINS(out, "ldd");
    free(out);
    /* A bare file name of another version of the library registers it too. */
    write_text(vendors, "nvidia.icd", "libnvidia-opencl.so.535.104.05\n");
    out = diagnose(vendors, libdir);
    CHECK(strstr(out, "NOT REGISTERED") == NULL);
    free(out);
    remove_file(vendors, "nvidia.icd");
    free(text);
    free(lib);
}

/* An .icd naming a library that is not there is reported as missing. */
static void test_missing_icd_target(void)
{
    write_text(vendors, "ghost.icd", "/nonexistent/libghost.so\n");
    char *out = diagnose(vendors, libdir);
    CHECK_CONTAINS(out, "ghost.icd: /nonexistent/libghost.so (MISSING");
    free(out);
    remove_file(vendors, "ghost.icd");
}

static void test_nothing(void)
{
    remove_file(libdir, "libnvidia-opencl.so.1");
    char *missing = path_join(root, "no-such-vendors");
    char *out = diagnose(missing, libdir);
    CHECK_CONTAINS(out, "does not exist");
    CHECK_CONTAINS(out, "found none of:");
    CHECK_CONTAINS(out, "apt-get install pocl-opencl-icd");
    CHECK_CONTAINS(out, "tools/install-deps.sh");
    CHECK(strstr(out, "echo ") == NULL);
    free(out);
    free(missing);
}

/* A platform that reports no device says why where clx can tell: rusticl, which offers only the
 * drivers RUSTICL_ENABLE names (`clx devices` left it out, saying nothing); Clover, AMD GPUs only. */
static void test_nodevice_causes(void)
{
    char why[8400];
    const char *was = getenv("RUSTICL_ENABLE");
    char *keep = was ? xstrdup(was) : NULL;
    unsetenv("RUSTICL_ENABLE");
    nodevice_why("rusticl", why, sizeof why);
    CHECK_STR(why, "RUSTICL_ENABLE is not set, and rusticl offers only the devices of the Mesa drivers it names "
                   "(RUSTICL_ENABLE=llvmpipe: the CPU)");
    setenv("RUSTICL_ENABLE", "radeonsi", 1);
    nodevice_why("rusticl", why, sizeof why);
    CHECK_STR(why, "RUSTICL_ENABLE=radeonsi names no Mesa driver with a device here (llvmpipe: the CPU)");
    if (keep) setenv("RUSTICL_ENABLE", keep, 1);
    else unsetenv("RUSTICL_ENABLE");
    free(keep);
    nodevice_why("Clover", why, sizeof why);
    CHECK_CONTAINS(why, "Clover runs only on AMD GPUs that Mesa's r600 or radeonsi drives");
    nodevice_why("Some Vendor", why, sizeof why);
    CHECK_STR(why, "");
}

int main(void)
{
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    libdir = path_join(root, "lib");
    vendors = path_join(root, "vendors");
    mkdir_p(libdir);
    mkdir_p(vendors);
    RUN(test_unregistered_nvidia);
    RUN(test_no_root_advice);
    RUN(test_registered);
    RUN(test_missing_icd_target);
    RUN(test_nothing);
    RUN(test_nodevice_causes);
    rmdir(vendors);
    rmdir(libdir);
    rmdir(root);
    free(vendors);
    free(libdir);
    CHECK_EXIT();
}
