# findings_narrow.sh — the small sweep a --quick run's report names for the findings it cannot check
# names exactly what decides them, and runs: a run's own narrowing (--set variant=naive, --local
# 128) is dropped where a finding reads every value of that axis (min(gflops[]) over the variants
# and work-group sizes), kept where none does; a finding whose selector names one row and would
# match several in that sweep (the quick sweep's two work-group sizes) is not counted, nor by the full
# sweep, which has both sizes too (the spec's rows, known when it is read); one that already matches
# several rows of the run is ambiguous, which no sweep decides. The small sweep,
# run, decides what it said. A full run narrowed by its options gets the same, its own sweep (not
# --quick) with the values added. fixtures/report/narrow.spec's kernel is trivial: seconds on PoCL.
. tests/e2e/lib.sh
T=$TMP/findings_narrow
rm -rf "$T" && mkdir -p "$T"
spec=tests/e2e/fixtures/report/narrow.spec
small_said="clx: report: a small sweep decides them too, the quick one with the values they name added: $CLX run $spec "
run_clx "$T/quick" run $spec --quick --set variant=naive --local 128 --build '' --no-verify --trials 1
check narrow_quick_ran test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 2
quickdir=$rundir
"$CLX" report "$rundir" > "$T/quick.report.log" 2>&1
# The ambiguous findings: said so, and left out of what the full sweep decides (the second's selector
# matches the full sweep's two work-group sizes).
check narrow_ambiguous_said grep -q 'gflops\[variant=naive\] is ambiguous: 2 rows match (they differ in TERMS (1, 2))' "$T/quick.report.log"
check narrow_ambiguous_not_full grep -q "(the full sweep) decides 1 of the 3 not checked (the other 2 are ambiguous: a selector several rows match where it names one, which more rows do not change)$" "$T/quick.report.log"
check narrow_ambiguous_full_said grep -qF "gflops[variant=fast] is ambiguous: 2 rows of the spec's sweep match (they differ in local: 64/128)" "$T/quick.report.log"
# The small sweep: N=2048 added; --build '' kept (every finding names build=default); --set
# variant=naive and --local 128 dropped (the first finding reads every variant and size), which
# makes the second finding's selector match two rows (local 64 and 128): it decides one.
check narrow_small_said grep -qxF "${small_said}--quick --build '' --size 1024,2048" "$T/quick.report.log"
check narrow_small_md grep -qF "A small sweep decides them too, the quick one with the values they name added: \`clx run $spec --quick --build '' --size 1024,2048\`." "$rundir/report.md"
# Run as said (the shell reads its quoting back), with the quick run's options that decide nothing.
small=$(sed -n "s|^$small_said||p" "$T/quick.report.log")
eval "run_clx '$T/small' run $spec $small --no-verify --trials 1"
check narrow_small_ran test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 16
"$CLX" report "$rundir" --quiet > "$T/small.report.log" 2>&1
check narrow_small_decides sh -c "grep '^| 1 |' '$rundir/report.md' | grep -q '\*\*holds\*\*'"
check narrow_small_ambiguous sh -c "grep '^| 2 |' '$rundir/report.md' | grep -q 'cannot be checked.*gflops\[variant=fast\] is ambiguous: 2 rows match (they differ in local (64, 128))'"
check narrow_small_no_hint test -z "$(grep 'small sweep\|(the full sweep)' "$T/small.report.log")"

# A full run narrowed by its options (the README's volkov_fma --set ILP=1,2,4 --local 64:1024:64
# left out ILP 8 and local 32, and said nothing of the sweep that decides them): the same small
# sweep, its own (not --quick) with the values the findings name added, after the options it ran with.
full_said="clx: report: a small sweep decides them too, this run's own with the values they name added: $CLX run $spec "
run_clx "$T/full" run $spec --size 1024 --set variant=naive --local 128 --build '' --no-verify --trials 1
check narrow_full_ran test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 2
"$CLX" report "$rundir" > "$T/full.report.log" 2>&1
check narrow_full_lead grep -qxF "clx: report: this run's options (--size 1024 --set variant=naive --local 128 --build '') left out values the findings speak of: $CLX run $spec (the full sweep) decides 1 of the 3 not checked (the other 2 are ambiguous: a selector several rows match where it names one, which more rows do not change)" "$T/full.report.log"
check narrow_full_said grep -qxF "${full_said}--build '' --size 1024,2048" "$T/full.report.log"
check narrow_full_md grep -qF "A small sweep decides them too, this run's own with the values they name added: \`clx run $spec --build '' --size 1024,2048\`." "$rundir/report.md"
check narrow_full_not_quick_words sh -c "! grep -q 'quick' '$T/full.report.log'"
small=$(sed -n "s|^$full_said||p" "$T/full.report.log")
eval "run_clx '$T/fullsmall' run $spec $small --no-verify --trials 1"
check narrow_full_small_ran test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 16
"$CLX" report "$rundir" --quiet > "$T/fullsmall.report.log" 2>&1
check narrow_full_small_decides sh -c "grep '^| 1 |' '$rundir/report.md' | grep -q '\*\*holds\*\*'"
# A full run of the whole spec (its options narrow nothing): no such line.
run_clx "$T/whole" run $spec --no-verify --trials 1
"$CLX" report "$rundir" > "$T/whole.report.log" 2>&1
check narrow_whole_no_hint test -z "$(grep 'small sweep\|left out values' "$T/whole.report.log")"

# A device whose largest allocation (run.json's max_alloc_bytes) holds N=1024's buffer (4 KiB) and
# not N=2048's (8 KiB), as Oclgrind's 128 MiB holds no 200M floats: the run would skip N=2048, so
# no small sweep is named for it (it decided nothing: "nothing ran", exit 3).
cp -R "$quickdir" "$T/smallalloc"
jq '.device.max_alloc_bytes = 6000' "$quickdir/run.json" > "$T/smallalloc/run.json"
"$CLX" report "$T/smallalloc" > "$T/smallalloc.report.log" 2>&1
check narrow_max_alloc_no_size test -z "$(grep 'small sweep' "$T/smallalloc.report.log" "$T/smallalloc/report.md")"
# Nor does the full sweep decide it there: run on that device, it skips N=2048 too (it said "decides
# 1 of the 3 not checked" of a finding no sweep on that device decides).
unfit_said="(the full sweep) decides none of the 3 not checked (2 are ambiguous: a selector several rows match where it names one, which more rows do not change; 1 names configurations whose buffers this device cannot hold (past its largest allocation, or together past 90% of its global memory): run on it, that sweep skips them)"
check narrow_max_alloc_full_unfit grep -qF "$unfit_said" "$T/smallalloc.report.log"
check narrow_max_alloc_full_unfit_md grep -qF "$unfit_said." "$T/smallalloc/report.md"
# A device whose global memory holds N=1024's buffers together and not N=2048's, each within its
# largest allocation (rusticl's 2 GiB against vecsum's three buffers of 800 MB at 200M): the same.
cp -R "$quickdir" "$T/smallmem"
jq '.device.global_mem_bytes = 7000' "$quickdir/run.json" > "$T/smallmem/run.json"
"$CLX" report "$T/smallmem" > "$T/smallmem.report.log" 2>&1
check narrow_global_mem_no_size test -z "$(grep 'small sweep' "$T/smallmem.report.log" "$T/smallmem/report.md")"
check narrow_global_mem_full_unfit grep -qF "$unfit_said" "$T/smallmem.report.log"

# Variants a parameter crosses (ids naive:P=1 ...) whose findings name them by name: the small sweep
# selects every variant, so it has no --set variant= (it listed every id and then the names again,
# selecting what it selects without it), and a run's own --set variant= is dropped with it.
spec=tests/e2e/fixtures/report/narrow_variants.spec
for sel in all one; do
    [ $sel = all ] && set -- || set -- --set variant=naive:P=1
    run_clx "$T/variants_$sel" run $spec --quick "$@" --no-verify --trials 1
    "$CLX" report "$rundir" > "$T/variants_$sel.report.log" 2>&1
    check "narrow_variants_${sel}_said" grep -qxF "clx: report: a small sweep decides them too, the quick one with the values they name added: $CLX run $spec --quick --size 1024,2048" "$T/variants_$sel.report.log"
done
finish
