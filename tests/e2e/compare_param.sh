# compare_param.sh — clx compare RUN --by PARAM along one template parameter of the variants: on a
# quick memcopy_ilp run (VEC x ILP crossed), each configuration is put beside the one that differs
# from it in that parameter alone (VEC=4,ILP=8 beside VEC=4,ILP=1 at one build and launch point:
# compare.tsv's times are those rows' own), with the rest of the variant in compare.tsv's params
# column (after variant, in the leading columns every comparison has) and as the tables' groups; a parameter or launch axis of one value, a name the run lacks, one no two
# variants differ in alone and one along which two variants of the same parameters meet are
# refused (exit 2). On model runs (no device), the verdicts along a parameter are made by the rule.
# Runs of one value each of a parameter (--set ILP=1, --set ILP=8: both ids read "VEC=4", the
# parameter of one value left out) are other kernels, never joined (they were: verdicts of ILP 8
# against ILP 1 as if of one configuration): compare and history refuse, naming the parameter.
# Only which rows were put side by side, words, counts and exit codes are compared on PoCL, never a
# verdict there: nothing depends on the load.
. tests/e2e/lib.sh
T=$TMP/compare_param
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/m" run memcopy_ilp --quick
m=$rundir
check param_premise test "$rc" -eq 0 -a "$(tsv_count "$m/results.tsv" status ok)" -eq 24

# side_ok TSV SIDE PARAM VALUE: every row of compare.tsv whose SIDE's median is that of the run's row
# with the params held, PARAM=VALUE, the build and the launch point of the compare.tsv row (the
# variant id is VEC=..,ILP=..: rebuilt from params and PARAM=VALUE in the spec's order); prints the
# count of rows that match, and of those that do not, as "match miss".
side_ok() {
    awk -F'\t' -v side="$2" -v p="$3" -v val="$4" '
        FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
        FILENAME != cmp {
            id = $c[FILENAME, "variant"]; key = id SUBSEP $c[FILENAME, "build"] SUBSEP $c[FILENAME, "GPC"] SUBSEP $c[FILENAME, "N"] SUBSEP $c[FILENAME, "local"]
            med[key] = $c[FILENAME, "median_ms"]; next }
        { held = $c[FILENAME, "params"]
          id = p == "ILP" ? held ",ILP=" val : "VEC=" val "," held
          key = id SUBSEP $c[FILENAME, "build"] SUBSEP $c[FILENAME, "GPC"] SUBSEP $c[FILENAME, "N"] SUBSEP $c[FILENAME, "local"]
          if ((key in med) && med[key] == $c[FILENAME, "median_ms_" side]) ok++; else bad++ }
        END { print ok + 0, bad + 0 }' cmp="$1" "$m/results.tsv" "$1"
}

# --by ILP: two sides (the quick run's ILP 1 and 8), A the first the spec lists; 12 configurations
# (3 VEC x 2 builds x 2 locals), each ILP=8 row beside the ILP=1 row of its VEC, build and point.
"$CLX" compare "$m" --by ILP --out "$T/ilp" > "$T/ilp.log" 2>&1; rc=$?
t=$T/ilp/compare.tsv
check param_ilp_exit test "$rc" -eq 0
check param_ilp_along grep -q '^clx: compare memcopy_ilp: 12 configurations in common, compared along ILP$' "$T/ilp.log"
check param_ilp_sides test -n "$(grep '^  A: ILP 1 ' "$T/ilp.log")" -a -n "$(grep '^  B: ILP 8 ' "$T/ilp.log")"
# The leading columns of any comparison: variant (what the tables say of it), params, build, the axes.
check param_ilp_columns test "$(head -n 1 "$t" | cut -f1-6)" = "$(printf 'variant\tparams\tbuild\tGPC\tN\tlocal')" -a \
    -z "$(head -n 1 "$t" | tr '\t' '\n' | grep -xE 'VEC|ILP|median_ms_C')" -a "$(tsv_count "$t" variant 'VEC=4,ILP=(each)')" -eq 4
check param_ilp_rows test "$(tsv_rows "$t")" -eq 12 -a "$(tsv_count "$t" params VEC=4)" -eq 4 \
    -a "$(tsv_count "$t" params VEC=1)" -eq 4
check param_ilp_pairs_a test "$(side_ok "$t" A ILP 1)" = "12 0"
check param_ilp_pairs_b test "$(side_ok "$t" B ILP 8)" = "12 0"
# The verdicts grouped by the rest of the variant: whether ILP helps at each width, the parameter
# as B's value against A's, as --by build's build column says it (the tables said "ILP=(each)").
check param_ilp_groups test "$(grep -cE '^  VEC=[124],ILP=8 vs 1 ' "$T/ilp.log")" -eq 6
check param_ilp_no_each test "$(grep -c '(each)' "$T/ilp.log")" -eq 0
check param_ilp_md grep -q '^| VEC=4,ILP=8 vs 1 | default |' "$T/ilp/compare.md"
# Within one run: rows whose rounds interleaved are compared round by round, where each took the
# same rounds (a row re-measured for an episode, as on a loaded host, stands on rounds the other did
# not take: compared unpaired, over all of each, rundir_paired; tests/unit/test_rundir_paired.c).
more=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["rounds"] > 5 { n++ } END { print n + 0 }' "$m/results.tsv")
if [ "$more" -eq 0 ]; then
    check param_ilp_paired test "$(tsv_count "$t" paired_B yes)" -ge 1
else
    skip param_ilp_paired "$more rows took more rounds than planned here (episodes: a loaded host), so pairs depend on which"
fi
# A name differing only in case is refused offering the one meant, as --set's (lib/names.h name_given).
"$CLX" compare "$m" --by ilp --out "$T/ilp2" > "$T/ilp2.log" 2>&1; rc=$?
check param_case test "$rc" -eq 2 -a -n "$(grep -e '--by ilp: .*: did you mean ILP?$' "$T/ilp2.log")"

# --by VEC: three sides, VEC 2 and 4 against VEC 1 at each ILP.
"$CLX" compare "$m" --by VEC --out "$T/vec" > "$T/vec.log" 2>&1; rc=$?
t=$T/vec/compare.tsv
check param_vec_exit test "$rc" -eq 0 -a "$(tsv_rows "$t")" -eq 8
check param_vec_held test "$(tsv_col "$t" params | sort -u | tr '\n' ' ')" = "ILP=1 ILP=8 "
check param_vec_pairs test "$(side_ok "$t" A VEC 1)" = "8 0" -a "$(side_ok "$t" B VEC 2)" = "8 0" -a \
    "$(side_ok "$t" C VEC 4)" = "8 0"

# Refused, exit 2: a name the run lacks, with what --by takes there (the columns of two measured
# values or more: a quick run has one GPC and one N) and the nearest one.
"$CLX" compare "$m" --by ILPX --out "$T/x1" > "$T/x1.log" 2>&1; rc=$?
check param_unknown test "$rc" -eq 2 -a -n "$(grep -F -- "--by ILPX: $m has no such column; --by takes variant, build, local, VEC or ILP: did you mean ILP?" "$T/x1.log")"
# A parameter of one value (--set VEC=4): nothing to compare along; along ILP it is part of what is
# held all the same (params VEC=4: a script reading one row sees the variant's rest, not an empty cell).
run_clx "$T/one" run memcopy_ilp --quick --set VEC=4 --build ''
one=$rundir
"$CLX" compare "$one" --by VEC --out "$T/x2" > "$T/x2.log" 2>&1; rc=$?
check param_one_value test "$rc" -eq 2 -a -n "$(grep -F -- "--by VEC: VEC is a parameter of the variants with one value in $one (4): nothing to compare it with; --by takes variant, local or ILP" "$T/x2.log")"
# A launch axis of one value in every row (GPC here) is the same situation, exit 2 too (it exited 4),
# and what --by offers holds only the columns whose measured rows take two values or more: neither
# VEC nor GPC above, nor build (--build '': one build).
"$CLX" compare "$one" --by GPC --out "$T/x3" > "$T/x3.log" 2>&1; rc=$?
check param_one_value_axis test "$rc" -eq 2 -a -n "$(grep -F -- "--by GPC: every row of $one has GPC " "$T/x3.log" | grep -F ": nothing to compare it with; --by takes ")"
check param_takes_measured_only sh -c "! grep -E -- '--by takes .*(\<build\>|\<GPC\>|\<VEC\>)' '$T/x2.log' '$T/x3.log'"
"$CLX" compare "$one" --by ILP --out "$T/one-ilp" > "$T/one-ilp.log" 2>&1; rc=$?
check param_one_not_held test "$rc" -eq 0 -a "$(tsv_rows "$T/one-ilp/compare.tsv")" -eq 2 -a \
    "$(tsv_col "$T/one-ilp/compare.tsv" params | sort -u)" = "VEC=4"

# Model runs: variants naive (K=1) and fast (K=2) named, five rounds a row 0.1% apart; fast twice as
# fast (make_run.sh).
fx=tests/e2e/fixtures/report
. "$fx/make_run.sh"
make_run "$T/A" fixture 1 "1000" "" rounds
# Named variants that differ in K alone: compared along K as naive against fast, every one FASTER 2x.
"$CLX" compare "$T/A" --by K --out "$T/k" > "$T/k.log" 2>&1; rc=$?
check param_named_exit test "$rc" -eq 0 -a "$(tsv_rows "$T/k/compare.tsv")" -eq 8
check param_named_verdicts test "$(tsv_count "$T/k/compare.tsv" verdict_B FASTER)" -eq 8 -a \
    "$(tsv_count "$T/k/compare.tsv" speedup_B 2)" -eq 8
# One more parameter J set with K (naive J=1, fast J=2): no two variants differ in K alone.
mkdir -p "$T/J"; cp "$T/A/run.json" "$T/J/"
awk -F'\t' -v OFS='\t' '{ $3 = $3 OFS (NR == 1 ? "J" : $3); print }' "$T/A/results.tsv" > "$T/J/results.tsv"
"$CLX" compare "$T/J" --by K --out "$T/xj" > "$T/xj.log" 2>&1; rc=$?
check param_each_one test "$rc" -eq 2 -a -n "$(grep -F -- '--by K: no two variants differ in K alone (naive: K=1; fast: K=2): nothing along K holds the rest of the variant fixed; --by variant compares them' "$T/xj.log")"
# fast given K=1 and a third variant slow at K=2: naive and fast would meet along K.
mkdir -p "$T/C"; sed 's/"ok": 16/"ok": 24/' "$T/A/run.json" > "$T/C/run.json"
awk -F'\t' -v OFS='\t' 'NR == 1 { print; next } $2 == "fast" { $3 = 1 } { print } $2 == "naive" { $2 = "slow"; $3 = 2; print }' \
    "$T/A/results.tsv" > "$T/C/results.tsv"
"$CLX" compare "$T/C" --by K --out "$T/xc" > "$T/xc.log" 2>&1; rc=$?
check param_clash test "$rc" -eq 2 -a -n "$(grep -F -- '--by K: naive and fast have the same parameters (K=1): nothing along K holds' "$T/xc.log")"
# One value of ILP a run: the ids leave it out ("VEC=4" in both), and the rows are not joined.
run_clx "$T/i1" run memcopy_ilp --quick --set VEC=4 --set ILP=1 --build '' --local 32 --trials 2
i1=$rundir
run_clx "$T/i8" run memcopy_ilp --quick --set VEC=4 --set ILP=8 --build '' --local 32 --trials 2
i8=$rundir
check param_single_premise test "$(tsv_col "$i1/results.tsv" variant)" = "$(tsv_col "$i8/results.tsv" variant)"
"$CLX" compare "$i1" "$i8" --out "$T/single" > "$T/single.log" 2>&1; rc=$?
check param_single_refused test "$rc" -eq 4 -a ! -e "$T/single/compare.tsv"
check param_single_said grep -qF 'A and B share no ILP (A: 1; B: 8): their variants are other kernels' "$T/single.log"
"$CLX" history "$i1" "$i8" > "$T/single-history.log" 2>&1; rc=$?
check param_single_history test "$rc" -eq 4 -a -n "$(grep -F 'run 1 and run 2 share no ILP (run 1: 1; run 2: 8)' "$T/single-history.log")"
# The same value on both sides joins as before.
run_clx "$T/i1b" run memcopy_ilp --quick --set VEC=4 --set ILP=1 --build '' --local 32 --trials 2
"$CLX" compare "$i1" "$rundir" --out "$T/same" > "$T/same.log" 2>&1; rc=$?
check param_single_same_joined test "$rc" -eq 0 -a "$(tsv_rows "$T/same/compare.tsv")" -eq 1
finish
