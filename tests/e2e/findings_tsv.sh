# findings_tsv.sh — findings.tsv beside report.md (docs/report.md, "findings.tsv"): a row per finding
# from report.md's own evaluation, its verdict one word of a fixed set, the size judged against the
# claimed range, the rows read, why a finding is left open; its columns are the docs' table's; and
# clx report --fail-on finding|unsure exits 1 on the verdicts it names, 0 on the others. First on
# a run folder made by hand (tests/e2e/fixtures/report/sized_run), whose verdicts do not depend on
# the machine; then on a quick vecsum run on PoCL, with exact checks and one replicate a row.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/findings_tsv
rm -rf "$T" && mkdir -p "$T" && cp -r "$fx/sized_run" "$T/run"
R=$T/run
doc=docs/report.md
# doc_cols: the columns of docs/report.md's findings.tsv table, "name unit" each, in order.
doc_cols() {
    awk '/^#/ { on = ($0 == "### `findings.tsv`") } on && /^\| `/ {
        split($0, f, "|"); unit = f[3]; gsub(/^ +| +$/, "", unit)
        n = split(f[2], names, ","); for (i = 1; i <= n; i++) { x = names[i]; gsub(/[ `]/, "", x); print x, unit } }' "$doc"
}
# cell FILE K COLUMN: findings.tsv's COLUMN (by header name) of finding K.
cell() {
    awk -F'\t' -v k="$2" -v col="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["finding"] == k { print $c[col] }' "$1"
}
# row_is FILE K VERDICT: finding K's verdict is VERDICT.
row_is() { test "$(cell "$1" "$2" verdict)" = "$3"; }
# has TEXT PATTERN: TEXT matches the grep PATTERN.
has() { printf '%s\n' "$1" | grep -q -- "$2"; }

"$CLX" report "$R" --spec "$fx/gate.spec" --quiet > "$T/report.log" 2>&1
check tsv_report_exit_0 test $? -eq 0
F=$R/findings.tsv
check tsv_written test -s "$F"
# The header is the docs' table, column for column; numbers parse; a row per finding.
check tsv_header_is_docs_table test "$(head -n 1 "$F" | tr '\t' '\n')" = "$(doc_cols | cut -d' ' -f1)"
numeric=$(doc_cols | awk '$2 != "text" { print $1 }' | tr '\n' ' ')
bad=$(awk -F'\t' -v num="$numeric" 'NR == 1 { split(num, n, " "); for (k in n) want[n[k]] = 1
                                               for (i = 1; i <= NF; i++) if ($i in want) c[i] = $i; next }
    { for (i in c) if ($i != "" && $i !~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/) { print c[i] "=" $i; exit } }' "$F")
check tsv_numeric_columns_parse test -z "$bad"
check tsv_row_per_finding test "$(tsv_rows "$F")" -eq 7
check tsv_columns_per_row test "$(awk -F'\t' '{ print NF }' "$F" | sort -u)" = "$(doc_cols | wc -l)"
# Each verdict, as report.md gives it, one word.
check tsv_holds row_is "$F" 1 holds
check tsv_size_missed row_is "$F" 2 holds-in-direction-not-in-size
check tsv_does_not_hold row_is "$F" 3 does-not-hold
check tsv_undecided_compare row_is "$F" 4 cannot-be-decided
check tsv_undecided_check row_is "$F" 5 cannot-be-decided
check tsv_unchecked row_is "$F" 6 cannot-be-checked
check tsv_size_holds row_is "$F" 7 holds
check tsv_same_as_report_md sh -c "grep '^| 3 |' '$R/report.md' | grep -q '| \*\*does not hold\*\* |' && grep '^| 6 |' '$R/report.md' | grep -q '| \*\*cannot be checked\*\* |'"
# The claim, its where, the size judged against the claimed range, the rows read.
check tsv_claim test "$(cell "$F" 1 claim)" = "near is 1-3% slower than naive"
check tsv_where test "$(cell "$F" 1 where)" = "build=default, local=64"
check tsv_where_empty test -z "$(cell "$F" 2 where)"
check tsv_value_ratio test "$(cell "$F" 2 value)" = 0.952381
check tsv_value_noise awk -v lo="$(cell "$F" 2 value_lo)" -v hi="$(cell "$F" 2 value_hi)" 'BEGIN { exit !(lo != "" && lo + 0 < 0.952381 && 0.952381 < hi + 0) }'
check tsv_claimed test "$(cell "$F" 2 claimed)|$(cell "$F" 2 claimed_lo)|$(cell "$F" 2 claimed_hi)" = "0.97..0.99|0.97|0.99"
check tsv_claimed_one_sided test "$(cell "$F" 7 claimed)|$(cell "$F" 7 claimed_lo)|$(cell "$F" 7 claimed_hi)" = ">= 5|5|"
check tsv_size_value test "$(cell "$F" 7 form)|$(cell "$F" 7 value)" = "size|5.37"
check tsv_rows_read test "$(cell "$F" 2 rows)|$(cell "$F" 2 row_numbers)" = "2|1;6"
# Of a compare's two pairs, the one that decided: fast's, 5% faster where 1-3% slower is claimed.
check tsv_decided_by_pair test "$(cell "$F" 3 decided_by)|$(cell "$F" 3 value)|$(cell "$F" 3 row_numbers)" = \
    "gbs[variant=fast] vs gbs[variant=naive]|1.05263|1;3;4"
# A check has no size; its sides are in measured.
check tsv_check_no_value test "$(cell "$F" 5 form)|$(cell "$F" 5 value)|$(cell "$F" 5 claimed)" = "check||"
check tsv_check_measured has "$(cell "$F" 5 measured)" 'median_ms\[variant=noisy\] = 1.02, asked > median_ms\[variant=naive\] = 1; another verdict'
# The measured column is report.md's (its text has nothing markdown escapes).
check tsv_measured_as_report_md grep -qF "| $(cell "$F" 2 measured) |" "$R/report.md"
# Why a finding is left open, and why one cannot be checked; nothing for the others.
check tsv_why_undecided_compare has "$(cell "$F" 4 why)" '^the verdict rule says UNSURE which of variant=noisy and variant=naive is faster (noise floor 13%)'
check tsv_why_undecided_check has "$(cell "$F" 5 why)" '^another verdict somewhere within the noise floors'
check tsv_why_unchecked has "$(cell "$F" 6 why)" '^gbs\[variant=absent\]: no measured row matches'
check tsv_why_empty_decided test -z "$(cell "$F" 1 why)$(cell "$F" 2 why)$(cell "$F" 3 why)$(cell "$F" 7 why)"
check tsv_unchecked_no_rows test "$(cell "$F" 6 rows)|$(cell "$F" 6 decided_by)" = "0|gbs[variant=absent] > 0"

# --fail-on finding: exit 1 on the two the rows decide against, each said; unsure: on the open too.
"$CLX" report "$R" --spec "$fx/gate.spec" --quiet --fail-on finding > "$T/gate.log" 2>&1
check gate_finding_exit_1 test $? -eq 1
check gate_finding_says_each test "$(grep -c ' (--fail-on finding)$' "$T/gate.log")" -eq 2
check gate_finding_line grep -qxF 'clx: report: finding 3 does not hold: near and fast are 1-3% slower than naive (refuted) (--fail-on finding)' "$T/gate.log"
check gate_finding_size_line grep -qxF 'clx: report: finding 2 holds in direction, not in size: slow5 is 1-3% slower than naive (refuted) (--fail-on finding)' "$T/gate.log"
check gate_finding_tsv_written row_is "$F" 3 does-not-hold
"$CLX" report "$R" --spec "$fx/gate.spec" --quiet --fail-on unsure > "$T/unsure.log" 2>&1
check gate_unsure_exit_1 test $? -eq 1
check gate_unsure_says_each test "$(grep -c ' (--fail-on unsure)$' "$T/unsure.log")" -eq 5
# Without the refuted findings: open ones do not fail --fail-on finding; they fail unsure.
grep -v '(refuted)' "$fx/gate.spec" > "$T/gate.spec" && cp "$fx/fixture.cl.m4" "$T/"
"$CLX" report "$R" --spec "$T/gate.spec" --quiet --fail-on finding > "$T/open.log" 2>&1
check gate_open_finding_exit_0 test $? -eq 0
check gate_open_finding_silent sh -c "! grep -q 'fail-on' '$T/open.log'"
check gate_open_tsv_rows test "$(tsv_rows "$F")" -eq 5
"$CLX" report "$R" --spec "$T/gate.spec" --quiet --fail-on unsure > "$T/open-unsure.log" 2>&1
check gate_open_unsure_exit_1 test $? -eq 1
check gate_open_unsure_says_each test "$(grep -c ' (--fail-on unsure)$' "$T/open-unsure.log")" -eq 3
"$CLX" report "$R" --spec "$T/gate.spec" --quiet --fail-on findings > "$T/bad.log" 2>&1
check gate_bad_value_exit_2 test $? -eq 2
check gate_bad_value_said grep -q "^clx report: --fail-on takes 'finding' .* or 'unsure' .*, not 'findings'" "$T/bad.log"
# A spec without findings leaves the header alone: no earlier report's rows stay behind.
grep -v 'claim = ' "$T/gate.spec" | sed 's/^findings = ($//; s/^);$//' > "$T/none.spec"
"$CLX" report "$R" --spec "$T/none.spec" --quiet --fail-on unsure > "$T/none.log" 2>&1
check tsv_no_findings_exit_0 test $? -eq 0
check tsv_no_findings_header_only test "$(wc -l < "$F")" -eq 1

# On PoCL: a quick vecsum run of one trial a row, then its report with findings of every verdict
# the machine cannot move: exact counts that hold and do not, a time with one replicate (no noise
# floor: cannot be decided), a variant the run did not measure (cannot be checked).
run_clx "$T/vecsum" run vecsum --quick --set variant=naive,gridstride --trials 1 --rounds 1
check pocl_run_exit test "$rc" -eq 0
sed '/^findings = (/,$d' templates/vecsum.spec > "$T/vecsum.spec"
cat >> "$T/vecsum.spec" <<'SPEC'
findings = (
  { claim = "every row has a rate"; check = "count(gbs[]) >= 1"; },
  { claim = "no row has a rate (refuted)"; check = "count(gbs[]) == 0"; },
  { claim = "naive takes under a second"; where = "build=default, local=64"; check = "median_ms[variant=naive] < 1000"; },
  { claim = "float4 has a rate"; check = "gbs[variant=float4] > 0"; }
);
SPEC
cp templates/vecsum.cl.m4 "$T/"
"$CLX" report "$rundir" --spec "$T/vecsum.spec" --quiet > "$T/vecsum-report.log" 2>&1
check pocl_report_exit_0 test $? -eq 0
P=$rundir/findings.tsv
check pocl_tsv_header test "$(head -n 1 "$P" | tr '\t' '\n')" = "$(doc_cols | cut -d' ' -f1)"
check pocl_holds row_is "$P" 1 holds
check pocl_rows_all test "$(cell "$P" 1 rows)" -eq "$(tsv_rows "$rundir/results.tsv")"
check pocl_does_not_hold row_is "$P" 2 does-not-hold
check pocl_undecided row_is "$P" 3 cannot-be-decided
check pocl_undecided_why has "$(cell "$P" 3 why)" '^no noise floor for median_ms\[variant=naive\] (one replicate)'
check pocl_undecided_one_row test "$(cell "$P" 3 rows)" -eq 1
check pocl_unchecked row_is "$P" 4 cannot-be-checked
"$CLX" report "$rundir" --spec "$T/vecsum.spec" --quiet --fail-on finding > "$T/vecsum-gate.log" 2>&1
check pocl_gate_finding_exit_1 test $? -eq 1
check pocl_gate_finding_line grep -qxF 'clx: report: finding 2 does not hold: no row has a rate (refuted) (--fail-on finding)' "$T/vecsum-gate.log"
grep -v '(refuted)' "$T/vecsum.spec" > "$T/vecsum-open.spec"
"$CLX" report "$rundir" --spec "$T/vecsum-open.spec" --quiet --fail-on finding > "$T/vecsum-open.log" 2>&1
check pocl_gate_open_exit_0 test $? -eq 0
"$CLX" report "$rundir" --spec "$T/vecsum-open.spec" --quiet --fail-on unsure > "$T/vecsum-unsure.log" 2>&1
check pocl_gate_unsure_exit_1 test $? -eq 1
check pocl_gate_unsure_lines test "$(grep -c ' (--fail-on unsure)$' "$T/vecsum-unsure.log")" -eq 2
finish
