# compare_devices.sh — clx compare of runs on other devices or OpenCL implementations (Intel's CPU
# runtime against PoCL on one CPU): said as a comparison of what the two ran on, not of a change of
# the code, and the advice for configurations left UNSURE offers no --by (a comparison within one
# run, on one device) where it cannot put the two side by side; runs of one device still get it.
# And a '|' in a run's command (--build '-DPIPE=1|2') escaped in every Markdown table it goes into
# (compare.md's sides, history.md's runs, report.md's provenance), and quoted in run.json's
# command_line so that it pastes back. Model runs (no device) but for one small PoCL run: only words,
# counts and cells are compared, nothing that depends on how fast the machine is.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_devices
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# A: 32 configurations whose five rounds (the rounds column a run writes) scatter +-40% (a loaded
# machine): floors far over SAME's, which no count of rounds in reason brings under it. B: the same
# rows said to come from another device, platform and driver; S: from A's device; D: A's device and
# platform, another driver.
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print $0, "rounds"; next }
    { t = $c["median_ms"]; $c["round_ms"] = sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", 0.6 * t, 0.8 * t, t, 1.2 * t, 1.4 * t) }
    { print $0, 5 }' "$A/results.tsv" > "$A/r.tmp" && mv "$A/r.tmp" "$A/results.tsv"
copy_run "$A" "$T/B" 24
sed -i -e 's/"name": "Test Device 1"/"name": "Other Device"/' -e 's/"platform": "Test Platform"/"platform": "Other Platform"/' \
    -e 's/"driver_version": "1.0"/"driver_version": "2.0"/' "$T/B/run.json"
copy_run "$A" "$T/S" 24
copy_run "$A" "$T/D" 24
sed -i 's/"driver_version": "1.0"/"driver_version": "2.0"/' "$T/D/run.json"
check devices_premise test -n "$(grep '"Other Platform"' "$T/B/run.json")" -a -n "$(grep '"driver_version": "2.0"' "$T/D/run.json")"

# Another device: said on the console and in compare.md, with what compares a change of the code.
"$CLX" compare "$A" "$T/B" --out "$T/cb" > "$T/cb.log" 2>&1; rc=$?
check devices_exit test "$rc" -eq 0
check devices_unsure test "$(tsv_count "$T/cb/compare.tsv" verdict_B UNSURE)" -eq 32
said="its verdicts compare what the two ran on (the device, its OpenCL implementation.s compiler and runtime), not a change of the code; a change of the code is compared on one device: its runs before and after it ($CLX compare RUN_A RUN_B), or within one run (--by build, --by variant)"
check devices_said_console grep -q "^clx: compare: B ran on another device, platform and driver than A: $said\$" "$T/cb.log"
# compare.md is read later, from anywhere: its command names clx as documents do, never as typed here.
said_md=$(printf '%s' "$said" | sed "s|$CLX compare|clx compare|")
check devices_said_md grep -q "^\*\*B ran on another device, platform and driver than A:\*\* $said_md\.\$" "$T/cb/compare.md"
# Rows that fit the last-level cache on two devices: each device's cache, not "the device's" (Intel's
# CPU runtime against PoCL said "fits the device's last-level cache" of both sides).
for r in FA FB; do
    copy_run "$([ $r = FA ] && echo "$A" || echo "$T/B")" "$T/$r" 24
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { $c["flag"] = $c["flag"] == "" ? "cache-resident" : $c["flag"] ",cache-resident" } { print }' \
        "$T/$r/results.tsv" > "$T/$r/r.tmp" && mv "$T/$r/r.tmp" "$T/$r/results.tsv"
done
"$CLX" compare "$T/FA" "$T/FB" --out "$T/cf" > "$T/cf.log" 2>&1
check devices_flag_each grep -q "^clx: compare: 32 of 32 configurations compared (rows flagged: A 32, B 32) moved data that fits each device's last-level cache (flag cache-resident)" "$T/cf.log"
check devices_flag_each_md grep -q "^\*\*Flagged:\*\* 32 of 32 .* fits each device's last-level cache" "$T/cf/compare.md"
check devices_flag_not_one test -z "$(grep -e "the device's last-level" "$T/cf.log" "$T/cf/compare.md")"
# The UNSURE configurations' advice: quieter runs of both, and why not --by; never "(--by), will".
check devices_advice grep -q "^B vs A: .* it would take about [0-9]* rounds a row or more (these had 5): runs of both on a quieter machine will (--by compares within one run, on one device: never two devices or implementations)\.\$" "$T/cb.log"
check devices_no_by test -z "$(grep -e '(--by)' "$T/cb.log" "$T/cb/compare.md")"
# Each side named by its device, platform and driver; its P:D only as its run's: an index into the
# OpenCL implementations installed when it ran (PoCL is 0:0 alone and 1:0 beside Intel's CPU
# runtime), so two runs on two devices may both have been "0:0".
copy_run "$A" "$T/PA" 24; copy_run "$T/B" "$T/PB" 24
sed -i 's/"host": "test",/"host": "test", "device_index": "0:0",/' "$T/PA/run.json" "$T/PB/run.json"
"$CLX" compare "$T/PA" "$T/PB" --out "$T/cp" > "$T/cp.log" 2>&1
check devices_sides_a grep -qF "/compare_devices/PA  (Test Device 1 (device 0:0 in its run), Test Platform, driver 1.0, " "$T/cp.log"
check devices_sides_b grep -qF "/compare_devices/PB  (Other Device (device 0:0 in its run), Other Platform, driver 2.0, " "$T/cp.log"
check devices_sides_md grep -qF "/compare_devices/PB\` | Other Device (device 0:0 in its run) | Other Platform, driver 2.0 |" "$T/cp/compare.md"
check devices_sides_no_bare_pd test -z "$(grep -e 'Device [0-9] 0:0' -e 'Other Device 0:0' "$T/cp.log")"

# The CPU of one host through two OpenCL implementations (Intel's CPU runtime and PoCL name it apart):
# one processor, said so, not "another device" (which read as two processors); on two hosts, two.
copy_run "$A" "$T/CA" 24; copy_run "$T/B" "$T/CB" 24
sed -i 's/"device": { "name"/"device": { "type": "CPU", "name"/' "$T/CA/run.json" "$T/CB/run.json"
"$CLX" compare "$T/CA" "$T/CB" --out "$T/cc" > "$T/cc.log" 2>&1
one="B ran on another platform and driver than A, on one processor: both are the CPU of host test (run.json's host), which A's Test Platform names Test Device 1 and B's Other Platform names Other Device: its verdicts compare the two OpenCL implementations (their compilers and runtimes) on that one processor, not two processors, nor a change of the code"
check devices_one_cpu_console grep -qF "clx: compare: $one;" "$T/cc.log"
check devices_one_cpu_md grep -qF "**${one%%:*}:**${one#*:}" "$T/cc/compare.md"
check devices_one_cpu_no_other_device test -z "$(grep 'another device' "$T/cc.log" "$T/cc/compare.md")"
sed -i 's/"host": "test"/"host": "test2"/' "$T/CB/run.json"
"$CLX" compare "$T/CA" "$T/CB" --out "$T/cc2" > "$T/cc2.log" 2>&1
check devices_two_hosts_other_device grep -q "^clx: compare: B ran on another device, platform and driver than A: $said\$" "$T/cc2.log"
# Two devices of one implementation on one CPU (PoCL's pthread and basic: one platform and driver):
# one processor, but no "two OpenCL implementations", which the line said of them.
copy_run "$A" "$T/CD" 24
sed -i -e 's/"device": { "name"/"device": { "type": "CPU", "name"/' -e 's/"name": "Test Device 1"/"name": "Other Device"/' "$T/CD/run.json"
"$CLX" compare "$T/CA" "$T/CD" --out "$T/cd1" > "$T/cd1.log" 2>&1
check devices_one_cpu_one_platform grep -qF "clx: compare: B ran on another OpenCL device than A, on one processor: both are the CPU of host test (run.json's host), which A's Test Platform names Test Device 1 and B's Test Platform names Other Device: its verdicts compare two OpenCL devices of one implementation (how each runs the kernels) on that one processor, not two processors" "$T/cd1.log"
check devices_one_cpu_one_platform_no_two test -z "$(grep 'two OpenCL implementations' "$T/cd1.log" "$T/cd1/compare.md")"

# Another driver alone: said as such.
"$CLX" compare "$A" "$T/D" --out "$T/cd" > "$T/cd.log" 2>&1
check devices_driver_said grep -q "^clx: compare: B ran on another driver than A: its verdicts compare what the two ran on" "$T/cd.log"
check devices_driver_no_by test -z "$(grep -e '(--by)' "$T/cd.log")"
# One device, platform and driver: nothing said of devices, and --by is offered as before.
"$CLX" compare "$A" "$T/S" --out "$T/cs" > "$T/cs.log" 2>&1
check devices_same_quiet test -z "$(grep 'ran on another' "$T/cs.log" "$T/cs/compare.md")"
check devices_same_by grep -q ': a quieter device, or a comparison within one run (--by), will\.$' "$T/cs.log"

# A '|' in a command: one cell of compare.md's and history.md's tables, escaped (\|), the rows as
# many cells as their header.
sed -i "s/\"command_line\": \"[^\"]*\"/\"command_line\": \"clx run fixture --set 'TERMS=1|2' --out a\"/" "$A/run.json"
# cells FILE LINE_PATTERN: the cells of the first line matching (a '|' escaped as \| is in a cell).
cells() { grep -m 1 -- "$2" "$1" | sed 's/\\|//g' | awk -F'|' '{ print NF - 2 }'; }
"$CLX" compare "$A" "$T/S" --out "$T/pc" > "$T/pc.log" 2>&1
check pipe_compare_escaped grep -qF "| \`clx run fixture --set 'TERMS=1\\|2' --out a\` |" "$T/pc/compare.md"
check pipe_compare_cells test "$(cells "$T/pc/compare.md" '^| A |')" -eq "$(cells "$T/pc/compare.md" '^| side |')"
"$CLX" history "$A" "$T/S" --out "$T/ph" > "$T/ph.log" 2>&1
check pipe_history_escaped grep -qF "| \`clx run fixture --set 'TERMS=1\\|2' --out a\` |" "$T/ph/history.md"
check pipe_history_cells test "$(cells "$T/ph/history.md" '^| 1 |')" -eq "$(cells "$T/ph/history.md" '^| run |')"

# A real run with a '|' in an argument: run.json's command line quotes it (it pastes back), and
# report.md's provenance escapes it.
run_clx "$T/real" run vecsum --quick --set variant=naive --build '-DPIPE=1|2'
check pipe_run_exit test "$rc" -eq 0
check pipe_run_quoted grep -qF -- "--build '-DPIPE=1|2' --out $T/real --quiet\"" "$rundir/run.json"
"$CLX" report "$rundir" --quiet > /dev/null 2>&1
check pipe_report_escaped grep -qF -- "--build '-DPIPE=1\\|2' --out" "$rundir/report.md"
check pipe_report_cells test "$(cells "$rundir/report.md" '^| command |')" -eq 2
finish
