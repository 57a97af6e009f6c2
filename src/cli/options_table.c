/* options_table.c — every command and every option clx takes, one table each: what its parser
 * (options.c) and its help (options_help.c) read. */
#include "options.h"
#include "options_impl.h"
#include "measure/trials.h"
#include "report/compare.h"
#include "report/history.h"
#include <stddef.h>

/* The commands: name, usage, what it does, where --out goes by default (NULL: no --out), and the
 * exit statuses it can give (its --help and docs/clx.1 say these, not another command's). */
#define EXITS_DEVICE "0 done, 2 command-line error, 4 could not run (no platform or device, files)"
const struct command_row opts_commands[] = {
    { "devices", CMD_DEVICES, "",
      "every OpenCL platform and device: versions, compute units, clock, memory sizes and types, cache, "
      "work-group and work-item limits, the preferred work-group multiple (of a one-line kernel clx builds on "
      "each device), sub-groups, fp16/fp64 support, timer resolution, the derived peaks, and each device's "
      "extensions (sorted), with the P:D that --device takes; a platform that reports no device, with why (rusticl "
      "without RUSTICL_ENABLE); with no platform, why the ICD loader found none",
      NULL, EXITS_DEVICE },
    { "list", CMD_LIST, "",
      "the experiments and where each comes from (or the host references)",
      NULL, "0 done, 2 command-line error, 4 a spec (or a reference's source) that could not be read: said on "
      "stderr, the rest listed" },
    { "run", CMD_RUN, "EXPERIMENT",
      "run a sweep, write results/<experiment>-<device>-<time>/",
      "results; the device's full peaks run is looked for there first, then in results/ (--peaks)",
      "0 every row the device could run ran and verified (or is unverified by choice; rows skipped, a work-group "
      "size or a buffer the device refuses, are counted and said), 1 some row FAIL, error, crashed "
      "or timeout, or a build failed, 2 command-line error (also a malformed --device: a P:D mistyped, a number "
      "alone, an empty item, a name part of several devices), 3 nothing ran (every configuration skipped), 4 could not run (spec, template, "
      "a device that is not there: no device, or none that --device or CLX_DEVICE names, files; a template nothing "
      "could be built from: every row build-failed; a host reference that failed at every configuration, so "
      "nothing could be checked: every row error for it; a "
      "results.tsv that could not take a row, a full disk: the sweep stops there, the rows kept and --resume to "
      "continue once there is room), 128+N stopped by signal N (130 for ^C; 141, SIGPIPE, when stdout "
      "was closed: clx run ... | head), the rows kept and --resume to continue; --resume of a run that finished: "
      "the status it ended with" },
    { "dump", CMD_DUMP, "EXPERIMENT [VARIANT | PARAM=VALUE...] | --binary FILE",
      "builds one variant on the device, saves its program binary in DIR/dumps/ (default results/dumps/) and "
      "prints it: PTX (NVIDIA) as text; another format as raw bytes when stdout is a file or a pipe, and on a "
      "terminal what it is (an AMD GPU code object and its GPU, Intel's CPU program, PoCL's...) and how to "
      "read it. The files inside a PoCL binary (program.bc, the kernel objects per work-group size) or an "
      "Intel CPU program (its sections: ocl.ir.bc, ocl.obj.elf...) are saved in a folder beside it, and "
      "--ir and --asm read them. --binary FILE does the same for a binary saved before, with no device. With "
      "several variants and none picked, lists them with the name or PARAM=VALUE pairs that pick each (exit 2)",
      "results (the binary in DIR/dumps/)", "0 done, 1 the view asked for cannot be shown here (no such code in "
      "the binary, no tool installed, or the tool failed: why on stderr), 2 command-line error (also: several "
      "variants and none picked; a malformed --device, or a list or all: clx run's), 4 could not run (spec, "
      "template, a device that is not there, build, files)" },
    { "expand", CMD_EXPAND, "EXPERIMENT",
      "write every variant's expanded OpenCL source (no device needed), in place of the .cl files an earlier "
      "expansion wrote in DIR/EXPERIMENT (kept where m4 fails on a variant: the last good sources); a file there "
      "that clx did not write is never overwritten (refused, nothing written)",
      "cl/gen", "0 done, 1 m4 failed on some variants (each said with its file and line), the others written, "
      "2 command-line error, 4 could not run (spec, template, files; m4 failed on every variant, or a file of "
      "yours where a variant's goes: nothing written)" },
    { "report", CMD_REPORT, "[RUN_DIR]",
      "RUN_DIR/report.md and plots/: pictures, the spec's findings checked (also in RUN_DIR/findings.tsv, a row "
      "each), tables; without RUN_DIR, the "
      "latest run in results/ (results/latest: the last run in which a configuration ran)",
      NULL, "0 done and every row passed, 1 done, but some rows did not pass (FAIL, error, crashed, "
      "timeout, build-failed, stopped: listed first) or a plot with rows to draw failed (gnuplot failed or took too "
      "long, an expression of the plot that cannot be evaluated, too many points; not a plot this run has no rows "
      "for, nor pictures left undrawn where gnuplot is not installed: report.md says why, and the status stays 0), "
      "or, under --fail-on, a finding's verdict fails it (without --fail-on no verdict changes the status), "
      "2 command-line error (also: --spec of another experiment), 4 could not run (a folder or spec that cannot be "
      "read, a file that cannot be written; a run still going, whose results.tsv another clx holds: nothing drawn) "
      "or the run cannot be read whole, the report written all the same: a "
      "finished run whose results.tsv lacks rows its run.json counts, a run stopped before the end of its sweep, "
      "unfinished (run.json says neither finished nor interrupted: still running, or ended without saying so: "
      "killed, or a full disk), with no rows or with every row skipped (nothing measured), or a partial merge (clx "
      "merge --partial: configurations of the sweep with no row, as a stopped run has); a finished shard (clx run "
      "--shard K/N) holds all of its part: 0 or 1" },
    { "compare", CMD_COMPARE, "RUN_A RUN_B [RUN...] | RUN --by AXIS",
      "join runs of one experiment on their configurations (or one run's rows along AXIS, a column or a template "
      "parameter): a verdict per "
      "configuration against RUN_A (SAME, FASTER, SLOWER, UNSURE) and the speed-ups; a RUN may be the folder "
      "given to clx run --out, read through its latest run",
      "results/compare-EXPERIMENT-TIME under the current folder, a new folder (-2, -3... when one of that second exists; "
      "./compare-... where RUN_A lies in the current folder, as run inside results/; RUN_A elsewhere is said); a DIR that holds "
      "an earlier compare.md, a run's folder or a history's is refused", "0 done, 1 under --fail-on: " CMP_FAIL_WORDS " (fail, slower), or a configuration "
      "SLOWER than RUN_A (slower), 2 command-line "
      "error (also: --out holds an earlier comparison or is a run's folder, --by names nothing the run is compared along, or a parameter or launch axis of one value in every row), 4 could not compare (runs that cannot be read or joined, a finished run whose results.tsv lacks rows, nothing in common, --by along an axis whose other values' rows all did not pass; files not written: a full disk or quota, said in one "
      "line, or a picture gnuplot could not draw; 4 wins over --fail-on's 1)" },
    { "history", CMD_HISTORY, "RUN_DIR RUN_DIR...",
      "runs of one sweep on one device model at several dates, in date order: each configuration's median "
      "over the dates, the verdict between consecutive runs and between the first and the last (what "
      "drifted), a line per variant and build",
      "results/history-EXPERIMENT-TIME under the current folder, a new folder (./history-... where the first run lies "
      "in the current folder; elsewhere is said); "
      "a DIR that holds an earlier history.md, a run's folder or a compare's is refused",
      "0 done, 1 under --fail-on: " HIST_FAIL_WORDS " (fail, slower), or a configuration SLOWER in the last run than in "
      "the run before it or the first (slower), 2 command-line error (also: --out holds an earlier history or is a run's folder), 4 could not compare (runs that cannot be read, of another "
      "sweep or device model, nothing in common; files not written: a full disk or quota, said in one line, or a picture "
      "gnuplot could not draw; 4 wins over --fail-on's 1)" },
    { "merge", CMD_MERGE, "SHARD_DIR... --out DIR",
      "join the shards of one sweep (clx run --shard K/N) into one run folder: rows in the unsharded order "
      "(rel_time, speedup and dev_row_avg computed anew from the rows kept), run.json, kernels.tsv, cl/ bin/ logs/, probes.tsv; refuses shards of another sweep, device or driver, and "
      "names missing or duplicated configurations (exit 4, nothing written, unless --partial)",
      "the merged run's folder, new or empty (or one holding a partial merge of the sweep, which it replaces, or "
      "this merge already: left as it is): required", "0 the merged run is whole and its rows ran and verified, 1 written, but some merged row FAIL, "
      "error, crashed, timeout, build-failed or stopped, or a probe failed (what clx run of the whole sweep exits "
      "on the same rows), or --partial wrote it with configurations missing, 2 command-line error, 3 nothing ran "
      "(every configuration skipped), 4 refused (shards of another sweep, device or driver; configurations "
      "missing or twice; nothing written) or could not write; where --out holds the whole merge of these very "
      "shards already (the merge run again): nothing written, and the status it ended with" },
    { NULL, 0, NULL, NULL, NULL, NULL },
};

/* The options. To add one: a row here (its identifier in options.h), then its meaning in the
 * command that takes it (runflags.c for run, dump and expand; cli.c for the others); help and
 * parsing follow from the row. A value placeholder of NULL means the option takes no value. An
 * option that means something else to another command has a row per meaning, their commands
 * apart, so each command's --help says its own (--quiet: run's lines, report's findings). */
const struct option_row opts_options[] = {
    { OPT_DEVICE, "device", "P:D|NAME", CMD_RUN | CMD_DUMP,
      "device by P:D (clx devices; a number alone is refused: 2:0, not 2), its whole name, a part of its name (a "
      "number in it matched whole: A100 is not A1000), or a part of its platform's name or the platform's word "
      "(intel, nvidia, rusticl, pocl: its first device; the word before a part of a device's name, so intel is "
      "Intel's CPU runtime where PoCL's CPU name holds Intel too), or a type: cpu, gpu, accelerator (the first device of "
      "that type); a part that several devices' names contain, or a type several devices have, is refused, "
      "naming what picks each, unless one model or its platform's name too: the first; default (also for a "
      "blank value): first GPU, else first device. run: also 'all' or "
      "a comma-separated list (0:0,1:0): the sweep on each device, a results folder each, GPUs at the same "
      "time, CPU devices one after the other, each device's counts and warnings as it ends, then a side-by-side "
      "summary (clx compare; its counts under --quiet) and every device's folder" },
    { OPT_SPLIT, "split", NULL, CMD_RUN | CMD_MERGE,
      "run: with several devices of one model and driver, cut the sweep into one part per device (as --shard "
      "does; GPUs at the same time) and merge them into one run folder whose rows say the device that ran "
      "them; merge: the folders are such parts (the parts/ of a stopped --split)" },
    { OPT_SPLIT_ANY, "split-any", NULL, CMD_RUN | CMD_MERGE,
      "--split over devices of different models or drivers too (their timings then share one results.tsv)" },
    { OPT_MODES, "modes", NULL, CMD_RUN,
      "run the spec's modes instead of the sweep: variants at once on the --device list, each part a share of "
      "the range, copies overlapped with kernels (docs/spec.md, Modes); writes modes.tsv. Waits for each device's "
      "turn as a sweep does; takes only --device, --quick, --set, --size, --local, --build (not of an axis its "
      "point sets), the build and m4 switches, --no-cache, --seed, --no-verify, --timeout, --out, --dir-file, "
      "--quiet, --report and --share-device: any other is refused" },
    { OPT_QUICK, "quick", NULL, CMD_RUN,
      "the experiment's small configuration (what make check runs), with at most 2 s of trials per "
      "configuration (--max-time); an axis the spec's quick does not name keeps its own values (no quick "
      "section: the full sweep's points, said in one line)" },
    { OPT_QUICK, "quick", NULL, CMD_DUMP | CMD_EXPAND,
      "the variants of the experiment's small configuration (the spec's quick: what make check runs) instead "
      "of all its variants (no quick section: all of them, said in one line)" },
    { OPT_SET, "set", "NAME=VALUES", CMD_RUN | CMD_DUMP | CMD_EXPAND,
      "override an axis: --set ILP=1,2,4  --set variant=naive,float4; a NAME given again joins its values "
      "in order, each once (--set ILP=1 --set ILP=2 is --set ILP=1,2); variant ids given so stay apart "
      "(--set variant=VWM=4,SA=0 --set variant=VWM=1,SA=1 picks two; in one --set, ';' parts them); NAME as "
      "the spec writes it: another case (ilp for ILP) is refused offering the name, exit 2" },
    { OPT_LOCAL, "local", "VALUES", CMD_RUN,
      "work-group sizes: 64:1024:64, 32:max:*2, 128,256 (given again, or with --set local=: the values joined)" },
    { OPT_SIZE, "size", "VALUES", CMD_RUN,
      "problem sizes (axis N): 1M,16M (given again, or with --set N=: the values joined)" },
    { OPT_BUILD, "build", "SETS", CMD_RUN | CMD_EXPAND,
      "build-option sets, comma separated: ',-cl-opt-disable' (given again, or with --set builds=: the sets joined)" },
    { OPT_BUILD, "build", "SETS", CMD_DUMP,
      "the build-option set to build with: the last set of the last --build, so that a list as run takes "
      "builds its last (',-cl-opt-disable' builds -cl-opt-disable); an empty last set, as in "
      "'-cl-opt-disable,', is the driver's default build, which dump builds without --build" },
    { OPT_BUILD_UNCHECKED, "build-unchecked", NULL, CMD_RUN | CMD_DUMP | CMD_EXPAND,
      "pass build options clx does not know (a vendor's) to the driver unchecked; by default every option of "
      "--build and the spec's builds must be an OpenCL C build option or carry a known vendor prefix" },
    { OPT_TRIALS, "trials", "N", CMD_RUN,
      "timed launches per configuration (default from the spec, else 10)" },
    { OPT_WARMUPS, "warmups", "N", CMD_RUN,
      "untimed launches before them (default from the spec, else 3)" },
    { OPT_MAX_TIME, "max-time", "S", CMD_RUN,
      "stop a configuration's trials after S seconds (at least 3 trials, or with rounds one in each; default 30, "
      "with --quick 2; 0: no limit, every trial runs)" },
    { OPT_ROUNDS, "rounds", "R", CMD_RUN,
      "take each configuration's trials in R rounds, its first in the sweep's order, the later ones "
      "interleaved with other configurations' in a seeded order; the row's time is the median of the "
      "round medians, spread how far they lie apart (default from the spec, else 5; 1: every trial back "
      "to back; at most one round per trial)" },
    { OPT_ROUND_GAP, "round-gap", "S", CMD_RUN,
      "a configuration's rounds at least S seconds apart while the sweep goes on (default 2; the last "
      "rows' rounds follow each other; 0: each round as soon as the next configuration's first is done)" },
    { OPT_TARGET_SE, "target-se", "X", CMD_RUN,
      "after its rounds, a configuration of 50 us and more whose time is less certain than X (its standard "
      "error from the rounds' scatter, a share of the time) takes the rounds that bring it there, up to "
      "--max-rounds (default 0.002; 0 under --quick; 0: never more rounds; not with --search, whose race decides rounds)" },
    { OPT_MAX_ROUNDS, "max-rounds", "R", CMD_RUN,
      "the most rounds a configuration takes, those an episode and --target-se add included (default 4 x --rounds, "
      "at most 64; not with --search)" },
    { OPT_BATCH, "batch", "N", CMD_RUN,
      "time kernels that may be batched in batches of N launches (default: from five probe launches, "
      "for kernels under 100 timer ticks; not with --cold, which times each launch alone)" },
    { OPT_BY, "by", "AXIS", CMD_COMPARE,
      "compare within one run along AXIS (build, variant, a launch axis, or a template parameter of the variants: "
      "--by ILP holds the rest of the variant fixed, VEC=4,ILP=2 against VEC=4,ILP=1): each value against the first "
      "(for variant, the spec's relative one); two runs that differ only in one identifying column are compared "
      "along it without asking; AXIS as the run writes it: another case (ilp for ILP) is refused offering the "
      "name, exit 2, as --set's" },
    { OPT_ALPHA, "alpha", "X", CMD_COMPARE | CMD_HISTORY,
      "the rank test's significance level for FASTER and SLOWER (default 0.01)" },
    { OPT_MIN_EFFECT, "min-effect", "X", CMD_COMPARE | CMD_HISTORY,
      "the smallest difference called FASTER or SLOWER, as a share of the time: 0.02 or 2% (default 1%), at most "
      "100%; a bare number of 1 or more is refused: 5% or 0.05, not 5" },
    { OPT_FAIL_ON, "fail-on", "slower|fail", CMD_COMPARE,
      "exit 1 on " CMP_FAIL_WORDS ", or (slower) on a configuration SLOWER than RUN_A. Did not pass: FAIL, error, crashed, "
      "timeout, build-failed, stopped, or no result (IMPOSSIBLE, sol>100); unfinished: a full disk; skipped: for a "
      "busy host's memory, which that run lost; cut short: flag rounds-cut, only some of its rounds ran (a search's "
      "rows it decided without measuring them again are whole; RUN_A's own fail nothing: it is the baseline); "
      "rewritten: by a merge into its folder or a resume of its run meanwhile. A broken kernel, or work optimised away, fails a gate "
      "on speed too; fail: all of those but SLOWER, the verdicts that load moves" },
    { OPT_FAIL_ON, "fail-on", "slower|fail", CMD_HISTORY,
      "exit 1 on what clx compare --fail-on fails on, of the last run (by date) against the run before it and again "
      "against the first, the two a nightly job's newest run is judged by (a drift since the run before, and one crept "
      "in step by step): " HIST_FAIL_WORDS ", or (slower) on a configuration SLOWER in the last run than in either, "
      "as clx compare of the two runs decides it. The "
      "earlier runs' own rows and the steps between them fail nothing: each was the last once. Each reason, with its "
      "configurations and runs, on the console's last lines and in history.md; fail: all of those but SLOWER, the "
      "verdicts that load moves" },
    { OPT_FAIL_ON, "fail-on", "finding|unsure", CMD_REPORT,
      "exit 1 when a finding of the spec does not hold or holds in direction, not in size (finding), or also "
      "when one cannot be decided here or cannot be checked (unsure: every finding must hold); each said on its "
      "line. A finding left open by the rows' noise, or by rows a --quick run lacks, fails only under unsure; "
      "findings.tsv beside report.md has every verdict for a script" },
    { OPT_TARGET_CV, "target-cv", "X", CMD_RUN,
      "after --trials trials, go on until the cv of the last --trials of them (at least 3; the last half of "
      "all once that is more) is at most X, within --max-time (default from the spec, else off; 0.005 is 0.5%)" },
    { OPT_COLD, "cold", NULL, CMD_RUN,
      "flush the last-level cache before every trial (an untimed write over twice its size), so data that "
      "would stay in cache is measured as a first call finds it; short kernels are then not batched (not with --batch)" },
    { OPT_ENERGY, "energy", NULL, CMD_RUN,
      "each row's energy per launch, mean power, GFLOP/J and GB/J, over a window of back-to-back launches after "
      "its trials (NVML on NVIDIA, amdgpu hwmon on AMD, RAPL on CPU devices where readable; run.json says why "
      "not elsewhere); costs the window's time per row" },
    { OPT_ENERGY_WINDOW, "energy-window", "S", CMD_RUN,
      "needs --energy: each row's window in seconds (default: 100 updates of the energy counter, or 20 where "
      "the window waits for its steps (NVML: 2 s), at least 0.2 s)" },
    { OPT_PREHEAT, "preheat", "S", CMD_RUN,
      "before the sweep, load the device fully until its temperature settles (no more than 0.5 C risen over "
      "30 s), at most S seconds, so that energy is measured on a card as warm in every run (default: 180 "
      "under --energy without --quick where the driver reports a temperature, else 0; without a temperature "
      "it loads the device S seconds; none under --energy where no energy source reads)" },
    { OPT_TIMEOUT, "timeout", "S", CMD_RUN,
      "a launch not finished after S seconds is stopped: its row is 'timeout', the rest of its variant and "
      "build is not run ('stopped': --resume measures it, with a --timeout of its own), and the sweep goes on "
      "(default: " TRIALS_LIMIT_RULE ")" },
    { OPT_SEED, "seed", "N", CMD_RUN,
      "input data seed (default 1)" },
    { OPT_VERIFY, "verify", "device|host", CMD_RUN,
      "where outputs are compared with the expected ones: on the device (default, where it has double "
      "precision; only counts come back) or on the host after reading every output back" },
    { OPT_NO_VERIFY, "no-verify", NULL, CMD_RUN,
      "do not check outputs" },
    { OPT_OUT, "out", "DIR", CMD_RUN | CMD_DUMP | CMD_COMPARE | CMD_MERGE | CMD_HISTORY,
      "where results go" },
    { OPT_OUT, "out", "DIR", CMD_EXPAND,
      "where the expanded sources go, in DIR/EXPERIMENT/" },
    { OPT_DIR_FILE, "dir-file", "FILE", CMD_RUN,
      "for scripts: write the run's folder, a line, into FILE as soon as the folder exists (before its first "
      "row; FILE is emptied at the start and replaced whole, never half written): with several devices a line "
      "per device's folder as each is made, with --split the merged run's folder, with --resume the folder "
      "continued; empty after the run (a --dry-run too): no folder was made. Not recorded in run.json's args" },
    { OPT_QUIET, "quiet", NULL, CMD_RUN,
      "print only what needs reading: the sweep's size and results folder, its estimate, errors, warnings and "
      "the reasons rows did not pass, and the final counts; no device or peaks lines, per-row lines, progress "
      "line, tables or times (report.md holds the tables: --report, or clx report)" },
    { OPT_QUIET, "quiet", NULL, CMD_REPORT,
      "do not print the findings on the console (report.md holds them)" },
    { OPT_QUIET, "quiet", NULL, CMD_COMPARE,
      "print only each side's verdict counts (SAME, FASTER, SLOWER, UNSURE), with searches' bests and the "
      "configurations their races dropped, the configurations said apart, and where the files are; warnings, and what --fail-on fails on, still (compare.md holds the tables and lines)" },
    { OPT_REPORT, "report", NULL, CMD_RUN,
      "then write the run's report (clx report); a stopped run's too, of its rows so far (its exit stays "
      "the stop's); a run's way on (a stop's, a failed write's, a crashed worker's: clx run --resume DIR) is "
      "said again below the report" },
    { OPT_DRY_RUN, "dry-run", NULL, CMD_RUN,
      "check the options, the spec and the sweep's plan as the run would, say its size, each launch axis's "
      "values (and --shard's part of it), refuse a malformed --device or CLX_DEVICE as the run does (2; one "
      "well formed is said to be checked when the sweep runs, on the host that runs it), expand the variants "
      "with m4 (a template's mistake said as the run says it, or a kernel name a variant's source defines "
      "nowhere: 4 where no variant can be built, 1 where some cannot), work out every "
      "configuration's derived values and launch sizes that need no device, try making a run's folder and a "
      "file in it under --out (removed after: 4 and the run's line where it cannot, as a run says it before "
      "its device's turn), and run nothing: no device is opened, nothing is left written but --dir-file's "
      "FILE, emptied: no folder was made (exit 0; 1 where a configuration would be an error row, the first "
      "said as the run says it: a division by zero at one axis's value; or the run's refusal: 2 for the "
      "command line, 4 for the spec or a --peaks RUN_DIR that is no finished peaks run, whose device and driver "
      "are checked when the sweep runs); tools/slurm-sweep.sh (in clx's "
      "source tree) asks it before queueing the shards" },
    { OPT_PEAKS_RUN, "peaks", "RUN_DIR", CMD_RUN,
      "the device's `clx run peaks` whose figures bound the rows where clx's tables know no theoretical "
      "ceiling (the last-level cache, local memory, latencies; without one NVIDIA's L2 and a CPU's caches "
      "and local memory have only an upper limit of their rate; default: the newest full one of this device "
      "and driver under the --out folder, else under results/ (CLX_PEAKS_ROOT), a --quick one giving none; "
      "where none is found the console names the folders it looked in); a finished peaks run of this device and "
      "driver (not a shard or a tuning pass), else refused before anything runs, exit 4; a resume reads the one its "
      "run read" },
    { OPT_RESUME, "resume", "RUN_DIR", CMD_RUN,
      "continue an interrupted run in its folder: configurations with a row are kept, the others run, and "
      "so do those a crash of the worker or a timeout left 'stopped' (not run), with each configuration that crashed a "
      "worker tried once more (flag crash-retry; crashed again, it stays crashed), and each build that crashed "
      "one built once more, each measured in its "
      "place, every finished row kept (alone: with the first run's arguments, from run.json, and of others only those that "
      "change nothing measured: --quiet, --report, --no-cache, --dir-file, --timeout, and --device, which must name "
      "the run's device); a run still going (another --resume of it too) is waited "
      "for, and a finished one ends with its own status; not a merged run, nor a stopped --split's folder "
      "(its parts are resumed, then merged); a report.md in the folder is drawn again once the run is whole" },
    { OPT_SEARCH, "search", NULL, CMD_RUN,
      "search the spec's space for its fastest configuration instead of sweeping it: a seeded sample of "
      "one round each, then rounds only for the configurations not yet decided SLOWER than the fastest "
      "(the verdict rule of clx compare) and their neighbours, each built when first measured, within "
      "--budget; a row for every configuration measured, search.tsv with every round; the best said with "
      "its standard error and, its row noisy, the command that measures it again (docs/search.md)" },
    { OPT_BUDGET, "budget", "S|P%", CMD_RUN,
      "--search: the device seconds it may spend, builds included (default 60); or P% of what the sweep "
      "would take, as the search's rounds price it (a build each variant and build, a first round each "
      "configuration, the later ones at what later rounds cost; docs/search.md)" },
    { OPT_SEARCH_SEED, "search-seed", "N", CMD_RUN,
      "--search: the seed of its sample and draws (default 1)" },
    { OPT_BUILD_AHEAD, "build-ahead", "N", CMD_RUN,
      "compile the next builds on N threads of the host while one is built or, in a --search, measured "
      "(default 4 on a GPU, 0 on a CPU device, whose cores its kernels need; 0: one build at a time)" },
    { OPT_SHARD, "shard", "K/N|slurm", CMD_RUN,
      "run only the K-th of N deterministic, disjoint parts of the sweep (whole variant x build groups when "
      "there are N of them), into a folder of its own for clx merge; 'slurm': K and N from the array task "
      "(SLURM_ARRAY_TASK_ID, _MIN, _STEP, _COUNT, _MAX), N being the task count of the job that runs it: "
      "an array of one task (a part submitted again alone) is refused, give --shard K/N for it; given twice with "
      "other values, refused (so is --out)" },
    { OPT_ALLOW_SHELL, "allow-shell", NULL, CMD_RUN | CMD_DUMP | CMD_EXPAND,
      "let templates run commands (m4_syscmd, m4_esyscmd) and include files outside their folder, m4/ and "
      "cl/; off by default: a template is text, not a program" },
    { OPT_M4_TIMEOUT, "m4-timeout", "SECONDS", CMD_RUN | CMD_DUMP | CMD_EXPAND,
      "the longest one template expansion may take (default 10; real templates take milliseconds, so a "
      "macro that expands to itself is stopped soon and named as the likely cause)" },
    { OPT_NO_CACHE, "no-cache", NULL, CMD_RUN,
      "compile every program (NVIDIA's JIT too) and measure the set-up latencies anew; by default built "
      "programs (and the latencies a run measures at its set-up, and NVIDIA's JIT cache) are kept in "
      "$XDG_CACHE_HOME/clx (else ~/.cache/clx) and loaded on the next run" },
    { OPT_SHARE_DEVICE, "share-device", NULL, CMD_RUN,
      "time the device although another clx is timing it (by default a run waits for its turn: one turn "
      "per piece of hardware, every CPU device and integrated GPU of the host one, a GPU by its PCI "
      "address); the rows "
      "timed while both ran are flagged shared, in both runs (two --share-device runs as well)" },
    { OPT_RESPECT_WG, "respect-kernel-wg-limit", NULL, CMD_RUN,
      "skip work-groups above a kernel's CL_KERNEL_WORK_GROUP_SIZE; by default they are launched (up to "
      "CL_DEVICE_MAX_WORK_GROUP_SIZE) and the driver's answer decides" },
    { OPT_IGNORE_WG, "ignore-kernel-wg-limit", NULL, CMD_RUN,
      "the default (kept for old command lines)" },
    { OPT_PARTIAL, "partial", NULL, CMD_MERGE,
      "write the merged run even when configurations are missing (run.json's merged.missing_parts says "
      "which parts lack how many; exit 1)" },
    { OPT_FORCE_UNLOCK, "force-unlock", NULL, CMD_MERGE,
      "clear the merge.unfinished of a merge on another host (a folder every node sees) as a leftover: only once "
      "that merge is known to have ended, since this host cannot tell (without it such a folder is refused)" },
    { OPT_REFS, "refs", NULL, CMD_LIST,
      "list the host references instead of the experiments" },
    { OPT_SPEC, "spec", "FILE", CMD_REPORT,
      "plots and findings from FILE (default: the experiment's spec, else, where it is gone, does not load or no "
      "longer fits the run's rows (a parameter renamed since), the one recorded in run.json); a "
      "spec of another experiment (naming another template) is refused" },
    { OPT_JSON, "json", NULL, CMD_DEVICES,
      "the same as JSON on stdout: an array of platforms, each with its \"platform_index\" (the P of P:D), name, "
      "vendor, version, profile, extensions, \"devices\", whose objects begin with \"device\" (P:D) and name the "
      "platform as \"platform\", and \"no_device_why\" (where devices is empty, why: rusticl without "
      "RUSTICL_ENABLE; else null); numbers are numbers, lists are arrays, unknown values null" },
    { OPT_PEAKS, "peaks", NULL, CMD_DEVICES,
      "also what each device measured in its latest clx run peaks (the best verified rate of each variant "
      "with its share of the theoretical peak, and the launch and transfer probes)" },
    { OPT_RESULTS, "results", "DIR", CMD_DEVICES,
      "the results folder --peaks looks in (default results)" },
    { OPT_DEVICE, "device", "P:D|NAME", CMD_DEVICES,
      "only the device that clx run --device P:D|NAME would take (every form run takes; blank: the default, "
      "the first GPU, else the first device), in the table or --json: what a script reads to know the "
      "device a run gets" },
    { OPT_IR, "ir", NULL, CMD_DUMP,
      "the LLVM IR: of PoCL's program.bc, Intel's .ocl.ir or a bitcode binary (llvm-dis-N or clang-N, N the "
      "driver's LLVM version; else llvm-dis), of SPIR-V (spirv-dis); NVIDIA gives no IR" },
    { OPT_ASM, "asm", NULL, CMD_DUMP,
      "the machine code: objdump -d (else llvm-objdump -d) of CPU objects (PoCL's kernels, Intel's "
      ".ocl.obj); llvm-objdump -d --triple=amdgcn-amd-amdhsa --mcpu=GPU of AMD GPU code objects, the GPU "
      "from the ELF header; PTX on NVIDIA" },
    { OPT_BINARY, "binary", "FILE", CMD_DUMP,
      "show a program binary saved before (a run's bin/, a dump, a file someone sent) instead of building "
      "one: no experiment and no device; the files inside it go to DIR/dumps/NAME-HASH/ (NAME: the file's name "
      "without its extension; HASH: of its bytes, so that two binaries of one name, such as two runs' "
      "bin/base__default.bin, never share a folder)" },
    { 0, NULL, NULL, 0, NULL },
};

size_t opts_noptions(void)
{
    size_t n = 0;
    while (opts_options[n].name) n++;
    return n + 1;                          /* with the table's end, as getopt_long's array needs */
}
