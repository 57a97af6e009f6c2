# samebin.sh — builds that compiled to the same binary said wherever builds are set against each other:
# on rusticl the default and -cl-opt-disable builds gave byte-identical binaries, and clx reported
# the option's "cost" (1.87x SLOWER, compare's 0.402x, optflags' "does not hold"). PoCL's builds
# differ, so a run's bin/ file is copied over its sibling here, as rusticl would have left them.
# kernels.tsv records each build's bin_hash. Only words are compared, never times.
. tests/e2e/lib.sh
T=$TMP/samebin
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/v" run volkov_fma --quick --device pocl
check samebin_run_ok test "$rc" -eq 0
R=$rundir
# kernels.tsv: a bin_hash of 16 hex digits per build, and PoCL's two builds of ILP=1 apart.
hashes=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == "ILP=1" { print $c["bin_hash"] }' "$R/kernels.tsv")
check samebin_hash_column test "$(echo "$hashes" | grep -c '^[0-9a-f]\{16\}$')" -eq 2
check samebin_hashes_differ test "$(echo "$hashes" | sort -u | wc -l)" -eq 2

"$CLX" compare "$R" --by build --out "$T/c1" > "$T/c1.log" 2>&1
check samebin_compare_apart_ok test $? -eq 0
check samebin_compare_apart_silent sh -c "! grep -q 'same binary' '$T/c1.log' '$T/c1/compare.md'"

# rusticl's case: ILP=1's -cl-opt-disable binary is its default's, byte for byte.
cp "$R/bin/ILP_1__default.bin" "$R/bin/ILP_1__cl-opt-disable.bin"
"$CLX" compare "$R" --by build --out "$T/c2" > "$T/c2.log" 2>&1
check samebin_compare_ok test $? -eq 0
said="the builds 'default' and '-cl-opt-disable' of ILP=1 (1 of the 2 variants compared) compiled to the same binary: their difference is not the option's"
check samebin_compare_says grep -qF "$said" "$T/c2.log"
check samebin_compare_md grep -qF "$said" "$T/c2/compare.md"
check samebin_compare_one_line test "$(grep -c 'same binary' "$T/c2.log")" -eq 1
# Two runs compared (rusticl's against Intel's, say): the side whose -cl-opt-disable is its default
# binary is said, since its no-opt rows ran optimised code (rusticl's "FASTER 9.55x" than Intel's
# unoptimised ones, unsaid); the run without it is not.
run_clx "$T/v2" run volkov_fma --quick --device pocl
"$CLX" compare "$rundir" "$R" --out "$T/c4" > "$T/c4.log" 2>&1
check samebin_runs_ok test $? -eq 0
said_b="on B, '-cl-opt-disable' compiled to the same binary as the default build for ILP=1 (1 of the 2 variants with -cl-opt-disable rows compared): those rows ran its optimised code, so their verdicts against A's -cl-opt-disable rows compare it with code built as the option asks"
check samebin_runs_says grep -qF "Note: $said_b" "$T/c4.log"
check samebin_runs_md grep -qF "**Note:** $said_b" "$T/c4/compare.md"
check samebin_runs_only_b sh -c "! grep -q 'on A, ' '$T/c4.log'"

# The report's builds table marks the cell and says why under it.
"$CLX" report "$R" > "$T/r.log" 2>&1
check samebin_report_cell grep -q '^| ILP=1 | .* (same binary) |$' "$R/report.md"
check samebin_report_other_cell sh -c "! grep -q '^| ILP=4 | .*same binary' '$R/report.md'"
check samebin_report_note grep -qF '1 of these builds (ILP=1 -cl-opt-disable) compiled to the same binary as "default"' "$R/report.md"

# Without bin/ (a run folder copied without it), kernels.tsv's hashes tell: the two of ILP=4 made
# one, as if the driver had ignored the option there too.
rm -rf "$R/bin"
h4=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == "ILP=4" && $c["build"] == "default" { print $c["bin_hash"] }' "$R/kernels.tsv")
awk -F'\t' -v OFS='\t' -v h="$h4" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "ILP=4" { $c["bin_hash"] = h } { print }' "$R/kernels.tsv" > "$T/k.tsv" && cp "$T/k.tsv" "$R/kernels.tsv"
"$CLX" compare "$R" --by build --out "$T/c3" > "$T/c3.log" 2>&1
check samebin_hash_says grep -qF "of ILP=4 (1 of the 2 variants compared) compiled to the same binary" "$T/c3.log"

# A finding that compares the builds of such a variant cannot be checked, and says why.
run_clx "$T/o" run optflags --quick --device pocl
O=$rundir
cp "$O/bin/prag__default.bin" "$O/bin/prag__cl-opt-disable.bin"
"$CLX" report "$O" > "$T/o-report.log" 2>&1
check samebin_finding_cannot grep -q "Optimisation makes a huge difference (every kernel: prag).*| \*\*cannot be checked\*\* | gflops\[build=default\] vs gflops\[build=-cl-opt-disable\]: the builds 'default' and '-cl-opt-disable' of prag compiled to the same binary" "$O/report.md"
check samebin_finding_others sh -c "! grep -q 'every kernel: noprag.*same binary' '$O/report.md'"
# The opt vs no-opt chart's label over prag's no-opt bar says it too (the data beside the picture).
check_drawn samebin_chart_label sh -c "grep -q 'same binary	prag	' '$O/plots/optnoopt.tsv' && test \$(grep -c 'same binary' '$O/plots/optnoopt.tsv') -eq 1"
finish
