/* wgunknown.h — a spec run on a device whose driver does not report its largest work-group
 * (CL_DEVICE_MAX_WORK_GROUP_SIZE 0, wglimit.h's "not reported"): what reads that size (MAX_WG in an
 * expression, "max" in the local axis) said once, where it is written, before anything runs; not a
 * division by zero by MAX_WG = 0 at every row, nor the axis' general words for "max". */
#ifndef WGUNKNOWN_H
#define WGUNKNOWN_H

struct spec;
struct override;

/* WGUNKNOWN_SIZE: the size such a device does not report, as every message here names it. */
#define WGUNKNOWN_SIZE "the device's largest work-group, which its driver does not report (CL_DEVICE_MAX_WORK_GROUP_SIZE 0)"

/* wgunknown_said: NULL where nothing of s as run (the local axis after the overrides ov and quick,
 * as plan_make takes them; its expressions) reads the device's largest work-group; else the first
 * that does, where it is written and what to give in its place: "--local 64:max: 'max' is ...: give
 * the sizes themselves (--local 64,128)", "f.spec:20: local = '32:max:*2' reaches 'max', ...",
 * "f.spec:9: global = 'ceil_div(N, MAX_WG) * MAX_WG' reads MAX_WG, ...: write a fixed work-group
 * size in its place (256, say) to run on this device". A new string. */
char *wgunknown_said(const struct spec *s, const struct override *ov, int nov, int quick);
#endif
