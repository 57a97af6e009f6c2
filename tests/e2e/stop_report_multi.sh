# stop_report_multi.sh — clx run --report on several devices stopped by ^C (CLX_STOP_AFTER_ROUNDS, which
# reaches the run over the devices too, as a terminal's ^C reaches its whole group: before, only the
# device's own process heard it, and the run went on to the next device as if nothing had stopped it).
# --device P:D,P:D: the device that ran draws its folder's report, saying the run was stopped with 2
# rows of 4 planned, the other never starts, its way on carries --report and comes last, below the
# report (above it, it had scrolled away), exit 130. --split: no report
# on a part (the parts' run.json, their --resume and the way on carry no --report: before, each drew
# one on its part), the way on ends with the clx report of the merged run, and followed it draws the
# report there; --split-any's merge is said with --split-any (before, --split: refused, exit 4), and
# clx merge --split of its parts, refused, names --split-any.
. tests/e2e/lib.sh
T=$TMP/stop_report_multi
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/stopfind.spec
# Two of PoCL's CPU devices, found by name (their indexes depend on the other platforms here).
POCL_DEVICES="pthread pthread"; export POCL_DEVICES
pocl=$("$CLX" devices | sed -n 's/^\([0-9]*:[0-9]*\)  .*(Portable Computing Language)$/\1/p')
p0=$(echo "$pocl" | sed -n 1p); p1=$(echo "$pocl" | sed -n 2p)
check premise_two_pocl_devices test -n "$p0" -a -n "$p1"
# runs_in DIR: the run folders in DIR (not the latest link).
runs_in() { for d in "$1"/stopfind-*; do [ -L "$d" ] || echo "$d"; done; }

# Several devices: the first stops after 2 of its 4 rows; the second is never started.
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$spec" --report --device "$p0,$p1" --out "$T/list" > "$T/list.log" 2>&1; rc=$?
d=$(runs_in "$T/list")
check list_exit_130 test "$rc" -eq 130
check list_stop_said grep -q '^clx: stopped by signal 2 (Interrupt); to continue:' "$T/list.log"
check list_one_folder test "$(echo "$d" | wc -l)" -eq 1 -a "$(tsv_rows "$d/results.tsv")" -eq 2
check list_report_stopped grep -qF '**Stopped:** this run was stopped with 2 rows of 4 planned' "$d/report.md"
check list_report_said grep -q "^clx: report: $d/report.md" "$T/list.log"
check list_resume_said grep -qxF "  $CLX run --resume $d" "$T/list.log"
check list_other_with_report grep -qxF "  $CLX run $spec --report --device $p1 --out $T/list" "$T/list.log"
check list_no_compare test -z "$(ls -d "$T"/list/compare-* 2>/dev/null)"
# The way on comes last, below the report (above it, it had scrolled away): its first line after the
# report's, and nothing after it but its commands.
check list_wayon_last sh -c "sed -n '/^clx: report: /,\$p' '$T/list.log' | grep -q '^clx: stopped by signal 2 (Interrupt); to continue:' &&
    test -z \"\$(sed -n '/^clx: stopped by signal 2 (Interrupt); to continue:/,\$p' '$T/list.log' | tail -n +2 | grep -v '^  ')\""

# --split: part 1 stops after 1 of its 2 rows; part 2 is never started; no report is drawn. The way on
# is said on stderr, as a run on one device says it (it was on stdout: a run's stdout sent to a file
# left the terminal without it), stdout apart here.
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run "$spec" --report --device "$p0,$p1" --split --out "$T/split" > "$T/split.log" 2> "$T/split.err"; rc=$?
m=$(runs_in "$T/split"); s1=$(ls -d "$m"/parts/stopfind-shard1of2-*)
check split_exit_130 test "$rc" -eq 130
check split_wayon_stderr sh -c "grep -q '^clx: stopped by signal 2 (Interrupt); to continue:\$' '$T/split.err' &&
    ! grep -q 'to continue' '$T/split.log'"
check split_no_report test -z "$(find "$T/split" -name report.md)"
check split_part_args_no_report sh -c "! grep -A12 '\"args\"' '$s1/run.json' | grep -q -- '--report'"
check split_report_way_said grep -qxF "  then its report (not drawn on a part): $CLX report $m" "$T/split.err"
check split_merge_said grep -qxF "  $CLX merge $m/parts/*/ --split --out $m" "$T/split.err"
part2=$(grep -xF "  $CLX run $spec --device $p1 --shard 2/2 --out $m/parts" "$T/split.err")
check split_part2_no_report test -n "$part2"
# The way on, followed: part 1 resumed, part 2 run, merged, the report drawn on the merged run alone.
"$CLX" run --resume "$s1" > "$T/resume.log" 2>&1
check split_resume_no_report sh -c "test $? -eq 0 && test ! -e '$s1/report.md'"
$part2 > "$T/part2.log" 2>&1
check split_part2_ran test $? -eq 0
"$CLX" merge "$m"/parts/stopfind-shard*/ --split --out "$m" > "$T/merge.log" 2>&1
check split_merged test $? -eq 0
"$CLX" report "$m" > "$T/report.log" 2>&1
check split_report_drawn sh -c "test $? -eq 0 && test -s '$m/report.md' && ! grep -q 'Stopped:' '$m/report.md' &&
    test \"\$(find '$m/parts' -name report.md)\" = ''"

# --split-any: its parts are merged with --split-any (--split refuses parts of two models).
POCL_DEVICES="pthread basic"
pocl=$("$CLX" devices | sed -n 's/^\([0-9]*:[0-9]*\)  .*(Portable Computing Language)$/\1/p')
q0=$(echo "$pocl" | sed -n 1p); q1=$(echo "$pocl" | sed -n 2p)
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run "$spec" --report --device "$q0,$q1" --split-any --out "$T/any" > "$T/any.log" 2>&1; rc=$?
a=$(runs_in "$T/any")
check any_exit_130 test "$rc" -eq 130
check any_merge_said grep -qxF "  $CLX merge $a/parts/*/ --split-any --out $a" "$T/any.log"
check any_report_way_said grep -qxF "  then its report (not drawn on a part): $CLX report $a" "$T/any.log"
# Merged with --split (as a --resume of its folder says), the refusal names --split-any. Part 2 is run
# first: the refusal needs two parts.
"$CLX" run "$spec" --device "$q1" --shard 2/2 --out "$a/parts" > "$T/any2.log" 2>&1
"$CLX" merge "$a"/parts/stopfind-shard*/ --split --out "$a" > "$T/anymerge.log" 2>&1
check any_merge_split_names_any sh -c "test $? -eq 4 && grep -q 'they differ in the device alone, as a --split-any.s parts do: --split-any in place of --split merges them' '$T/anymerge.log'"
# Parts that differ in their kernels' sources too: --split-any would refuse them as well, so the refusal
# does not offer it.
src=$(ls "$a"/parts/stopfind-shard*/cl/*.cl | tail -n 1)
echo '/* changed */' >> "$src"
"$CLX" merge "$a"/parts/stopfind-shard*/ --split --out "$a" > "$T/anymerge2.log" 2>&1
check any_merge_sources_no_any sh -c "test $? -eq 4 && ! grep -q 'split-any in place of' '$T/anymerge2.log'"
finish
