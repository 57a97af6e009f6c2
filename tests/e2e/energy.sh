# energy.sh — clx run --energy on PoCL: without a readable RAPL the energy columns exist, stay
# empty, and run.json, report.md and the finding say why (a run on several devices on the terminal
# once, at its end); with a fake RAPL tree whose counter a
# background loop advances (CLX_SYSFS), every row gets its energy, the report its table and
# scatter, and clx compare its energy ratios. Nothing here compares a measured value.
. tests/e2e/lib.sh
mkdir -p "$TMP"
cols="energy_j energy_power_w gflop_per_j gb_per_j energy_int_j energy_window_s energy_launches energy_temp_c"

# No RAPL: an empty sysfs root.
mkdir -p "$TMP/energy_nosys"
CLX_SYSFS=$TMP/energy_nosys run_clx "$TMP/energy_none" run vecsum --quick --set variant=naive --build '' --energy
t=$rundir/results.tsv
check energy_none_exit test "$rc" -eq 0
check energy_none_said grep -q "clx: energy: none: no RAPL: " "$TMP/energy_none.log"
# ... and again at the end, where a user who asked for it reads the run's outcome.
check energy_none_said_at_end sh -c "tail -n 3 '$TMP/energy_none.log' | grep -q '^clx: energy: asked for (--energy) but not measured: no RAPL: '"
for c in $cols; do
    check "energy_none_column_$c" test -n "$(head -1 "$t" | tr '\t' '\n' | grep -x "$c")"
    check "energy_none_empty_$c" test -z "$(tsv_col "$t" "$c" | tr -d '\n')"
done
check energy_none_json python3 -c "
import json, sys; e = json.load(open(sys.argv[1]))['energy']
assert e['asked'] is True and e['source'] is None and e['why'].startswith('no RAPL: ') and 'not readable' in e['why']" "$rundir/run.json"
"$CLX" report "$rundir" --quiet > /dev/null 2>&1
check energy_none_report grep -q "No row has an energy: no RAPL: " "$rundir/report.md"
check energy_none_finding grep -q "The fastest configuration is the most energy-efficient.*cannot be checked" "$rundir/report.md"

# --device all (two PoCL devices): each device's console.log says it, and the terminal once at the
# end, both devices on the one reason's line (it said nothing, before); --split the same.
for how in all split; do
    rm -rf "$TMP/energy_$how"
    POCL_DEVICES="pthread pthread" CLX_SYSFS=$TMP/energy_nosys "$CLX" run vecsum --quick --set variant=naive --build '' \
        --device all $([ "$how" = split ] && echo --split) --energy --out "$TMP/energy_$how" > "$TMP/energy_$how.log" 2>&1
    check "energy_${how}_exit" test $? -eq 0
    logs=$(ls "$TMP/energy_$how"/vecsum-*/console.log "$TMP/energy_$how"/vecsum-*/parts/*/console.log 2>/dev/null)
    check "energy_${how}_consoles" test "$(cat $logs | grep -c '^clx: energy: asked for (--energy) but not measured: no RAPL: ')" -eq 2
    check "energy_${how}_said_once" test "$(grep -c '^clx: energy: asked for' "$TMP/energy_$how.log")" -eq 1
    check "energy_${how}_said_both" \
        grep -q '^clx: energy: asked for (--energy) but not measured on 0:0 .* and 0:1 .*: no RAPL: ' "$TMP/energy_$how.log"
    # At the end: after every device's exit line and the side-by-side summary or the merge, before
    # the devices' folders (several devices') and the wall line.
    check "energy_${how}_said_at_end" awk '/^clx: 0:[01] .*: exit / || /^clx: compare: / || /^clx merge: / { e = NR }
        /^clx: energy: asked for/ { a = NR } /^clx: vecsum on 2 devices: wall / { w = NR } END { exit !(e && a > e && w > a) }' \
        "$TMP/energy_$how.log"
done

# Preheat (run_preheat.c). A --quick run with --energy is not preheated, and says so.
check preheat_quick_said grep -q "clx: preheat: none: a --quick run is not preheated" "$TMP/energy_none.log"
# Asked for: the heater loads the device for its seconds; where the driver reports no temperature
# (PoCL, Intel's CPU runtime) it runs all of them and says why; where one is reported, 0.3 s is too
# short to settle (30 s of readings): it runs out either way.
run_clx "$TMP/preheat_asked" run vecsum --quick --set variant=naive --build '' --preheat 0.3
check preheat_asked_exit test "$rc" -eq 0
check preheat_asked_said grep -qE "clx: preheat: [0-9.]+ s of full load.*(the driver reports no temperature here: it ran all of --preheat's seconds|its 0.3 s ran out)" "$TMP/preheat_asked.log"
check preheat_asked_json python3 -c "
import json, sys; j = json.load(open(sys.argv[1])); p = j['preheat']
assert p['ran'] is True and p['max_s'] == 0.3 and p['seconds'] >= 0.3 and p['settled'] is False and p['launch_ms'] > 0, p
assert p['watched'] is (j.get('clock_source') is not None and 'from_c' in p), p" "$rundir/run.json"
# Asked for with --energy where no source reads (no RAPL): the heat would serve nothing measured, so
# the device is not heated, said in one line, and the run goes on.
CLX_SYSFS=$TMP/energy_nosys run_clx "$TMP/preheat_nosource" run vecsum --quick --set variant=naive --build '' --energy --preheat 0.3
check preheat_nosource_exit test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
check preheat_nosource_said test "$(grep -c '^clx: preheat: ' "$TMP/preheat_nosource.log")" -eq 1 -a \
    -n "$(grep '^clx: preheat: none: --energy has no source here (run.json energy.why) and the heat serves the energy alone' "$TMP/preheat_nosource.log")"
check preheat_nosource_json python3 -c "
import json, sys; p = json.load(open(sys.argv[1]))['preheat']
assert p['ran'] is False and p['max_s'] == 0.3 and 'no source' in p['why'], p" "$rundir/run.json"
# The default under --energy without --quick: 180 s at most where a temperature is reported; without
# one, none, and why (a tiny sweep: one point of 1000 elements, two trials).
run_clx "$TMP/preheat_default" run vecsum --set variant=naive --set N=1000 --local 64 --build '' --trials 2 --rounds 1 --energy
check preheat_default_exit test "$rc" -eq 0
check preheat_default_json python3 -c "
import json, sys; j = json.load(open(sys.argv[1])); p = j['preheat']
assert p['max_s'] == 180, p
if not p['ran']: assert 'reports no temperature' in p['why'], p" "$rundir/run.json"
if grep -q '"ran":[[:space:]]*false' "$rundir/run.json"; then
    check preheat_default_said grep -q "clx: preheat: none: the driver reports no temperature here" "$TMP/preheat_default.log"
fi

# Not asked for: run.json says so.
run_clx "$TMP/energy_off" run vecsum --quick --set variant=naive --build ''
check energy_off_json python3 -c "
import json, sys; e = json.load(open(sys.argv[1]))['energy']
assert e['asked'] is False and e['source'] is None and 'not asked' in e['why']" "$rundir/run.json"
# Its report says why the energy picture is missing: not asked for, not a column the device lacks.
"$CLX" report "$rundir" > "$TMP/energy_off.report" 2>&1
check energy_off_plot_says_why grep -q "plot energy_vs_time not drawn: .* none with an energy: not asked for (clx run --energy)" "$TMP/energy_off.report"

# A fake RAPL package whose counter goes up 0.5 J a step about every half millisecond, wrapping past
# its range. clx waits for a counter's steps only above 20 ms: a shell loop that ran mv for each step
# (two processes a step) stepped slower than that on a 2-core machine loaded by other tests and read
# as a slow counter; one process that sleeps between steps is woken in time whatever the load.
z=$TMP/energy_sys/class/powercap/intel-rapl:0
rm -rf "$TMP/energy_sys"; mkdir -p "$z"
echo package-0 > "$z/name"; echo 262143328850 > "$z/max_energy_range_uj"; echo 262140000000 > "$z/energy_uj"
python3 -c '
import os, sys, time
z = sys.argv[1]; v = 262140000000
while os.path.exists(z + "/name"):
    v += 500000
    if v > 262143328850: v -= 262143328850
    with open(z + "/energy_uj.tmp", "w") as f: f.write("%d\n" % v)
    os.replace(z + "/energy_uj.tmp", z + "/energy_uj")
    time.sleep(0.0005)' "$z" &
loop=$!
CLX_SYSFS=$TMP/energy_sys run_clx "$TMP/energy_rapl" run vecsum --quick --set variant=naive,float4 --build ',-cl-opt-disable' \
    --energy --energy-window 0.5
rm -f "$z/name"; kill "$loop" 2>/dev/null; wait "$loop" 2>/dev/null
t=$rundir/results.tsv
check energy_rapl_exit test "$rc" -eq 0
check energy_rapl_said grep -q "clx: energy: RAPL (powercap) counter" "$TMP/energy_rapl.log"
rows=$(tsv_rows "$t")
for c in energy_j energy_power_w gflop_per_j gb_per_j energy_window_s energy_launches; do
    check "energy_rapl_filled_$c" test "$(tsv_col "$t" "$c" | grep -cE '^[0-9.e+-]+$')" -eq "$rows"
done
check energy_rapl_no_integral test -z "$(tsv_col "$t" energy_int_j | tr -d '\n')"
check energy_rapl_no_temperature test -z "$(tsv_col "$t" energy_temp_c | tr -d '\n')"   # no temperature here
check energy_rapl_window test "$(tsv_col "$t" energy_window_s | awk '$1 < 0.5 { n++ } END { print n + 0 }')" -eq 0
check energy_rapl_json python3 -c "
import json, sys; e = json.load(open(sys.argv[1]))['energy']
assert e['source'] == 'RAPL (powercap)' and e['counter'] and not e['power'] and e['zones'] == 'package-0'
assert e['window_s'] == 0.5 and e['counter_period_s'] > 0 and e['rows_measured'] == $rows" "$rundir/run.json"
"$CLX" report "$rundir" --quiet > /dev/null 2>&1
check energy_rapl_not_preheated grep -q "^The device was not preheated: a --quick run is not preheated" "$rundir/report.md"
check energy_rapl_table grep -q "^| variant | build | fastest | fastest: GFLOP/s | its GFLOP/J | most efficient" "$rundir/report.md"
check energy_rapl_finding grep -qE "The fastest configuration is the most energy-efficient.*\*\*(holds|does not hold)\*\*" "$rundir/report.md"
check_drawn energy_rapl_scatter test -s "$rundir/plots/energy_vs_time-1000003.svg"
rm -rf "$TMP/energy_cmp" "$TMP/energy_temp" "$TMP/energy_temp2" "$TMP/energy_temp3"
"$CLX" compare "$rundir" --by build --out "$TMP/energy_cmp" > /dev/null 2>&1
check energy_compare_exit test $? -eq 0
check energy_compare_columns test "$(head -1 "$TMP/energy_cmp/compare.tsv" | tr '\t' '\n' | grep -cxE 'energy_j_A|energy_j_B|energy_ratio_B')" -eq 3
check energy_compare_ratios test "$(tsv_col "$TMP/energy_cmp/compare.tsv" energy_ratio_B | grep -cE '^[0-9.e+-]+$')" -gt 0
check energy_compare_md grep -q "^Energy per unit of work against A: " "$TMP/energy_cmp/compare.md"
# Two copies of the run, one said to have run 5 C warmer: compare.md names the temperature beside
# the energy ratio; at equal temperatures it says nothing of it.
set_temp() {   # RUN TEMP [COLUMN]
    awk -F'\t' -v OFS='\t' -v t="$2" -v c="${3:-temp_c}" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; print; next }
        /^#/ { print; next } { if (k) $k = t; print }' "$1/results.tsv" > "$1/results.tmp" && mv "$1/results.tmp" "$1/results.tsv"
}
rm -rf "$TMP/energy_cold" "$TMP/energy_warm"
cp -r "$rundir" "$TMP/energy_cold"; cp -r "$rundir" "$TMP/energy_warm"
set_temp "$TMP/energy_cold" 41; set_temp "$TMP/energy_warm" 46
"$CLX" compare "$TMP/energy_cold" "$TMP/energy_warm" --out "$TMP/energy_temp" > /dev/null 2>&1
check energy_compare_temperature grep -q "^B's rows ran 5 C warmer than A's" "$TMP/energy_temp/compare.md"
set_temp "$TMP/energy_warm" 41
"$CLX" compare "$TMP/energy_cold" "$TMP/energy_warm" --out "$TMP/energy_temp2" > /dev/null 2>&1
check energy_compare_same_temperature test -z "$(grep "rows ran .* C" "$TMP/energy_temp2/compare.md")"
# The energy windows' own temperatures, where both runs have them, over temp_c: 7 C apart here.
set_temp "$TMP/energy_cold" 40 energy_temp_c; set_temp "$TMP/energy_warm" 47 energy_temp_c
"$CLX" compare "$TMP/energy_cold" "$TMP/energy_warm" --out "$TMP/energy_temp3" > /dev/null 2>&1
check energy_compare_window_temperature grep -q "^B's rows ran 7 C warmer than A's (their energy windows' temperature" "$TMP/energy_temp3/compare.md"

# A counter that steps every 0.1 s (NVML steps every 100 ms): each window begins and ends just
# after a step, and run.json and the console say so (only that they did, no value: the loop's
# period stretches on a loaded machine, so the window is 3 s: ten steps even at 0.3 s a step).
z=$TMP/energy_slow/class/powercap/intel-rapl:0
rm -rf "$TMP/energy_slow"; mkdir -p "$z"
echo package-0 > "$z/name"; echo 262143328850 > "$z/max_energy_range_uj"; echo 1000000 > "$z/energy_uj"
( v=1000000; while [ -f "$z/name" ]; do
      v=$((v + 1000000)); echo "$v" > "$z/energy_uj.tmp" && mv "$z/energy_uj.tmp" "$z/energy_uj"; sleep 0.1
  done ) &
loop=$!
CLX_SYSFS=$TMP/energy_slow run_clx "$TMP/energy_aligned" run vecsum --quick --set variant=naive --build '' --energy \
    --energy-window 3
rm -f "$z/name"; kill "$loop" 2>/dev/null; wait "$loop" 2>/dev/null
t=$rundir/results.tsv
rows=$(tsv_rows "$t")
check energy_aligned_exit test "$rc" -eq 0 -a "$rows" -gt 0
check energy_aligned_said grep -q "each row's window 3 s after its trials, from one step of the counter to another" "$TMP/energy_aligned.log"
check energy_aligned_filled test "$(tsv_col "$t" energy_j | grep -cE '^[0-9.e+-]+$')" -eq "$rows"
check energy_aligned_json python3 -c "
import json, sys; e = json.load(open(sys.argv[1]))['energy']
assert e['aligned'] is True and e['rows_aligned'] == $rows and e['counter_period_s'] > 0.05, e" "$rundir/run.json"
# The fast counter (every 10 ms) is read where it falls: no waiting for its steps.
check energy_fast_not_aligned grep -qE '"aligned":[[:space:]]*false' "$TMP/energy_rapl/"*/run.json
finish
