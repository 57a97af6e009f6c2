/* refs.c — the registry of host reference functions, running one, and the helpers (clx/ref.h) they use. */
#include "refs.h"
#include "lib/names.h"
#include "lib/par.h"
#include "lib/util.h"
#include "reffault.h"
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* References registered at run time (a user's, compiled from their .ref.c and loaded). */
static struct loaded { const struct ref_def *def; char *origin; } *loaded;
static int nloaded;

static const struct ref_def *find_shipped(const char *name)
{
    for (const struct ref_def *const *r = ref_shipped; *r; r++)
        if (!strcmp((*r)->name, name)) return *r;
    return NULL;
}

static const struct loaded *find_loaded(const char *name)
{
    for (int i = 0; i < nloaded; i++)
        if (!strcmp(loaded[i].def->name, name)) return &loaded[i];
    return NULL;
}

const struct ref_def *ref_find(const char *name)
{
    const struct loaded *l = find_loaded(name);
    return l ? l->def : find_shipped(name);
}

void ref_names(struct strlist *out)
{
    for (int i = 0; i < nloaded; i++) sl_push(out, loaded[i].def->name);
    for (const struct ref_def *const *r = ref_shipped; *r; r++) sl_push(out, (*r)->name);
}

const char *ref_origin(const char *name)
{
    const struct loaded *l = find_loaded(name);
    if (l) return l->origin;
    return find_shipped(name) ? "shipped" : NULL;
}

int ref_register(const struct ref_def *d, const char *origin, char **err)
{
    if (d->abi != CLX_REF_ABI) {
        *err = xasprintf("reference %s was compiled against clx/ref.h ABI %d; this clx has %d", d->name, d->abi,
                         CLX_REF_ABI);
        return -1;
    }
    const struct loaded *l = find_loaded(d->name);
    if (l) {
        if (l->def == d) return 0;
        *err = xasprintf("reference %s is defined twice: in %s and in %s", d->name, l->origin, origin);
        return -1;
    }
    loaded = xrealloc(loaded, sizeof *loaded * (size_t)(nloaded + 1));
    loaded[nloaded++] = (struct loaded){ d, xstrdup(origin) };
    return 0;
}

int ref_fail(struct ref_ctx *c, const char *fmt, ...)
{
    if (!c->err) {
        va_list ap;
        va_start(ap, fmt);
        c->err = xvasprintf(fmt, ap);
        va_end(ap);
    }
    return -1;
}

struct ref_buf *ref_buffer(struct ref_ctx *c, const char *name)
{
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, name)) return &c->bufs[i];
    return NULL;
}

static struct ref_buf *find_buf(struct ref_ctx *c, const char *name, enum cltype type)
{
    struct ref_buf *b = ref_buffer(c, name);
    if (!b) {
        ref_fail(c, "the reference needs a buffer named %s", name);
        return NULL;
    }
    if (b->type != type) {
        ref_fail(c, "buffer %s is %s; the reference needs %s", name, cltype_info(b->type)->name, cltype_info(type)->name);
        return NULL;
    }
    return b;
}

const void *ref_in(struct ref_ctx *c, const char *name, enum cltype type, size_t *count)
{
    struct ref_buf *b = find_buf(c, name, type);
    if (!b) return NULL;
    if (!b->input) { ref_fail(c, "buffer %s must be an input (init random, zero or iota)", name); return NULL; }
    if (count) *count = b->count;
    return b->input;
}

void *ref_out(struct ref_ctx *c, const char *name, enum cltype type, size_t *count)
{
    struct ref_buf *b = find_buf(c, name, type);
    if (!b) return NULL;
    /* Not "make it an output": an output starts as the poison, and a reference that reads it (an
     * in-place y = a*x + y) expects NaN where a kernel that writes nothing leaves NaN too. */
    if (!b->expected) {
        ref_fail(c, "buffer %s is an input: only an output (init = \"output\") is the reference's to write, and it "
                 "starts as the poison, which the reference must not read; for a kernel that updates %s in place "
                 "(y = a*x + y), give the kernel a separate output (z, with init = \"output\": z = a*x + y) and "
                 "the reference ref_in(c, \"%s\", ...) and ref_out(c, \"z\", ...)",
                 name, name, name);
        return NULL;
    }
    if (count) *count = b->count;
    return b->expected;
}

/* Set when a reference reads a geometry value: its answer then depends on the work-group size
 * (partial sums per group), so expected.c keys its answers by the geometry too. Written from the
 * reference's threads too: only ever set to 1, read and cleared between references. */
static volatile int geometry_read;

int refs_is_geometry(const char *name)
{
    static const char *const geometry[] = {"local", "LOCAL0", "LOCAL1", "LOCAL2", "GLOBAL", "GLOBAL0", "GLOBAL1",
                                           "GLOBAL2", "GROUPS", "KMAX_WG", "KPREF", "KLOCAL_MEM", "NOOPT", NULL};
    for (int k = 0; geometry[k]; k++)
        if (!strcmp(geometry[k], name)) return 1;
    return 0;
}

int refs_take_geometry_read(void)
{
    int r = geometry_read;
    geometry_read = 0;
    return r;
}

/* The same for the watched names (refs_watch): set to 1 from any thread, read and cleared between
 * references; the predicate only reads. */
static int (*watched_is)(const void *arg, const char *name);
static const void *watched_arg;
static volatile int watched_read;

void refs_watch(int (*watched)(const void *arg, const char *name), const void *arg)
{
    watched_is = watched;
    watched_arg = arg;
}

int refs_take_watched_read(void)
{
    int r = watched_read;
    watched_read = 0;
    return r;
}

/* note_read: what reading name tells expected.c about the answer's keys. */
static void note_read(const char *name)
{
    if (refs_is_geometry(name)) geometry_read = 1;
    if (watched_is && watched_is(watched_arg, name)) watched_read = 1;
}

double ref_var_at(struct ref_ctx *c, const char *name, const char *file, int line)
{
    double x;
    note_read(name);
    if (vars_get(c->vars, name, &x)) return x;
    /* Said as a spec's unknown name is: where, the nearest name, the names there are (the same at
     * every configuration of a run, so the console says it once and counts the rows it repeats on). */
    const struct vars *v = c->vars;
    char *near = did_you_mean(name, v->names, v->n);
    struct sbuf b = {0};
    if (file) sb_printf(&b, "%s:%d: ", file, line);
    sb_printf(&b, "the reference needs the variable %s, which is not set (a template parameter, launch axis or "
              "derived value)%s", name, near);
    /* The list on a line of its own: the console's count of the rows that repeat it shows the first. */
    for (int i = 0; i < v->n; i++) sb_printf(&b, "%s%s", i ? ", " : "\n(the variables set: ", v->names[i]);
    if (v->n) sb_printf(&b, ")");
    ref_fail(c, "%s", b.s);
    sb_free(&b);
    free(near);
    return NAN;
}

/* Not the macro of clx/ref.h: the function a reference compiled without it calls. */
double (ref_var)(struct ref_ctx *c, const char *name) { return ref_var_at(c, name, NULL, 0); }

int ref_var_opt(const struct ref_ctx *c, const char *name, double *value)
{
    note_read(name);
    return vars_get(c->vars, name, value);
}

const char *ref_type_name(enum cltype t) { return (unsigned)t < CT_COUNT ? cltype_info(t)->name : "(no type)"; }

size_t ref_type_size(enum cltype t) { return (unsigned)t < CT_COUNT ? cltype_info(t)->size : 0; }

size_t ref_count(const struct ref_ctx *c, size_t count)
{
    if (c->hi) return c->hi - c->lo;
    return c->sample ? c->nsample : count;
}

size_t ref_index(const struct ref_ctx *c, size_t i)
{
    i += c->lo;
    return c->sample ? c->sample[i] : i;
}

/* One call of a reference (a thread's part of a split one, or the whole), its faults caught. */
struct ref_one { const struct ref_def *e; struct ref_ctx *c; };

static int ref_one_fn(void *arg)
{
    struct ref_one *o = arg;
    return o->e->fn(o->c);
}

/* faulted: a reference faulted in this process (refs_faulted); set from any of its threads. The
 * first fault's record (refs_first_fault) is written under its lock by the thread that set it. */
static volatile int faulted;
static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hostguard_fault first;

int refs_faulted(void) { return faulted; }

const struct hostguard_fault *refs_first_fault(void)
{
    pthread_mutex_lock(&first_lock);
    const struct hostguard_fault *f = faulted ? &first : NULL;
    pthread_mutex_unlock(&first_lock);
    return f;
}

/* run_caught: e on c; a memory fault in it is REF_FAULTED with c->err saying it. */
static int run_caught(const struct ref_def *e, struct ref_ctx *c, const char *where)
{
    struct ref_one o = { e, c };
    struct hostguard_fault f;
    int rc = hostguard_call(ref_one_fn, &o, &f);
    if (rc != HOSTGUARD_FAULTED) return rc;
    pthread_mutex_lock(&first_lock);
    if (!faulted) first = f;
    faulted = 1;
    pthread_mutex_unlock(&first_lock);
    char *said = reffault_say(c, e->name, where, &f);
    free(c->err);
    c->err = said;
    return REF_FAULTED;
}

/* One thread's part of a split reference: its own context (range and error). */
struct ref_split { const struct ref_def *e; struct ref_ctx *parts; const char *where; };

static int ref_part(void *arg, int k, size_t lo, size_t hi)
{
    struct ref_split *sp = arg;
    sp->parts[k].lo = lo;
    sp->parts[k].hi = hi;
    return run_caught(sp->e, &sp->parts[k], sp->where);
}

int ref_call(struct ref_ctx *c, const char *name)
{
    const struct ref_def *e = ref_find(name);
    if (!e) return ref_fail(c, "ref_call: no host reference named %s", name);
    /* A thread's range handed to a reference that computes everything would race with the others. */
    if (c->hi && !e->split) return ref_fail(c, "ref_call: %s is not split (CLX_REF_SPLIT), and this call is a thread's range", name);
    return e->fn(c);
}

int ref_run(const struct ref_def *e, struct ref_ctx *c, const char *where)
{
    if (!e) return ref_fail(c, "no such host reference is loaded");
    if (faulted) {
        /* Its answer could hang on a lock the faulted call holds, or be made on a heap it broke: an
         * error row that says why is honest, a hang or a wrong verdict is not. */
        free(c->err);
        c->err = xasprintf("%s%sreference %s not run: a reference faulted earlier in this process (its row says "
                           "where), which may have left a lock held or memory lost", where ? where : "",
                           where ? ": " : "", e->name);
        return REF_FAULTED;
    }
    /* The elements a split reference computes: the sample, or the first output's count. */
    size_t total = c->sample ? c->nsample : 0;
    for (int i = 0; i < c->nbufs && !c->sample && !total; i++)
        if (c->bufs[i].expected) total = c->bufs[i].count;
    int n = par_threads(total, 1);
    if (!e->split || n < 2) return run_caught(e, c, where);
    struct ref_ctx *parts = xcalloc((size_t)n, sizeof *parts);
    for (int k = 0; k < n; k++) { parts[k] = *c; parts[k].err = NULL; }
    struct ref_split sp = { e, parts, where };
    int rc = par_for(total, 1, ref_part, &sp);
    for (int k = 0; k < n; k++) {
        if (parts[k].err && !c->err) { c->err = parts[k].err; parts[k].err = NULL; }
        free(parts[k].err);
    }
    free(parts);
    return rc;
}
