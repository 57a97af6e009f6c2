# report_glance.sh — what a report says where the eye lands first, on runs made from a model (no
# device): a GB/s figure whose rows sat in the last-level cache says so in its title (a --quick
# vecsum's 60 GB/s were read as the memory's), counting them where only some did; and a CPU's two
# FP32 figures (the header's peak, the speed-of-light ceiling 20% above it for a clock timed on a
# core) are said to be one peak and why, in report.md's sol section, its header and its device row.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
T=$TMP/report_glance
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# flag_rows DIR CONDITION: the rows where the awk CONDITION holds (columns by name) flagged cache-resident.
flag_rows() {
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        '"$2"' { $c["flag"] = "cache-resident" } { print }' "$1/results.tsv" > "$1/r.tmp" && mv "$1/r.tmp" "$1/results.tsv"
}
all=$T/all some=$T/some none=$T/none
for d in "$all" "$some" "$none"; do make_run "$d" fixture 1 "1000 2000"; done
flag_rows "$all" 1
flag_rows "$some" '$c["N"] == 1000'
for d in "$all" "$some" "$none"; do "$CLX" report "$d" --spec "$spec" --quiet > "$d.log" 2>&1; done
check glance_report_exit test -s "$all/report.md" -a -s "$some/report.md" -a -s "$none/report.md"
# The bars plot (GB/s, build=default, TERMS=1: 8 rows): every row, then 4 of them, then none.
check glance_cache_all title_has "$all/plots/bars.gp" "every row here fits the last-level cache (flag cache-resident): the GB/s are the cache's, not the memory's"
check glance_cache_some title_has "$some/plots/bars.gp" "4 of the 8 rows here fit the last-level cache (flag cache-resident): their GB/s are the cache's"
check glance_cache_none test -z "$(grep 'last-level cache' "$none/plots/bars.gp")"
# A figure of GFLOP/s is no cache's bandwidth: nothing said there.
check glance_cache_not_gflops test -z "$(grep 'last-level cache' "$all/plots/lines.gp")"

# A CPU's fp32 ceiling: the peak (100 GFLOP/s) with 20% added (the timed clock's room); a ceiling that
# is the peak itself says nothing of it.
add_sol() {
    awk -F'\t' -v OFS='\t' 'NR == 1 { print $0, "sol_pct", "bound"; next } { print $0, 40, "fp32" }' "$1/results.tsv" > "$1/r.tmp" &&
        mv "$1/r.tmp" "$1/results.tsv"
    sed -i "s|\"counts\":|\"sol\": { \"ceilings\": { \"fp32\": { \"GFLOP/s\": $2, \"kind\": \"theoretical\", \"source\": \"model\" } } },\n  \"counts\":|" "$1/run.json"
}
slack=$T/slack flat=$T/flat
for d in "$slack" "$flat"; do make_run "$d" fixture 1 "1000 2000"; done
add_sol "$slack" 120
add_sol "$flat" 100
for d in "$slack" "$flat"; do "$CLX" report "$d" --spec "$spec" --quiet > "$d.log" 2>&1; done
check glance_slack_said grep -qF "Two FP32 figures, one peak: the fp32 ceiling above is the FP32 peak of 100 GFLOP/s that the header's theoretical peaks, the \`%fp32\` column and the roofline use, with 20% added" "$slack/report.md"
check glance_slack_header grep -qF "FP32 100 GFLOP/s (model) (the \`%fp32\` column's and the roofline's; the speed-of-light ceiling is 20% above it: that section says why)" "$slack/report.md"
check glance_slack_device grep -qF '| device | Test Device 1 (Test), 4 compute units, 1000 MHz (as it reports it; the peaks below use a core'"'"'s clock as timed) |' "$slack/report.md"
check glance_flat_silent test -z "$(grep -e 'Two FP32' -e 'as it reports it' -e 'ceiling is [0-9]*% above' "$flat/report.md")"
check glance_flat_ceiling grep -qF '| fp32 | 100 GFLOP/s | theoretical | model |' "$flat/report.md"

# Every rate column by one rule, at least two significant digits: a grid stride's 0.0562592 GB/s read
# "0.1" beside its 0.0468597's "0.047" (1.2x read as 2x) in the table by work-group size and the best
# table; now "0.056" and "0.047", while ordinary figures keep one decimal.
digits=$T/digits
make_run "$digits" fixture 1 "1000 2000"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "naive" && $c["build"] == "default" && $c["N"] == 1000 && $c["TERMS"] == 1 {
        $c["gbs"] = $c["local"] == 64 ? 0.0468597 : 0.0562592 } { print }' "$digits/results.tsv" > "$digits/r.tmp" &&
    mv "$digits/r.tmp" "$digits/results.tsv"
"$CLX" report "$digits" --spec "$spec" --quiet > "$digits.log" 2>&1
check glance_digits_small grep -qF '| 0.056 |' "$digits/report.md"
check glance_digits_ordinary grep -qE '\| [0-9]+\.[0-9] \| [0-9.]+%' "$digits/report.md"
check glance_digits_no_one_decimal test -z "$(grep -E '\| 0\.[1-9] \|' "$digits/report.md")"
finish
