/* test_sweepsetup.c — the device's setup in resume's and merge's refusals: the command words that
 * set the driver's variables as they were, both values, and the ways on. */
#include "check.h"
#include "store/sweepsetup.h"
#include <stdlib.h>

static void env_is(const char *want, const char *have, const char *words)
{
    char *w = sweepsetup_env(want, have);
    CHECK_STR(w, words);
    free(w);
}

/* Set where the run had it, unset where it had not, a value quoted as the shell reads it back, a
 * value with spaces one word (POCL_EXTRA_BUILD_FLAGS). */
static void test_env(void)
{
    env_is("POCL_WORK_GROUP_METHOD=loops", "", "POCL_WORK_GROUP_METHOD=loops");
    env_is("POCL_WORK_GROUP_METHOD=loops", NULL, "POCL_WORK_GROUP_METHOD=loops");
    env_is("", "POCL_WORK_GROUP_METHOD=loops", "env -u POCL_WORK_GROUP_METHOD");
    env_is("POCL_WORK_GROUP_METHOD=loops", "POCL_WORK_GROUP_METHOD=cbs", "POCL_WORK_GROUP_METHOD=loops");
    env_is("POCL_WORK_GROUP_METHOD=loops POCL_EXTRA_BUILD_FLAGS=-O3 -g", "POCL_WORK_GROUP_METHOD=loops",
           "POCL_EXTRA_BUILD_FLAGS='-O3 -g'");
    env_is("RUSTICL_ENABLE=llvmpipe", "RUSTICL_ENABLE=llvmpipe CL_CONFIG_USE_VECTORIZER=False",
           "env -u CL_CONFIG_USE_VECTORIZER");
    env_is("CL_CONFIG_USE_VECTORIZER=False", "POCL_WORK_GROUP_METHOD=cbs",
           "env -u POCL_WORK_GROUP_METHOD CL_CONFIG_USE_VECTORIZER=False");
    env_is("POCL_WORK_GROUP_METHOD=loops", "POCL_WORK_GROUP_METHOD=loops", "");
}

/* An empty driver's variables is "none"; a number as it is. */
static void test_text(void)
{
    cJSON *e = cJSON_CreateString(""), *n = cJSON_CreateNumber(2);
    char *te = sweepsetup_text(e), *tn = sweepsetup_text(n);
    CHECK_STR(te, "none");
    CHECK_STR(tn, "2");
    free(te); free(tn);
    cJSON_Delete(e); cJSON_Delete(n);
}

static const struct sweepid_item *item(const char *path)
{
    for (const struct sweepid_item *id = sweepid_items; id->path; id++)
        if (!strcmp(id->path, path)) return id;
    return NULL;
}

/* A resume refused: the setting, both values, the command with the variable as it was, the new run's. */
static void test_resume_why(void)
{
    cJSON *was = cJSON_Parse("{\"device\":{\"driver_env\":\"POCL_WORK_GROUP_METHOD=loops\",\"compute_units\":2}}");
    cJSON *now = cJSON_Parse("{\"device\":{\"driver_env\":\"\",\"compute_units\":1}}");
    struct strlist args = {0};
    sl_push(&args, "vecsum");
    sl_push(&args, "--quick");
    char *why = sweepsetup_resume_why(item("device.driver_env"), was, now, "res/a b", &args);
    CHECK(strstr(why, "in the device's setup: the driver's variables (run.json \"device.driver_env\": "
                      "'POCL_WORK_GROUP_METHOD=loops' there, none here)") != NULL);
    CHECK(strstr(why, "to go on with this run, set the driver's variables as they were: POCL_WORK_GROUP_METHOD=loops clx "
                      "run --resume 'res/a b'; to time this setup, start a new run: clx run vecsum --quick") != NULL);
    free(why);
    why = sweepsetup_resume_why(item("device.compute_units"), was, now, "d", NULL);
    CHECK(strstr(why, "the compute units (run.json \"device.compute_units\": 2 there, 1 here)") != NULL);
    CHECK(strstr(why, "resume it with as many compute units as when it began (") != NULL);
    free(why);
    /* Fewer host CPUs: the way on gives them back by taskset (resuming as it is was what was refused). */
    cJSON *was_cpus = cJSON_Parse("{\"device\":{\"cpu_logical_cpus\":1}}");
    cJSON *now_cpus = cJSON_Parse("{\"device\":{\"cpu_logical_cpus\":2}}");
    why = sweepsetup_resume_why(item("device.cpu_logical_cpus"), was_cpus, now_cpus, "d", NULL);
    CHECK(strstr(why, "resume it on as many host CPUs as when it began, 1 (the CPU set taskset -c or a container "
                      "gives; 0 is an example CPU list): taskset -c 0 clx run --resume d") != NULL);
    free(why);
    why = sweepsetup_resume_why(item("device.cpu_logical_cpus"), now_cpus, was_cpus, "d", NULL);
    CHECK(strstr(why, "as when it began, 2 (") != NULL);
    CHECK(strstr(why, ": taskset -c 0-1 clx run --resume d") != NULL);
    free(why);
    cJSON_Delete(was_cpus);
    cJSON_Delete(now_cpus);
    why = sweepsetup_merge_way(item("device.local_mem_bytes"));
    CHECK(strstr(why, "run the part that differs again under the same setup as the others") != NULL);
    free(why);
    sl_free(&args);
    cJSON_Delete(was);
    cJSON_Delete(now);
}

int main(void)
{
    RUN(test_env);
    RUN(test_text);
    RUN(test_resume_why);
    CHECK_EXIT();
}
