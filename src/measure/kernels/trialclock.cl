/* trialclock.cl - the SM clock of an NVIDIA GPU read by one work-item (trialclock.c): inline PTX,
 * so it builds on NVIDIA's OpenCL alone. */

/* The global timer counts nanoseconds; %clock64 counts the SM's cycles. (%% is one % in an asm
 * template.) */
__kernel void clx_sm_clock(__global double *mhz, uint slot, ulong spin_ns)
{
    ulong t0, t1, c0, c1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
    do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1)); } while (t1 - t0 < spin_ns);
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
    mhz[slot] = (double)(c1 - c0) * 1e3 / (double)(t1 - t0);
}
