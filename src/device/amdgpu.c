/* amdgpu.c — the EF_AMDGPU_MACH values of AMD GPU code objects and the GPU each one names. */
#include "amdgpu.h"
#include <stddef.h>

/* From LLVM's AMDGPUUsage ("AMDGPU ELF Header", EF_AMDGPU_MACH values) and its ELF.h, as of LLVM
 * 19, with gfx950 from ROCm's amd_hsa_elf.h; the R600 values (below 0x20) are not OpenCL devices
 * any driver hands binaries of today. Values LLVM reserved, or gave a GPU later, are left out, so
 * they are said as unknown with their number. To add a GPU: a row. */
static const struct { unsigned mach; const char *name; } gpus[] = {
    { 0x020, "gfx600" }, { 0x021, "gfx601" }, { 0x03a, "gfx602" },
    { 0x022, "gfx700" }, { 0x023, "gfx701" }, { 0x024, "gfx702" }, { 0x025, "gfx703" }, { 0x026, "gfx704" },
    { 0x03b, "gfx705" },
    { 0x028, "gfx801" }, { 0x029, "gfx802" }, { 0x02a, "gfx803" }, { 0x03c, "gfx805" }, { 0x02b, "gfx810" },
    { 0x02c, "gfx900" }, { 0x02d, "gfx902" }, { 0x02e, "gfx904" }, { 0x02f, "gfx906" }, { 0x030, "gfx908" },
    { 0x031, "gfx909" }, { 0x03f, "gfx90a" }, { 0x032, "gfx90c" },
    { 0x040, "gfx940" }, { 0x04b, "gfx941" }, { 0x04c, "gfx942" }, { 0x04f, "gfx950" },
    { 0x033, "gfx1010" }, { 0x034, "gfx1011" }, { 0x035, "gfx1012" }, { 0x042, "gfx1013" },
    { 0x036, "gfx1030" }, { 0x037, "gfx1031" }, { 0x038, "gfx1032" }, { 0x039, "gfx1033" }, { 0x03e, "gfx1034" },
    { 0x03d, "gfx1035" }, { 0x045, "gfx1036" },
    { 0x041, "gfx1100" }, { 0x046, "gfx1101" }, { 0x047, "gfx1102" }, { 0x044, "gfx1103" },
    { 0x043, "gfx1150" }, { 0x04a, "gfx1151" }, { 0x055, "gfx1152" },
    { 0x048, "gfx1200" }, { 0x04e, "gfx1201" },
    /* Code that runs on every GPU of a family (LLVM 18 on). */
    { 0x051, "gfx9-generic" }, { 0x052, "gfx10-1-generic" }, { 0x053, "gfx10-3-generic" },
    { 0x054, "gfx11-generic" }, { 0x059, "gfx12-generic" },
};

unsigned amdgpu_mach(uint32_t e_flags) { return e_flags & 0xffu; }

const char *amdgpu_gpu_name(unsigned mach)
{
    for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
        if (gpus[i].mach == mach) return gpus[i].name;
    return NULL;
}
