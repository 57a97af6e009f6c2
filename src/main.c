/* main.c — clx: a portable OpenCL experiment harness. Everything is in cli.c and below. */
#include "cli.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    /* NVIDIA's driver skips ptxas for PTX it has compiled before (its JIT cache), and then logs no
     * register count: compile afresh unless the user decided otherwise. */
    setenv("CUDA_CACHE_DISABLE", "1", 0);
    return cli_main(argc, argv);
}
