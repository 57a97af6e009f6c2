# compare_impossible.sh — clx compare and clx history on rows measured and verified but no result:
# a row flagged IMPOSSIBLE (above a theoretical peak: the work was probably optimised away) or
# sol>100 (past its speed of light) is said per side as what it is (console, compare.md,
# compare.tsv's status_X, the pictures), never as a configuration measured on one side only, and
# fails --fail-on slower and fail where A's row passed; history says it per run, and history.tsv
# has each run's status_N and rounds_cut_N, with the configurations that did not pass after the
# others. The runs are one quick run and copies of it with flags and a status edited in their
# results.tsv: only statuses, counts, words and exit codes are compared, and the copies' times
# are the run's own, so no verdict between them can be SLOWER: nothing here depends on the load.
. tests/e2e/lib.sh
T=$TMP/compare_impossible
rm -rf "$T"; mkdir -p "$T"

# edit_rows DIR VARIANT LOCAL COLUMN VALUE: the rows of VARIANT at LOCAL (any where empty) get VALUE
# in COLUMN; in the flag column VALUE is added to the flags there.
edit_rows() {
    awk -F'\t' -v OFS='\t' -v v="$2" -v l="$3" -v col="$4" -v x="$5" '
        NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "variant") cv = i; if ($i == "local") cl = i; if ($i == col) c = i }
                  print; next }
        $cv == v && (l == "" || $cl == l) { $c = col == "flag" && $c != "" ? $c "," x : x } { print }' \
        "$1/results.tsv" > "$1/results.tmp" && mv "$1/results.tmp" "$1/results.tsv"
}
# later DIR YEAR: the run started in YEAR (clx history orders runs by their start).
later() { sed -i -E "s/(\"started\":[[:space:]]*\")[0-9]{4}/\\1$2/" "$1/run.json"; }

run_clx "$T/good" run vecsum --quick --set variant=naive,gridstride --build ''
good=$rundir
check imp_premise test "$rc" -eq 0 -a "$(tsv_count "$good/results.tsv" status ok)" -eq 4 \
    -a -z "$(tsv_col "$good/results.tsv" flag | grep -e IMPOSSIBLE -e 'sol>100')"
# B: naive's rows ran above the peak (the compiler removed the work); C: one gridstride row past
# its speed of light, and one naive row FAIL.
cp -r "$good" "$T/imp"; edit_rows "$T/imp" naive '' flag 'IMPOSSIBLE:flops>peak'; later "$T/imp" 2098
cp -r "$good" "$T/sol"; edit_rows "$T/sol" gridstride 64 flag 'sol>100'; later "$T/sol" 2099
edit_rows "$T/sol" naive 256 status FAIL
check imp_edited test "$(tsv_col "$T/imp/results.tsv" flag | grep -c IMPOSSIBLE)" -eq 2 \
    -a "$(tsv_col "$T/sol/results.tsv" flag | grep -c 'sol>100')" -eq 1 -a "$(tsv_count "$T/sol/results.tsv" status FAIL)" -eq 1

# compare: said on B's side, not "only in A"; --fail-on slower and fail exit 1 on them.
"$CLX" compare "$good" "$T/imp" --fail-on slower --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check imp_fail_on_slower_exit test "$rc" -eq 1
check imp_fail_on_slower_said grep -q '^clx: compare: 2 configurations did not pass on B (2 IMPOSSIBLE) where A.s passed (--fail-on slower)$' "$T/c.log"
check imp_console_count grep -q '^clx: compare vecsum: 2 configurations in common, 2 did not pass on some side (B: 2 IMPOSSIBLE; listed in compare.md)$' "$T/c.log"
check imp_console_listed grep -q '^  did not pass: naive default local=64: A ok, B IMPOSSIBLE$' "$T/c.log"
check imp_not_only_in test -z "$(grep -e 'only in A:' -e 'measured on some sides only (' -e '^## Measured on some sides only' "$T/c.log" "$T/c/compare.md")"
check imp_md_rows test "$(grep -c '^| naive | default | local=[0-9]* | ok | IMPOSSIBLE |$' "$T/c/compare.md")" -eq 2
check imp_md_said grep -q '^A row that did not pass (.*IMPOSSIBLE, sol>100: its output passed, but faster than the device can do its work' "$T/c/compare.md"
check imp_tsv_status test "$(tsv_rows "$T/c/compare.tsv")" -eq 4 -a "$(tsv_count "$T/c/compare.tsv" status_B IMPOSSIBLE)" -eq 2 \
    -a "$(tsv_count "$T/c/compare.tsv" status_A ok)" -eq 4
check imp_tsv_no_time test "$(tsv_col "$T/c/compare.tsv" median_ms_B | grep -c .)" -eq 2 -a "$(tsv_col "$T/c/compare.tsv" verdict_B | grep -c .)" -eq 2
check_drawn imp_picture grep -q 'did not pass: 2 IMPOSSIBLE (not in the bars)' "$T/c/speedup.gp"
"$CLX" compare "$good" "$T/imp" --fail-on fail --out "$T/cf" > "$T/cf.log" 2>&1; rc=$?
check imp_fail_on_fail_exit test "$rc" -eq 1 -a -n "$(grep 'did not pass on B (2 IMPOSSIBLE) where A.s passed (--fail-on fail)$' "$T/cf.log")"
# The other way round B's rows are results again (a fix): said, no failure.
"$CLX" compare "$T/imp" "$good" --fail-on slower --out "$T/fixed" > "$T/fixed.log" 2>&1; rc=$?
check imp_fixed_exit_0 test "$rc" -eq 0 -a -n "$(grep '^  did not pass: naive default local=64: A IMPOSSIBLE, B ok$' "$T/fixed.log")"
# sol>100 is kept apart the same way, beside a FAIL, counted by what each is.
"$CLX" compare "$good" "$T/sol" --fail-on fail --out "$T/cs" > "$T/cs.log" 2>&1; rc=$?
check sol_fail_on_fail_exit test "$rc" -eq 1
check sol_fail_on_said grep -q '^clx: compare: 2 configurations did not pass on B (1 FAIL, 1 sol>100) where A.s passed (--fail-on fail)$' "$T/cs.log"
check sol_console_listed grep -q '^  did not pass: gridstride default local=64: A ok, B sol>100$' "$T/cs.log"
check sol_tsv_status test "$(tsv_count "$T/cs/compare.tsv" status_B 'sol>100')" -eq 1 -a "$(tsv_count "$T/cs/compare.tsv" status_B FAIL)" -eq 1
# Along a column of one run: a variant all of whose rows are IMPOSSIBLE is why nothing is compared.
"$CLX" compare "$T/imp" --by variant --out "$T/by" > "$T/by.log" 2>&1; rc=$?
check imp_by_refused test "$rc" -eq 4 -a -n "$(grep 'every measured row of .* that passed has variant gridstride (the others did not pass: 2 IMPOSSIBLE): nothing to compare it with' "$T/by.log")"

# history: per run, and history.tsv says each run's status of every configuration.
"$CLX" history "$good" "$T/imp" "$T/sol" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
h=$T/h/history.tsv
check imp_history_exit test "$rc" -eq 0
check imp_history_count grep -q '1 configuration measured in every one; 3 did not pass in some run (run 2: 2 IMPOSSIBLE; run 3: 1 FAIL, 1 sol>100), not among them' "$T/h.log"
check imp_history_md_table grep -q '^| naive | default | local=256 | ok | IMPOSSIBLE | FAIL |$' "$T/h/history.md"
check imp_history_tsv_columns test "$(head -n 1 "$h" | tr '\t' '\n' | grep -cE '^(status|rounds_cut)_[123]$')" -eq 6
check imp_history_tsv_rows test "$(tsv_rows "$h")" -eq 4 -a "$(tsv_count "$h" status_1 ok)" -eq 4 -a "$(tsv_count "$h" rounds_cut_3 no)" -eq 4
check imp_history_tsv_status test "$(tsv_count "$h" status_2 IMPOSSIBLE)" -eq 2 -a "$(tsv_count "$h" status_3 'sol>100')" -eq 1 \
    -a "$(tsv_count "$h" status_3 FAIL)" -eq 1
# The configuration in every run has its verdicts; the others none, and no time where no result.
check imp_history_tsv_verdicts test "$(tsv_col "$h" verdict_first_last | grep -c .)" -eq 1 -a "$(tsv_col "$h" median_ms_2 | grep -c .)" -eq 2
finish
