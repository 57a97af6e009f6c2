/* run_build.c — the build phase of a run: every variant expanded by m4 and built with every
 * option set; sources, binaries, logs and kernels.tsv saved (its rows: run_kernels.c); rows for
 * what cannot run (run_build_rows.c). */
#include "device/buildahead.h"
#include "spec/expand.h"
#include "spec/expandfail.h"
#include "measure/kargs.h"
#include "lib/phase.h"
#include "lib/stderrcatch.h"
#include "device/ptx.h"
#include "run_impl.h"
#include "lib/child.h"
#include "lib/worker.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void save_file(struct run_out *out, const char *sub, const void *data, size_t n)
{
    char *p = results_path(&out->res, sub);
    if (write_file_atomic(p, data, n)) {
        /* A full disk fails every file after the first: the first is named, the rest counted. */
        if (!out->write_failed) warn("cannot write %s: %s", p, strerror(errno));
        else out->files_unsaid++;
        out->write_failed = 1;
    }
    free(p);
}

/* variant_setup: types and the requires condition of variant v; NULL or why it cannot run. */
static char *variant_setup(struct runner *r, int v, int *skip)
{
    const struct spec *s = r->s;
    const struct variant *var = &r->plan.variants[v];
    char *err = NULL;
    *skip = 0;
    for (int i = 0; i < s->nbufs && !err; i++)
        err = plan_variant_type(var, s->bufs[i].type, s->bufs[i].type_param, &r->bl.btypes[v * s->nbufs + i]);
    for (int i = 0; i < s->nargs && !err; i++)
        err = plan_variant_type(var, s->args[i].type, s->args[i].type_param, &r->bl.atypes[v * s->nargs + i]);
    int sv = var->name ? spec_variant_find(s, var->name) : -1;
    const char *req = sv >= 0 ? s->variants[sv].requires : NULL;
    if (!err && req) {
        struct vars vv = {0};
        double ok = 0;
        plan_device_vars(&r->dev.dp, &vv);
        plan_variant_vars(var, &vv);
        if (expr_eval(req, &vv, &ok, &err) == 0 && !ok) {
            *skip = 1;
            char *said = plan_requires_said(&r->dev.dp, req);
            err = *said ? xasprintf("requires %s, false on this device (%s)", req, said)
                        : xasprintf("requires %s, false on this device", req);
            free(said);
        }
        vars_free(&vv);
    }
    return err;
}

/* borrow_registers: a build whose verbose log had no ptxas report (a driver cache hit) has the
 * register count of any build with a byte-identical binary: the same PTX compiles the same way. */
static void borrow_registers(const struct run_builds *bl, struct build *bd)
{
    int n = bl->nvariants * bl->nbuilds;
    for (int i = 0; i < n && bd->registers < 0 && bd->binary; i++) {
        const struct build *o = &bl->builds[i];
        if (o != bd && o->registers >= 0 && o->binary_size == bd->binary_size &&
            !memcmp(o->binary, bd->binary, bd->binary_size))
            bd->registers = o->registers;
    }
}


/* build_crashed: the supervisor's mark when building variant v with build b killed a worker. */
static const struct run_mark *build_crashed(const struct run_opts *o, int v, int b)
{
    const struct run_mark *mk = run_mark_of(o, v, b, -1);
    return mk && mk->pt < 0 && !mk->timeout ? mk : NULL;
}


/* builds_alloc: the arrays per variant and per variant x build of plan p, all zeroed; the types'
 * have room for spec s's buffers and arguments. */
static void builds_alloc(struct run_builds *bl, const struct plan *p, const struct spec *s)
{
    int nv = p->nvariants, nb = p->builds.n;
    bl->nvariants = nv;
    bl->nbuilds = nb;
    bl->skips = xcalloc((size_t)nv, sizeof *bl->skips);
    bl->btypes = xcalloc((size_t)(nv * (s->nbufs + 1)), sizeof *bl->btypes);
    bl->atypes = xcalloc((size_t)(nv * (s->nargs + 1)), sizeof *bl->atypes);
    bl->ptx_op_counts = xcalloc((size_t)(nv * nb), sizeof *bl->ptx_op_counts);
    bl->builds = xcalloc((size_t)(nv * nb), sizeof *bl->builds);
    bl->sources = xcalloc((size_t)nv, sizeof *bl->sources);
    bl->expand_errors = xcalloc((size_t)nv, sizeof *bl->expand_errors);
    bl->expanded = xcalloc((size_t)nv, 1);
    bl->tried = xcalloc((size_t)(nv * nb), 1);
    bl->row_kept = xcalloc((size_t)(nv * nb) + 1, sizeof *bl->row_kept);
}

void run_builds_free(struct run_builds *bl)
{
    for (int i = 0; i < bl->nvariants * bl->nbuilds; i++) build_free(&bl->builds[i]);
    for (int v = 0; v < bl->nvariants; v++) { free(bl->sources[v]); free(bl->expand_errors[v]); free(bl->skips[v]); }
    run_expect_free(&bl->expect);
    free(bl->skips); free(bl->btypes); free(bl->atypes); free(bl->ptx_op_counts);
    free(bl->builds);
    free(bl->expanded);
    free(bl->tried);
    free(bl->row_kept);
    cache_close(&bl->cache);
    free(bl->sources);
    free(bl->expand_errors);
    for (int v = 0; v < bl->nresumed; v++) free(bl->resumed[v]);
    free(bl->resumed);
}


/* build_file: the name in the run's folder of a file of variant var's build with opts: "logs/" the
 * variant's and the build's slugs, then ext (a new string). */
static char *build_file(const struct variant *var, const char *opts, const char *ext)
{
    char *stem = plan_build_stem(var->slug, opts), *t = xasprintf("logs/%s%s", stem, ext);
    free(stem);
    return t;
}

/* died_said: what the driver wrote on stderr in the build of var with opts in which a worker died,
 * as its marker logs/SLUG.stderr (build_catch_in) gives it back, from the build's own begin in the
 * file it was caught in (stderrcatch_said), as the start of the build's log; NULL when it wrote
 * nothing. The files stay: a worker that dies again reads them again. */
static char *died_said(struct runner *r, const struct variant *var, const char *opts)
{
    char *name = build_file(var, opts, STDERRCATCH_MARKER_EXT), *path = results_path(&r->out.res, name);
    int shared, beside;
    char *t = stderrcatch_said(path, &shared, &beside), *said = NULL;
    if (t && *t)
        said = xasprintf("# the driver wrote on stderr in this build before the worker died (kept in %s of the run that "
                         "built it: clx merge leaves it in the shard's folder)%s%s:\n%s", name,
                         beside ? "; it ran ahead on a thread of its own while the main thread called the driver: "
                                  "some of it may be the main thread's"
                                : "",
                         shared ? "; other builds ran beside it, ahead on threads of their own: some of it may be theirs"
                                : "", t);
    free(t);
    free(path);
    free(name);
    return said;
}

/* build_or_say_why: variant v built with build b (from the cache where it holds it), or its build
 * says why not: the worker crash mk the supervisor marked, or m4's error. Returns whether mk's
 * crash was in loading the build cache's entry. What the driver writes on stderr during the build
 * goes to its log (build.h), caught meanwhile in a file of the run's (died_said reads it back). */
static int build_or_say_why(struct runner *r, int v, int b, const struct run_mark *mk)
{
    const struct variant *var = &r->plan.variants[v];
    const char *opts = r->plan.builds.v[b];
    struct build *bd = build_of(&r->bl, v, b);
    int from_cache = 0;
    if (mk) {
        memset(bd, 0, sizeof *bd);
        char *how = run_mark_how(mk), *entry = NULL;
        from_cache = r->bl.sources[v] &&
                     cache_forget_crashed(&r->bl.cache, &r->dev.dp, r->bl.sources[v], opts, var->kernel, &entry);
        if (from_cache)
            bd->error = xasprintf("the worker process %s while loading it from the build cache (%s: removed, "
                                  "so the next run compiles it afresh); not built again in this sweep", how, entry);
        else
            bd->error = xasprintf("the worker process %s while building it%s; not built again in this sweep", how,
                                  mk->sig == SIGKILL ? child_kill_guess(mk->sig)
                                  : mk->status ? "" : ", in the OpenCL compiler");
        free(entry);
        free(how);
        bd->log = died_said(r, var, opts);
    } else if (r->bl.sources[v]) {
        char *name = build_file(var, opts, STDERRCATCH_MARKER_EXT), *path = results_path(&r->out.res, name);
        build_catch_in(path);
        cache_build(&r->bl.cache, r->dev.ctx, r->dev.ocl.id, &r->dev.dp, r->bl.sources[v], opts, var->kernel, bd);
        build_catch_in(NULL);
        free(path);
        free(name);
    } else { memset(bd, 0, sizeof *bd); bd->error = xasprintf("m4: %s", r->bl.expand_errors[v]); }
    return from_cache;
}

/* kernel_fits_spec: variant v's build bd, refused (not ok, its error kargs.h's) where its kernel's
 * parameters do not take the spec's buffers and arguments: 1 then, else 0; a program with no kernel
 * of the name says where the name came from. */
static int kernel_fits_spec(struct runner *r, int v, struct build *bd)
{
    const struct spec *s = r->s;
    const struct variant *var = &r->plan.variants[v];
    if (bd->no_kernel && bd->error) {
        char *from = plan_kernel_origin(s, var, NULL), *t = xasprintf("%s; %s", bd->error, from);
        free(from);
        free(bd->error);
        bd->error = t;
        return 0;
    }
    if (!bd->ok) return 0;
    char *why = kargs_check(s, var->kernel, bd->params, &r->bl.btypes[v * s->nbufs], &r->bl.atypes[v * s->nargs]);
    if (!why) return 0;
    bd->ok = 0;
    bd->error = why;
    return 1;
}

/* save_build_files: the build's log (logs/, headed by what was built and why it failed, or why it
 * was refused: kernel_fits_spec) and its binary (bin/); returns the log's name in the run's folder
 * (a new string). */
static char *save_build_files(struct run_out *out, const struct variant *var, const char *opts, const char *clname,
                              const struct build *bd, int refused)
{
    char *logname = build_file(var, opts, ".log");
    struct sbuf lg = {0};
    sb_printf(&lg, "# variant %s, build options \"%s\", source %s\n", var->id, opts, clname);
    if (bd->error && refused) sb_printf(&lg, "# REFUSED: " KARGS_REFUSED_SAID " (no compile error): %s\n", bd->error);
    else if (bd->error) sb_printf(&lg, "# FAILED: %s\n", bd->error);
    sb_printf(&lg, "%s", bd->log ? bd->log : "");
    if (bd->verbose_log) sb_printf(&lg, "\n# -cl-nv-verbose build log:\n%s", bd->verbose_log);
    save_file(out, logname, lg.s, lg.len);
    sb_free(&lg);
    if (bd->binary) {
        char *stem = plan_build_stem(var->slug, opts), *bin = xasprintf("bin/%s%s", stem, bd->binary_ext);
        free(stem);
        save_file(out, bin, bd->binary, bd->binary_size);
        free(bin);
    }
    return logname;
}


/* failed_in_stop: whether variant v's build b (built now, not a crash's mark nor m4's error) failed
 * while a stop is pending: then it is the stop's, not the build's (PoCL's compiler or linker runs as a
 * child process in clx's process group, and the terminal's ^C that asked the stop ended it too), and
 * it is dropped untried: no log saying FAILED, no kernels.tsv row, no build-failed row, so the resume
 * builds it again. A build that would have failed anyway fails then, where no stop is pending: one run
 * later, never a good build kept as failed. Where the driver aborts instead, the worker dies in the
 * stop, and its supervisor says so (supervise_say_died_in_stop). */
static int failed_in_stop(struct runner *r, int v, int b, const struct run_mark *mk)
{
    struct build *bd = build_of(&r->bl, v, b);
    if (bd->ok || mk || !r->bl.sources[v] || !run_stop_signal()) return 0;
    /* Neither compiled nor loaded: cache_build counted it as one (builds ahead count nothing), and
     * the builds line (and run.json's counts) would not add up to the builds made. */
    struct cache *c = &r->bl.cache;
    if (bd->cached) c->hits--;
    else c->built--;
    r->bl.nstopped++;
    build_free(bd);
    return 1;
}

/* build_one: variant v built with build b (or why not), its log and binary saved, its kernels.tsv
 * row written, and a results row when it did not build; 1 (nothing saved or written) where it failed
 * in a stop (failed_in_stop), else 0. */
static int build_one(struct runner *r, const struct strlist *cols, struct tsv_out *ktsv, int v, int b,
                      const char *clname)
{
    const struct variant *var = &r->plan.variants[v];
    const char *opts = r->plan.builds.v[b];
    struct build *bd = build_of(&r->bl, v, b);
    char *what = xasprintf("building %s %s", var->id, plan_build_label(opts));
    progress_building(&r->progress, what);
    free(what);
    const struct run_mark *mk = build_crashed(r->o, v, b);
    worker_building(v, b);
    run_stop_in_build(r);
    int link_dies = run_stop_in_link(r);
    int from_cache = build_or_say_why(r, v, b, mk);
    if (link_dies) run_stop_link_failed(bd);
    if (failed_in_stop(r, v, b, mk)) return 1;
    int refused = kernel_fits_spec(r, v, bd);
    if (bd->ok) run_revive(r, cols, v, b);   /* before its log takes the name of the one its old row names */
    /* PTX_OP names an opcode whose count proves the operation survived compilation. */
    const char *op = plan_variant_value(var, "PTX_OP");
    r->bl.ptx_op_counts[build_index(&r->bl, v, b)] = op && bd->ptx_instructions >= 0
        ? ptx_count_instructions((const char *)bd->binary, var->kernel, op) : -1;
    char *logname = save_build_files(&r->out, var, opts, clname, bd, refused);
    borrow_registers(&r->bl, bd);
    struct strlist counts = {0};
    run_expect_build(r, v, b, &counts);
    int k = build_index(&r->bl, v, b);
    if (!r->bl.row_kept[k]) run_kernels_row(ktsv, var, opts, bd, logname, &counts);
    else run_kernels_row_again(r, k, var, opts, bd, logname, &counts);
    sl_free(&counts);
    if (!bd->ok)
        run_build_failed_row(r, cols, v, b, mk,
                             from_cache ? UNBUILT_CACHE_CRASH : refused ? UNBUILT_REFUSED : UNBUILT_FAILED, clname, logname);
    free(logname);
    return 0;
}

/* say_build_totals: the console's lines after the build phase: what the cache held, and why
 * machine instructions were not counted. A restarted worker says nothing: the first said it. */
/* say_stopped_builds: the builds a stop left unbuilt, ending a builds line (none: nothing). */
static void say_stopped_builds(const struct runner *r)
{
    if (r->bl.nstopped)
        printf("; %d not built: stopped (--resume builds %s)", r->bl.nstopped, r->bl.nstopped == 1 ? "it" : "them");
}

static void say_build_totals(struct runner *r)
{
    const struct cache *c = &r->bl.cache;
    int said = !r->o->quiet && !run_worker_again(r->o);
    if (c->dir && said) {
        progress_clear(&r->progress);
        printf("clx: builds: %d compiled, %d loaded from the cache in %s", c->built, c->hits, c->dir);
        if (c->corrupt) printf("; damaged entries replaced: %d", c->corrupt);
        say_stopped_builds(r);
        printf("\n");
        fflush(stdout);
    } else if (!c->dir && !r->o->no_cache && said) {
        /* The line above was simply missing: a reader took the builds for cached. */
        progress_clear(&r->progress);
        printf("clx: builds: no cache kept: neither XDG_CACHE_HOME nor HOME is set, and the cache lives under one "
               "of them ($XDG_CACHE_HOME/clx, else ~/.cache/clx): every program was compiled");
        say_stopped_builds(r);
        printf("\n");
        fflush(stdout);
    } else if (r->o->no_cache && r->bl.nstopped && said) {
        /* --no-cache says no builds line, but builds a stop left are the resume's to make. */
        progress_clear(&r->progress);
        printf("clx: builds: compiled, not kept (--no-cache)");
        say_stopped_builds(r);
        printf("\n");
        fflush(stdout);
    }
    const struct build *nc = run_isa_uncounted(&r->bl);
    if (nc && !r->o->quiet && !run_worker_again(r->o)) {
        progress_clear(&r->progress);
        printf("clx: kernels.tsv: machine instructions not counted (isa_instr empty): %s\n", nc->isa_why);
        fflush(stdout);
    }
}

void run_build_open(struct runner *r)
{
    cache_open(&r->bl.cache, !r->o->no_cache);
    builds_alloc(&r->bl, &r->plan, r->s);
    run_kernels_open(r, &r->bl.ktsv);
}

char *run_variant_source(const struct runner *r, int v, char **err)
{
    const struct variant *var = &r->plan.variants[v];
    char *note = xasprintf("experiment %s, variant %s, kernel %s", r->s->name, var->id, var->kernel);
    char *src = expand_variant(r->s->template_name, &var->keys, &var->values, note, err);
    free(note);
    return src;
}

/* variant_expand: variant v's source expanded and saved in cl/ (or why not: its row, its warning);
 * 0, or -1 when it does not run here. Once a variant: the search's builds come one at a time. */
static int variant_expand(struct runner *r, const struct strlist *cols, int v)
{
    const struct variant *var = &r->plan.variants[v];
    if (r->bl.expanded[v]) return r->bl.expanded[v] > 0 ? 0 : -1;
    r->bl.expanded[v] = -1;
    int skip;
    char *why = variant_setup(r, v, &skip);
    if (why) {
        run_unrunnable_rows(r, cols, v, skip, why);
        return -1;
    }
    if (v < r->bl.nresumed && r->bl.resumed[v]) {
        r->bl.sources[v] = r->bl.resumed[v];      /* the source run_resume_sources compared */
        r->bl.resumed[v] = NULL;
    } else
        r->bl.sources[v] = run_variant_source(r, v, &r->bl.expand_errors[v]);
    if (run_stop_signal()) return -1;   /* m4 was stopped with the run: no row for it */
    char *clname = xasprintf("cl/%s.cl", var->slug);
    /* m4's error is said with the others at the build phase's end (say_expand_failures). */
    if (r->bl.sources[v]) save_file(&r->out, clname, r->bl.sources[v], strlen(r->bl.sources[v]));
    free(clname);
    r->bl.expanded[v] = 1;
    return 0;
}

int run_build_ahead(struct runner *r, const struct strlist *cols, int v, int b)
{
    if (r->bl.tried[build_index(&r->bl, v, b)] || build_crashed(r->o, v, b) || variant_expand(r, cols, v) ||
        !r->bl.sources[v])
        return -1;
    const struct variant *var = &r->plan.variants[v];
    const char *opts = r->plan.builds.v[b];
    /* What the build cache holds is loaded, not compiled. */
    char *entry = cache_entry_path(&r->bl.cache, &r->dev.dp, r->bl.sources[v], opts, var->kernel);
    int cached = entry && access(entry, R_OK) == 0;
    free(entry);
    if (cached) return -1;
    char *name = build_file(var, opts, STDERRCATCH_MARKER_EXT), *path = results_path(&r->out.res, name);
    int rc = build_variant_ahead(r->dev.ctx, r->dev.ocl.id, &r->dev.dp, r->bl.sources[v], opts, path);
    free(path);
    free(name);
    return rc;
}

int run_build_ahead_threads(const struct runner *r)
{
    if (r->o->no_build_ahead) return 0;
    int n = r->o->build_ahead >= 0 ? r->o->build_ahead : (r->dev.dp.type & CL_DEVICE_TYPE_CPU) ? 0 : 4;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return n < cores - 1 ? n : cores > 1 ? (int)cores - 1 : 0;
}

/* builds_ahead_of: the sweep's builds after variant v, option set b (those this part runs)
 * compiled on threads of their own, n at a time: volkov_fma's 16 builds took 5.9 s of an H200
 * sweep one after the other. A crash while they run is no row's (worker_ahead). */
static void builds_ahead_of(struct runner *r, const struct strlist *cols, int v, int b, int n)
{
    int nb = r->plan.builds.n, total = r->plan.nvariants * nb, running = build_ahead_running();
    for (int k = v * nb + b + 1, looked = 0; k < total && running < n && looked < 4 * n; k++, looked++)
        if (shard_map_builds(&r->shard, k / nb, k % nb) && run_build_ahead(r, cols, k / nb, k % nb) == 0)
            running = build_ahead_running();
    worker_ahead(running);
}

int run_build_one(struct runner *r, const struct strlist *cols, int v, int b)
{
    struct build *bd = build_of(&r->bl, v, b);
    if (variant_expand(r, cols, v)) return -1;
    if (!r->bl.tried[build_index(&r->bl, v, b)]) {
        char *clname = xasprintf("cl/%s.cl", r->plan.variants[v].slug);
        int dropped = build_one(r, cols, &r->bl.ktsv, v, b, clname);
        free(clname);
        r->bl.tried[build_index(&r->bl, v, b)] = !dropped;
    }
    return bd->ok ? 0 : -1;
}

/* say_expand_failures: m4's failures on the variants this run expanded, each message once with the
 * variants it hit, as clx expand says them (spec/expandfail.h): an error every variant meets (a
 * --set value the template refuses) had been said once in full and then once more per variant. */
static void say_expand_failures(struct runner *r)
{
    int n = 0;
    char **errs = xcalloc((size_t)r->bl.nvariants + 1, sizeof *errs);
    const char **ids = xcalloc((size_t)r->bl.nvariants + 1, sizeof *ids);
    for (int v = 0; v < r->bl.nvariants; v++)
        if (r->bl.expanded[v] > 0) {
            errs[n] = r->bl.sources[v] ? NULL : r->bl.expand_errors[v];
            ids[n++] = r->plan.variants[v].id;
        }
    progress_clear(&r->progress);
    fflush(stdout);
    expandfail_say(stderr, errs, ids, n);
    free(errs);
    free(ids);
}

void run_build_close(struct runner *r)
{
    if (tsv_close(&r->bl.ktsv)) r->out.write_failed = 1;
    say_expand_failures(r);
    say_build_totals(r);
}

void run_build_all(struct runner *r, const struct strlist *cols)
{
    double t0 = now_seconds();
    run_build_open(r);
    const struct plan *p = &r->plan;
    int nb = p->builds.n, ahead = run_build_ahead_threads(r);
    /* A stop, or a results.tsv that could not take a row (run_must_stop): no more builds. */
    for (int v = 0; v < p->nvariants && !run_must_stop(r); v++) {
        if (!shard_map_builds(&r->shard, v, -1) || variant_expand(r, cols, v)) {   /* --shard: another part runs it */
            for (int b = 0; b < nb; b++) progress_build_done(&r->progress);
            if (run_must_stop(r)) break;
            continue;
        }
        for (int b = 0; b < nb && !run_must_stop(r); b++) {
            if (ahead > 0) builds_ahead_of(r, cols, v, b, ahead);
            if (shard_map_builds(&r->shard, v, b)) run_build_one(r, cols, v, b);   /* else stays not ok */
            progress_build_done(&r->progress);
        }
    }
    build_ahead_drop();
    if (ahead > 0) worker_ahead(0);
    phase_add(PH_BUILD, now_seconds() - t0);
    run_build_close(r);
}
