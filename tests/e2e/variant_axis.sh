# variant_axis.sh — named variants crossed with a template parameter (a transpose's naive and tiled,
# each at TILE 8 and 16: ids naive:TILE=8 ...), on PoCL with --quick. A plot whose x is variant and
# whose series is TILE draws a group per name with a bar per TILE (not a group per id of one bar
# each, "no bar at" the rest), and one along TILE a line per name, as a finding's variant=tiled
# picks those rows; where no other dimension shows TILE, the ids stay whole. clx compare --by TILE
# names the rows naive:TILE=(each), the best table names the 2-D work-group size local_size alone
# sets (its "point (best local)" was empty), and the table by work-group size keeps the spec's
# order of variants where one's build failed (its row comes first in results.tsv). A lines plot
# against the work-group shape (local, made of TILE) has one point a line, and says so. Only words,
# groups and counts are compared, never a time.
. tests/e2e/lib.sh
T=$TMP/variant_axis
rm -rf "$T"; mkdir -p "$T"

run_clx_loud "$T/run" run tests/e2e/fixtures/variantaxis.spec --quick --report
r=$rundir
check axis_premise test "$rc" -eq 0 -a "$(tsv_rows "$r/results.tsv")" -eq 4
# groups PLOT: the bars' groups (column 5 of the data), each with its count of bars, in order.
groups() { awk -F'\t' '!/^#/ && NF > 4 { if (!($5 in n)) o[++k] = $5; n[$5]++ }
                       END { for (i = 1; i <= k; i++) printf "%s%s:%d", (i > 1 ? " " : ""), o[i], n[o[i]] }' "$r/plots/$1.tsv"; }
check axis_bars_by_name test "$(groups bytile)" = "naive:2 tiled:2"
check axis_bars_series grep -qx '# TILE=16' "$r/plots/bytile.tsv"
check axis_bars_no_empty_slot test -z "$(grep -F 'no bar at' "$r/plots/bytile.gp")"
check axis_lines_by_name grep -qx '# TILE	naive	tiled	naive_err	tiled_err	naive_cut	tiled_cut' "$r/plots/along.tsv"
check axis_lines_two_points test "$(grep -vc '^#' "$r/plots/along.tsv")" -eq 2
check axis_ids_whole test "$(groups ids)" = "naive:TILE=8:1 naive:TILE=16:1 tiled:TILE=8:1 tiled:TILE=16:1"
check_drawn axis_bars_drawn test -s "$r/plots/bytile.png"
# x = local, the shape local_size makes of TILE, which each id keeps: every line one point, said on
# the console and in report.md under the plot; the lines along TILE are not.
lonely="each line has one point: x = local is made of TILE, which the series (variant) already separate"
check axis_lonely_console grep -qF "clx: report: plot byshape: $lonely" "$T/run.log"
check_drawn axis_lonely_md grep -qF "*$lonely" "$r/report.md"
check axis_lonely_once test "$(grep -c 'one point' "$T/run.log")" -eq 1
# The best table's point: the work-group size local_size sets, on the console and in report.md.
check axis_best_local_console grep -Eq '^  naive:TILE=16 +default +local=16x16 ' "$T/run.log"
check axis_best_local_md grep -q '^| tiled:TILE=8 | default | local=8x8 |' "$r/report.md"

"$CLX" compare "$r" --by TILE --out "$T/cmp" > "$T/cmp.log" 2>&1; rc=$?
check axis_compare_exit test "$rc" -eq 0
check axis_compare_names test "$(tsv_count "$T/cmp/compare.tsv" variant 'naive:TILE=(each)')" -eq 1 \
    -a "$(tsv_count "$T/cmp/compare.tsv" variant 'tiled:TILE=(each)')" -eq 1
check axis_compare_params_kept test "$(tsv_count "$T/cmp/compare.tsv" params 'TILED=1')" -eq 1
check axis_compare_console grep -Eq '^  naive:TILE=[0-9]+ vs [0-9]+ +default ' "$T/cmp.log"

# broken.spec: good, broken (its build fails: its row is written first), wrong, hole.
run_clx_loud "$T/broken" run tests/e2e/fixtures/broken.spec
check axis_order_premise test "$(tsv_col "$rundir/results.tsv" variant | head -n 1)" = broken
check axis_order_spec grep -Eq '^  local +good +broken +wrong +hole$' "$T/broken.log"
finish
