/* amdgpu.h — which AMD GPU an AMD GPU code object was compiled for, from its ELF header's
 * EF_AMDGPU_MACH (the low byte of e_flags): the name llvm-objdump's --mcpu takes. */
#ifndef AMDGPU_H
#define AMDGPU_H
#include <stdint.h>

/* amdgpu_mach: the EF_AMDGPU_MACH value in an ELF header's e_flags. */
unsigned amdgpu_mach(uint32_t e_flags);
/* amdgpu_gpu_name: "gfx90a", "gfx1100", "gfx11-generic"... for an EF_AMDGPU_MACH value; NULL for
 * one clx does not know (a newer GPU, or a reserved value): never a guess. */
const char *amdgpu_gpu_name(unsigned mach);
#endif
