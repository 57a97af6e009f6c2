#!/bin/sh
# tune.sh — a spec's tuning pass (docs/spec.md, "Tuning"): the tuned variants swept over the
# candidates first, lightly, kept as tune/ in the run's folder; each then runs once, at the pass's
# best configuration, the others at the spec's own values; no pass where the user chooses the axes,
# under --quick, or on --resume (the picks are read back); a pass out of its seconds says so, one
# that picked nothing says no tuning happened, and a wait for the device's turn spends none of them.
# The pass measures the spec's own values too (each pick's baseline): each pick says its cv and its
# gain over them, or that they did not run; a pass not run says so on the console.
. tests/e2e/lib.sh
T=$TMP/tune
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/tune.spec "$T/"
sed -i 's|"../../../templates/vecsum.cl.m4"|"vecsum.cl.m4"|' "$T/tune.spec"
cp templates/vecsum.cl.m4 "$T/"
FAST="--rounds 1 --target-se 0"

run_clx "$T/a" run "$T/tune.spec" $FAST --dir-file "$T/a.dir"
check tune_rc_0 test "$rc" -eq 0
# --dir-file names the sweep's folder, which holds the pass (tune/), never the pass's own.
check tune_dir_file_sweep test "$(cat "$T/a.dir")" = "$rundir" -a -d "$rundir/tune"
check_runjson_documented tune_run_json_documented "$rundir"
check_runjson_documented tune_pass_run_json_documented "$rundir/tune"
check tune_said grep -q "^clx: tuning pass of tune: the variants where VEC == 4" "$T/a.log"
check tune_pick_said grep -q "^clx: tuned float4: EXTRA=[12] local=[0-9]* GPC=[24] (gbs " "$T/a.log"
check tune_folder_kept test -f "$rundir/tune/results.tsv" -a -f "$rundir/tune/run.json"
check tune_pass_moved sh -c "! ls -d $T/a/tune-tune-* 2>/dev/null"
# The pass: the tuned variants only, every candidate (2 x 3 x 2 each), with the pass's trials, one round.
P=$rundir/tune/results.tsv
check tune_pass_rows test "$(tsv_rows "$P")" -eq 24
check tune_pass_tuned_only test "$(tsv_col "$P" VEC | sort -u)" = 4
check tune_pass_trials test "$(tsv_col "$P" trials | sort -u)" = 2
check tune_pass_one_round test "$(tsv_col "$P" rounds | sort -u)" = 1
check tune_pass_no_probes_json grep -q '"mode":[[:space:]]*"pass"' "$rundir/tune/run.json"
# The sweep: one row per tuned variant, at the best gbs of the pass's verified rows.
R=$rundir/results.tsv
for v in float4 gs_float4; do
    best=$(awk -F'\t' -v v="$v" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { split($c["variant"], a, ":") } a[1] == v && $c["status"] == "ok" && $c["gbs"] > m { m = $c["gbs"]; b = $c["EXTRA"] " " $c["local"] " " $c["GPC"] }
        END { print b }' "$P")
    got=$(awk -F'\t' -v v="$v" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { split($c["variant"], a, ":") } a[1] == v { print $c["EXTRA"], $c["local"], $c["GPC"] }' "$R")
    check "tune_${v}_at_its_best" test -n "$best" -a "$got" = "$best"
done
# naive is not tuned: at the spec's own values (EXTRA 1, local 64, GPC 2); at other points only as
# the relative variant of a tuned row with its parameters (rel_time).
naive_at() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["variant"] ~ /^naive/ { print $c["EXTRA"], $c["local"], $c["GPC"] }' "$R"; }
picked=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["VEC"] == 4 { print $c["EXTRA"], $c["local"], $c["GPC"] }' "$R")
check tune_untuned_at_defaults sh -c "echo '$(naive_at)' | grep -qx '1 64 2'"
check tune_untuned_only_where_needed test "$(naive_at | grep -vx '1 64 2' | sort -u)" = "$(echo "$picked" | grep -vx '1 64 2' | sort -u)"
check tune_rel_time_kept test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["variant"] ~ /^float4/ { print $c["rel_time"] }' "$R")" != ""
check tune_run_json_picked grep -q '"mode":[[:space:]]*"picked"' "$rundir/run.json"
check tune_run_json_two_picks test "$(grep -o '"at_defaults"' "$rundir/run.json" | wc -l)" -eq 2
# report.md says what the pass picked, beside the spec's own values.
$CLX report "$rundir" > /dev/null 2>&1
check tune_report_section grep -q '^## The tuning pass' "$rundir/report.md"
check tune_report_pass_said grep -q '^Before the sweep the variants where `VEC == 4` ran over 24 configurations' "$rundir/report.md"
$CLX report "$rundir/tune" > /dev/null 2>&1
check tune_report_of_pass grep -q '^This folder is a tuning pass' "$rundir/tune/report.md"
check tune_report_picks test "$(grep -cE '^\| float4 \| default \| EXTRA=[12] local=[0-9]+ GPC=[24] \| [0-9.e+]+ \| [0-9.e+-]+% \| EXTRA=1 local=64 GPC=2 \| [0-9.e+]+ \| [0-9.e+-]+% \| [^|]+ \|$' "$rundir/report.md")" -eq 1

# --resume: the picks come from tune/, no second pass; the missing rows run.
cp -r "$rundir" "$T/resumed"
awk -F'\t' -v OFS='\t' 'NR <= 3 { NF = NF - 1; print }' "$R" > "$T/resumed/results.tsv"
sed -i 's/"finished"/"interrupted"/' "$T/resumed/run.json"
$CLX run --resume "$T/resumed" --quiet > "$T/resumed.log" 2>&1; rc=$?
check tune_resume_rc_0 test "$rc" -eq 0
check tune_resume_no_pass sh -c "! grep -q 'tuning pass of' $T/resumed.log"
check tune_resume_same_rows test "$(cut -f2,6,11 "$T/resumed/results.tsv" | sort)" = "$(cut -f2,6,11 "$R" | sort)"
# A pass's own folder is not a sweep to resume.
cp -r "$rundir/tune" "$T/passonly"
sed -i 's/"finished"/"interrupted"/' "$T/passonly/run.json"
$CLX run --resume "$T/passonly" --quiet > "$T/passonly.log" 2>&1; rc=$?
check tune_resume_pass_refused test "$rc" -eq 4
check tune_resume_pass_said grep -q "a tuning pass's folder" "$T/passonly.log"

# No pass where the user chooses a tuned axis, nor under --quick; run.json says why.
run_clx "$T/b" run "$T/tune.spec" $FAST --local 64
check tune_local_no_pass test "$rc" -eq 0 -a ! -d "$rundir/tune"
check tune_local_why grep -q '"why":[[:space:]]*"--local given: the values asked run"' "$rundir/run.json"
$CLX report "$rundir" > /dev/null 2>&1
check tune_report_off grep -q '^No tuning pass in this run (--local given: the values asked run)' "$rundir/report.md"
check tune_local_all_rows test "$(tsv_rows "$rundir/results.tsv")" -eq 3
run_clx "$T/c" run "$T/tune.spec" --quick
check tune_quick_no_pass test "$rc" -eq 0 -a ! -d "$rundir/tune"

# A pass out of its seconds: fewer rows than candidates, said, the picks from those measured. What
# a loaded machine measures in its one second is anything from none to hundreds: only what holds
# whatever it measured is compared here.
sed 's/seconds = 60;/seconds = 1;/; s/local = "32,64,128";/local = "1:400:1";/' "$T/tune.spec" > "$T/slow.spec"
run_clx "$T/d" run "$T/slow.spec" $FAST
check tune_deadline_rc_0 test "$rc" -eq 0
check tune_deadline_said grep -q "ran out of its seconds" "$T/d.log"
check tune_deadline_fewer test "$(tsv_rows "$rundir/tune/results.tsv")" -lt 3200
# The deadline holds inside a launch point too (its 800 configurations are added before the first
# runs): the pass ends within its point, not after the whole point.
check tune_deadline_within_point test "$(tsv_rows "$rundir/tune/results.tsv")" -lt 800
check tune_deadline_json grep -q '"pass_stopped":[[:space:]]*true' "$rundir/run.json"
# The tuned variant it never reached (float4's 800 configurations come first) is named: on the
# console, in run.json, in report.md's tuning section and in the title of a plot that shows it. The
# pass runs out after 3 configurations (CLX_TUNE_STOP_AFTER), not after a second that a loaded
# machine may spend on none.
sed 's/local = "32,64,128";/local = "1:400:1";/' "$T/tune.spec" > "$T/slow.spec"
CLX_TUNE_STOP_AFTER=3 run_clx "$T/d3" run "$T/slow.spec" $FAST
check tune_stop_after_rows test "$rc" -eq 0 -a "$(tsv_rows "$rundir/tune/results.tsv")" -eq 3
check tune_deadline_unreached_said grep -q "it did not reach gs_float4, which runs at the spec's own values, untuned" "$T/d3.log"
check tune_deadline_unreached_json grep -q '"unreached":[[:space:]]*\["gs_float4"\]' "$rundir/run.json"
cp "$T/slow.spec" "$T/slowp.spec"
echo 'plots = ( { kind = "bars"; name = "gbs"; metric = "gbs"; } );' >> "$T/slowp.spec"
$CLX report "$rundir" --spec "$T/slowp.spec" > /dev/null 2>&1
check tune_deadline_unreached_report grep -q '^\*\*Not reached:\*\* the pass ran out of its seconds before gs_float4: it ran' "$rundir/report.md"
check tune_deadline_unreached_plot grep -q 'untuned (the tuning pass ran out of its seconds before them): gs_float4' "$rundir/plots/gbs.gp"

# A pass that picks nothing (every configuration of a tuned variant left out by a restriction, the
# spec's own values, which the pass measures too, among them): no tuning happened, said so in the
# console, run.json and report.md, no pick claimed; the spec's own values run (the tuned variants'
# skipped there too).
sed 's/local = "32,64,128";/local = "32,128";/' "$T/tune.spec" > "$T/none.spec"
echo 'restrictions = [ "VEC < 4 || local > 1000" ];' >> "$T/none.spec"
run_clx "$T/n" run "$T/none.spec" $FAST
check tune_none_rc_0 test "$rc" -eq 0
check tune_none_said grep -q "^clx: no tuning happened: the spec's own values run (the tuning pass measured and verified no row of a tuned variant)" "$T/n.log"
check tune_none_no_pick sh -c "! grep -q '^clx: tuned ' $T/n.log"
check tune_none_no_picks_claimed sh -c "! grep -q 'configuration the tuning pass picked' $T/n.log"
check tune_none_header grep -q "^clx: 3 of those 3 configurations run: the spec's own values (no tuning happened)" "$T/n.log"
check tune_none_rows test "$(tsv_col "$rundir/results.tsv" local | sort -u)" = 64 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1 -a "$(tsv_count "$rundir/results.tsv" status skipped)" -eq 2
check tune_none_json grep -q '"mode":[[:space:]]*"none"' "$rundir/run.json"
check tune_none_json_why grep -q "\"why\":[[:space:]]*\"no tuning happened: the spec's own values ran (" "$rundir/run.json"
check tune_none_json_no_picks sh -c "! grep -q '\"picks\"' $rundir/run.json"
$CLX report "$rundir" > /dev/null 2>&1
check tune_none_report grep -q "^No tuning happened: the spec's own values ran (" "$rundir/report.md"
check tune_none_report_no_table sh -c "! grep -q '^| variant | build | picked' $rundir/report.md"
# --resume of such a run: no pass, no pick, the same words.
cp -r "$rundir" "$T/none_resumed"
awk -F'\t' -v OFS='\t' 'NR <= 2 { NF = NF - 1; print }' "$rundir/results.tsv" > "$T/none_resumed/results.tsv"
sed -i 's/"finished"/"interrupted"/' "$T/none_resumed/run.json"
$CLX run --resume "$T/none_resumed" --quiet > "$T/none_resumed.log" 2>&1; rc=$?
check tune_none_resume_rc_0 test "$rc" -eq 0
check tune_none_resume_json grep -q '"mode":[[:space:]]*"none"' "$T/none_resumed/run.json"
check tune_none_resume_rows test "$(tsv_count "$T/none_resumed/results.tsv" status ok)" -eq 1 -a "$(tsv_rows "$T/none_resumed/results.tsv")" -eq 3

# A spec without `variants`: its tuned pick is named as its one unnamed variant is, by the spec's
# name (an empty name before).
cp tests/e2e/fixtures/tune_params.spec "$T/"
sed -i 's|"../../../templates/vecsum.cl.m4"|"vecsum.cl.m4"|' "$T/tune_params.spec"
run_clx "$T/u" run "$T/tune_params.spec" $FAST
check tune_unnamed_rc_0 test "$rc" -eq 0
check tune_unnamed_said grep -q "^clx: tuned tune_params: EXTRA=[12] local=[0-9]* (gbs " "$T/u.log"
check tune_unnamed_json grep -q '"variant":[[:space:]]*"tune_params"' "$rundir/run.json"
$CLX report "$rundir" > /dev/null 2>&1
check tune_unnamed_report test "$(grep -cE '^\| tune_params \| default \| EXTRA=[12] local=[0-9]+ \|' "$rundir/report.md")" -eq 1

# A CPU device takes the spec's `cpu` candidates and seconds instead of its axes (peaks' streams want
# other grids there); any other device the axes. Said as the pass begins, in run.json's tune, in the picks.
sed 's/trials = 2; seconds = 60; };/trials = 2; seconds = 60; cpu = { axes = { local = "16,32"; EXTRA = [ 2 ]; }; seconds = 50; }; };/' \
    "$T/tune.spec" > "$T/cpu.spec"
run_clx "$T/e" run "$T/cpu.spec" $FAST
check tune_cpu_rc_0 test "$rc" -eq 0
P=$rundir/tune/results.tsv
if grep -q '"type":[[:space:]]*"CPU"' "$rundir/run.json"; then
    check tune_cpu_said grep -q "^clx: tuning pass of cpu: the variants where VEC == 4, over local 16,32, EXTRA 2 (the spec's candidates for a CPU device); 2 trials each, at most 50 s" "$T/e.log"
    # 2 variants x local 16,32 x EXTRA 2, and each at the spec's own values (EXTRA 1, local 64).
    check tune_cpu_pass_rows test "$(tsv_rows "$P")" -eq 6
    check tune_cpu_pass_locals test "$(tsv_col "$P" local | sort -u | tr '\n' ' ')" = "16 32 64 "
    check tune_cpu_pass_gpc test "$(tsv_col "$P" GPC | sort -u)" = 2
    check tune_cpu_json grep -q '"cpu":[[:space:]]*true' "$rundir/run.json"
    check tune_cpu_pick_said grep -q "^clx: tuned float4: \(local=\(16\|32\) EXTRA=2\|local=64 EXTRA=1\) (gbs " "$T/e.log"
else
    check tune_cpu_not_here grep -q "^clx: tuning pass of cpu: the variants where VEC == 4, over EXTRA 1,2, local 32,64,128, GPC 2,4; 2 trials each, at most 60 s" "$T/e.log"
    check tune_cpu_json_not_here sh -c "! grep -q '\"cpu\":' $rundir/run.json"
fi

# The spec's own values outside the candidates (GPC 8, local 256): the pass measures them too, one
# configuration more a tuned variant (its EXTRA 1 is a candidate), as each pick's baseline; each pick
# says its cv and its gain over them, the figures it names being the pass's rows'. The words checked
# are those no load changes: the baseline named, and the gain the ratio of the two figures printed
# (whether it is clear or within their noise depends on the load: either is allowed).
sed 's/launch = { N = 100000; GPC = 2; local = 64; };/launch = { N = 100000; GPC = 8; local = 256; };/' "$T/tune.spec" > "$T/own.spec"
run_clx "$T/o" run "$T/own.spec" $FAST
check tune_base_rc_0 test "$rc" -eq 0
P=$rundir/tune/results.tsv
check tune_base_pass_rows test "$(tsv_rows "$P")" -eq 26
at_own() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["GPC"] == 8 && $c["local"] == 256 { split($c["variant"], a, ":"); print a[1], $c["EXTRA"], $c["status"], $c["gbs"] }' "$1"; }
check tune_base_measured test "$(at_own "$P" | cut -d' ' -f1-3 | sort | tr '\n' ' ')" = "float4 1 ok gs_float4 1 ok "
check tune_base_pass_json sh -c "tr -d ' \n\t' < $rundir/tune/run.json | grep -q '\"baseline\":{\"EXTRA\":\"1\",\"local\":\"256\",\"GPC\":\"8\"}'"
# ratio_ok LINE OWN: the baseline's figure in a pick's line is OWN, the pass row's (to its 4 digits),
# and the gain said is the ratio of the pick's figure to it (to its 3).
ratio_ok() { echo "$1" | awk -v own="$2" '{
    match($0, /\(gbs [0-9.]+/); m = substr($0, RSTART + 5, RLENGTH - 5) + 0
    match($0, /; [0-9.]+x better/); r = substr($0, RSTART + 2, RLENGTH - 10) + 0
    match($0, /GPC=8: [0-9.]+/); b = substr($0, RSTART + 7, RLENGTH - 7) + 0
    d = (b - own) / own; e = (r - m / b) / r
    exit !(b > 0 && d < 0.001 && -d < 0.001 && e < 0.006 && -e < 0.006) }'; }
says() { echo "$1" | grep -q "$2"; }
check tune_base_two_picks test "$(grep -c '^clx: tuned ' "$T/o.log")" -eq 2
for v in float4 gs_float4; do
    line=$(grep "^clx: tuned $v: " "$T/o.log")
    own=$(at_own "$P" | awk -v v="$v" '$1 == v { print $4 }')
    # Either the spec's own values won, or the gain is named with the baseline's values and figure.
    if echo "$line" | grep -q "the spec's own values: no candidate beat them)$"; then
        check "tune_base_${v}_won" says "$line" "^clx: tuned $v: EXTRA=1 local=256 GPC=8 (gbs [0-9.]*, cv [0-9.e+-]*%; "
    else
        check "tune_base_${v}_named" says "$line" "^clx: tuned $v: [^(]*(gbs [0-9.]*, cv [0-9.e+-]*%; [0-9.]*x better than the spec's own EXTRA=1 local=256 GPC=8: [0-9.]*, cv [0-9.e+-]*%"
        check "tune_base_${v}_ratio" ratio_ok "$line" "$own"
    fi
done
check tune_base_json_gain test "$(grep -c '"gain_is":[[:space:]]*"\(clear\|within noise\|same\)"' "$rundir/run.json")" -eq 2
check tune_base_json_cv test "$(grep -c '"cv":' "$rundir/run.json")" -ge 4
$CLX report "$rundir" > /dev/null 2>&1
check tune_base_report test "$(grep -cE '^\| (float4|gs_float4) \| default \| [^|]+ \| [0-9.e+]+ \| [0-9.e+-]+% \| EXTRA=1 local=256 GPC=8 \| [0-9.e+]+ \| [0-9.e+-]+% \| ' "$rundir/report.md")" -eq 2
# --resume reads the baseline back from tune/: the same picks and gains in run.json.
cp -r "$rundir" "$T/own_resumed"
awk -F'\t' -v OFS='\t' 'NR <= 2 { NF = NF - 1; print }' "$rundir/results.tsv" > "$T/own_resumed/results.tsv"
sed -i 's/"finished"/"interrupted"/' "$T/own_resumed/run.json"
$CLX run --resume "$T/own_resumed" --quiet > "$T/own_resumed.log" 2>&1
check tune_base_resume_gains test "$(grep -c '"gain_is"' "$T/own_resumed/run.json")" -eq 2 -a "$(grep '"gain' "$T/own_resumed/run.json")" = "$(grep '"gain' "$rundir/run.json")"

# The spec's own values left out by a restriction over a launch axis: each pick says they did not run, and why.
(cat "$T/own.spec"; echo 'restrictions = [ "local < 200" ];') > "$T/ownskip.spec"
run_clx "$T/os" run "$T/ownskip.spec" $FAST
check tune_base_skip_rc_0 test "$rc" -eq 0
check tune_base_skip_said test "$(grep -c "^clx: tuned .*; the spec's own EXTRA=1 local=256 GPC=8 did not run: skipped: left out by the spec's restrictions" "$T/os.log")" -eq 2
check tune_base_skip_json test "$(grep -c '"gain_is":[[:space:]]*"none"' "$rundir/run.json")" -eq 2
$CLX report "$rundir" > /dev/null 2>&1
check tune_base_skip_report test "$(grep -c "unknown: the spec's own values did not run (skipped: " "$rundir/report.md")" -eq 2

# A pass not run says so on the console, once, as the run begins (not under --quiet).
"$CLX" run "$T/tune.spec" --quick --out "$T/sq" > "$T/sq.log" 2>&1
check tune_skip_quick_said test "$(grep -c "^clx: tuning pass of tune: not run: --quick runs the spec's own values$" "$T/sq.log")" -eq 1
"$CLX" run "$T/tune.spec" $FAST --local 64 --out "$T/sl" > "$T/sl.log" 2>&1
check tune_skip_local_said grep -q "^clx: tuning pass of tune: not run: --local given: the values asked run$" "$T/sl.log"
"$CLX" run "$T/tune.spec" $FAST --set GPC=2 --out "$T/ss" > "$T/ss.log" 2>&1
check tune_skip_set_said grep -q "^clx: tuning pass of tune: not run: --set GPC given: the values asked run$" "$T/ss.log"
check tune_skip_set_json grep -q '"why":[[:space:]]*"--set GPC given: the values asked run"' "$(ls -d "$T"/ss/*-*-* | head -n 1)/run.json"
check tune_skip_quiet sh -c "! grep -q 'tuning pass' $T/c.log"

# Mistakes in the spec's tune, each named with its line.
bad() { # bad NAME SED-EXPRESSION MESSAGE
    sed "$2" "$T/tune.spec" > "$T/$1.spec"
    $CLX run "$T/$1.spec" --quiet > "$T/$1.log" 2>&1; rc=$?
    check "tune_bad_$1_exit_4" test "$rc" -eq 4
    check "tune_bad_$1_said" grep -q "$3" "$T/$1.log"
}
bad axis 's/GPC = "2,4"/WG = "2,4"/' "spec:[0-9]*: tune: 'WG' is not one of the spec's params or launch axes"
bad metric 's/metric = "gbs"/metric = "speed"/' "spec:[0-9]*: tune: metric 'speed' is not a column"
bad better 's/metric = "gbs";/metric = "gbs"; better = "more";/' 'spec:[0-9]*: tune: better must be "higher" or "lower"'
bad key 's/trials = 2;/trails = 2;/' "spec:[0-9]*: tune: unknown setting 'trails'"
bad variants 's/VEC == 4/VECX == 4/' "spec:[0-9]*: tune variants: unknown name .VECX."
bad cpu_axis 's/seconds = 60; };/seconds = 60; cpu = { axes = { WG = "2,4"; }; }; };/' "spec:[0-9]*: tune: cpu: 'WG' is not one of the spec's params or launch axes"
bad cpu_key 's/seconds = 60; };/seconds = 60; cpu = { axes = { GPC = "2,4"; }; trials = 1; }; };/' "spec:[0-9]*: tune: cpu: unknown setting 'trials'"

# The pass's seconds are the device's: a wait for its turn while another clx times it (held here by
# flock(1), past the pass's seconds from its start) does not spend them, as it does not a search's
# budget. 8 candidates of a few ms each have their 10 s to themselves (20 times what they take here, so
# that a loaded machine keeps the margin); before, the wait had spent
# them and the pass ran none. The lock files in a folder of this test's own.
own_locks
sed 's/seconds = 60;/seconds = 10;/; s/local = "32,64,128"; GPC = "2,4";/local = "32,64"; GPC = "2";/' "$T/tune.spec" > "$T/wait.spec"
run_clx "$T/lk" run vecsum --quick --set variant=naive
lock=$(sed -n 's/.*"device_lock":[[:space:]]*"\([^"]*\)".*/\1/p' "$rundir/run.json" | head -n 1)
hold_lock -x "$lock"
rm -rf "$T/w"
"$CLX" run "$T/wait.spec" $FAST --out "$T/w" --quiet > "$T/w.log" 2>&1 & pid=$!
waiting_in "$T/w.log"
sleep 11
kill $holder; wait $holder 2>/dev/null
wait $pid; rc=$?
rundir=$(ls -d "$T"/w/*-*-* | head -n 1)
check tune_wait_rc_0 test "$rc" -eq 0
check tune_wait_waited grep -q 'waiting for its turn' "$T/w.log"
check tune_wait_pass_whole test "$(tsv_rows "$rundir/tune/results.tsv")" -eq 8
check tune_wait_not_out_of_time sh -c "! grep -q 'ran out of its seconds' $T/w.log"
check tune_wait_json grep -q '"pass_stopped":[[:space:]]*false' "$rundir/run.json"
check tune_wait_json_waited awk -v w="$(grep -o '"pass_waiting_s":[[:space:]]*[0-9.e+-]*' "$rundir/run.json" | sed 's/.*://')" 'BEGIN { exit !(w + 0 > 10) }'
check tune_wait_picked test "$(grep -c '^clx: tuned ' "$T/w.log")" -eq 2
check tune_wait_said grep -q '^clx: tuning pass: 8 configurations in [0-9.]* s ([0-9.]* s of it waiting for another clx to finish timing the device)' "$T/w.log"
finish
