# compare_decided.sh — clx compare's "decided speed-up" where a group's decided configurations went
# both ways, on model runs (no device, so every verdict is the rule's on any machine): memcopy_ilp
# --by build on PoCL gave VEC=4,ILP=8's local=32 1.410x FASTER and local=128 2.40x SLOWER one
# decided speed-up, "0.766x (1.31x slowdown)", a verdict neither had. Such a cell now says how many
# went each way and how far, in the console and compare.md, and so does an "all" row over both ways;
# a group whose decided ones went one way keeps its mean, with how many of the group's configurations
# they are where not all ("26.3x (1 of 2)": volkov_fma's ILP=4 read as 26x beside an overall 9.2x).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_decided
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# other_device DIR: the run's device another model's, so each floor is its rounds' alone (between runs
# on one model the spread of the configurations' differences widens the floors).
other_device() { sed -i 's/"name": "Test Device [^"]*"/"name": "Test Device 2"/' "$1/run.json"; }

# A: 16 configurations (two variants, two builds; 4 a group: TERMS 1-2, local 64-128), five rounds
# 0.1% apart, so a difference of 2x is decided. B: naive built default 2x faster at TERMS=1 and 2x
# slower at TERMS=2 (both ways), fast built default 1.5x faster everywhere (one way), the
# -cl-opt-disable build as A's.
A=$T/A
make_run "$A" fixture 1 "1000" "" rounds
copy_run "$A" "$T/B" 24
other_device "$T/B"
scale "$T/B" '$c["build"] == "default" && $c["variant"] == "naive" && $c["TERMS"] == 1' 0.5
scale "$T/B" '$c["build"] == "default" && $c["variant"] == "naive" && $c["TERMS"] == 2' 2
scale "$T/B" '$c["build"] == "default" && $c["variant"] == "fast"' 0.6666667
"$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check decided_premise test "$rc" -eq 0 -a "$(tsv_count "$T/c/compare.tsv" verdict_B FASTER)" -eq 6 \
    -a "$(tsv_count "$T/c/compare.tsv" verdict_B SLOWER)" -eq 2
# naive default: 2 FASTER at 2x, 2 SLOWER at 2x: its mean, 1.000x, is no verdict; the words instead.
check decided_both_ways_console grep -qE '^  naive +default +4 +0 +2 +2 +0 +1\.000x +both ways: 2 FASTER up to 2\.000x, 2 SLOWER up to 2x slowdown$' "$T/c.log"
check decided_both_ways_md grep -qF '| naive | default | 4 | 0 | 2 | 2 | 0 | 1.000x | both ways: 2 FASTER up to 2.000x, 2 SLOWER up to 2x slowdown |' "$T/c/compare.md"
# fast default, all one way: its mean as before.
check decided_one_way_console grep -qE '^  fast +default +4 +0 +4 +0 +0 +1\.500x +1\.500x$' "$T/c.log"
check decided_one_way_md grep -qF '| fast | default | 4 | 0 | 4 | 0 | 0 | 1.500x | 1.500x |' "$T/c/compare.md"
# The default build's own "all" row (6 FASTER, 2 SLOWER) says both ways too; no mean of them anywhere.
check decided_build_all_row grep -qE '^  all +default +8 +0 +6 +2 +0 +1\.225x +both ways: 6 FASTER up to 2\.000x, 2 SLOWER up to 2x slowdown$' "$T/c.log"
check decided_no_mixed_mean test -z "$(grep -E '^  (naive|all) +default .* 1\.000x +1\.000x|1\.225x +1\.' "$T/c.log")"
# The words before the tables say what the cell holds.
check decided_said_console grep -q 'over the decided ones where$' "$T/c.log"
check decided_said_md grep -qF "the decided ones' only where they all went one way, with how many of the row's they are where not all" "$T/c/compare.md"
# One way, not all decided: B's naive local=64 twice as fast, the rest as A's: 2 of naive default's 4 configurations
# decided, the cell says so; fast's none ("-"); the "all" row 4 of 16.
C=$T/C2
make_run "$C" fixture 1 "1000" "" rounds
copy_run "$C" "$T/D2" 24
scale "$T/D2" '$c["variant"] == "naive" && $c["local"] == 64' 0.5
"$CLX" compare "$C" "$T/D2" --out "$T/cd2" > "$T/cd2.log" 2>&1
check decided_count_premise test $? -eq 0 -a "$(tsv_count "$T/cd2/compare.tsv" verdict_B FASTER)" -eq 4
check decided_md_count grep -qE '^\| naive \| default \| 4 \| [0-9]+ \| 2 \| 0 \| [0-9]+ \| [0-9.]+x \| 2\.000x \(2 of 4\) \|' "$T/cd2/compare.md"
check decided_console_count grep -qE '^  naive +default +4 +[0-9]+ +2 +0 +[0-9]+ +[0-9.]+x +2\.000x \(2 of 4\)' "$T/cd2.log"
check decided_all_count grep -qE '^\| all \| +\| 16 \| .* \| 2\.000x \(4 of 16\) \|' "$T/cd2/compare.md"
finish
