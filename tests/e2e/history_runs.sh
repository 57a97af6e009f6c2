# history_runs.sh — clx history on model runs (no device): a step's verdicts depend on its own two
# runs alone (a third run listed that lacks some configurations changes none of them); a run made by
# another command is said with its command, and what each run lacks with the axis values it has no
# row at; verdicts on rows a stop cut short are said apart, never taken for a drift; a whole run that
# moved is said as clx compare says it, and so are rows flagged shared; runs are in the order they
# started, whatever offset their times carry. The runs are one model run and copies of it with times
# scaled by set factors, so every verdict is the same on any machine.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/history_runs
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# made_by DIR COMMAND_LINE ARGS: run.json's command_line and args (ARGS: its JSON list's items).
made_by() { sed -i -E "s/\"command_line\": \"[^\"]*\"(, \"args\": \[[^]]*\])?/\"command_line\": \"$2\", \"args\": [ $3 ]/" "$1/run.json"; }
# verdicts_1_2 TSV: history.tsv's verdict_1_2 of the TERMS=1 configurations, each with its point.
verdicts_1_2() {
    awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["TERMS"] == 1 { print $c["variant"], $c["build"], $c["N"], $c["local"], $c["verdict_1_2"] }' "$1" | sort
}

# A: 32 configurations (N 1000, 2000; TERMS 1, 2; local 64, 128; two variants, two builds), five
# rounds a row 0.1% apart. B: the same sweep; at TERMS=1 fast's default build 10% slower, the rest
# 0.1%; every TERMS=2 row 1.5x slower. C: run with --set TERMS=1 (A's rows of it, a day later).
A=$T/A B=$T/B C=$T/C
make_run "$A" fixture 1 "1000 2000" "" rounds
made_by "$A" "clx run fixture --out a" '"fixture", "--out", "a"'
copy_run "$A" "$B" 24
made_by "$B" "clx run fixture --out=b --quiet" '"fixture", "--out=b", "--quiet"'
scale "$B" '$c["TERMS"] == 1 && $c["variant"] == "fast" && $c["build"] == "default"' 1.10
scale "$B" '$c["TERMS"] == 1 && !($c["variant"] == "fast" && $c["build"] == "default")' 1.001
scale "$B" '$c["TERMS"] == 2' 1.5
copy_run "$A" "$C" 25
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "TERMS") t = i; print; next } $t == 1' "$A/results.tsv" > "$C/results.tsv"
sed -i 's/"ok": [0-9]*/"ok": 16/' "$C/run.json"
made_by "$C" "clx run fixture --set TERMS=1 --out c" '"fixture", "--set", "TERMS=1", "--out", "c"'
check history_runs_premise test "$(tsv_rows "$C/results.tsv")" -eq 16 -a "$(tsv_rows "$B/results.tsv")" -eq 32 -a \
    -n "$(grep '"args": \[ "fixture", "--out=b", "--quiet" \]' "$B/run.json")" -a "$(grep -c '"args"' "$C/run.json")" -eq 1

# A step's verdicts are its two runs' alone: A to B over the 32 configurations both have, whether C
# (which lacks TERMS=2) is listed or not. Its noise was estimated over the configurations in every
# run: with C listed, the TERMS=2 rows' 1.5x left it, and fast's 10% at TERMS=1 turned SLOWER.
"$CLX" history "$A" "$B" "$C" --out "$T/h3" > "$T/h3.log" 2>&1; rc3=$?
"$CLX" history "$A" "$B" --out "$T/h2" > "$T/h2.log" 2>&1; rc2=$?
check history_step_exit test "$rc3" -eq 0 -a "$rc2" -eq 0
check history_step_own_runs test -n "$(verdicts_1_2 "$T/h2/history.tsv")" -a \
    "$(verdicts_1_2 "$T/h3/history.tsv")" = "$(verdicts_1_2 "$T/h2/history.tsv")"
check history_step_shared grep -qE '^  1 -> 2 .* 32 +0 +0 +0 +16 ' "$T/h3.log"
# The console says why shared is more than the verdicts' sum, as history.md does.
check history_step_shared_said grep -q 'the verdicts are of the 16 configurations in every run, shared counts all those a step.s two runs share' "$T/h3.log"
# The plot's x axis is named (the runs, in the order they started), and its key above the plot has
# rows of its own: the figure grows by them (twelve lines' key took the top half of the picture).
check_drawn history_plot_xlabel grep -q '^set xlabel "run (number: start time), in the order the runs started"$' "$T/h3/history_plot.gp"
check_drawn history_plot_key_rows grep -qE '^set key outside top center horizontal .* maxcols [0-9]+ maxrows [0-9]+$' "$T/h3/history_plot.gp"

# Which run lacks what, and by which command: C's TERMS=1 said on the console and in history.md,
# and the first line says no more than that some configurations are in some runs only.
check history_lacks_console grep -q '^clx: history: run 3 lacks 16 configurations other runs measured: it has no row at TERMS=2 (history.md lists them)$' "$T/h3.log"
check history_lacks_first_line grep -q '16 configurations measured in every one; 16 measured in some runs only, in no verdict (what each run lacks: the lines below)\.$' "$T/h3.log"
check history_lacks_not_garbled test -z "$(grep 'not among them either' "$T/h3.log" "$T/h3/history.md")"
check history_lacks_md grep -q '^\*\*Run 3 lacks\*\* 16 configurations other runs measured: it has no row at TERMS=2' "$T/h3/history.md"
check history_lacks_md_table test "$(grep -c '^| [a-z]* | [-a-z]* | N=[0-9]* TERMS=2 local=[0-9]* | 1, 2 |$' "$T/h3/history.md")" -eq 16
# A run that lacks the values of two axes: L, C's rows at local 128 alone, has no row at TERMS=2 (16)
# nor at local=64 (8 more, at TERMS=1). "it has no row at TERMS=2, local=64" read as the 8 rows with
# both; volkov_fma's quick run beside a wider sweep read "no row at variant=ILP=8, local=64|256".
L=$T/L
copy_run "$C" "$L" 26
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "local") l = i; print; next } $l == 128' "$C/results.tsv" > "$L/results.tsv"
sed -i 's/"ok": [0-9]*/"ok": 8/' "$L/run.json"
"$CLX" history "$A" "$L" --out "$T/hl" > "$T/hl.log" 2>&1
check history_lacks_two_axes grep -q '^clx: history: run 2 lacks 24 configurations other runs measured: it has no row at TERMS=2 nor at local=64 (history.md lists them)$' "$T/hl.log"
check history_command_console grep -q '^     made by: clx run fixture --set TERMS=1 --out c$' "$T/h3.log"
check history_command_md grep -q '^| 3 | .* | `clx run fixture --set TERMS=1 --out c` | - | - |$' "$T/h3/history.md"
# Runs made alike (their args but for --out and --quiet) name no command on the console.
check history_command_alike test -z "$(grep 'made by:' "$T/h2.log")"
# history.md names each run by its real path in backticks, as compare.md does (it named the folder as
# given, relative to where clx history ran, which read wrong from anywhere else); a run given by its
# latest link has the link beside it (the link moves with the next run). The console names it as given.
ln -sfn A "$T/latest"
"$CLX" history "$T/latest" "$B" --out "$T/hreal" > "$T/hreal.log" 2>&1
realA=$(cd "$A" && pwd -P) realB=$(cd "$B" && pwd -P)
check history_folder_real_md grep -qF "| 1 | \`$realA\` (given as \`$T/latest\`) |" "$T/hreal/history.md"
check history_folder_real_plain grep -qF "| 2 | \`$realB\` |" "$T/hreal/history.md"
check history_folder_console_given grep -qF "  1  $T/latest  (" "$T/hreal.log"

# D: fast's default build 1.5x slower, and every row cut short by a stop (status cut, flag
# rounds-cut): its verdicts are said apart (rounds-cut), none taken for a drift. The same rows whole
# drifted SLOWER (8).
D=$T/D
copy_run "$A" "$T/Dwhole" 26
scale "$T/Dwhole" '$c["variant"] == "fast" && $c["build"] == "default"' 1.5
copy_run "$T/Dwhole" "$D" 26
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "flag") f = i; if ($i == "status") s = i }; print; next }
    { $f = "rounds-cut"; if ($s == "ok") $s = "cut"; print }' \
    "$T/Dwhole/results.tsv" > "$D/results.tsv"
sed -i 's/"finished": "[^"]*"/"interrupted": "2026-11-26T10:00:30+0000", "interrupted_by": "SIGINT"/' "$D/run.json"
"$CLX" history "$A" "$T/Dwhole" --out "$T/hw" > "$T/hw.log" 2>&1
check history_cut_premise grep -q '^The last run against the first: 24 SAME, 0 FASTER, 8 SLOWER, 0 UNSURE .*; drifted:$' "$T/hw.log"
"$CLX" history "$A" "$D" --out "$T/hd" > "$T/hd.log" 2>&1; rc=$?
check history_cut_exit test "$rc" -eq 0
check history_cut_not_drift grep -q '^The last run against the first: 0 SAME, 0 FASTER, 0 SLOWER, 0 UNSURE (alpha 0.01, min-effect 1%); 32 on rows a stop cut short (rounds-cut), not decided: clx run --resume measures them again\.$' "$T/hd.log"
check history_cut_no_drift_list test -z "$(grep -e 'drifted' "$T/hd.log" "$T/hd/history.md")"
check history_cut_steps grep -qE '^  1 -> 2 .* 32 +0 +0 +0 +0 +32 ' "$T/hd.log"
# history.tsv's verdict columns hold the word alone (a script's == "SLOWER" finds them), the
# qualifier in verdict_note_*.
check history_cut_tsv test "$(tsv_count "$T/hd/history.tsv" verdict_first_last SLOWER)" -eq 8 -a \
    "$(tsv_count "$T/hd/history.tsv" verdict_1_2 SAME)" -eq 24 -a \
    "$(tsv_count "$T/hd/history.tsv" verdict_note_first_last rounds-cut)" -eq 32 -a \
    "$(tsv_count "$T/hd/history.tsv" verdict_note_1_2 rounds-cut)" -eq 32

# E: every row 2x slower, the same setup: the whole run moved, said in compare's words.
copy_run "$A" "$T/E" 27
scale "$T/E" 1 2
"$CLX" history "$A" "$T/E" --out "$T/he" > "$T/he.log" 2>&1
check history_moved_console grep -q '^The last run against the first: 0 SAME, 0 FASTER, 0 SLOWER, 32 UNSURE (alpha 0.01, min-effect 1%); the whole run moved: run 2 slower than run 1 in 32 of 32 configurations (0.50x in the median), which between runs of one setup is their own level (the machine.s load or clocks), not the code.s' "$T/he.log"
check history_moved_md grep -q '; the whole run moved: run 2 slower than run 1 in 32 of 32 configurations (0.50x in the median)' "$T/he/history.md"
"$CLX" compare "$A" "$T/E" --out "$T/ce" > "$T/ce.log" 2>&1
check history_moved_as_compare grep -q '; the whole run moved: B slower than A in 32 of 32 configurations (0.50x in the median), which between runs of one setup is their own level' "$T/ce.log"
# With three runs, each step that moved is said on its own line (here 2 -> 3, E after A and B).
"$CLX" history "$A" "$T/Dwhole" "$T/E" --out "$T/h3e" > "$T/h3e.log" 2>&1
check history_moved_step grep -q '^  2 -> 3: the whole run moved: run 3 slower than run 2 in ' "$T/h3e.log"
# Runs in date order by the instant they started, in either form of offset: F's 11:30+02:00 (as clx
# writes it now) is 09:30 UTC, before A2's 10:00+0000 (as an older clx wrote it), though its text
# sorts after.
copy_run "$A" "$T/A2" 28
copy_run "$A" "$T/F" 28
sed -i 's/"started": "[^"]*"/"started": "2026-11-28T11:30:00+02:00"/' "$T/F/run.json"
"$CLX" history "$T/A2" "$T/F" --out "$T/hf" > "$T/hf.log" 2>&1; rc=$?
check history_order_by_instant sh -c "test $rc -eq 0 && grep -q '^  1  $T/F  (2026-11-28T11:30:00+02:00' '$T/hf.log' &&
    grep -q '^  2  $T/A2  (2026-11-28T10:00:00+0000' '$T/hf.log'"

# A slowdown said as compare and a run summary say it: the steps' geometric mean (8 of 32 rows 1.5x
# slower: 0.904x) and each drifted row (0.667x), each with its slowdown beside it.
check history_slowdown_step grep -qE '^  1 -> 2 .* 0\.904x \(1\.11x slowdown\)$' "$T/hw.log"
check history_slowdown_drift test "$(grep -c ' 0\.667x (1\.5x slowdown) SLOWER$' "$T/hw.log")" -eq 8 -a \
    "$(grep -c '| 0\.667x (1\.5x slowdown) | SLOWER |$' "$T/hw/history.md")" -eq 8

# The plot: each point carries its verdict against the first run (history_plot.tsv's verdict
# column), so that a line the noise did not decide is drawn hollow and dashed, never as a trend. With
# A, Dwhole (fast's default build 1.5x slower: SLOWER) and E (every row 2x slower, the whole run
# moved: UNSURE), run 2's fast-default point is SLOWER and every run-3 point UNSURE.
"$CLX" history "$A" "$T/Dwhole" "$T/E" --out "$T/hp" > "$T/hp.log" 2>&1
# plot_verdict GROUP_PREFIX SERIES: the verdict of SERIES' point of the run whose label starts so.
plot_verdict() {
    awk -F'\t' -v g="$1" -v s="$2" '/^# / { if ($0 !~ /^# x\t/) cur = substr($0, 3); next }
        cur == s && index($4, g) == 1 { print $5 }' "$T/hp/history_plot.tsv"
}
check_drawn history_plot_point_decided test "$(plot_verdict '2:' 'fast (default)')" = SLOWER -a \
    "$(plot_verdict '2:' 'naive (default)')" = SAME -a "$(plot_verdict '1:' 'fast (default)')" = -
check_drawn history_plot_point_unsure test "$(plot_verdict '3:' 'fast (default)')" = UNSURE -a \
    "$(plot_verdict '3:' 'naive (-cl-opt-disable)')" = UNSURE
# What hollow and dashed mean: a line of the title; the key's sample short (a key column is as wide
# as its longest entry: this one's 100 characters kept every line's entry in one column). Not "no
# change": an UNSURE point 2x off, or one of 1 SLOWER and 1 UNSURE at 0.49x, shows no drift and
# rules none out. A history of SAME points alone says they are within the noise.
check_drawn history_plot_hollow_said grep -qF '\nhollow points, dashed segments: SAME, UNSURE or verdicts that differ (not decided against run 1: height may be noise)' "$T/hp/history_plot.gp"
check_drawn history_plot_hollow_key grep -q 'title "hollow, dashed: not FASTER or SLOWER"' "$T/hp/history_plot.gp"
check_drawn history_plot_no_change test "$(grep -c 'no change' "$T/hp/history_plot.gp")" -eq 0
copy_run "$A" "$T/Asame" 29
"$CLX" history "$A" "$T/Asame" --out "$T/hs" > "$T/hs.log" 2>&1
check_drawn history_plot_same_said grep -qF '\nhollow points, dashed segments: SAME (within the noise of run 1: no drift)' "$T/hs/history_plot.gp"
# Sixteen lines (eight variants, two builds) over three runs: the picture stays 1040 pixels wide at
# most (it grew with the lines, to 1640), its key above the plot in columns, not one column over half
# the picture.
for r in A Dwhole E; do
    copy_run "$T/$r" "$T/m$r" "$(sed -n 's/.*"started": "2026-11-\([0-9]*\)T.*/\1/p' "$T/$r/run.json")"
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { $c["variant"] = $c["variant"] "_" $c["local"] "_" $c["TERMS"]; print }' "$T/$r/results.tsv" > "$T/m$r/results.tsv"
done
"$CLX" history "$T/mA" "$T/mDwhole" "$T/mE" --out "$T/hm" > "$T/hm.log" 2>&1
check history_many_exit test $? -eq 0 -a "$(grep -c '^# [a-z]*_[0-9]*_[12] (' "$T/hm/history_plot.tsv")" -eq 16
hm_width() { sed -n 's/^set terminal pngcairo size \([0-9]*\),.*/\1/p' "$T/hm/history_plot.gp"; }
check_drawn history_many_width test -n "$(hm_width)" -a "$(hm_width)" -le 1040
check_drawn history_many_key_columns grep -qE '^set key outside top center horizontal .* maxcols [3-9] maxrows [1-6]$' "$T/hm/history_plot.gp"
check_drawn history_plot_dashed grep -q 'with vectors nohead lw 2 dt 2' "$T/hp/history_plot.gp"

# A build that failed (one row for fast's default build, no launch point) in a run that planned
# TERMS=1 only: it stands for that run's TERMS=1 points of fast's default build, not for the TERMS=2
# ones it never planned (those it lacks, as any it did not plan); and a configuration named by such
# rows alone is said as every point of its build, never "N= TERMS= local=".
# build_failed FROM TO DAY [TERMS=1]: a copy of run FROM whose fast default build failed.
build_failed() {
    copy_run "$1" "$2" "$3"
    awk -F'\t' -v OFS='\t' -v one="${4:-}" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        one && $c["TERMS"] != 1 { next }
        $c["variant"] == "fast" && $c["build"] == "default" { if (done++) next
            $c["N"] = $c["TERMS"] = $c["local"] = $c["DATA_BYTES"] = $c["global"] = $c["median_ms"] = $c["round_ms"] = ""
            $c["status"] = "build-failed" }
        { print }' "$1/results.tsv" > "$2/results.tsv"
    ok=$(($(wc -l < "$2/results.tsv") - 2))
    sed -i "s/\"ok\": [0-9]*/\"ok\": $ok/; s/\"build_failed\": 0/\"build_failed\": 1/" "$2/run.json"
    [ -z "${4:-}" ] || sed -i 's/"TERMS": \[ "1", "2" \]/"TERMS": [ "1" ]/' "$2/run.json"
}
build_failed "$A" "$T/G" 29 one
build_failed "$A" "$T/H" 22
"$CLX" history "$A" "$T/G" --out "$T/hg" > "$T/hg.log" 2>&1; rc=$?
check history_planned_exit test "$rc" -eq 0
check history_planned_count grep -q ' 12 configurations measured in every one; 4 did not pass in some run (run 2: 4 build-failed), not among them; 16 measured in some runs only, in no verdict' "$T/hg.log"
check history_planned_listed test "$(grep -c '^  did not pass: fast default N=[0-9]* TERMS=1 local=[0-9]*: run 1 ok, run 2 build-failed$' "$T/hg.log")" -eq 4 -a \
    -z "$(grep 'TERMS=2.*build-failed' "$T/hg.log" "$T/hg/history.md")"
check history_planned_lacks grep -q '^clx: history: run 2 lacks 16 configurations other runs measured: it has no row at TERMS=2 ' "$T/hg.log"
"$CLX" history "$T/H" "$T/G" --out "$T/hh" > "$T/hh.log" 2>&1
check history_build_row_point grep -q '^  did not pass: fast default every point: run 1 build-failed, run 2 build-failed$' "$T/hh.log"
check history_build_row_point_md grep -q '^| fast | default | every point | build-failed | build-failed |$' "$T/hh/history.md"
check history_no_empty_value test -z "$(grep -E '(N|TERMS|local)=( |:|$| \|)' "$T/hh.log" "$T/hh/history.md")"
# Rows flagged so that a drift is of something else: run 2's TERMS=2 rows timed beside another clx
# (flag shared) are said as compare says them, runs numbered (history said nothing of the flag, and
# a run slowed by another clx on the device read as a drift of the code).
copy_run "$A" "$T/Sh" 26
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next } $c["TERMS"] == 2 { $c["flag"] = "shared" } { print }' \
    "$A/results.tsv" > "$T/Sh/results.tsv"
"$CLX" history "$A" "$T/Sh" --out "$T/hsh" > "$T/hsh.log" 2>&1
check history_flag_shared grep -q '^clx: history: 16 of 32 configurations in every run (rows flagged: run 1 0, run 2 16) were timed while another clx ran on the same device' "$T/hsh.log"
check history_flag_shared_md grep -q '^\*\*Flagged:\*\* 16 of 32 configurations in every run (rows flagged: run 1 0, run 2 16) were timed' "$T/hsh/history.md"
check history_flag_none test -z "$(grep -F 'rows flagged' "$T/hg.log" "$T/hh.log")"
finish
