# host_load.sh — a run on a CPU device records how busy the host was during its sweep (run.json
# host_load, every key in docs/results.md; no host_load on a device that is no CPU; a modes run's
# the same over its modes) and says so at its end exactly where its run.json says others took 10% of
# the host or more, once, with that share (report.md too, at its top and above its findings); clx compare and clx history name two runs whose recorded
# shares are 10 points apart beside their FASTER and SLOWER verdicts or a whole run's move (console,
# compare.md, history.md), and say nothing of runs closer than that, of a run without host_load (a
# GPU's, an older clx's) or of runs whose times did not move.
# Nothing here depends on the load: the run's line is checked against its own run.json, and the
# comparisons are of model runs (tests/e2e/fixtures/report/make_run.sh) given the loads they say.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/host_load
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# hl DIR KEY: host_load's KEY in DIR/run.json (as cJSON writes it: a key a line), empty where absent.
hl() {
    awk -v k="$2" '/^\t"host_load":/ { on = 1; next } on && /^\t}/ { on = 0 }
        on && index($0, "\"" k "\":") { sub(/^[^:]*:[ \t]*/, ""); sub(/,$/, ""); print }' "$1/run.json"
}

# check_recorded NAME DIR LOG DURING: on a CPU device, DIR/run.json's host_load has every figure
# Linux's /proc gives, within its range, and LOG says it at the end (once, "during the DURING")
# exactly where the share is 10% or more, with that share; on another device (its kernels do not share
# the host's cores) nothing is recorded or said.
check_recorded() {
    if grep -q '"type":[[:space:]]*"CPU' "$2/run.json"; then
        check "${1}_recorded" awk -v c="$(hl "$2" cpus)" -v s="$(hl "$2" seconds)" -v o="$(hl "$2" others_share)" \
            -v m="$(hl "$2" clx_share)" -v a="$(hl "$2" load_avg_start)" -v b="$(hl "$2" load_avg_end)" \
            'BEGIN { exit !(c >= 1 && s > 0 && o != "" && o >= 0 && o <= 1 && m != "" && m >= 0 && m <= 1 && a != "" && b >= 0) }'
        _share=$(hl "$2" others_share)
        _pct=$(awk -v o="$_share" 'BEGIN { printf "%.0f", 100 * o }')
        _said=$(grep -c '^clx: host load: other processes took' "$3")
        if awk -v o="$_share" 'BEGIN { exit !(o >= 0.10) }'; then
            check "${1}_end_said" test "$_said" -eq 1 -a \
                -n "$(grep "^clx: host load: other processes took $_pct% of the host.s CPU time during the $4 (" "$3")"
        else
            check "${1}_end_said" test "$_said" -eq 0
        fi
    else
        check "${1}_recorded" test -z "$(grep '"host_load"' "$2/run.json")" -a -z "$(grep '^clx: host load' "$3")"
        skip "${1}_end_said" "not a CPU device"
    fi
}

run_clx "$T/r" run vecsum --quick --set variant=naive
check hostload_run_exit test "$rc" -eq 0
check_runjson_documented hostload_keys_documented "$rundir"
check_recorded hostload "$rundir" "$T/r.log" sweep
# report.md says it as the run's end does (by its run.json, not by the load now): once near the top
# with the share, and above the findings' verdicts with what it means for them; nothing below 10%.
"$CLX" report "$rundir" > "$T/rep.log" 2>&1
_share=$(hl "$rundir" others_share)
_top=$(grep -c '^\*\*Host load:\*\* other processes took' "$rundir/report.md")
_under=$(grep -c '^\*Under load:\* other processes took' "$rundir/report.md")
_findings=$(grep -c '^## The .*findings on this device' "$rundir/report.md")
if [ -n "$_share" ] && awk -v o="$_share" 'BEGIN { exit !(o >= 0.10) }'; then
    _pct=$(awk -v o="$_share" 'BEGIN { printf "%.0f", 100 * o }')
    check hostload_report_top test "$_top" -eq 1 -a -n "$(grep "^\*\*Host load:\*\* other processes took $_pct% of the host.s CPU time during the sweep (" "$rundir/report.md")"
    check hostload_report_findings test "$_under" -eq "$_findings"
else
    check hostload_report_top test "$_top" -eq 0 -a "$_under" -eq 0
    skip hostload_report_findings "others took under 10% of the host (or it is no CPU device)"
fi

# A modes run (clx run EXP --modes; its run.json had no host_load before): the same record over its
# modes, said at its end as a sweep's is.
rm -rf "$T/modes"
"$CLX" run expint --modes --quick --out "$T/modes" > "$T/modes.log" 2>&1
check hostload_modes_exit test $? -eq 0
md=$(ls -d "$T"/modes/expint-modes-* | head -n 1)
check_runjson_documented hostload_modes_keys_documented "$md"
check_recorded hostload_modes "$md" "$T/modes.log" modes

# --device all (two PoCL devices, run side by side): each device's console says it, the terminal
# once at the end for each device whose run.json says 10% or more, naming the device.
rm -rf "$T/m"
POCL_DEVICES="pthread pthread" "$CLX" run vecsum --quick --set variant=naive --build '' --device all --out "$T/m" \
    > "$T/m.log" 2>&1
check hostload_devices_exit test $? -eq 0
ok=1
for d in "$T"/m/vecsum-*/; do
    d=${d%/}
    [ -f "$d/run.json" ] || { ok=0; continue; }
    idx=$(sed -n 's/^\t"device_index":\t"\([^"]*\)",$/\1/p' "$d/run.json")
    n=$(grep -c "^clx: host load on $idx " "$T/m.log")
    if awk -v o="$(hl "$d" others_share)" 'BEGIN { exit !(o != "" && o >= 0.10) }'; then
        [ "$n" -eq 1 ] && [ "$(grep -c '^clx: host load: ' "$d/console.log")" -eq 1 ] || ok=0
    else
        [ "$n" -eq 0 ] || ok=0
    fi
done
check hostload_devices_said_each test "$ok" -eq 1 -a "$(ls -d "$T"/m/vecsum-*/ | wc -l)" -eq 2

# set_load DIR SHARE: DIR's run.json says others took SHARE of the host during its sweep.
set_load() {
    if grep -q '"host_load"' "$1/run.json"; then
        sed -i "s/\"others_share\": [0-9.]*/\"others_share\": $2/" "$1/run.json"
    else
        sed -i "s/\"host\": \"test\",/\"host\": \"test\", \"host_load\": { \"cpus\": 2, \"seconds\": 60, \"load_avg_start\": 1.5, \"load_avg_end\": 1.6, \"others_share\": $2, \"clx_share\": 0.5 },/" "$1/run.json"
    fi
}
# decided TSV: compare.tsv's FASTER and SLOWER verdicts of B.
decided() { echo $(($(tsv_count "$1" verdict_B FASTER) + $(tsv_count "$1" verdict_B SLOWER))); }

# A (3% of the host taken by others) and B (46%, every row 1.5x as long), 6 configurations (too few
# for the runs' scatter: each decided): said with both shares, the verdicts, and B as the side with
# less of the host, whom the load alone makes slower.
make_run "$T/A" fixture 1 "1000" skip rounds
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "TERMS") t = i; print; next } $t == 1' \
    "$T/A/results.tsv" > "$T/A/r.tmp" && mv "$T/A/r.tmp" "$T/A/results.tsv"
sed -i 's/"ok": [0-9]*/"ok": 6/' "$T/A/run.json"
set_load "$T/A" 0.03
copy_run "$T/A" "$T/B" 24
set_load "$T/B" 0.46
scale "$T/B" 1 1.5
"$CLX" compare "$T/A" "$T/B" --out "$T/cb" > "$T/cb.log" 2>&1; rc=$?
check hostload_compare_premise test "$rc" -eq 0 -a "$(tsv_count "$T/cb/compare.tsv" verdict_B SLOWER)" -eq 6
line="B ran under another host load than A: other processes took 46% of the host.s CPU time during B.s sweep, 3% during A.s (run.json host_load): the CPU device ran its kernels on the cores they used, so B.s speed against A (0.667x in the median configuration, 6 SLOWER) may be the load.s (B ran while other processes took more of the host, which alone makes B slower) rather than the code.s"
check hostload_compare_console grep -q "^clx: compare: $line: run both again on a quieter host" "$T/cb.log"
check hostload_compare_once test "$(grep -c 'ran under another host load' "$T/cb.log")" -eq 1
check hostload_compare_md grep -q "^\*\*B ran under another host load than A:\*\* other processes took 46% .*(0.667x in the median configuration, 6 SLOWER) may be the load.s (B ran while other processes took more of the host, which alone makes B slower)" "$T/cb/compare.md"
# The other way round: A is then the side with less of the host, and B faster the load's way.
"$CLX" compare "$T/B" "$T/A" --out "$T/ca" > "$T/ca.log" 2>&1
check hostload_compare_reversed grep -q "^clx: compare: B ran under another host load than A: other processes took 3% of the host.s CPU time during B.s sweep, 46% during A.s .*(1.500x in the median configuration, 6 FASTER) may be the load.s (A ran while other processes took more of the host, which alone makes A slower)" "$T/ca.log"
# B with less of the host yet FASTER (two runs of identical code 14 s apart, B 1.38x as fast): not the
# load's way, nothing said ("may be the load's (B had less of the host)" beside FASTER read as B given
# less CPU and faster for it).
copy_run "$T/B" "$T/F" 25
scale "$T/F" 1 0.4830918
"$CLX" compare "$T/A" "$T/F" --out "$T/cf" > "$T/cf.log" 2>&1; rc=$?
check hostload_other_way_premise test "$rc" -eq 0 -a "$(tsv_count "$T/cf/compare.tsv" verdict_B FASTER)" -eq 6
check hostload_other_way_unsaid test -z "$(grep 'another host load' "$T/cf.log" "$T/cf/compare.md")"

# history: the step said in run numbers, on the console and in history.md.
"$CLX" history "$T/A" "$T/B" --out "$T/hb" > "$T/hb.log" 2>&1; rc=$?
check hostload_history_console test "$rc" -eq 0 -a -n "$(grep '^clx: history: run 2 ran under another host load than run 1: other processes took 46% of the host.s CPU time during run 2.s sweep, 3% during run 1.s' "$T/hb.log")"
check hostload_history_md grep -q '^\*\*Run 2 ran under another host load than run 1:\*\* other processes took 46%' "$T/hb/history.md"

# 32 configurations 1.5x apart: the runs' own scatter leaves every one UNSURE and the whole run is
# said to have moved; the loads are said beside that move.
make_run "$T/L" fixture 1 "1000 2000" "" rounds
set_load "$T/L" 0.03
copy_run "$T/L" "$T/M" 24
set_load "$T/M" 0.46
scale "$T/M" 1 1.5
"$CLX" compare "$T/L" "$T/M" --out "$T/cm" > "$T/cm.log" 2>&1; rc=$?
check hostload_moved_premise test "$rc" -eq 0 -a "$(decided "$T/cm/compare.tsv")" -eq 0 -a -n "$(grep 'the whole run moved' "$T/cm.log")"
check hostload_moved_said grep -q "^clx: compare: B ran under another host load than A: .* so B.s speed against A (0.667x in the median configuration) may be the load.s (B ran while other processes took more of the host, which alone makes B slower)" "$T/cm.log"

# Not said: loads 5 points apart (C), a run that recorded none (G: a GPU's, an older clx's), and
# loads apart with nothing moved (S: the same times within 0.1%).
copy_run "$T/A" "$T/C" 25
set_load "$T/C" 0.08
scale "$T/C" 1 1.5
copy_run "$T/A" "$T/G" 25
sed -i 's/"host_load": {[^}]*},//' "$T/G/run.json"
scale "$T/G" 1 1.5
copy_run "$T/A" "$T/S" 25
set_load "$T/S" 0.46
scale "$T/S" 1 1.001
for x in C G S; do
    "$CLX" compare "$T/A" "$T/$x" --out "$T/c$x" > "$T/c$x.log" 2>&1; rc=$?
    check "hostload_quiet_$x" test "$rc" -eq 0 -a -z "$(grep 'another host load' "$T/c$x.log" "$T/c$x/compare.md")"
done
check hostload_quiet_premises test "$(decided "$T/cC/compare.tsv")" -eq 6 -a "$(decided "$T/cG/compare.tsv")" -eq 6 -a \
    "$(decided "$T/cS/compare.tsv")" -eq 0 -a -z "$(grep host_load "$T/G/run.json")"

# A saturated host: the load took CPU time from clx, the others' share hardly moved (X: others 68%,
# clx 31%; Y beside a busy loop: 73% and 27%, every row 1.15x as long). 5 points apart, nothing was
# said; clx's share 13% lower is said, with both runs' shares of each.
copy_run "$T/A" "$T/X" 25
set_load "$T/X" 0.68
sed -i 's/"clx_share": [0-9.]*/"clx_share": 0.31/' "$T/X/run.json"
copy_run "$T/A" "$T/Y" 26
set_load "$T/Y" 0.73
sed -i 's/"clx_share": [0-9.]*/"clx_share": 0.27/' "$T/Y/run.json"
scale "$T/Y" 1 1.15
"$CLX" compare "$T/X" "$T/Y" --out "$T/cxy" > "$T/cxy.log" 2>&1; rc=$?
check hostload_clx_share_premise test "$rc" -eq 0 -a "$(decided "$T/cxy/compare.tsv")" -eq 6
check hostload_clx_share_said grep -q "^clx: compare: B ran under another host load than A: clx took 27% of the host.s CPU time during B.s sweep, 31% during A.s, other processes 73% and 68% (run.json host_load): on a host this busy more load takes CPU time from clx rather than raising the others. share, and the CPU device ran its kernels in clx.s share, so B.s speed against A (0.870x in the median configuration, 6 SLOWER) may be the load.s (clx had less of the host.s CPU time during B.s sweep, which alone makes B slower)" "$T/cxy.log"
check hostload_clx_share_md grep -q '^\*\*B ran under another host load than A:\*\* clx took 27%' "$T/cxy/compare.md"

# Three runs: 3%, 3% (the same times) and 46% (1.5x as long): the second step said, and the first
# against the last after the drift; the first step (the same load) not.
copy_run "$T/A" "$T/A2" 24
scale "$T/A2" 1 1.001
copy_run "$T/B" "$T/B3" 26
"$CLX" history "$T/A" "$T/A2" "$T/B3" --out "$T/h3" > "$T/h3.log" 2>&1; rc=$?
check hostload_history_steps test "$rc" -eq 0 -a "$(grep -c 'ran under another host load' "$T/h3.log")" -eq 2 -a \
    -n "$(grep '^clx: history: run 3 ran under another host load than run 2: ' "$T/h3.log")" -a \
    -n "$(grep '^clx: history: run 3 ran under another host load than run 1: ' "$T/h3.log")"
check hostload_history_span_after_drift awk '/^The last run against the first:/ { d = NR } /run 3 ran under another host load than run 1/ { s = NR }
    END { exit !(d && s > d) }' "$T/h3.log"
finish
