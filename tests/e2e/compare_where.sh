# compare_where.sh — where clx compare and clx history write without --out (docs/compare.md): under
# the current folder's results/, or in the current folder where the first run lies in it. Runs that
# lie elsewhere (clx run --out DIR) get a line saying the output went under results/ here, not in
# their folder, and the files' line names the folder by its real path. Fixture: wg2d.spec.
. tests/e2e/lib.sh
T=$TMP/compare_where
rm -rf "$T"; mkdir -p "$T/cwd"
abs_T=$(cd "$T" && pwd -P); abs_clx=$(cd "$(dirname "$CLX")" && pwd)/$(basename "$CLX")
spec=$(pwd)/tests/e2e/fixtures/wg2d.spec

run_clx "$T/x" run "$spec"; a=$(cd "$rundir" && pwd -P)
run_clx "$T/y" run "$spec"; b=$(cd "$rundir" && pwd -P)
# Each into a name of its own: two runs started within one second have the same dated folder name.
mkdir -p "$T/runs" && mv "$a" "$T/runs/A-$(basename "$a")" && mv "$b" "$T/runs/B-$(basename "$b")"
a=$abs_T/runs/A-$(basename "$a"); b=$abs_T/runs/B-$(basename "$b")

( cd "$T/cwd" && "$abs_clx" compare "$a" "$b" > ../cmp.log 2>&1 ); rc=$?
check where_compare_exit test "$rc" -eq 0
check where_compare_under_results test -s "$(ls -d "$T"/cwd/results/compare-wg2d-* | head -n 1)/compare.md"
check where_compare_said grep -qxF "clx: compare: no --out: written under the current folder's results/, not in $abs_T/runs, where the first run given lies (--out DIR writes it where you choose)" "$T/cmp.log"
check where_compare_real_path grep -q "^clx: compare: $abs_T/cwd/results/compare-wg2d-[^/]*/compare.md, compare.tsv" "$T/cmp.log"

( cd "$T/cwd" && "$abs_clx" history "$a" "$b" > ../hist.log 2>&1 ); rc=$?
check where_history_exit test "$rc" -eq 0
check where_history_said grep -qxF "clx: history: no --out: written under the current folder's results/, not in $abs_T/runs, where the first run given lies (--out DIR writes it where you choose)" "$T/hist.log"
check where_history_real_path grep -q "^clx: history: $abs_T/cwd/results/history-wg2d-[^/]*/history.md" "$T/hist.log"

# Inside the runs' folder: beside them, nothing more said.
( cd "$T/runs" && "$abs_clx" compare "$(basename "$a")" "$(basename "$b")" > ../inside.log 2>&1 ); rc=$?
check where_inside_beside test "$rc" -eq 0 -a -s "$(ls -d "$T"/runs/compare-wg2d-* | head -n 1)/compare.md" -a ! -d "$T/runs/results"
check where_inside_quiet sh -c "! grep -q 'no --out' '$T/inside.log'"
finish
