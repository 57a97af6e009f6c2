#!/bin/sh
# multi_device.sh — clx run on several devices: --device all and --device 0:0,0:1 on PoCL's two
# pthread devices (two folders, both complete, the side-by-side summary, the CPU devices one after
# the other), an unknown item refused; --split merged into one folder equal to an unsplit run, the
# device column naming both devices, each part building only its groups; --split over two models
# refused, --split-any accepted, its report named by both devices; one device: nothing to split;
# the folder of a stopped --split resumed names its parts.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/multi_device
rm -rf "$T"; mkdir -p "$T"

# ids FILE: each row's columns up to status (what identifies it, and its verification), in order.
ids() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i } { o = $1
                    for (i = 2; i <= s; i++) o = o "\t" $i; print o }' "$1"; }
# runs_in DIR: the run folders in DIR (not the latest link, not the comparison).
runs_in() { for d in "$1"/vecsum-*; do [ -L "$d" ] || echo "$d"; done; }
# multi OUT ARGS...: clx with results under OUT, its console in OUT.log, the exit status in $rc.
multi() { out=$1; shift; rm -rf "$out"; "$CLX" "$@" --out "$out" > "$out.log" 2>&1; rc=$?; }
# json_has DIR KEY VALUE: DIR/run.json holds "KEY": "VALUE".
json_has() { grep -qE "\"$2\":[[:space:]]*\"$3\"" "$1/run.json"; }

# Sweeps timed with lib.sh's $FEW: what is checked here is where rows go and what is said.
POCL_DEVICES="pthread pthread"; export POCL_DEVICES
# device_name P:D: the device's name as clx devices lists it (PoCL 3 names its CPU device
# "pthread-...", PoCL 5 "cpu-..."): the checks below hold for either.
device_name() { "$CLX" devices | sed -n "s/^$1  \(.*\) (Portable Computing Language)\$/\1/p"; }
n0=$(device_name 0:0); n1=$(device_name 0:1)

# --device all: a folder per device, each complete, then clx compare's summary.
multi "$T/all" run vecsum --quick $FEW --device all
check all_exit test "$rc" -eq 0
check all_two_folders test "$(runs_in "$T/all" | wc -l)" -eq 2
a0=$(grep -l '"device_index":[[:space:]]*"0:0"' "$T"/all/vecsum-*/run.json | head -n 1); a0=${a0%/run.json}
a1=$(grep -l '"device_index":[[:space:]]*"0:1"' "$T"/all/vecsum-*/run.json | head -n 1); a1=${a1%/run.json}
check all_one_folder_per_device test -n "$a0" -a -n "$a1" -a "$a0" != "$a1"
for n in 0 1; do
    eval d=\$a$n
    check "all_complete_$n" sh -c "grep -q '\"finished\"' '$d/run.json' && test $(tsv_count "$d/results.tsv" status ok) -eq 24"
    eval nm=\$n$n
    check "all_console_log_$n" grep -qF "clx: vecsum on $nm" "$d/console.log"
done
# Each device's folder continues on its own (clx run --resume DIR): its run.json names its device.
check all_records_its_device sh -c "grep -A8 '\"args\"' '$a1/run.json' | tr -d ' \n\t' | grep -q '\"--device\",\"0:1\"\]'"
check all_cpu_one_after_other grep -q 'CPU devices (0:0, 0:1) run one after the other' "$T/all.log"
check all_device_lines test "$(grep -F "$n0" "$T/all.log" | grep -cE '^clx: 0:[01] .*: exit 0 \(all ok: 24 ok')" -eq 2
check all_summary sh -c "grep -q '^clx: compare vecsum: 24 configurations in common' '$T/all.log' && grep -q '^Verdicts against A per configuration' '$T/all.log'"
check all_summary_files test -s "$(ls -d "$T"/all/compare-vecsum-*)/compare.tsv"
check all_no_console_left test -z "$(find "$T/all" -name '.console-*')"

# --device 0:0,0:1: the same.
multi "$T/list" run vecsum --quick $FEW --device 0:0,0:1 --quiet
check list_exit test "$rc" -eq 0
check list_two_folders test "$(runs_in "$T/list" | wc -l)" -eq 2
check list_cpu_one_after_other grep -q 'run one after the other' "$T/list.log"
# --quiet: the summary as clx compare --quiet prints it, its counts (tests/e2e/multi_console.sh has the rest).
check list_summary sh -c "grep -q '^clx: compare vecsum: B against A: 24 configurations in common: ' '$T/list.log' &&
    ! grep -q '^Verdicts against A per configuration' '$T/list.log'"

# The side-by-side summary is part of what --device all was asked for: where clx compare fails (a
# gnuplot that fails, as a broken install's does: compare exits 4), the run exits 4 too, its devices'
# rows whole, saying so and the clx compare that makes it (exit 0 with nothing said, before). The
# broken gnuplot's folder goes on PATH whole: gnuplot runs in the plot's folder.
mkdir -p "$T/broken-gnuplot"
printf '#!/bin/sh\necho "gnuplot: broken on purpose" >&2\nexit 1\n' > "$T/broken-gnuplot/gnuplot"
chmod +x "$T/broken-gnuplot/gnuplot"
rm -rf "$T/nocmp"
PATH="$(cd "$T/broken-gnuplot" && pwd):$PATH" "$CLX" run vecsum --quick --set variant=naive --device all --out "$T/nocmp" > "$T/nocmp.log" 2>&1; rc=$?
c0=$(grep -l '"device_index":[[:space:]]*"0:0"' "$T"/nocmp/vecsum-*/run.json | head -n 1); c0=${c0%/run.json}
c1=$(grep -l '"device_index":[[:space:]]*"0:1"' "$T"/nocmp/vecsum-*/run.json | head -n 1); c1=${c1%/run.json}
check compare_failed_exit_4 test "$rc" -eq 4
check compare_failed_devices_ok test "$(grep -cE '^clx: 0:[01] .*: exit 0 \(all ok: 4 ok' "$T/nocmp.log")" -eq 2
check compare_failed_rows_kept test "$(tsv_count "$c0/results.tsv" status ok) $(tsv_count "$c1/results.tsv" status ok)" = "4 4"
check compare_failed_said grep -qF "clx: the side-by-side summary failed (clx compare, above: exit 4); every device's rows are kept in its folder; to make it: $CLX compare $c0 $c1 (--out FOLDER" "$T/nocmp.log"
check compare_failed_last_line sh -c "tail -n 1 '$T/nocmp.log' | grep -q '; exit 4\$'"

# An item that names no device here: exit 4 (could not run: a device gone is no mistyped command
# line), naming it and the devices there are; nothing runs.
multi "$T/bad" run vecsum --quick --device 0:0,nosuch
check unknown_exit_4 test "$rc" -eq 4
check unknown_named grep -qF "no device matches 'nosuch' (there are: 0:0 $n0 (Portable Computing Language), 0:1 $n1 (Portable Computing Language)" "$T/bad.log"
check unknown_ran_nothing test ! -e "$T/bad"
multi "$T/resume" run vecsum --quick --device all --resume "$a0"
check resume_several_refused test "$rc" -eq 2 -a -n "$(grep -e '--resume continues one run' "$T/resume.log")"

# --split: one folder with the unsplit sweep's rows (0:0's run above), a device column holding
# both devices; 12 variant x build groups in 2 parts: part 1 builds its 6 (naive, the relative
# variant, among them), part 2 its 6 and naive's 2 for rel_time.
multi "$T/split" run vecsum --quick $FEW --device 0:0,0:1 --split
check split_exit test "$rc" -eq 0
m=$(runs_in "$T/split")
check split_one_folder test "$(echo "$m" | wc -l)" -eq 1 -a -d "$m/parts"
check_runjson_documented split_run_json_documented "$m"
ids "$a0/results.tsv" > "$T/a"; ids "$m/results.tsv" > "$T/b"
check split_rows_equal_unsplit cmp -s "$T/a" "$T/b"
cmp -s "$T/a" "$T/b" || diff "$T/a" "$T/b" | head -n 5 >&2
check split_device_column test "$(head -n 1 "$m/results.tsv" | awk -F'\t' '{ print $NF }')" = device
check split_device_values test "$(tsv_col "$m/results.tsv" device | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')" = "0:0:12 0:1:12 "
p1=$(ls -d "$m"/parts/vecsum-shard1of2-*); p2=$(ls -d "$m"/parts/vecsum-shard2of2-*)
check split_builds_only_its_own test "$(tsv_rows "$p1/kernels.tsv") $(tsv_rows "$p2/kernels.tsv")" = "6 8"
check split_parts_on_each_device sh -c "grep -q '\"device_index\":[[:space:]]*\"0:0\"' '$p1/run.json' && grep -q '\"device_index\":[[:space:]]*\"0:1\"' '$p2/run.json'"
check split_run_json grep -qE '"device_index":[[:space:]]*"0:0,0:1"' "$m/run.json"
check split_latest test "$(readlink "$T/split/latest")" = "${m##*/}"
check split_cpu_one_after_other grep -q 'run one after the other' "$T/split.log"
rundir=$m
check_report split
"$CLX" compare "$a0" "$m" --out "$T/split-compare" > "$T/split-compare.log" 2>&1
check split_compare sh -c "test $? -eq 0 && grep -q '24 configurations in common' '$T/split-compare.log'"
# clx merge --split joins the parts again (what a stopped --split is finished with).
"$CLX" merge "$p1" "$p2" --split --out "$T/remerged" > "$T/remerge.log" 2>&1
check merge_split_exit test $? -eq 0
check merge_split_same_rows test "$(cut -f1-6 "$m/results.tsv" | md5sum)" = "$(cut -f1-6 "$T/remerged/results.tsv" | md5sum)"
check merge_split_device_column test "$(tsv_col "$T/remerged/results.tsv" device | sort -u | tr '\n' ' ')" = "0:0 0:1 "
# A --split stopped before its merge leaves a folder of parts/ alone (here part 1 stopped, part 2
# never started): clx run --resume of it named no run.json it lacked, not the parts to finish.
mkdir -p "$T/stopped/parts" && cp -R "$p1" "$T/stopped/parts/" && s1=$T/stopped/parts/${p1##*/}
grep -v '"finished"' "$p1/run.json" > "$s1/run.json"
"$CLX" run --resume "$T/stopped" > "$T/stopped.log" 2>&1
check split_stopped_resume sh -c "test $? -eq 4 && grep -qF 'cannot resume $T/stopped: it is the folder of a --split stopped before its parts were merged' '$T/stopped.log' &&
    grep -qF '$CLX run --resume $s1 finishes what it began; part 2 of 2 never started' '$T/stopped.log' &&
    grep -qF 'then $CLX merge $T/stopped/parts/*/ --split --out $T/stopped' '$T/stopped.log' && ! grep -q 'No such file' '$T/stopped.log'"

# A partial merge is merged over once what it lacked has rows: clx merge of part 1 alone (--partial)
# says how; part 2 alone is refused there (part 1's rows would go); both replace it, rows as the
# whole merge's, nothing set aside left; once whole, the same merge there again writes nothing, exit 0.
md5() { md5sum < "$1" | cut -d' ' -f1; }
"$CLX" merge "$p1" --split --partial --out "$T/again" > "$T/again1.log" 2>&1
check again_partial sh -c "test $? -eq 1 && grep -qF 'once they have rows, $CLX merge $m/parts/*/ --split --out $T/again replaces it' '$T/again1.log'"
before=$(md5 "$T/again/results.tsv")
"$CLX" merge "$p2" --split --partial --out "$T/again" > "$T/again2.log" 2>&1
check again_lacking_refused sh -c "test $? -eq 4 && grep -qF 'with the rows of part 1, which this merge lacks' '$T/again2.log' &&
    test '$before' = \"\$(md5sum < '$T/again/results.tsv' | cut -d' ' -f1)\" && test ! -e '$T/again/.partial-merge'"
"$CLX" merge "$p1" "$p2" --split --out "$T/again" > "$T/again3.log" 2>&1
check again_replaced sh -c "test $? -eq 0 && grep -qF 'held a partial merge of this sweep (12 of 24 configurations): replaced' '$T/again3.log' &&
    ! grep -q '\"partial\":[[:space:]]*true' '$T/again/run.json' && test ! -e '$T/again/.partial-merge'"
check again_rows test "$(cut -f1-6 "$m/results.tsv" | md5sum)" = "$(cut -f1-6 "$T/again/results.tsv" | md5sum)"
"$CLX" merge "$p1" "$p2" --split --out "$T/again" > "$T/again4.log" 2>&1
check again_whole_there sh -c "test $? -eq 0 && grep -qF '$T/again holds this merge already, of these 2 parts, every configuration with its row: nothing to merge again, nothing written (exit 0' '$T/again4.log'"
: > "$T/afile"
"$CLX" merge "$p1" "$p2" --split --out "$T/afile" > "$T/afile.log" 2>&1
check merge_out_file_said sh -c "test $? -eq 4 && grep -qF '$T/afile is a file: the merged run goes to a new or empty folder' '$T/afile.log'"
check merge_one_part_singular grep -q 'clx merge: vecsum: 1 part of 2 (' "$T/again1.log"

# A part's process killed outright (kill -9, as the OOM killer does) in a launch that never ends: its
# folder is named and its run.json says what stopped it, its worker does not run on alone, and the
# partial merge says how to finish in place.
"$CLX" run tests/e2e/fixtures/worker.spec --set variant=good,hang --device 0:0,0:1 --split --timeout 600 \
    --out "$T/kill" > "$T/kill.log" 2>&1 &
kpid=$!
for i in $(seq 1 600); do
    ls "$T"/kill/worker-split2-*/parts/worker-shard2of2-*/run.json > /dev/null 2>&1 && break; sleep 0.1
done
sleep 1; pkill -9 -P "$kpid"; wait "$kpid"; krc=$?
km=$(ls -d "$T"/kill/worker-split2-*); kp=$(ls -d "$km"/parts/worker-shard2of2-*)
check kill_exit test "$krc" -eq 137
# (with the part's counts where its run.json has them by the kill: whether it does depends on load)
check kill_folder_named grep -qE "exit 137 \(killed by signal 9 \(Killed\)(: [0-9]+ ok[^)]*)?\) after" "$T/kill.log"
check kill_folder_said grep -qF "; results in $kp" "$T/kill.log"
check kill_marked grep -qE '"interrupted_by":[[:space:]]*"the death of the process of device 0:1 by signal 9 \(Killed\)"' "$kp/run.json"
check kill_resume_said grep -qF "$CLX run --resume $kp finishes it" "$T/kill.log"
check kill_merge_again_said grep -qF "$CLX merge $km/parts/*/ --split --out $km replaces it" "$T/kill.log"
# The orphaned worker ends itself two seconds after its supervisor's death ("--ou[t]": the pattern
# does not match the shell that runs pgrep).
for i in $(seq 1 100); do pgrep -f -- "--ou[t] $T/kill" > /dev/null || break; sleep 0.1; done
check kill_no_orphan sh -c "! pgrep -f -- '--ou[t] $T/kill'"
pkill -9 -f -- "--ou[t] $T/kill"

# Two models: --split refused, naming both; --split-any splits, and run.json lists the devices.
POCL_DEVICES="pthread basic"
n0=$(device_name 0:0); n1=$(device_name 0:1)
multi "$T/models" run vecsum --quick --device all --split
check split_models_refused test "$rc" -eq 2 -a ! -e "$T/models"
check split_models_named sh -c "grep -q 'split needs devices of one model and driver.*--split-any' '$T/models.log' &&
    grep -qF '0:0 is $n0' '$T/models.log' && grep -qF '0:1 is $n1' '$T/models.log' && test '$n0' != '$n1'"
check split_models_one_line test "$(wc -l < "$T/models.log")" -eq 1
# With two of PoCL's devices in each process, PoCL failed inside itself twice in `make check` runs
# beside other tests on 2026-11-30 (a worker dead of signal 6 with no message; "Device basic-...
# failed to build the program" with no log, every variant on the basic device) and in none of 27 runs
# alone or loaded after: a sweep whose only faults are such is run once more, said on the output.
multi "$T/any" run vecsum --quick $FEW --device all --split-any --quiet
# pocl_only_faults: every row of every part ok, crashed or build-failed, and PoCL's word for it.
pocl_only_faults() {
    grep -qsE 'died of signal 6 \(Aborted\)' "$T"/any/*/parts/*/console.log ||
        grep -qs 'failed to build the program' "$T"/any/*/parts/*/logs/*.log || return 1
    for f in "$T"/any/*/parts/*/results.tsv; do
        awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i; next }
                    $s != "ok" && $s != "crashed" && $s != "build-failed" { bad = 1 } END { exit bad }' "$f" || return 1
    done
}
if [ "$rc" -ne 0 ] && pocl_only_faults; then
    echo "  split_any: PoCL failed inside itself (an abort, or a build without a log); run once more"
    multi "$T/any" run vecsum --quick $FEW --device all --split-any --quiet
fi
check split_any_exit test "$rc" -eq 0
m=$(runs_in "$T/any")
# (Not equal to the unsplit rows: a grid-stride kernel's global size follows each device's compute units.)
check split_any_rows test "$(tsv_count "$m/results.tsv" status ok)" -eq 24
check split_any_device_values test "$(tsv_col "$m/results.tsv" device | sort -u | tr '\n' ' ')" = "0:0 0:1 "
check split_any_json sh -c "grep -qE '\"any\":[[:space:]]*true' '$m/run.json' && grep -qF '\"$n0\"' '$m/run.json' && grep -qF '\"$n1\"' '$m/run.json'"
# Each row's rel_time is its own part's, against the relative variant's rows its own device ran
# (before, the merge recomputed it against the owner's rows of another device). A row is found in
# its part by its configuration and its median time, copied as it was.
rel_mismatch=$(awk -F'\t' 'function key() { return $h["variant"] "|" $h["build"] "|" $h["N"] "|" $h["GPC"] "|" $h["local"] "|" $h["median_ms"] }
    FNR == 1 { delete h; for (i = 1; i <= NF; i++) h[$i] = i; next }
    FILENAME != merged { own[key()] = $h["rel_time"]; next }
    { n++; if (!(key() in own) || own[key()] != $h["rel_time"]) bad++ }
    END { print (n > 0 ? bad + 0 : -1) }' merged="$m/results.tsv" "$m"/parts/*/results.tsv "$m/results.tsv")
check split_any_rel_own test "$rel_mismatch" -eq 0
# Its tables put rows of the two devices side by side: report.md says so before them.
"$CLX" report "$m" --quiet > "$T/any-report.log" 2>&1
check split_any_report_says grep -qF "these rows ran on different devices (--split-any: 0:0 $n0" "$m/report.md"
# Named as a run of both devices, not of its first part's: the title and the findings' heading.
check split_any_report_title grep -qxF "# vecsum on 2 devices: $n0 and $n1" "$m/report.md"
check split_any_findings_heading grep -qxF "## The seed's findings on the rows of 2 devices: $n0 and $n1" "$m/report.md"

# One device: a list of one runs as --device does; --split says nothing was split.
POCL_DEVICES=pthread
n0=$(device_name 0:0)
multi "$T/one" run vecsum --quick --set variant=naive --device all --split --quiet
check one_device_exit test "$rc" -eq 0
check one_device_not_split grep -qF "names one device (0:0 $n0): nothing to split" "$T/one.log"
check one_device_plain_folder test "$(runs_in "$T/one" | wc -l)" -eq 1 -a -z "$(ls -d "$T"/one/*split* 2>/dev/null)"
finish
