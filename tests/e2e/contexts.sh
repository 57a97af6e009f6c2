# contexts.sh — --contexts: a short row's later rounds in turn in more contexts of the device (round
# k in context k mod C, its first, which verifies, in the run's own), on buffers of the same seeded
# contents; rows still verified and ok; run.json says how many contexts and why one; a CPU device
# keeps one by default; bad values refused. Only counts that follow from the rounds are compared:
# the kernels here (64 elements) take a few us on PoCL, the rule's 50 us is far above.
. tests/e2e/lib.sh
T=$TMP/contexts
rm -rf "$T"; mkdir -p "$T"

# laned_ok TSV C: rows whose note says as many rounds in more contexts as round k mod C != 0 gives
# for k in 1..rounds-1, and as many contexts as those rounds met (at most C - 1).
laned_ok() {
    awk -F'\t' -v C="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { r = $c["rounds"]; want = 0; for (k = 1; k < r; k++) if (k % C) want++
          m = want < C - 1 ? want : C - 1
          if (index($c["timing_note"], want " of its " r " rounds in " m " more contexts of the device")) n++ }
        END { print n + 0 }' "$1"
}

# 2 variants x 2 builds x 2 work-groups = 8 configurations, 5 rounds of one trial each, in 3 contexts.
run_clx "$T/c3" run vecsum --quick --size 64 --set variant=naive,float4 --trials 5 --rounds 5 --round-gap 0 --contexts 3
t=$rundir/results.tsv
check contexts_run_ok test "$rc" -eq 0 -a "$(tsv_count "$t" status ok)" -eq 8
check contexts_rounds_spread test "$(laned_ok "$t" 3)" -eq 8
check contexts_json test -n "$(tr -d ' \t\n' < "$rundir/run.json" | grep -o '"contexts":{"count":3,"below_us":50}')"
check contexts_rounds_kept test "$(tsv_count "$t" rounds 5)" -eq 8 -o "$(grep -c 'an episode' "$t")" -gt 0

# The default on a CPU device is one context, and run.json says why; --contexts 1 the same, by name.
run_clx "$T/c0" run vecsum --quick --size 64 --set variant=naive --trials 2 --rounds 2 --round-gap 0
check contexts_cpu_default grep -q '"why":[[:space:]]*"not a GPU (the default there is 1)"' "$rundir/run.json"
check contexts_cpu_no_note test "$(grep -c 'more contexts of the device' "$rundir/results.tsv")" -eq 0
run_clx "$T/c1" run vecsum --quick --size 64 --set variant=naive --trials 2 --rounds 2 --round-gap 0 --contexts 1
check contexts_one_said grep -q '"why":[[:space:]]*"--contexts 1"' "$rundir/run.json"

# Out of range: refused before anything runs, naming the option.
for bad in 0 17 x; do
    "$CLX" run vecsum --quick --contexts $bad --out "$T/bad" > "$T/bad.log" 2>&1
    check "contexts_bad_$bad" test $? -eq 2 -a -n "$(grep -- '--contexts' "$T/bad.log")" -a ! -d "$T/bad"
done
finish
