/* cli_run.c — `clx run` (cli_run.h): the flags (runflags.h), or a resumed run's own, and the spec,
 * handed to the modes, to the cluster of devices or to the one-device sweep, then to the report. */
#include "cli_run.h"
#include "options.h"
#include "runargs.h"
#include "runflags.h"
#include "cluster/multi.h"
#include "device/devlist.h"
#include "device/drvpath.h"
#include "modes/modes_run.h"
#include "report/report.h"
#include "run/dryrun.h"
#include "run/resume_done.h"
#include "run/wayon.h"
#include "run/tune.h"
#include "search/race.h"
#include "spec/refload.h"
#include "spec/setnote.h"
#include "store/dirfile.h"
#include "store/outcheck.h"
#include "store/resume.h"
#include "store/runjson.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What run.json records of the arguments: all but --resume (the folder they are kept in) and
 * --dir-file (where this command told its script the folder: a resume, or a device's run of a
 * --device list, has a script of its own or none). */
static const struct args_option unrecorded[] = { { "--resume", 1 }, { "--dir-file", 1 } };
#define NUNRECORDED (sizeof unrecorded / sizeof *unrecorded)

/* draw_report: dir's report made; the run's status, else (0) the report's. */
static int draw_report(const char *dir, int rc, int quiet)
{
    struct report_opts ro = { .spec_path = NULL, .quiet = quiet };
    int r2 = report_make(dir, &ro);
    /* A stop while it was drawn is the exit (128+N, as docs/running.md says), whatever the run's own. */
    return r2 >= 128 ? r2 : rc ? rc : r2;
}

/* refuse_run_out: --out names where runs' folders go: one that is itself a run's folder (a run.json
 * or results.tsv in it) would get a run's folder and a latest link inside another run's, unsaid.
 * --resume is suggested only where there is something to resume: a finished run's folder (or a
 * merge's, a --modes run's) is said as that, with another --out to give. */
static void refuse_run_out(const char *out)
{
    /* A file is a command-line mistake, said with the option as clx compare's --out says it (exit 2),
     * not as a folder that could not be made (exit 4, no option named). */
    struct stat st;
    if (out && stat(out, &st) == 0 && !S_ISDIR(st.st_mode))
        opts_usage_error("run", "--out %s is a file, not a folder: name a folder (made where missing) that runs' "
                         "folders go in", out);
    static const char *const marks[] = { "run.json", "results.tsv" };
    for (size_t i = 0; out && i < sizeof marks / sizeof *marks; i++) {
        char *p = path_join(out, marks[i]);
        int is = file_exists(p);
        free(p);
        if (!is) continue;
        struct runjson rj;
        char *err = NULL, *done = resume_not_a_run(out);
        if (!done && !runjson_read(out, &rj, &err)) {
            done = resume_finished(&rj, out);
            runjson_free(&rj);
        }
        free(err);
        /* Said, and the process exits 2: resume and done are not freed. */
        if (done)
            opts_usage_error("run", "--out %s is a finished run's folder (it has %s): %s; --out names the folder that "
                             "runs' folders go in: give its parent or another folder", out, marks[i], done);
        char *resume = clx_resume_cmd(out);
        opts_usage_error("run", "--out %s is a run's folder (it has %s): --out names the folder that runs' folders go "
                         "in, such as its parent; %s goes on with that run", out, marks[i], resume);
    }
}

/* stale_report: after clx run (or --resume) without --report, the report.md an earlier clx report
 * left in dir, which still says the run was stopped, or unfinished ("still running") where it was
 * drawn while the run went on (an older clx's report, or one between the run's last row and its
 * end): drawn again where the run ended without a stop (rc below 128; its status then, where rc
 * has none), else said to be out of date with the command that draws it again. Returns the run's
 * status. */
static int stale_report(const char *dir, int rc, int quiet, int resumed)
{
    char *md = path_join(dir, "report.md");
    if (file_exists(md)) {
        if (rc < 128) {
            printf("clx: %s was made %s: drawn again\n", md, resumed ? "before this resume" : "while the run went on");
            rc = draw_report(dir, rc, quiet);
        } else {
            char *q = shell_word(dir);
            warn("%s %s: %s report %s draws it again", md,
                 resumed ? "is of the run before this resume" : "was drawn before the run's stop", clx_cmd(), q);
            free(q);
        }
    }
    free(md);
    return rc;
}

/* refuse_untaken: a modes run given options it does not honour (modes_takes_option) is refused, all
 * of them named in one line, rather than run with them dropped unsaid (run.json then kept the
 * command line's --trials 50 beside the spec's 5 trials). */
static void refuse_untaken(const struct runflags *f)
{
    /* What times a sweep's rows: the spec's modes section sets a modes run's own. The others
     * (--dry-run, --shard, --resume, --search...) were refused with that reason too, which is
     * not theirs: they are refused with the list of those taken alone. */
    static const char *const timing[] = { "--trials", "--warmups", "--max-time", "--rounds", "--round-gap",
        "--target-se", "--max-rounds", "--batch", "--target-cv", "--cold", "--energy", "--energy-window",
        "--preheat", "--verify", NULL };
    struct strlist no = {0};
    int timed = 0;
    for (int i = 0; i < f->given.n; i++)
        if (!modes_takes_option(f->given.v[i])) {
            sl_push(&no, f->given.v[i]);
            for (int t = 0; timing[t]; t++) timed |= !strcmp(timing[t], f->given.v[i]);
        }
    if (!no.n) return;
    char *list = sl_join(&no, " "), *taken = modes_options_taken();
    opts_usage_error("run", "--modes does not take %s%s (it takes %s)", list,
                     timed ? ": its trials, chunks and launch point are the spec's modes section's" : "", taken);
}

int cli_run(int argc, char **argv)
{
    struct runflags f;
    runflags_parse("run", CMD_RUN, argc, argv, &f);
    if (f.twice) opts_usage_error("run", "%s", f.twice);
    struct strlist saved = {0};
    if (f.ro.resume_dir && !f.exp) {
        /* clx run --resume DIR: the first run's arguments, and this folder. Another option would
         * be dropped unsaid (a --budget the resumed search never took): only those that change
         * nothing measured are taken (lib/args.h's args_neutral, ARGS_RESUMED: what the console
         * shows, whether builds are cached, where the folder is told, which device name picks it,
         * how long a launch may run). Given again, such an option replaces the first run's (it
         * comes after them). */
        const char *dir = f.ro.resume_dir;
        struct strlist extra = {0}, shaping = {0};
        args_without(argv, argc, &unrecorded[0], 1, &extra);     /* all but --resume DIR */
        args_without_neutral(extra.v, extra.n, ARGS_RESUMED, &shaping);
        if (shaping.n) {
            char *taken = args_neutral_said(ARGS_RESUMED);
            opts_usage_error("run", "--resume %s goes on with the options its run was started with (run.json \"args\"): "
                             "'%s' is not taken (a resume takes only %s, which change nothing measured); other options "
                             "make another run", dir, shaping.v[0], taken);
        }
        char *device = NULL, *spec = NULL;
        struct strlist first = runargs_resume(dir, &device, &spec);
        runflags_free(&f);
        saved = first;
        int recorded = saved.n;             /* run.json keeps the first run's arguments, not these */
        /* Its device where CLX_DEVICE chose it (or none did: "", the default): the run's, whatever
         * this shell's CLX_DEVICE says, as where its arguments name it. A --device given here comes
         * after it and wins, and one that names another device is refused (store/resume.c). */
        if (device) {
            sl_push(&saved, "--device");
            sl_push(&saved, device);
        }
        free(device);
        for (int i = 0; i < extra.n; i++) sl_push(&saved, extra.v[i]);
        sl_free(&extra);
        sl_free(&shaping);
        /* Its spec where CLX_PATH found it: read from where the run read it, its name kept in run.json. */
        char *name = saved.v[0];
        if (spec) saved.v[0] = spec;
        runflags_parse("run", CMD_RUN, saved.n, saved.v, &f);
        if (f.ro.resume_dir) die("--resume %s: its run.json records a --resume of its own", dir);
        f.ro.resume_dir = dir;
        args_without(saved.v, recorded, unrecorded, NUNRECORDED, &f.ro.args);
        if (spec) {
            free(f.ro.args.v[0]);
            f.ro.args.v[0] = name;          /* saved holds spec in its place, freed with it */
        }
    } else {
        /* With the experiment and options: the folder checked as alone, before the device's turn. */
        if (f.ro.resume_dir) {
            struct runjson j;
            runargs_resume_check(f.ro.resume_dir, &j);
            runjson_free(&j);
        }
        args_without(argv, argc, unrecorded, NUNRECORDED, &f.ro.args);
    }
    /* Emptied before anything can fail (a spec, a device): a script then never reads the folder of
     * an earlier run in it. A dry run too: it makes no folder, and a FILE left with an old one named
     * a folder to the script that read it after (FILE is the one thing a dry run writes). */
    char *derr = NULL;
    if (f.ro.dir_file && dirfile_clear(f.ro.dir_file, &derr)) die("%s", derr);
    shard_args_resolved(&f.ro.args, &f.ro.shard);   /* run.json keeps the K/N that --shard slurm meant */
    if (!f.exp) opts_usage_error("run", "which experiment? (clx list shows them)");
    if (f.outdir) refuse_run_out(f.outdir);
    if (f.positional.n > 1) opts_usage_error("run", "unexpected argument '%s' (overrides are --set NAME=VALUES)", f.positional.v[1]);
    if (f.modes) refuse_untaken(&f);
    /* A shard is one part of one sweep on one device: on a list each device ran part K, beside a
     * compare of the devices' parts, which no clx merge takes. */
    if (f.ro.shard.n && !f.multi.split && !f.multi.split_any && devlist_is_list(f.ro.device))
        opts_usage_error("run", "--shard %d/%d is one part of one sweep on one device: not with %s%s (several devices): "
                         "run each device's shards apart (--device P:D), or --split-any for one sweep cut over the "
                         "devices (docs/clusters.md)", f.ro.shard.k, f.ro.shard.n, f.device_flag ? "--device " : "CLX_DEVICE=",
                         f.ro.device);
    struct spec s;
    runflags_spec(&f, &s);
    char *rerr = NULL;
    if (f.ro.verify != VERIFY_OFF && refload_spec(&s, &rerr)) die("%s", rerr);
    char *tpl = runflags_template(&s);
    free(s.template_name);
    s.template_name = tpl;
    /* A search spreads a configuration's trials over the race's rounds, and the race decides how
     * many rounds a configuration gets: --target-se takes none. */
    if (f.ro.search.on) {
        /* Refused, as --budget without --search is, rather than taken and dropped unsaid (run.json's
         * target_se 0): a user who asks for a standard error would read the search's figures as
         * having it. A resume takes what its run was started with (an older clx took it). */
        if (!f.ro.resume_dir && (f.ro.bench.target_se >= 0 || f.ro.bench.max_rounds >= 0))
            opts_usage_error("run", "%s is a sweep's: in a --search the race decides how many rounds each configuration "
                             "gets (up to %d; --rounds splits its trials among them)",
                             f.ro.bench.target_se >= 0 ? "--target-se" : "--max-rounds", RACE_MAX_ROUNDS);
        if (f.ro.bench.rounds < 0) f.ro.bench.rounds = RACE_MAX_ROUNDS;
        f.ro.bench.target_se = 0;
    } else if (f.search_flag)
        opts_usage_error("run", "--budget and --search-seed are --search's");
    /* --energy-window is the window of --energy's measurement: alone it measured nothing and was
     * recorded in run.json's args as if it had, refused as --budget without --search is. */
    if (!f.ro.resume_dir && f.ro.energy_window_s > 0 && !f.ro.energy)
        opts_usage_error("run", "--energy-window is --energy's (each row's energy window): give --energy with it, or leave it out");
    /* --cold times every launch singly (a batch is cold only for its first launch): a --batch beside
     * it was recorded in run.json and dropped unsaid. A resume takes what its run was started with. */
    if (!f.ro.resume_dir && f.ro.bench.cold && f.ro.bench.batch > 0)
        opts_usage_error("run", "--batch %d and --cold: --cold flushes the cache before every trial, so each launch "
                         "is timed alone (a batch would be cold only for its first launch); give one of them",
                         f.ro.bench.batch);
    if (bench_opts_defaults(&f.ro.bench, &s, f.ro.quick))
        opts_usage_error("run", "--target-cv and --rounds %d: a target cv stops one unbroken series of trials, "
                         "so it takes --rounds 1", f.ro.bench.rounds);
    char *cmd = runargs_command_line(argc + 1, argv - 1);
    f.ro.command_line = cmd;
    char *dir = NULL;
    int rc = MULTI_ONE;
    f.multi.report = f.report;
    f.ro.report = f.report;
    if (f.ro.search.on && (f.modes || f.multi.split || f.ro.shard.n || multi_wanted(f.ro.device, &f.multi)))
        opts_usage_error("run", "--search races configurations on one device: not with --modes, --split, --shard "
                         "or several devices");
    /* Said once, before the run and in a dry run: a --set of what the named variants each fix. A
     * resume's --set was said when its run started. */
    char *note = f.ro.resume_dir ? NULL : setnote_say(&s, f.ro.ov, f.ro.nov);
    if (note) fprintf(stderr, "%s", note);
    free(note);
    /* Every check above is the run's own; the plan's is run_dry's, which then stops, having expanded
     * every variant with m4 (no device needed). A run does not expand ahead of its folder: m4's
     * failures are its rows (build-failed, each with its log), which resume, merge (a shard's part
     * may be the variant that fails) and report read as a run's outcome, and a tuning pass plans
     * variants of its own; the dry run is where a plan is checked without leaving anything. */
    /* Where the run's folder goes, tried as results_open makes it (then undone): a --out under a
     * file, read-only or full is said now, in a dry run and a real one alike, not after the wait for
     * the device's turn, which another clx may hold for hours. A resume's folder is there already. */
    if (!f.ro.resume_dir && outcheck_root(f.ro.results_root))
        die("cannot make a results folder under %s: %s", f.ro.results_root, strerror(errno));
    /* Before any worker builds: a compiler that cannot find its linker crashes every build. */
    const char *nopath = f.dry_run ? NULL : drvpath_missing();
    if (nopath) warn("%s", nopath);
    if (f.dry_run) rc = run_dry(&s, &f.ro);
    else if (f.modes) rc = modes_run(&s, &f.ro, &dir);
    else if (multi_wanted(f.ro.device, &f.multi)) rc = multi_run(&s, &f.ro, &f.multi);
    /* A run that finished has nothing to resume: said before its device is opened or its turn
     * waited for (another clx may hold it for hours), with the status the run ended with, so that a
     * --resume retried until it succeeds ends as the run did. */
    if (rc == MULTI_ONE && f.ro.resume_dir) {
        run_resume_wait(f.ro.resume_dir);
        run_resume_tidy(f.ro.resume_dir);
    }
    int done = rc == MULTI_ONE && f.ro.resume_dir ? run_resume_done(f.ro.resume_dir, s.name) : -1;
    if (done >= 0) {
        rc = done;
        dir = xstrdup(f.ro.resume_dir);
        /* --dir-file names the folder a resume continues, this one too: emptied above, a script
         * would otherwise read no folder from a run that is there. */
        if (f.ro.dir_file) dirfile_say(f.ro.dir_file, (const char *const *)&dir, 1);
    } else if (rc == MULTI_ONE) {
        rc = tune_run(&s, &f.ro, &dir);
    }
    /* A stopped run's too (128+N): the user who stops a long run still reads the rows that finished,
     * the report saying the run was stopped and how many rows of the sweep it holds; its status stays
     * the stop's (draw_report). The run's way on (a stop's, a failed write's, a crashed worker's),
     * said above the report's many lines, is said again as the last line, where it is read. */
    if (f.report && dir) {
        rc = draw_report(dir, rc, f.ro.quiet);
        run_wayon_again();
    } else if (dir && done < 0) {
        rc = stale_report(dir, rc, f.ro.quiet, f.ro.resume_dir != NULL);
    }
    free(dir);
    free(cmd);
    spec_free(&s);
    runflags_free(&f);
    sl_free(&saved);
    return rc;
}
