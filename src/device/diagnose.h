/* diagnose.h — explains why no OpenCL platform (or no device) was found and what to write to fix it. */
#ifndef DIAGNOSE_H
#define DIAGNOSE_H
#include <stdio.h>

/* diagnose_no_platform: prints to out the platforms found, which report no device (nodevice.h), what the ICD loader looks at (OCL_ICD_VENDORS or the .icd
 * files in /etc/OpenCL/vendors), what it found there, and, when a vendor driver library such as
 * libnvidia-opencl.so.1 is on disk but not registered, the exact line to write and where. */
void diagnose_no_platform(FILE *out);
/* diagnose_no_platform_in: the same with the inputs given, for tests: vendors is the directory (or
 * single .icd file) the loader reads, lib_dirs a NULL-terminated list of directories to search for
 * driver libraries. diagnose_no_platform passes OCL_ICD_VENDORS (else /etc/OpenCL/vendors) and
 * LD_LIBRARY_PATH followed by the usual library directories. */
void diagnose_no_platform_in(FILE *out, const char *vendors, const char *const *lib_dirs);
#endif
