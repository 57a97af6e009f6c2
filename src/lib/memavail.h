/* memavail.h — how much memory the host can give a process now, without swapping: MemAvailable of
 * /proc/meminfo, or CLX_MEM_AVAILABLE where a test sets it. A device that shares the host's memory
 * (PoCL's CPU device) takes its buffers from there too, and the kernel's out-of-memory killer ends
 * whichever process it picks when it runs out: on a shared machine, maybe someone else's. */
#ifndef MEMAVAIL_H
#define MEMAVAIL_H

/* memavail_parse: the MemAvailable line of text (/proc/meminfo's form: "MemAvailable:  1234 kB")
 * in bytes; -1 when there is none. */
double memavail_parse(const char *text);
/* memavail_now: the bytes the host can give now: CLX_MEM_AVAILABLE where it is set (bytes, a number
 * >= 0, for a test: a value that is not is ignored with a warning, once), else MemAvailable in
 * /proc/meminfo; -1 where neither says (not Linux, or a kernel before 3.14): then nothing is
 * checked against it. *from (when not NULL) says where the figure came from, for messages. */
double memavail_now(const char **from);
/* memavail_with_held: the bytes clx could have with the held bytes it holds now given up: MemAvailable
 * plus held, since MemAvailable already leaves out what clx holds; a CLX_MEM_AVAILABLE as it is, since
 * that fixed figure does not drop while clx holds memory (it is all there is, clx's holdings within
 * it: counted again they would let through a set larger than the stated memory). *held_in (when not
 * NULL) says which: 1 where held is within the figure. -1 where the host does not say. */
double memavail_with_held(double held, const char **from, int *held_in);
#endif
