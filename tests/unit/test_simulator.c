/* test_simulator.c — a simulator (Oclgrind) is known by its platform, not its type (it says GPU, CPU
 * and accelerator at once): it gets no peaks (old: the host CPU's 236.80 GFLOP/s, for a device of one
 * compute unit at 1 MHz), no speed of light (old: "bound launch", "a CPU has no occupancy rules"),
 * every row's sol_note saying why; and the commands clx suggests for it run under its command
 * ("oclgrind ./clx run ...": without it --device oclgrind is "no such device"). */
#include "check.h"
#include "device/peak.h"
#include "device/simulator.h"
#include "sol/bound.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* oclgrind: the device `oclgrind ./clx devices` shows. */
static struct devprops oclgrind(void)
{
    struct devprops p;
    memset(&p, 0, sizeof p);
    p.nv_cc_major = p.nv_cc_minor = -1;
    snprintf(p.platform, sizeof p.platform, "Oclgrind");
    snprintf(p.name, sizeof p.name, "Oclgrind Simulator");
    p.type = CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_ACCELERATOR;
    p.compute_units = 1;
    p.clock_mhz = 1;
    p.native_float_width = 1;
    p.max_alloc = p.global_mem = 128 << 20;
    return p;
}

static void test_known(void)
{
    const struct simulator *sim = simulator_of("Oclgrind", "Oclgrind Simulator");
    CHECK(sim != NULL);
    CHECK_STR(sim->name, "Oclgrind");
    CHECK_STR(sim->wrapper, "oclgrind");
    CHECK(simulator_of("Oclgrind", NULL) == sim);
    CHECK(simulator_of(NULL, "Oclgrind Simulator") == sim);   /* run.json's device name alone */
    CHECK(simulator_of("Portable Computing Language", "cpu-haswell-AMD EPYC") == NULL);
    CHECK(simulator_of("NVIDIA CUDA", "NVIDIA H200") == NULL);
    CHECK(simulator_of(NULL, NULL) == NULL);
    CHECK(simulator_of("", "") == NULL);
    CHECK_STR(simulator_why(sim), "a simulator (Oclgrind): its times are not the device's");
    CHECK_CONTAINS(simulator_said(sim), "its times are not performance");
}

static void test_no_peaks(void)
{
    struct devprops p = oclgrind();
    struct peak pk;
    peak_derive(&p, &pk);
    CHECK(pk.fp32_gflops == 0 && pk.fp64_gflops == 0 && pk.fp16_gflops == 0 && pk.mem_gbs == 0);
    CHECK(pk.ports_gbs == 0 && pk.cpu_cores == 0 && pk.cpu_logical == 0 && pk.clock_slack == 0);
    CHECK_STR(pk.fp32_source, "none: a simulator (Oclgrind): its times are not the device's");
    CHECK_STR(pk.mem_source, "none: a simulator (Oclgrind): its times are not the device's");
    CHECK_STR(pk.fp32_brief, "");
    char *said = peak_said(pk.fp32_gflops, "GFLOP/s", pk.fp32_source);
    CHECK_STR(said, "none (a simulator (Oclgrind): its times are not the device's)");
    free(said);
}

static void test_no_speed_of_light(void)
{
    struct devprops p = oclgrind();
    struct peak pk;
    peak_derive(&p, &pk);
    struct sol_ceilings c;
    sol_ceilings_make(&p, &pk, NULL, 2600, &c);
    CHECK(c.sim != NULL && !c.cpu);
    struct sol_work w;
    memset(&w, 0, sizeof w);
    w.chain_class = -1;
    w.memory = SOL_DRAM;
    w.items = 4160;
    w.group = 64;
    w.amount[SOL_FP32] = 4099;
    w.amount[SOL_DRAM] = 12 * 4099;
    struct sol_result r;
    CHECK(sol_bound(&w, &c, &r) == -1);
    CHECK(isnan(r.ms) && isnan(r.tput_ms) && isnan(r.lat_ms));
    CHECK_STR(r.note, "a simulator (Oclgrind): its times are not the device's");
    sol_result_free(&r);
    char *said = sol_ceilings_said(&c);
    CHECK_STR(said, "speed of light: none (a simulator (Oclgrind): its times are not the device's)");
    free(said);
    sol_ceilings_free(&c);
}

static void test_commands_under_it(void)
{
    called_as_set("./clx");
    CHECK_STR(clx_cmd(), "./clx");
    CHECK_STR(clx_doc_cmd(), "clx");
    called_as_under(simulator_of("Oclgrind", NULL)->wrapper);
    CHECK_STR(clx_cmd(), "oclgrind ./clx");
    CHECK_STR(clx_doc_cmd(), "oclgrind clx");
    char *r = clx_resume_cmd("results/a b");
    CHECK_STR(r, "oclgrind ./clx run --resume 'results/a b'");
    free(r);
    called_as_set("clx");                         /* in either order */
    CHECK_STR(clx_cmd(), "oclgrind clx");
    called_as_under(NULL);
    CHECK_STR(clx_cmd(), "clx");
    CHECK_STR(clx_doc_cmd(), "clx");
}

int main(void)
{
    RUN(test_known);
    RUN(test_no_peaks);
    RUN(test_no_speed_of_light);
    RUN(test_commands_under_it);
    CHECK_EXIT();
}
