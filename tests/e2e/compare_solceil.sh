#!/bin/sh
# compare_solceil.sh — clx compare says where the two sides' speed of light rests on other ceilings
# (run.json sol): A with no peaks run, B reading a --quick one by --peaks, showed each side's
# "% of sol (bound)" in compare.md and said nothing, so a sol_pct that moved with its ceiling read as
# the row's. Now compare.md lists, under that table, each class that differs and bounds rows compared
# (each side's figure and source), and the console says so once; nothing where the bound rows'
# ceilings agree, nor of a side on another device model. Made from one quick vecsum run, copied: its
# rows' bound and sol_pct set, and each copy's run.json ceiling of dram (or int32, or its device's
# name) edited; only words are compared.
. tests/e2e/lib.sh
T=$TMP/compare_solceil
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/run" run vecsum --quick --set variant=naive --build '' $FEW
R=$rundir
check run_made test -s "$R/results.tsv" -a -s "$R/run.json"

# copy NAME: a copy of R in $T/NAME, every timed row bound by dram at 50% of it, its folder in $made.
copy() {
    made=$T/$1/${R##*/}
    mkdir -p "$T/$1" && cp -r "$R" "$made"
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { if ($c["median_ms"] + 0 > 0) { $c["bound"] = "dram"; $c["sol_pct"] = 50 } print }' "$R/results.tsv" > "$made/results.tsv"
}
# ceiling DIR CLASS FIGURE KIND SOURCE: DIR's run.json with sol.ceilings.CLASS's figure, kind and source set.
ceiling() {
    awk -v c="\"$2\":" -v f="$3" -v k="$4" -v s="$5" '
        /"ceilings":/ { in_c = 1 }
        /"max_clock_mhz":/ { in_c = 0 }
        in_c && index($0, c) { in_k = 1; print; next }
        in_k { comma = /,[[:space:]]*$/ ? "," : "" }
        in_k && /"(GB|GFLOP|GOP)\/s":/ { sub(/:.*/, ":\t" f comma) }
        in_k && /"kind":/ { sub(/:.*/, ":\t\"" k "\"" comma) }
        in_k && /"source":/ { sub(/:.*/, ":\t\"" s "\"" comma) }
        in_k && /}/ { in_k = 0 }
        { print }' "$1/run.json" > "$1/run.json.new" && mv "$1/run.json.new" "$1/run.json"
}
# compare NAME A B: clx compare A B into $T/NAME, its console in $T/NAME.log.
compare() { "$CLX" compare "$2" "$3" --out "$T/$1" > "$T/$1.log" 2>&1; }

copy a; A=$made
ceiling "$A" dram null unknown "unknown: no datasheet bandwidth for this device"
copy b; B=$made
ceiling "$B" dram 24.9228 measured "measured: triad_d in results/peaks-x"
sed -i 's/"peaks_run":[[:space:]]*null/"peaks_run": "results\/peaks-x", "peaks_run_quick": true/' "$B/run.json"
check fixture_edited grep -q '"GB/s":[[:space:]]*24.9228,' "$B/run.json"

# dram unknown on A, measured from a --quick peaks run on B: said on the console once, listed in compare.md.
compare differ "$A" "$B"
check differ_ran test -s "$T/differ/compare.md"
check differ_console grep -qF "clx: compare: B's speed-of-light ceilings differ from A's for dram: the sol_pct of rows those classes bound are not comparable between the sides (compare.md has each side's figure and source)" "$T/differ.log"
check differ_console_once test "$(grep -c "speed-of-light ceilings differ" "$T/differ.log")" -eq 1
check differ_md_note grep -qF "**Note:** B's speed of light rests on other ceilings than A's (run.json \`sol\`) for the classes that bound these rows: the \`% of sol\` of a row bound by one of them moved with its ceiling, not only with the row, and is not comparable between A and B." "$T/differ/compare.md"
check differ_md_figures grep -qF "bound by it: A unknown: no datasheet bandwidth for this device; B 24.92 GB/s (measured: triad_d in results/peaks-x; that peaks run: small sizes and few trials, not the device's peaks)" "$T/differ/compare.md"
check differ_md_class grep -q '^- `dram`, [0-9]* configurations\{0,1\} bound by it:' "$T/differ/compare.md"

# The same dram on both sides: nothing, on the console or in compare.md.
copy c; C=$made
ceiling "$C" dram 24.9228 measured "measured: triad_d in results/peaks-y"
compare agree "$B" "$C"
check agree_ran test -s "$T/agree/compare.md"
check agree_console_silent sh -c "! grep -q 'speed-of-light ceilings differ' '$T/agree.log'"
check agree_md_silent sh -c "! grep -q 'rests on other ceilings' '$T/agree/compare.md'"

# A ceiling that differs but bounds no row compared (int32, beside rows bound by dram): not said alone.
copy d; D=$made
ceiling "$D" dram 24.9228 measured "measured: triad_d in results/peaks-x"
ceiling "$D" int32 14.7 measured "measured: int32_mad in results/peaks-x"
compare idle "$B" "$D"
check idle_console_silent sh -c "! grep -q 'speed-of-light ceilings differ' '$T/idle.log'"
check idle_md_silent sh -c "! grep -q 'differ from A' '$T/idle/compare.md'"

# Another device model (run.json's device name): its ceilings are its own, each sol_pct its device's
# share; not said.
copy e; E=$made
ceiling "$E" dram 24.9228 measured "measured: triad_d in results/peaks-x"
sed -i '0,/"name":[[:space:]]*"[^"]*"/s//"name": "Another Device"/' "$E/run.json"
check other_device_edited grep -q '"name": "Another Device"' "$E/run.json"
compare other "$A" "$E"
check other_ran test -s "$T/other/compare.md"
check other_console_silent sh -c "! grep -q 'speed-of-light ceilings differ' '$T/other.log'"
check other_md_silent sh -c "! grep -q 'rests on other ceilings' '$T/other/compare.md'"
finish
