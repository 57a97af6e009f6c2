#!/bin/sh
# sol_peaks_timing.sh — how a peaks run was timed, read with its figures (docs/sol.md): a full one
# whose timed rows were mostly shared (another clx timed the device meanwhile) is not taken by
# default, as a --quick one is not (the speed-of-light line and run.json sol.peaks_run_shared_unread
# say so; --peaks still reads it, saying so); one read whose timed rows were mostly noisy, or whose
# host other processes kept busy (run.json host_load), is read, and the line and run.json
# sol.peaks_run_note say so; one timed alone on a quiet host says nothing. Before, a full run of 18
# rows all shared and noisy at 84% host load became the device's ceilings without a word. And the
# speed-of-light chart: its 100% line is "speed of light", not "peak", and each bound has one colour in
# every report (fp32 blue). Made from a quick peaks run (run.json's quick false, its rows' flags and
# host_load set): only words and names are compared.
. tests/e2e/lib.sh
T=$TMP/sol_peaks_timing
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/peaks" run peaks --quick
P=$rundir
check peaks_run_made test -s "$P/results.tsv" -a -s "$P/run.json"

# made KIND FLAG SHARE: a full copy of P in $T/KIND (every timed row's flags FLAG alone, "" none;
# host_load's others_share SHARE), its folder in $made.
made() {
    made=$T/$1/${P##*/}
    mkdir -p "$T/$1" && cp -r "$P" "$made"
    sed -e 's/"quick":[[:space:]]*true/"quick": false/' \
        -e "s/\"others_share\":[[:space:]]*[0-9.e+-]*/\"others_share\": $3/" "$P/run.json" > "$made/run.json"
    awk -F'\t' -v OFS='\t' -v f="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { if ($c["median_ms"] + 0 > 0) $c["flag"] = f; print }' "$P/results.tsv" > "$made/results.tsv"
}
# use KIND [ARGS]: vecsum --quick (one variant and build) with --out $T/KIND, the console in $T/KIND.log,
# its folder in $rundir.
use() {
    k=$1; shift
    "$CLX" run vecsum --quick --set variant=naive --build '' --out "$T/$k" "$@" > "$T/$k.log" 2>&1
    rundir=$(ls -d "$T/$k"/vecsum-*/ | head -n 1)
}
timed=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["median_ms"] + 0 > 0 { n++ } END { print n + 0 }' "$P/results.tsv")
check peaks_rows_timed test "$timed" -ge 2
grep -q '"others_share"' "$P/run.json"
has_load=$?

# Every timed row shared: found, not read; the line says what it is and what reads it.
made shared shared 0
S=$made
use shared
check shared_not_read sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -q '\"peaks_run\":null'"
check shared_named sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -qF '\"peaks_run_shared_unread\":\"$S\"'"
check shared_said grep -qF "(the full peaks run of this device found, $S, was timed mostly shared (another clx timed the device meanwhile), so none of its figures bounds a row:" "$T/shared.log"
# --peaks reads it anyway, and says how it was timed.
use shared_named --peaks "$S"
check shared_named_read sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -qF '\"peaks_run\":\"$S\"'"
check shared_named_note grep -q "\"peaks_run_note\":[[:space:]]*\"$timed of its $timed timed rows shared (another clx timed the device meanwhile): its figures may be low" "$rundir/run.json"
check shared_named_said grep -qF "from $S; $timed of its $timed timed rows shared" "$T/shared_named.log"
# report.md's ceilings say it too: they said "the device's full clx run peaks, DIR" with no word of it
# (one home, sol_peaks_what, for what a peaks run is wherever it is shown).
"$CLX" report "$rundir" > /dev/null 2>&1
check shared_named_report grep -qF "measured ones come from the device's full \`clx run peaks\`, $S ($timed of its $timed timed rows shared" "$rundir/report.md"
# A --quick one timed noisy: its line said "small sizes and few trials" and not how it was timed (a
# narrowed or full one's said both), nor did clx devices --peaks (a full one's header did).
made quicknoisy noisy 0
sed -i 's/"quick": false/"quick": true/' "$made/run.json"
QN=$made
use quicknoisy_read --peaks "$QN"
check quick_noisy_said grep -qF "from $QN, a --quick run named by --peaks: small sizes and few trials, not the device's peaks; $timed of its $timed timed rows noisy" "$T/quicknoisy_read.log"
"$CLX" devices --peaks --results "$T/quicknoisy" > "$T/quicknoisy.devices" 2>&1
check quick_noisy_devices grep -qF "(clx run peaks --quick, " "$T/quicknoisy.devices"
check quick_noisy_devices_timing grep -qF "small sizes and few trials, not the device's peaks; $timed of its $timed timed rows noisy" "$T/quicknoisy.devices"
"$CLX" devices --peaks --json --results "$T/quicknoisy" > "$T/quicknoisy.json" 2>&1
check quick_noisy_devices_json grep -q "\"timing\":[[:space:]]*\"$timed of its $timed timed rows noisy" "$T/quicknoisy.json"

# Every timed row noisy, the host 84% busy with others: read, and said so.
made loaded noisy 0.84
L=$made
use loaded
check loaded_read sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -qF '\"peaks_run\":\"$L\"'"
if [ "$has_load" -eq 0 ]; then
    check loaded_note grep -q "\"peaks_run_note\":[[:space:]]*\"$timed of its $timed timed rows noisy, other processes took 84% of the host's CPU time during it: its figures may be low" "$rundir/run.json"
    check loaded_said grep -qF "from $L; $timed of its $timed timed rows noisy, other processes took 84% of the host's CPU time during it: its figures may be low, and a row may pass them)" "$T/loaded.log"
else
    check loaded_note grep -q "\"peaks_run_note\":[[:space:]]*\"$timed of its $timed timed rows noisy: its figures may be low" "$rundir/run.json"
fi

# Timed alone on a quiet host: read, nothing said.
made quiet "" 0
Q=$made
use quiet
check quiet_read sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -qF '\"peaks_run\":\"$Q\"'"
check quiet_no_note sh -c "! grep -q peaks_run_note '$rundir/run.json'"
check quiet_said grep -qF "from $Q)" "$T/quiet.log"

# The chart: 100% is each row's speed of light, not "the peak" (a CPU's fp32 ceiling is its peak
# with 20% slack); a bound's colour is its own, whatever series the run has: the run's rows made
# bound by l2 alone (the first and only series, blue before) are green. One bound is named by the
# title ("only bound=fp32 (the one series)"), not by a key entry.
run_clx "$T/chart" run volkov_fma --quick
C=$T/chart/l2only
cp -r "$rundir" "$C"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { if ($c["bound"] != "") $c["bound"] = "l2"; print }' "$rundir/results.tsv" > "$C/results.tsv"
"$CLX" report "$rundir" > "$T/chart.report.log" 2>&1
"$CLX" report "$C" > "$T/chart_l2.report.log" 2>&1
check_drawn chart_speed_of_light grep -q 'speed of light 100 %\|the speed of light (100%) lies above' "$rundir/plots/sol.gp"
check chart_no_peak sh -c "! grep -q 'the peak (100\|\"peak 100' '$rundir/report.md' '$rundir/plots/sol.gp'"
check_drawn chart_fp32_blue grep -q 'pt 7 lc rgb "#0072B2" \(title "bound=fp32"\|notitle\)' "$rundir/plots/sol.gp"
# l2_chart GP: l2's points green, named by the title's lines (joined: "\n" where it wraps), no fp32.
l2_chart() {
    grep -q 'pt 7 lc rgb "#009E73" notitle' "$1" && ! grep -q 'bound=fp32' "$1" &&
        sed 's/\\n/ /g' "$1" | grep -q "only bound=l2 (the CPU.s last-level cache; the one series)"
}
check_drawn chart_l2_green l2_chart "$C/plots/sol.gp"
finish
