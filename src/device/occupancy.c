/* occupancy.c — resident work-groups per compute unit by the vendor's rules (occupancy.h). */
#include "occupancy.h"

/* A row per NVIDIA compute capability (minor -1: any), from the CUDA C++ Programming Guide's
 * "Technical Specifications per Compute Capability": maximum resident threads and blocks per SM,
 * 32-bit registers per SM (65536 from 5.x on, allocated 256 a warp), maximum shared memory per SM
 * (the driver keeps 1 KiB of it per block from 8.0 on) and 4 warp schedulers per SM from 5.x on.
 * To add a generation, add a row; an unknown one gets no latency bound, never a guess. */
static const struct { int major, minor; struct occ_rules r; } nv[] = {
    { 7, 0, { 2048, 32, 65536, 256, 4, 32,  96 * 1024.0,    0, "NVIDIA cc 7.0 (Volta): 2048 threads, 32 groups, 96 KiB shared a SM" } },
    { 7, 5, { 1024, 16, 65536, 256, 4, 32,  64 * 1024.0,    0, "NVIDIA cc 7.5 (Turing): 1024 threads, 16 groups, 64 KiB shared a SM" } },
    { 8, 0, { 2048, 32, 65536, 256, 4, 32, 164 * 1024.0, 1024, "NVIDIA cc 8.0 (Ampere GA100): 2048 threads, 32 groups, 164 KiB shared a SM" } },
    { 8, 6, { 1536, 16, 65536, 256, 4, 32, 100 * 1024.0, 1024, "NVIDIA cc 8.6 (Ampere GA10x): 1536 threads, 16 groups, 100 KiB shared a SM" } },
    { 8, 9, { 1536, 24, 65536, 256, 4, 32, 100 * 1024.0, 1024, "NVIDIA cc 8.9 (Ada): 1536 threads, 24 groups, 100 KiB shared a SM" } },
    { 9, 0, { 2048, 32, 65536, 256, 4, 32, 228 * 1024.0, 1024, "NVIDIA cc 9.0 (Hopper): 2048 threads, 32 groups, 228 KiB shared a SM" } },
};

const struct occ_rules *occ_rules_of(const struct devprops *dp)
{
    for (size_t i = 0; i < sizeof nv / sizeof *nv; i++)
        if (nv[i].major == dp->nv_cc_major && (nv[i].minor < 0 || nv[i].minor == dp->nv_cc_minor)) return &nv[i].r;
    return NULL;
}

/* Why a device has no rules, by its type: a kind of device that has no occupancy (a CPU runs a
 * work-group's work-items in a loop on one core: nothing is resident beside it to hide a latency),
 * the first row whose type it is; any other (a GPU of another vendor, a compute capability the
 * table above lacks) has rules clx does not know. To say another kind's, add a row. */
static const struct { cl_device_type type; const char *why; } no_rules[] = {
    { CL_DEVICE_TYPE_CPU, "a CPU has no occupancy rules to reckon one with" },
};

const char *occ_rules_none_why(const struct devprops *dp)
{
    for (size_t i = 0; i < sizeof no_rules / sizeof *no_rules; i++)
        if (dp->type & no_rules[i].type) return no_rules[i].why;
    return OCC_RULES_UNKNOWN;
}

/* fewer: keeps the smaller of *n and m, naming what set it. */
static void fewer(int *n, const char **limit, long m, const char *what)
{
    if (m < *n) { *n = m < 0 ? 0 : (int)m; *limit = what; }
}

void occ_resident(const struct occ_rules *r, int group, int regs, double local_bytes, struct occ *o)
{
    o->groups = 0;
    o->items = 0;
    o->limit = "no work-group";
    if (!r || group <= 0) return;
    int warps = (group + r->warp - 1) / r->warp, n = r->max_groups;
    o->limit = "work-groups";
    fewer(&n, &o->limit, r->max_threads / (warps * r->warp), "threads");
    if (regs > 0) {
        long per_warp = ((long)regs * r->warp + r->reg_unit - 1) / r->reg_unit * r->reg_unit;
        fewer(&n, &o->limit, r->regs / (per_warp * warps), "registers");
    }
    if (local_bytes > 0) fewer(&n, &o->limit, (long)(r->shared_bytes / (local_bytes + r->shared_reserved)), "local memory");
    o->groups = n;
    o->items = n * group;
}
