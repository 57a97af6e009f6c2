/* devselect.h — which device --device (or CLX_DEVICE) names: matching a selection against the
 * devices there are, and the refusals that say why none or several. */
#ifndef DEVSELECT_H
#define DEVSELECT_H
#include "ocl.h"

/* What --device matches a device by: its P:D, its name, its platform's name and its type
 * (CL_DEVICE_TYPE bits, for the type words). */
struct ocl_named { int pidx, didx; const char *name, *platform; cl_device_type type; };
/* ocl_match: the index in all[0..n) of the device sel names, as --device takes it: "P:D" exactly;
 * never a number alone ("2": -1, which ocl_sel_mistake explains); else the device whose whole name
 * is sel, else, sel being a type word ("cpu", "gpu", "accelerator", any case), the first device of
 * that CL_DEVICE_TYPE, else the one whose name holds sel, else the first of a platform whose name
 * holds it ("rusticl", "Intel(R) OpenCL") or whose word it is ("pocl": platword.h); -1 when none
 * does. Each "holds" is case-insensitive and cuts no number in two: "A100" is not in "A1000", "12"
 * not in "avx512". OCL_MATCH_SEVERAL where several devices are called sel, or (none being) are of
 * the type it says, or (none being) the names of several hold it, unless they are one model on one
 * platform (identical GPUs) or all on one platform whose name holds sel too ("NVIDIA"): then the
 * first, as a platform's name gives its first device. */
enum { OCL_MATCH_SEVERAL = -2 };
int ocl_match(const struct ocl_named *all, int n, const char *sel);
/* ocl_match_several: why sel names no one device (ocl_match's OCL_MATCH_SEVERAL), for a usage error
 * after "--device SEL: ": the devices it names, each with its P:D and platform, and what picks each
 * alone: its P:D, and its platform's word (or else its whole name) where that picks it (a new
 * string). */
char *ocl_match_several(const struct ocl_named *all, int n, const char *sel);
/* ocl_named_list: "0:0 NAME (PLATFORM), 1:0 NAME (PLATFORM)", the devices there are, for a refusal
 * (a new string; "none" for none). */
char *ocl_named_list(const struct ocl_named *all, int n);
/* ocl_device_flag: how the user gave the device selection, for messages: "--device" (the
 * default), or "CLX_DEVICE=" when it came from the environment; ocl_device_from_env sets that. */
const char *ocl_device_flag(void);
void ocl_device_from_env(void);
/* ocl_sel_blank: whether sel is no selection at all: NULL, "" or blanks alone (CLX_DEVICE=$DEV with
 * DEV empty). Such a --device or CLX_DEVICE is taken as not given: the default device. */
int ocl_sel_blank(const char *sel);
/* ocl_sel_malformed: whether sel, which names no device, is a mistake on the command line (exit 2)
 * rather than a device that is not there (exit 4: a GPU gone, a driver that did not load): a number
 * alone ("2": an index without its platform), or a P:D mistyped ("7:", ":0", "0:0:1", "0:-1": digits
 * and colons alone, with signs or spaces, but not two whole numbers). A well-formed P:D or a part of
 * a name that no device has is not. */
int ocl_sel_malformed(const char *sel);
/* ocl_sel_mistake: why sel is such a mistake, with have (ocl_named_list) as the devices there are,
 * for a usage error after "--device SEL: " (a new string); NULL where sel is no mistake. have NULL:
 * no devices were looked at (clx run --dry-run opens none), and the message ends before the list. */
char *ocl_sel_mistake(const char *sel, const char *have);
/* ocl_sel_meant: ": did you mean pocl?" where sel, which names none of all[0..n), is near a word
 * that picks one of them (a platform's word, platword_of, or a type word: cpu, gpu), by did_you_mean
 * as a mistyped option or experiment is told; "" where none is near (a new string). */
char *ocl_sel_meant(const struct ocl_named *all, int n, const char *sel);
/* ocl_select: the device named by sel (ocl_match), or the first GPU (else the first device) when sel
 * is blank (ocl_sel_blank). Dies with a clear message on no match: EXIT_CANNOT_RUN for a device that is not
 * there (naming the devices there are, each with its platform, and the platforms that report none
 * with the cause clx sees), EXIT_USAGE for a mistake (ocl_sel_mistake) or a sel that names several
 * devices. */
struct ocl_device ocl_select(const char *sel);
#endif
