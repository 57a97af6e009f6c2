/* atdie.c — the hook die() runs before exiting (atdie.h): one function, its argument and its thread. */
#include "atdie.h"
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void (*hook)(void *);
static void *hook_arg;
static pthread_t hook_thread;

void atdie_set(void (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&lock);
    hook = fn;
    hook_arg = arg;
    hook_thread = pthread_self();
    pthread_mutex_unlock(&lock);
}

void atdie_run(void)
{
    pthread_mutex_lock(&lock);
    void (*fn)(void *) = NULL;
    void *arg = hook_arg;
    if (hook && pthread_equal(hook_thread, pthread_self())) {
        fn = hook;
        hook = NULL;
    }
    pthread_mutex_unlock(&lock);
    if (fn) fn(arg);
}
