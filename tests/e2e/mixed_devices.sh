# mixed_devices.sh — a run whose rows ran on devices of different models, platforms or drivers (a
# --split-any, run or merged: run.json's split part lists each part's device) is said to be one
# wherever a reader looks, not named by its first part's device: report.md's title, a warning in its
# header above the findings and plots, the findings' heading, the plot titles; clx compare says B's
# rows ran on several devices (another device than A, as for a plain pair of two devices), and
# clx compare --by within it that its pairs of rows may be of two devices; clx history refuses it
# beside a run of one device, and takes runs of the same several. Model runs (no device needed):
# only words and exit codes are compared.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
T=$TMP/mixed_devices
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# A: a run on Test Device 1. M: the same rows as a --split-any's merged run, its part 1 on A's device
# and part 2 on another device, platform and driver (the variant fast's rows); M2: another such run.
A=$T/A M=$T/M
make_run "$A" fixture 1 "1000 2000"
copy_run "$A" "$M" 24
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "variant") v = i; print $0, "device"; next }
    { print $0, $v == "fast" ? "1:0" : "0:0" }' "$M/results.tsv" > "$M/r.tmp" && mv "$M/r.tmp" "$M/results.tsv"
sed -i 's/"host": "test",/"host": "test", "device_index": "0:0,1:0", "split": { "any": true, "devices": [\
  { "part": 1, "device_index": "0:0", "name": "Test Device 1", "platform": "Test Platform", "driver_version": "1.0" },\
  { "part": 2, "device_index": "1:0", "name": "Other Device", "platform": "Other Platform", "driver_version": "2.0" } ] },/' "$M/run.json"
copy_run "$M" "$T/M2" 25
check mixed_premise grep -q '"Other Device"' "$M/run.json"

# report.md: the title and the findings' heading name both devices; the warning is in the header,
# before the findings and the plots; the provenance rows say whose device they describe.
"$CLX" report "$M" --spec "$spec" > "$T/report.log" 2>&1
check mixed_report_exit test $? -eq 0
check mixed_report_title grep -qx '# fixture on 2 devices: Test Device 1 and Other Device' "$M/report.md"
check mixed_report_findings_heading grep -qx "## The seed's findings on the rows of 2 devices: Test Device 1 and Other Device" "$M/report.md"
check mixed_report_no_this_device sh -c "! grep -q 'findings on this device' '$M/report.md'"
warn_at=$(grep -n '^\*\*Warning:\*\* these rows ran on different devices (--split-any: 0:0 Test Device 1 (Test Platform, driver 1.0); 1:0 Other Device (Other Platform, driver 2.0))' "$M/report.md" | cut -d: -f1)
findings_at=$(grep -n '^## The seed.s findings' "$M/report.md" | cut -d: -f1)
plots_at=$(grep -n '^## Plots' "$M/report.md" | cut -d: -f1)
check mixed_report_warning_in_header test -n "$warn_at" -a "${warn_at:-0}" -lt "${findings_at:-0}" -a "${warn_at:-0}" -lt "${plots_at:-0}"
check mixed_report_warning_once test "$(grep -c 'these rows ran on different devices' "$M/report.md")" -eq 1
check mixed_report_device_row grep -q '^| device (the first part.s) | Test Device 1 (Test)' "$M/report.md"
# Every plot's script (written with or without gnuplot) titles the run by both devices (its line
# of 121 characters broken in two, after a ", ", where the wrapping balances them: test_gpstyle).
check mixed_plot_titles sh -c "test -n \"\$(ls '$M'/plots/*.gp)\" && ! grep -L -F 'fixture on 2 devices: Test Device 1 (Test Platform,\ndriver 1.0) and Other Device (Other Platform, driver 2.0), 2026-11-24' '$M'/plots/*.gp | grep -q ."
# A run of one device keeps its words.
"$CLX" report "$A" --spec "$spec" > "$T/reportA.log" 2>&1
check one_device_report_title grep -qx '# fixture on Test Device 1' "$A/report.md"
check one_device_findings_heading grep -qx "## The seed's findings on this device" "$A/report.md"
check one_device_no_warning sh -c "! grep -q 'different devices' '$A/report.md'"

# clx compare: B's rows ran on several devices, said as another device than A's (the same words as
# for a plain pair of two devices), in the sides' table and on the console.
"$CLX" compare "$A" "$M" --out "$T/c" > "$T/c.log" 2>&1
check mixed_compare_exit test $? -eq 0
check mixed_compare_said grep -qF "clx: compare: B ran on another device than A: B's rows ran on 2 devices: Test Device 1 (Test Platform, driver 1.0) and Other Device (Other Platform, driver 2.0), A's on Test Device 1 (Test Platform, driver 1.0); its verdicts compare what the two ran on" "$T/c.log"
check mixed_compare_md grep -qF "**B ran on another device than A:** B's rows ran on 2 devices:" "$T/c/compare.md"
check mixed_compare_sides grep -qF "| 2 devices: Test Device 1 (Test Platform, driver 1.0) and Other Device (Other Platform, driver 2.0) (devices 0:0,1:0 in its run) | each device's, beside it |" "$T/c/compare.md"

# clx compare --by within such a run: its pairs of rows may be of two devices, said once above the
# tables, on the console and in compare.md; within a run of one device, not.
"$CLX" compare "$M" --by variant --out "$T/cb" > "$T/cb.log" 2>&1
check mixed_compare_by_exit test $? -eq 0
check mixed_compare_by_said grep -qF "clx: compare: the rows ran on 2 devices: Test Device 1 and Other Device (--split-any: 0:0 Test Device 1 (Test Platform, driver 1.0); 1:0 Other Device (Other Platform, driver 2.0)); a pair of rows of different devices compares the devices too" "$T/cb.log"
check mixed_compare_by_said_once test "$(grep -c 'the rows ran on 2 devices' "$T/cb.log")" -eq 1
said_at=$(grep -n 'the rows ran on 2 devices' "$T/cb.log" | cut -d: -f1)
table_at=$(grep -n '^Verdicts against A' "$T/cb.log" | cut -d: -f1)
check mixed_compare_by_above_table test -n "$said_at" -a "${said_at:-0}" -lt "${table_at:-0}"
check mixed_compare_by_md test "$(grep -c '^\*\*The rows ran on 2 devices: Test Device 1 and Other Device\*\* (--split-any: .*): a pair of rows of different devices compares the devices too' "$T/cb/compare.md")" -eq 1
"$CLX" compare "$A" --by variant --out "$T/cbA" > "$T/cbA.log" 2>&1
check one_device_compare_by_unsaid test -z "$(grep -i 'rows ran on' "$T/cbA.log" "$T/cbA/compare.md")"

# clx history: a run of several devices beside one of one device is refused (exit 4), naming both;
# runs of the same several devices are a history of them.
"$CLX" history "$A" "$M" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check mixed_history_refused test "$rc" -eq 4 -a ! -e "$T/h/history.md"
check mixed_history_said grep -qF "$A ran on Test Device 1, $M on 2 devices: Test Device 1 and Other Device: a history is of one device model (the rows of a --split-any are of several; clx compare puts devices side by side)" "$T/h.log"
"$CLX" history "$M" "$T/M2" --out "$T/h2" > "$T/h2.log" 2>&1; rc=$?
check mixed_history_same_mix test "$rc" -eq 0 -o "$rc" -eq 1
check mixed_history_same_mix_title grep -qx '# History of fixture on 2 devices: Test Device 1 and Other Device' "$T/h2/history.md"
finish
