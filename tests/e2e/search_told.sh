# search_told.sh — what a search tells of what it could not do or did not measure: a space the
# restrictions that read a launch axis empty, refused before the device is taken (and by --dry-run),
# naming the restriction and the --set that emptied it. Words and counts only.
. tests/e2e/lib.sh
T=$TMP/search_told
rm -rf "$T"; mkdir -p "$T"

# sgemm's restriction on MNK (per configuration: it reads a launch axis) leaves out every
# configuration at MNK=96: the sweep writes them as skipped rows naming it; a search has none.
restricted="restrictions\[[0-9]*\] 'MNK % MWG == 0 && MNK % NWG == 0 && MNK % KWG == 0' (line [0-9]*) leaves out all 6 configurations"
run_clx "$T/empty" run sgemm --quick --search --set MNK=96 --budget 5
check empty_exit_2 test "$rc" -eq 2
check empty_names_set grep -q "^clx: --set MNK=96: the spec's $restricted (6 variants x 1 build x 1 launch point): a search has none to measure" "$T/empty.log"
check empty_nothing_run test -z "$(grep -e 'the reasons are above' -e '0 skipped' "$T/empty.log")"
check empty_no_folder test -z "$rundir"
"$CLX" run sgemm --quick --search --set MNK=96 --budget 5 --dry-run > "$T/empty-dry.log" 2>&1
check empty_dry_exit_2 test $? -eq 2
check empty_dry_names_set grep -q "^clx: --set MNK=96: the spec's $restricted" "$T/empty-dry.log"
check empty_dry_no_check_out test -z "$(grep 'check out' "$T/empty-dry.log")"
# The sweep of the same space is not refused: its --dry-run checks out (its rows are skipped rows).
"$CLX" run sgemm --quick --set MNK=96 --dry-run > "$T/sweep-dry.log" 2>&1
check sweep_dry_exit_0 test $? -eq 0
finish
